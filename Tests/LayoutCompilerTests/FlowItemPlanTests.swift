@testable import LayoutCompiler
import Testing

/// A flow item's plan is its `FlowItem`: the validator checks its keys as any node's
/// (`LayoutChecker.head`) but builds no `PlanNode` for it (issue 22). What that must not change:
/// its diagnostics, the plan's depth-first ids, and the frames.
@Suite struct FlowItemPlanTests {
    typealias E = TextLayoutDiagnosticTests.E

    @Test("a list on a flow item is misplacedKey at the list, and the item's own checks still run")
    func listOnAFlowItem() {
        let yaml = """
            layout: L
            size: [100, 100]
            root:
              flow: f
              items:
                - item: a
                  size: [10, 10]
                  children:
                    - item: b
                - item: c
                  width: fit
                  height: 10

            """
        #expect(TextLayoutDiagnosticTests.diagnostics(yaml, .yaml) == [
            E(.misplacedKey, 8, 7, "'children' does not apply to an item; only groups, overlays and flows hold nodes"),
            E(.itemIncomplete, 10, 7, "item 'c' in a flow needs a size: give it 'size: [w, h]' (or both 'width' and 'height'), or make it 'dynamic: true'"),
            E(.invalidValue, 11, 7, "'width' of a flow item must be a number of points (a flow places its items at their own size)"),
        ])
    }

    @Test("flow items keep their place in the depth-first ids: the node after a flow is numbered past its items")
    func idsCountFlowItems() throws {
        let yaml = """
            layout: L
            size: [200, 100]
            root:
              vgroup: main
              children:
                - flow: f
                  height: 40
                  items:
                    - item: a
                      size: [30, 10]
                    - item: chip
                      size: [20, 10]
                      count: 3
                - item: after
                  height: 20

            """
        let compiled = LayoutCompiler.compileOnCurrentThread(yaml: Array(yaml.utf8))
        let plan = try #require(compiled.plans.first ?? nil)
        #expect(plan.nodeCount == 5)
        #expect(plan.root.children.map(\.id) == [1, 4])
        #expect(plan.root.children[0].items.map(\.name) == ["a", "chip"])
        let frames = try LayoutCompiler.frames(for: plan, in: .init(size: Size(width: 200, height: 100), safeArea: .zero)).get()
        #expect(frames.map(\.name) == ["main", "f", "a", "chip[0]", "chip[1]", "chip[2]", "after"])
        #expect(frames.map(\.rect) == [
            Rect(x: 0, y: 0, width: 200, height: 100),
            Rect(x: 0, y: 0, width: 200, height: 40),
            Rect(x: 0, y: 0, width: 30, height: 10),
            Rect(x: 40, y: 0, width: 20, height: 10),
            Rect(x: 70, y: 0, width: 20, height: 10),
            Rect(x: 100, y: 0, width: 20, height: 10),
            Rect(x: 0, y: 40, width: 200, height: 20),
        ])
    }
}
