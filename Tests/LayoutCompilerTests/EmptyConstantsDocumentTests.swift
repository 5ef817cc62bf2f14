@testable import LayoutCompiler
import Testing

/// A YAML constants document with no statements (`constants:` with no value) has no text-form
/// text of its own: found by the YAML fuzz target (in `.ci/run`), whose input `constants:` and
/// comments converted to text that formatted to other text.
@Suite("constants documents with no statements, and constants documents in a row, in the text form")
struct EmptyConstantsDocumentTests {
    func text(_ yaml: String) throws -> String {
        try #require(LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text)
    }

    func format(_ text: String) throws -> String {
        try #require(LayoutSource.format(Array(text.utf8)).text)
    }

    @Test("the fuzz target's input, reduced: no blank line first, formatting again changes nothing")
    func emptyConstantsThenComment() throws {
        let once = try text("constants:\n# a")
        #expect(once == "// a\n")
        #expect(try format(once) == once)
    }

    @Test("comments of an empty constants document go before what follows")
    func commentsGoToWhatFollows() throws {
        let once = try text("# before\nconstants:\n# after\n")
        #expect(once == "// before\n// after\n")
        #expect(try format(once) == once)
        let between = try text("layout: A\nsize: [10, 10]\nroot:\n  item: a\n---\n# c\nconstants:\n# d\n---\nlayout: B\nsize: [10, 10]\nroot:\n  item: b\n# t\n")
        #expect(between == "layout A (size: 10x10) {\n  item a\n}\n\n// c\n// d\nlayout B (size: 10x10) {\n  item b\n}\n\n// t\n")
        #expect(try format(between) == between)
    }

    @Test("constants documents in a row: no blank line between them, as the text form reads them as one")
    func constantsInARow() throws {
        let once = try text("constants:\n  x: 1\n---\n# c\nconstants:\n---\n# e\nconstants:\n  y: 2\n")
        #expect(once == "let x = 1\n// c\n// e\nlet y = 2\n")
        #expect(try format(once) == once)
        let two = try text("constants:\n  x: 1\n---\nconstants:\n  y: 2\n")
        #expect(two == "let x = 1\nlet y = 2\n")
        #expect(try format(two) == two)
    }
}
