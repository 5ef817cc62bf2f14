import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// A flow of several items places its frames in a buffer before copying them to the items. With
/// a constant element count, a stack buffer (`withUnsafeTemporaryAllocation`) lands whole in the
/// initializer's stack frame, so a flow of 250,000 elements crashed the generated initializer
/// (found by Tests/Differential/extreme.py, issue 20). Large constant counts use a heap array.
@Suite("generated code: large flows")
struct LargeFlowGeneratedCodeTests {
    /// A flow of anonymous items with `count` elements in all (at most 100,000 an item), then a
    /// named one with three.
    static func layout(_ count: Int) -> String {
        var lines = ["layout: Big", "size: [390, 844]", "root:", "  flow: chips", "  spacing: [0, 0]", "  items:"]
        for first in stride(from: 0, to: count, by: 100_000) {
            lines += ["    - item:", "      size: [1, 1e-9]", "      count: \(min(100_000, count - first))"]
        }
        lines += ["    - item: last", "      size: [2, 1]", "      count: 3"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func generate(_ text: String) throws -> String {
        let compiled = LayoutCompiler.compile(yaml: Array(text.utf8))
        let plan = try #require(compiled.plans.first ?? nil, "\(compiled.diagnostics.map(\.message))")
        return try SwiftCodeGenerator.generate([plan], options: .init(sourceName: "Big.layout.yaml")).get()
    }

    @Test("up to 256 frames in a stack buffer, more in a heap array")
    func buffer() throws {
        let small = try Self.generate(Self.layout(253))
        #expect(small.contains("Swift.withUnsafeTemporaryAllocation(of: CGRect.self, capacity: 256) { frames in"))
        #expect(!small.contains("unsafeUninitializedCapacity"))
        let large = try Self.generate(Self.layout(299_997))
        #expect(!large.contains("withUnsafeTemporaryAllocation"))
        #expect(large.contains("let frames = [CGRect](unsafeUninitializedCapacity: 300000) { buffer, initialized in"))
        #expect(large.contains("initialized = 300000"))
    }

    @Test("a 300,000-element flow runs on a thread of 8 MB (Linux's main thread), with the engine's frames", .slow)
    func smallStack() throws {
        typealias Differential = GeneratedCodeDifferentialTests
        let yaml = Self.layout(299_997)
        let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
        let plan = try #require(compiled.plans.first ?? nil)
        let text = try Self.generate(yaml)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-large-flow-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = directory.appendingPathComponent("Big.swift").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: generated))
        let environment = Differential.Environment(width: 390, height: 844, safeArea: .zero, dynamicSizes: [:])
        let expected = Differential.engineLine(plan, layout: 0, run: 0, environment)
        // On a thread with a stack of 8 MB, whatever `ulimit -s` says: a 9.6 MB stack buffer
        // does not fit.
        let driver = Differential.driverPrelude + Differential.driverFunction(plan, layout: 0, [environment]) + """
            @main struct Driver { static func main() {
                let thread = Thread { run0(); exit(0) }
                thread.stackSize = 8 * 1024 * 1024
                thread.start()
                while true { sleep(1) }
            } }

            """
        let driverPath = directory.appendingPathComponent("Driver.swift").path
        try Data(driver.utf8).write(to: URL(fileURLWithPath: driverPath))
        // The runtime's core and its CGRect face, as one module.
        let module = directory.path
        let runtime = try Differential.buildRuntime(in: module)
        try #require(runtime.status == 0, "LayoutRuntime did not compile:\n\(runtime.output.prefix(3000))")
        let binary = directory.appendingPathComponent("driver").path
        let build = try Differential.run("/usr/bin/env", ["swiftc", "-O", "-wmo", "-parse-as-library", "-module-name", "LargeFlow", "-I", module, "-L", module,
                                                          "-lLayoutRuntime", "-o", binary, generated, driverPath])
        try #require(build.status == 0, "generated code did not compile:\n\(build.output.prefix(5000))")
        let output = try Differential.run(binary, [])
        #expect(output.status == 0, "the driver failed:\n\(output.output.suffix(1000))")
        #expect(output.output == expected + "\n")
        #expect(expected.hasPrefix("0 0 ok chips ") && expected.contains(" last[2] "))
    }
}
