import Testing
@testable import LayoutCompiler
import LayoutRuntime

/// Lint's engine runs computed on two threads (`LintRunBatch`) are the runs one thread makes:
/// the same frames, elements and errors, in the order asked.
@Suite("lint: engine runs on two threads")
struct LintRunBatchTests {
    /// 120 rows (icon, flexible title, a badge that is optional in one row of ten), a flow of
    /// chips: 600-odd nodes, enough that 12 runs take the two-thread path.
    static let yaml: String = {
        var text = "layout: Rows\nroot:\n  vgroup: list\n  spacing: 2\n  children:\n"
        for row in 0..<120 {
            text += "    - hgroup: row\(row)\n      height: 20\n      children:\n"
            text += "        - item: icon\(row)\n          width: 20\n"
            text += "        - item: title\(row)\n"
            text += "        - item: badge\(row)\n          width: 30\n" + (row % 10 == 0 ? "          optional: true\n" : "")
        }
        text += "    - flow: chips\n      spacing: [4, 4]\n      items:\n        - item: chip\n          count: 40\n          size: [50, 20]\n"
        return text
    }()

    @Test("12 runs over 600 nodes: the two-thread batch equals each run made alone")
    func batchEqualsSequentialRuns() throws {
        let plan = try #require(LayoutCompiler.compile(yaml: Array(Self.yaml.utf8)).plans.first ?? nil)
        let geometry = LayoutGeometry(plan: plan)
        #expect(geometry.nodes.count * 12 >= LintRunBatch.parallelThreshold)
        var environments: [LayoutEngine.Environment] = []
        for (width, height) in [(320.0, 4_000.0), (1_024.0, 4_000.0), (100.0, 100.0)] {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                for hidden in [Set<String>(), ["badge0", "badge50"]] {
                    environments.append(LayoutEngine.Environment(size: Size(width: width, height: height), hidden: hidden, direction: direction))
                }
            }
        }
        var batch = LintRunBatch(geometry: geometry, environments: environments)
        var failures = 0
        for environment in environments {
            let alone = geometry.framesUntilError(in: environment)
            let batched = batch.next()
            #expect(batched.frames.rects == alone.frames.rects)
            #expect(batched.frames.elements.map(\.frame) == alone.frames.elements.map(\.frame))
            #expect(batched.frames.elements.map(\.flow) == alone.frames.elements.map(\.flow))
            #expect(batched.frames.direction == alone.frames.direction)
            #expect(batched.error == alone.error)
            if alone.error != nil { failures += 1 }
        }
        // 100 × 100 does not hold 120 rows of 20 pt: both directions, both hide states fail.
        #expect(failures == 4)
    }
}
