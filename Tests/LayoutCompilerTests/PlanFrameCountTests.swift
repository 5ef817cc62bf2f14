@testable import LayoutCompiler
import Testing

/// The frame table's size is counted at a plan's first layout (`PlanFrameCount`), and a static
/// flow's element frames take the names the plan made for them (issue 22): neither may change a
/// frame table.
@Suite struct PlanFrameCountTests {
    static let yaml = """
        layout: L
        size: [300, 200]
        root:
          vgroup: main
          children:
            - hgroup:
              height: 40
              children:
                - item: a
                  width: 30
                - item:
                  width: 20
            - flow: f
              height: 60
              items:
                - item: one
                  size: [30, 10]
                - item:
                  size: [20, 10]
                  count: 2
                - item: chip
                  size: [20, 10]
                  count: 3
            - flow: d
              height: 40
              items:
                - item: rows
                  dynamic: true

        """

    @Test("a subtree's count: its named nodes, each element of a named array item, a named dynamic item as one")
    func counts() throws {
        let compiled = LayoutCompiler.compileOnCurrentThread(yaml: Array(Self.yaml.utf8))
        let plan = try #require(compiled.plans.first ?? nil)
        #expect(FrameList.count(in: plan.root) == 9)
        #expect(plan.root.children.map { FrameList.count(in: $0) } == [1, 5, 2])
        #expect(plan.root.children[0].children.map { FrameList.count(in: $0) } == [1, 0])
        #expect(plan.frameCount.value(for: plan.root) == 9)
        // A copy of the plan with another root is counted again.
        var copy = plan
        copy.root = plan.root.children[1]
        #expect(copy.frameCount.value(for: copy.root) == 5)
        #expect(plan.frameCount.value(for: plan.root) == 9)
    }

    @Test("a static flow's frames are its named elements in order, an anonymous item's left out")
    func staticFlowFrames() throws {
        let compiled = LayoutCompiler.compileOnCurrentThread(yaml: Array(Self.yaml.utf8))
        let plan = try #require(compiled.plans.first ?? nil)
        let sizes = ["rows": [Size(width: 50, height: 10), Size(width: 60, height: 10)]]
        let frames = try LayoutCompiler.frames(for: plan, in: .init(size: Size(width: 300, height: 200), safeArea: .zero,
                                                                    dynamicSizes: sizes)).get()
        #expect(frames.map(\.name) == ["main", "a", "f", "one", "chip[0]", "chip[1]", "chip[2]", "d", "rows[0]", "rows[1]"])
        #expect(frames.count == plan.frameCount.value(for: plan.root) + 1)
        let chips = frames.filter { $0.name.hasPrefix("chip") }.map(\.rect)
        #expect(chips == [Rect(x: 100, y: 40, width: 20, height: 10), Rect(x: 130, y: 40, width: 20, height: 10),
                          Rect(x: 160, y: 40, width: 20, height: 10)])
    }
}
