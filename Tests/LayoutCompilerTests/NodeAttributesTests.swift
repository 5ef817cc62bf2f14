import LayoutRuntimeCore
import Testing
@testable import LayoutCompiler

/// `NodeAttributes`' fields kept in a box only some nodes have (bounds, aspect, `shrink`,
/// `when`, a wrap index), and the plan node's own copies of what the engine asks of every child.
@Suite struct NodeAttributesTests {
    /// A node without any of the boxed fields reads their defaults; setting the defaults (as the
    /// validator does for every node's `when` and `shrink`) leaves them so.
    @Test func defaultsWithoutABox() {
        var attributes = NodeAttributes(kind: .item)
        attributes.widthRange = nil
        attributes.shrink = 0
        #expect(attributes.widthRange == nil)
        #expect(attributes.canBeAbsent == false)
        #expect(attributes.shrink == 0)
        #expect(attributes.wrapIndex == -1)
        #expect(attributes.aspect == nil)
        #expect(attributes.hasBounds == false)
        #expect(attributes.minWidth == 0)
        #expect(attributes.maxWidth == .infinity)
        #expect(attributes.minHeight == 0)
        #expect(attributes.maxHeight == .infinity)
        #expect(attributes.leading == nil)
        #expect(attributes.centerY == nil)
        #expect(attributes.spacing.horizontal == 0)
        #expect(attributes.spacing.vertical == 0)
        #expect(NodeAttributes(kind: .flow).spacing.horizontal == 10)
        #expect(NodeAttributes(kind: .flow).spacing.vertical == 10)
    }

    /// Every boxed field set and read back, with `canBeAbsent` and `hasBounds` following; a
    /// range set back to nil leaves the node present at every width again.
    @Test func boxedFieldsReadBack() {
        var attributes = NodeAttributes(kind: .item)
        attributes.widthRange = WidthRange(lower: 600, upper: 1000)
        #expect(attributes.widthRange == WidthRange(lower: 600, upper: 1000))
        #expect(attributes.canBeAbsent == true)
        #expect(attributes.hasBounds == false)
        attributes.shrink = 2
        attributes.wrapIndex = 3
        attributes.aspect = 1.5
        attributes.maxHeight = 80
        #expect(attributes.shrink == 2)
        #expect(attributes.wrapIndex == 3)
        #expect(attributes.aspect == 1.5)
        #expect(attributes.hasBounds == true)
        #expect(attributes.maxHeight == 80)
        #expect(attributes.minHeight == 0)
        attributes.widthRange = nil
        #expect(attributes.widthRange == nil)
        #expect(attributes.canBeAbsent == false)
        #expect(attributes.shrink == 2)
        attributes.isOptional = true
        #expect(attributes.canBeAbsent == true)
    }

    /// A copy shares the box until one of them changes it: the other keeps its values.
    @Test func copiesKeepTheirValues() {
        var first = NodeAttributes(kind: .item)
        first.minWidth = 5
        first.widthRange = WidthRange(lower: 0, upper: 600)
        let second = first
        first.maxWidth = 7
        first.shrink = 1
        first.widthRange = nil
        #expect(first.minWidth == 5)
        #expect(first.maxWidth == 7)
        #expect(first.shrink == 1)
        #expect(first.widthRange == nil)
        #expect(second.minWidth == 5)
        #expect(second.maxWidth == .infinity)
        #expect(second.shrink == 0)
        #expect(second.widthRange == WidthRange(lower: 0, upper: 600))
        #expect(second.canBeAbsent == true)
    }

    /// The fields' order keeps the attributes at 98 bytes, which a plan node's 184 rely on.
    @Test func size() {
        #expect(MemoryLayout<NodeAttributes>.size == 98)
    }

    /// A plan node's aspect and shrink (kept on the node for the engine) match its attributes,
    /// and its parent's flags follow them; a node without either reads nil and 0.
    @Test func planNodeCopies() {
        let at = SourceLocation(line: 1, column: 1)
        var limited = NodeAttributes(kind: .item)
        limited.aspect = 0.25
        limited.shrink = 3
        let child = PlanNode(kind: .item, name: "a", location: at, id: 1, attributes: limited)
        let plain = PlanNode(kind: .item, name: "b", location: at, id: 2, attributes: NodeAttributes(kind: .item))
        #expect(child.aspect == 0.25)
        #expect(child.shrink == 3)
        #expect(plain.aspect == nil)
        #expect(plain.shrink == 0)
        let parent = PlanNode(kind: .hgroup, name: nil, location: at, id: 0, attributes: NodeAttributes(kind: .hgroup),
                              children: [plain, child])
        #expect(parent.hasLimitedChildren == true)
        #expect(parent.hasShrinkingChildren == true)
        #expect(parent.hasOptionalChildren == false)
        let alone = PlanNode(kind: .vgroup, name: nil, location: at, id: 3, attributes: NodeAttributes(kind: .vgroup),
                             children: [plain])
        #expect(alone.hasLimitedChildren == false)
        #expect(alone.hasShrinkingChildren == false)
        #expect(alone.fixedElements == nil)
        let items = [FlowItem(name: "c", location: at, size: LayoutSize(width: 4, height: 2), count: 2, isDynamic: false)]
        let flow = PlanNode(kind: .flow, name: nil, location: at, id: 4, attributes: NodeAttributes(kind: .flow), items: items)
        #expect(flow.fixedElements?.starts == [0, 2])
        #expect(flow.fixedElements?.names == ["c[0]", "c[1]"])
    }
}
