import LayoutRuntimeCore

/// Floating-point slack for the comparisons that decide `outOfSpace` and line breaks, so that
/// `33.3 + 33.3 + 33.4` percent or an element exactly as wide as its flow never fails by
/// rounding: 1e-9 pt, relative for extents above 1 pt. LayoutRuntime's `LayoutTolerance`,
/// shared with generated code.
public typealias Tolerance = LayoutTolerance
