import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// Generated code for many width variants of shared names (issue 44, item 7): the presence
/// flags and the counts and sums of the root's children were one run of some 3,200 `let`s per
/// 1,000 variants in one function, which the type checker takes time growing with the square of
/// (3,000 variants: 69 s). Long runs are cut into functions of `DefinitionRuns.maximumRun`.
@Suite("generated code: many width variants of shared names")
struct ManyWidthVariantsGeneratedCodeTests {
    typealias Differential = GeneratedCodeDifferentialTests

    /// `count` rows, each present in its own 10 pt of width, sharing the names `shared0…`.
    static func variants(_ count: Int, names: Int = 3) -> String {
        var lines = ["layout: Variants", "size: [390, 844]", "root:", "  vgroup: screen", "  children:"]
        for row in 0..<count {
            lines += ["    - hgroup: row\(row)", "      when: {minWidth: \(row * 10), maxWidth: \(row * 10 + 10)}", "      height: 50", "      children:"]
            for name in 0..<names {
                lines += ["        - item: shared\(name)", "          width: \(name % 2 == 1 ? "flexible" : String(20 + name))"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func generated(_ yaml: String) throws -> (plan: LayoutPlan, text: String) {
        let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
        let plan = try #require(compiled.plans.first ?? nil, "\(compiled.diagnostics.map(\.message))")
        let text = try SwiftCodeGenerator.generate([plan], options: .init(sourceName: "Variants.layout.yaml")).get()
        return (plan, text)
    }

    /// The most `let`s written directly in one function's body (not in a nested block).
    static func longestRunOfDefinitions(_ text: String) -> Int {
        var longest = 0, current = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("    ") && (line.contains(" func ") || line.contains(" init(")) && line.hasSuffix("{") {
                current = 0
            } else if line.hasPrefix("        let ") {
                current += 1
                longest = max(longest, current)
            }
        }
        return longest
    }

    @Test("1,000 variants: no function body holds more than a run's definitions; the flags and sums are in values functions")
    func definitionsAreCut() throws {
        let (_, text) = try Self.generated(Self.variants(1000))
        let longest = Self.longestRunOfDefinitions(text)
        // Before: 3,208 `let`s in `layoutFrames`. Now each run is a function of at most
        // 128 definitions (`DefinitionRuns.maximumRun`), and the body holds one `let definitionsN = try Self.layoutValuesN(…)`
        // per run besides the parts' calls.
        #expect(longest <= 136, "longest run of lets: \(longest)")
        #expect(text.contains("private static func layoutValues1("))
        #expect(text.contains("let definitions1 = try Self.layoutValues1("))
        // What the body reads of a run is an element of its tuple, not a local of its own.
        #expect(text.contains(", definitions1.0, "))
        // Small layouts are written as before: no values functions.
        let small = try Self.generated(Self.variants(3)).text
        #expect(!small.contains("layoutValues"))
    }

    @Test("1,000 variants: flags, sums and frames are spelled with methods and functions, not operators and CGRect's initializers")
    func spelledForTheTypeChecker() throws {
        // 3,000 variants type-checked in 9.6 s, most of it resolving `<=`, `<` and `+` against
        // every overload in scope, `CGRect(x:y:width:height:)` against its three, and an array
        // subscript of an integer literal per property (BENCHMARKS.md).
        let text = try Self.generated(Self.variants(1000)).text
        #expect(text.contains(": Swift.Bool = (10.0.isLessThanOrEqualTo(containerWidth) && containerWidth.isLess(than: 20.0))\n"))
        #expect(text.contains(".advanced(by: "))
        #expect(!text.contains(" + ") && !text.contains(" <= ") && !text.contains(" < "))
        #expect(text.contains("] = Self.rect(x: 0.0, y: "))
        #expect(text.contains("    var row1: CGRect? { get { optionalFrame(4) } set { setOptionalFrame(4, newValue) } }\n"))
        // Small layouts keep the operators (five variants: flags, not width intervals).
        let small = try Self.generated(Self.variants(5)).text
        #expect(small.contains("(10.0 <= containerWidth && containerWidth < 20.0)"))
        #expect(!small.contains(".advanced(by: ") && !small.contains("Self.rect("))
    }

    @Test("600 variants compiled with swiftc give the engine's frames at widths in several variants and outside all", .slow)
    func generatedCodeMatchesEngine() throws {
        let (plan, text) = try Self.generated(Self.variants(600))
        #expect(text.contains("private static func layoutValues1("))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-variants-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Variants.swift").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let widths: [Double] = [0, 5, 10, 15, 2995, 3000, 5999.5, 6000, 7000, 390]
        let environments = widths.map { Differential.Environment(width: $0, height: 844, safeArea: .zero, dynamicSizes: [:]) }
        let expected = environments.enumerated().map { Differential.engineLine(plan, layout: 0, run: $0, $1) }
        let driver = Differential.driverPrelude + Differential.driverFunction(plan, layout: 0, environments)
            + "\n@main struct Driver { static func main() {\n    run0()\n} }\n"
        let driverPath = directory.appendingPathComponent("Driver.swift").path
        try Data(driver.utf8).write(to: URL(fileURLWithPath: driverPath))
        let module = directory.path
        let runtime = try Differential.buildRuntime(in: module)
        try #require(runtime.status == 0, "LayoutRuntime did not compile:\n\(runtime.output.prefix(3000))")
        let binary = directory.appendingPathComponent("driver").path
        let build = try Differential.run("/usr/bin/env", ["swiftc", "-Onone", "-wmo", "-parse-as-library", "-module-name", "Variants", "-I", module, "-L", module,
                                                          "-lLayoutRuntime", "-o", binary, path, driverPath])
        try #require(build.status == 0, "generated code did not compile:\n\(build.output.prefix(5000))")
        let output = try Differential.run(binary, [])
        try #require(output.status == 0, "the driver failed:\n\(output.output.suffix(2000))")
        #expect(output.output.split(separator: "\n").map(String.init) == expected)
    }
}
