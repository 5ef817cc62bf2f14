import Foundation
import LayoutCompiler
import Testing

/// docs/format.md §4: a computed size or position that is not finite is `outOfSpace` at the node
/// where it first appears; no frame table, preview or lint report holds NaN or infinity (issue 20).
@Suite("frames are always finite")
struct NonFiniteFrameTests {
    static let reproducer = ExtremeLayouts.chain(36)
    static let level34 = ExtremeLayouts.locate("overlay: level34", in: reproducer)
    static let message = "overlay 'level34' gets a height that is not a finite number (inf) at 390×844"

    @Test("36 nested overlays with aspect 1e9 and 1e-9: outOfSpace at the first overlay whose frame overflows")
    func reproducer() {
        let result = request(Self.reproducer)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.outOfSpace, Self.level34.line, Self.level34.column)])
        #expect(result.diagnostics.map(\.message) == [Self.message])
        #expect(allFinite(result.table))
    }

    @Test("33 levels stay finite: every frame is computed, the deepest 8.44e299 × 8.44e290")
    func finiteChain() {
        let frames = orderedFrames(ExtremeLayouts.chain(33))
        #expect(frames.count == 34)
        #expect(frames.last?.name == "level33")
        #expect(frames.last?.rect == R(0, 0, 8.439999999999991e+299, 8.439999999999991e+290))
        #expect(frames.allSatisfy { $0.rect.width.isFinite && $0.rect.height.isFinite })
    }

    @Test("an aspect child whose derived height overflows: outOfSpace at the child, not its group's sum")
    func aspectChildOfGroup() {
        let yaml = ExtremeLayouts.chain(33, inner: ["- vgroup: column", "  children:", "    - item: tall", "      aspect: 1e-9", "    - item: after"])
        let tall = ExtremeLayouts.locate("item: tall", in: yaml)
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.outOfSpace, tall.line, tall.column)])
        #expect(result.diagnostics.map(\.message) == ["item 'tall' gets a height that is not a finite number (inf) at 390×844"])
    }

    @Test("an aspect child measured by its group's fit height: outOfSpace at the child")
    func aspectChildMeasured() {
        let yaml = ExtremeLayouts.chain(33, inner: ["- vgroup: column", "  leading: 0", "  trailing: 0", "  top: 0", "  height: fit",
                                                     "  children:", "    - item: tall", "      aspect: 1e-9"])
        let tall = ExtremeLayouts.locate("item: tall", in: yaml)
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.outOfSpace, tall.line, tall.column)])
        #expect(result.diagnostics.map(\.message) == ["item 'tall' gets a height that is not a finite number (inf) at 390×844"])
    }

    @Test("finite sizes that add up past the largest Double: outOfSpace at the group whose sum overflows")
    func sumOverflows() {
        let child = ["    - item: a", "      aspect: 1e-8"]
        let yaml = ExtremeLayouts.chain(33, inner: ["- vgroup: column", "  children:"] + child + child.map { $0.replacingOccurrences(of: "item: a", with: "item: b") }
                                        + child.map { $0.replacingOccurrences(of: "item: a", with: "item: c") })
        let column = ExtremeLayouts.locate("vgroup: column", in: yaml)
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.outOfSpace, column.line, column.column)])
        #expect(result.diagnostics.map(\.message) == ["vgroup 'column' needs inf pt but has 8.439999999999991e+290 pt at 390×844"])
    }

    @Test("`frames` in every format: the located error, no frame, exit status 1", arguments: ["table", "json", "csv"])
    func framesCommand(_ format: String) throws {
        let root = try HostileEnvironment.scratch("finite")
        defer { try? FileManager.default.removeItem(at: root) }
        try HostileEnvironment.write(Self.reproducer, to: root.appendingPathComponent("Extreme.layout.yaml"))
        let run = try CommandLine_.run(["frames", "Extreme.layout.yaml", "--format", format], in: root)
        #expect(run.status == 1)
        #expect(run.stderr == "Extreme.layout.yaml:\(Self.level34.line):\(Self.level34.column): error: \(Self.message) [outOfSpace]\n")
        #expect(!run.stdout.contains("inf") && !run.stdout.contains("nan"), "\(run.stdout)")
    }

    @Test("`lint` reports the overflow at every device size, exit status 1")
    func lintCommand() throws {
        let root = try HostileEnvironment.scratch("finite-lint")
        defer { try? FileManager.default.removeItem(at: root) }
        try HostileEnvironment.write(Self.reproducer, to: root.appendingPathComponent("Extreme.layout.yaml"))
        let run = try CommandLine_.run(["lint", "Extreme.layout.yaml"], in: root)
        #expect(run.status == 1)
        #expect(run.stdout + run.stderr == "Extreme.layout.yaml:\(Self.level34.line):\(Self.level34.column): error: overlay 'level34' gets a height that is not a finite "
                + "number (inf) on iPhone SE (3rd generation) portrait (375×667) and 26 other device sizes [outOfSpace]\nLinted 1 file: 1 error, 0 warnings.\n")
    }

    @Test("`preview` draws the frames before the overflow and the error, and no number that is not finite")
    func previewCommand() throws {
        let root = try HostileEnvironment.scratch("finite-preview")
        defer { try? FileManager.default.removeItem(at: root) }
        try HostileEnvironment.write(Self.reproducer, to: root.appendingPathComponent("Extreme.layout.yaml"))
        let run = try CommandLine_.run(["preview", "Extreme.layout.yaml", "-o", "Extreme.svg"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr == "Extreme.layout.yaml:\(Self.level34.line):\(Self.level34.column): error: \(Self.message) [outOfSpace]\n")
        let svg = try String(contentsOf: root.appendingPathComponent("Extreme.svg"), encoding: .utf8)
        #expect(svg.contains("data-name=\"level33\""))
        #expect(!svg.contains("data-name=\"level34\""))
        for attribute in ["x", "y", "width", "height"] {
            #expect(!svg.contains(" \(attribute)=\"inf\"") && !svg.contains(" \(attribute)=\"nan\"") && !svg.contains(" \(attribute)=\"-inf\""))
        }
    }
}
