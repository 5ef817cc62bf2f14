@testable import LayoutCompiler
import Testing

/// The engine writes its frame table in place (`FrameTableWriter`), into the count the plan
/// reserves; a dynamic item's elements past that count go after it, in order, and a layout that
/// fails part-way gives its error, not the frames written so far (issue 22).
@Suite struct FrameTableWriterTests {
    static let yaml = """
        layout: W
        size: [300, 200]
        root:
          vgroup: main
          children:
            - flow: d
              height: 40
              items:
                - item: rows
                  dynamic: true
            - item: after
              height: 20
            - hgroup: tail
              height: 30
              children:
                - item: x
                  width: 10

        """

    static func plan() throws -> LayoutPlan {
        let compiled = LayoutCompiler.compileOnCurrentThread(yaml: Array(yaml.utf8))
        return try #require(compiled.plans.first ?? nil)
    }

    @Test("frames past the reserved count, from a dynamic item in the middle, keep the document order")
    func overflowInOrder() throws {
        let plan = try Self.plan()
        #expect(plan.frameCount.value(for: plan.root) == 6)
        let sizes = ["rows": [Size(width: 50, height: 10), Size(width: 60, height: 10), Size(width: 70, height: 10)]]
        let frames = try LayoutEngine.frames(for: plan, in: .init(size: Size(width: 300, height: 200), dynamicSizes: sizes)).get()
        #expect(frames.map(\.name) == ["main", "d", "rows[0]", "rows[1]", "rows[2]", "after", "tail", "x"])
        #expect(frames.map(\.rect) == [
            Rect(x: 0, y: 0, width: 300, height: 200), Rect(x: 0, y: 0, width: 300, height: 40),
            Rect(x: 0, y: 0, width: 50, height: 10), Rect(x: 60, y: 0, width: 60, height: 10),
            Rect(x: 130, y: 0, width: 70, height: 10), Rect(x: 0, y: 40, width: 300, height: 20),
            Rect(x: 0, y: 60, width: 300, height: 30), Rect(x: 0, y: 60, width: 10, height: 30),
        ])
    }

    @Test("a single dynamic element fills the reserved count exactly")
    func exactCount() throws {
        let plan = try Self.plan()
        let sizes = ["rows": [Size(width: 50, height: 10)]]
        let frames = try LayoutEngine.frames(for: plan, in: .init(size: Size(width: 300, height: 200), dynamicSizes: sizes)).get()
        #expect(frames.map(\.name) == ["main", "d", "rows[0]", "after", "tail", "x"])
    }

    @Test("a layout that fails after its root's frame gives the error alone")
    func failureAfterFrames() throws {
        let plan = try Self.plan()
        let sizes = ["rows": [Size(width: 50, height: 10)]]
        let result = LayoutEngine.layout(plan, in: .init(size: Size(width: 300, height: 50), dynamicSizes: sizes))
        guard case .failure(let error) = result else {
            Issue.record("expected outOfSpace, got \(result)")
            return
        }
        #expect(error.code == .outOfSpace)
        #expect(error.text == "vgroup 'main' needs 90 pt but has 50 pt")
        #expect(error.containerSize == Size(width: 300, height: 50))
    }
}
