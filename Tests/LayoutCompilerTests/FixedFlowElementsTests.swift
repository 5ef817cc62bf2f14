import LayoutRuntimeCore
import Testing
@testable import LayoutCompiler

/// `FixedFlowElements`, made once per plan for a flow of static items.
@Suite struct FixedFlowElementsTests {
    /// A flow's fixed elements, read from its items in place: sizes, starts and names, anonymous
    /// array items included; none when an item is dynamic, optional or has a `when` range.
    @Test func fixedFlowElements() {
        let at = SourceLocation(line: 1, column: 1)
        let items = [
            FlowItem(name: nil, location: at, size: LayoutSize(width: 10, height: 5), count: 2, isDynamic: false),
            FlowItem(name: "a", location: at, size: LayoutSize(width: 20, height: 5), count: nil, isDynamic: false),
            FlowItem(name: "b", location: at, size: LayoutSize(width: 30, height: 6), count: 2, isDynamic: false),
            FlowItem(name: nil, location: at, size: LayoutSize(width: 40, height: 7), count: nil, isDynamic: false),
        ]
        let elements = FixedFlowElements(items)
        #expect(elements?.sizes.map(\.width) == [10, 10, 20, 30, 30, 40])
        #expect(elements?.sizes.map(\.height) == [5, 5, 5, 6, 6, 7])
        #expect(elements?.starts == [0, 2, 3, 5, 6])
        #expect(elements?.names == [nil, nil, "a", "b[0]", "b[1]", nil])
        var optional = items
        optional[1].isOptional = true
        #expect(FixedFlowElements(optional) == nil)
        var dynamic = items
        dynamic[2].isDynamic = true
        #expect(FixedFlowElements(dynamic) == nil)
        var ranged = items
        ranged[0].widthRange = WidthRange.all
        #expect(FixedFlowElements(ranged) == nil)
    }
}
