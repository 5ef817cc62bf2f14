import LayoutRuntime

/// One line of a flow: a run of consecutive elements (docs/format.md §4.3). The line breaking itself is
/// LayoutRuntime's `LayoutFlow.line`, shared with generated code.
public typealias FlowLine = LayoutFlow.Line
