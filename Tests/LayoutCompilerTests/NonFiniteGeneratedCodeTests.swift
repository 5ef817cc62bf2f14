import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// docs/format.md §4 in generated code: where a frame would not be finite, the generated type's
/// initializer throws the engine's `outOfSpace` (same message, line and column), and every frame
/// it returns is finite. Compiled with `swiftc` as the differential test does (issue 20).
@Suite("generated code: frames that would not be finite", .serialized, .slow)
struct NonFiniteGeneratedCodeTests {
    typealias Differential = GeneratedCodeDifferentialTests

    @Test("overflowing aspect chains, group sums and fit measurements throw as the engine does")
    func generatedCodeThrows() throws {
        let child = ["    - item: a", "      aspect: 1e-8"]
        let layouts = [
            ExtremeLayouts.chain(36),
            ExtremeLayouts.chain(33),
            ExtremeLayouts.chain(2),
            ExtremeLayouts.chain(33, inner: ["- vgroup: column", "  children:", "    - item: tall", "      aspect: 1e-9", "    - item: after"]),
            ExtremeLayouts.chain(33, inner: ["- vgroup: column", "  leading: 0", "  trailing: 0", "  top: 0", "  height: fit",
                                             "  children:", "    - item: tall", "      aspect: 1e-9"]),
            ExtremeLayouts.chain(33, inner: ["- vgroup: column", "  children:"] + child
                                 + child.map { $0.replacingOccurrences(of: "item: a", with: "item: b") }
                                 + child.map { $0.replacingOccurrences(of: "item: a", with: "item: c") }),
        ]
        // The layout's own size, a huge container (level 1 of a 2-deep chain overflows at once),
        // and a container of nothing.
        let sizes: [(Double, Double)] = [(390, 844), (1e308, 1e308), (0, 0)]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-finite-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var expected: [String] = []
        var driver = Differential.driverPrelude
        var files: [String] = []
        for (index, source) in layouts.enumerated() {
            let yaml = source.replacingOccurrences(of: "layout: Extreme\n", with: "layout: Extreme\(index)\n")
            let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
            let plan = try #require(compiled.plans.first ?? nil, "layout \(index): \(compiled.diagnostics.map(\.message))")
            let text = try SwiftCodeGenerator.generate([plan], options: .init(sourceName: "Extreme\(index).layout.yaml")).get()
            let path = directory.appendingPathComponent("Extreme\(index).swift").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            files.append(path)
            let environments = sizes.map { Differential.Environment(width: $0.0, height: $0.1, safeArea: .zero, dynamicSizes: [:]) }
            for (run, environment) in environments.enumerated() {
                expected.append(Differential.engineLine(plan, layout: index, run: run, environment))
            }
            driver += Differential.driverFunction(plan, layout: index, environments)
        }
        driver += "\n@main struct Driver { static func main() {\n" + layouts.indices.map { "    run\($0)()\n" }.joined() + "} }\n"
        let driverPath = directory.appendingPathComponent("Driver.swift").path
        try Data(driver.utf8).write(to: URL(fileURLWithPath: driverPath))

        // The runtime's core and its CGRect face, as one module.
        let module = directory.path
        let runtime = try Differential.buildRuntime(in: module)
        try #require(runtime.status == 0, "LayoutRuntime did not compile:\n\(runtime.output.prefix(3000))")
        let binary = directory.appendingPathComponent("driver").path
        let build = try Differential.run("/usr/bin/env", ["swiftc", "-Onone", "-wmo", "-parse-as-library", "-module-name", "Finite", "-I", module, "-L", module,
                                                          "-lLayoutRuntime", "-o", binary] + files + [driverPath])
        try #require(build.status == 0, "generated code did not compile:\n\(build.output.prefix(5000))")
        let output = try Differential.run(binary, [])
        try #require(output.status == 0, "the driver failed:\n\(output.output.suffix(2000))")
        let actual = output.output.split(separator: "\n").map(String.init)
        #expect(actual == expected)
        // What the engine said, so that the comparison above compares the right thing.
        let notFinite = expected.filter { $0.contains(" err outOfSpace ") && $0.contains("is not a finite number") }
        #expect(notFinite.count == 9, "\(expected)")
        #expect(expected.contains { $0.hasPrefix("5 0 err outOfSpace ") && $0.contains("vgroup 'column' needs inf pt") })
        #expect(expected.contains { $0.hasPrefix("1 0 ok ") })
        // Every bit pattern printed is a finite Double.
        for line in actual where line.contains(" ok ") {
            for word in line.split(separator: " ") {
                guard let bits = UInt64(word), word.count > 4 else { continue }
                #expect(Double(bitPattern: bits).isFinite, "\(line.prefix(200))")
            }
        }
    }
}
