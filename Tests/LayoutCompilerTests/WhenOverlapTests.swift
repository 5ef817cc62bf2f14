import Foundation
@testable import LayoutCompiler
import Testing

/// docs/format.md §7.4: nodes of one name may share it only over disjoint presence ranges. The
/// check (`reportOverlappingVariants`) takes O(k log k) for k variants of a name, and reports
/// every node overlapping an earlier one, also one overlapping a node that was itself reported.
@Suite("when: overlapping ranges of one name")
struct WhenOverlapTests {
    typealias E = TextLayoutDiagnosticTests.E

    /// A vgroup of `ranges.count` items named `a`, item i present for `ranges[i]` (YAML form).
    static func layout(_ ranges: [(Int, Int)]) -> String {
        var lines = ["layout: L", "root:", "  vgroup: main", "  children:"]
        for (lower, upper) in ranges {
            lines += ["    - item: a", "      when: {minWidth: \(lower), maxWidth: \(upper)}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("10,000 disjoint variants of one name in reverse order: no error, and the frame at each width is its variant's")
    func manyDisjoint() throws {
        let ranges = (0..<10_000).reversed().map { ($0 * 2, $0 * 2 + 2) }
        let compiled = LayoutCompiler.compile(Array(Self.layout(ranges).utf8), syntax: .yaml, context: nil)
        #expect(compiled.diagnostics.isEmpty)
        let plan = try #require(compiled.plans.first ?? nil)
        for width in [0.0, 1.5, 9_999.0, 19_999.0] {
            let frames = try LayoutCompiler.frames(for: plan, in: .init(size: Size(width: width, height: 100), safeArea: .zero)).get()
            #expect(frames.map(\.name) == ["main", "a"], "at \(width)")
        }
    }

    @Test("overlaps among many: each later node of an overlapping pair, naming the earlier one")
    func overlapsAmongMany() {
        // items at lines 5, 7, 9, 11, 13 (kind keys at column 7): [0, 100), [50, 150), [120, 200),
        // [300, 400), [0, 1000) — the second overlaps the first, the third the second (reported
        // itself, still compared), the fifth overlaps them all, named by the one reaching furthest.
        let yaml = Self.layout([(0, 100), (50, 150), (120, 200), (300, 400), (0, 1000)])
        func overlap(_ at: String, _ first: String, _ this: String) -> String {
            "another node of this layout named 'a' (at \(at)) is present at \(first), and this one at \(this): nodes may share a name only where their 'when' ranges are disjoint"
        }
        #expect(TextLayoutDiagnosticTests.diagnostics(yaml, .yaml) == [
            E(.duplicateName, 7, 7, overlap("5:7", "W < 100", "50 ≤ W < 150")),
            E(.duplicateName, 9, 7, overlap("7:7", "50 ≤ W < 150", "120 ≤ W < 200")),
            E(.duplicateName, 13, 7, overlap("11:7", "300 ≤ W < 400", "W < 1000")),
        ])
    }
}
