import Foundation
import LayoutCompiler
import Testing

/// Optional nodes keep `lint` and `generate` linear (issue 20): lint hides them in a bounded
/// number of batches (docs/lint.md), and generated code grows in proportion to the nodes,
/// siblings or nested. Counts, not clocks: BENCHMARKS.md has the times.
@Suite("optional nodes at scale")
struct OptionalScaleTests {
    static func siblings(_ count: Int, optional: Bool = true) -> String {
        var text = "layout: Many\nsize: [390, 844]\nroot:\n  vgroup: main\n  children:\n"
        for index in 0..<count {
            text += "    - item: i\(index)\n" + (optional ? "      optional: true\n" : "") + "      height: 0.01\n"
        }
        return text
    }

    static func nested(_ depth: Int) -> String {
        var line = "root: {vgroup: g0, children: ["
        for level in 1...depth { line += "{vgroup: g\(level), optional: true, children: [" }
        line += "{item: leaf}" + String(repeating: "]}", count: depth + 1)
        return "layout: Deep\nsize: [390, 844]\n" + line + "\n"
    }

    @Test("3,000 optional siblings are linted in 15 hide states per size (all shown, 13 batches, all hidden), not 3,002")
    func lintBatches() {
        let plain = Linter.lint(Array(Self.siblings(3_000, optional: false).utf8))
        let optional = Linter.lint(Array(Self.siblings(3_000).utf8))
        #expect(plain.sizeCount > 0)
        #expect(optional.sizeCount == plain.sizeCount * 15)
        #expect(optional.diagnostics.isEmpty, "\(optional.diagnostics.prefix(3).map(\.message))")
    }

    @Test("a few optional nodes are still hidden each alone: 3 nodes, 5 states")
    func lintFewOptional() {
        let plain = Linter.lint(Array(Self.siblings(3, optional: false).utf8))
        let optional = Linter.lint(Array(Self.siblings(3).utf8))
        #expect(optional.sizeCount == plain.sizeCount * 5)
    }

    static func generatedSize(_ yaml: String) throws -> Int {
        let plan = try #require(LayoutCompiler.compile(yaml: Array(yaml.utf8)).plans.first ?? nil)
        return try SwiftCodeGenerator.generate([plan], options: .init(sourceName: "L.layout.yaml")).get().utf8.count
    }

    @Test("generated code for optional siblings grows linearly: twice the nodes, at most 2.1 times the code")
    func generatedSiblingsLinear() throws {
        let small = try Self.generatedSize(Self.siblings(1_000)), large = try Self.generatedSize(Self.siblings(2_000))
        #expect(Double(large) / Double(small) < 2.1, "\(small) → \(large) bytes")
    }

    // Names carry their index (`shown_599`), so bytes grow a little faster than nodes; a
    // quadratic generator would give about 4.
    @Test("generated code for nested optional groups grows linearly: twice as deep, at most 2.3 times the code")
    func generatedNestingLinear() throws {
        let small = try Self.generatedSize(Self.nested(300)), large = try Self.generatedSize(Self.nested(600))
        #expect(Double(large) / Double(small) < 2.3, "\(small) → \(large) bytes")
    }
}
