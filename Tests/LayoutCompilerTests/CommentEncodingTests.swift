import Foundation
import LayoutCompiler
import Testing

/// Invalid UTF-8 in a text-form comment is a located `syntax` error, as in a string: `format`
/// and `convert` must not silently turn it into U+FFFD.
@Suite("text-form comment encoding")
struct CommentEncodingTests {
    static let bad: [UInt8] = Array("layout L (size: 10x10) {\n  hgroup row {\n  # caf".utf8) + [0xE9] + Array(" au lait // \u{2713}\n    item a  // ok \u{2713}\n  }\n}\n".utf8)

    @Test("the first bad byte of the comment is the error's location")
    func located() {
        let (_, diagnostics) = LayoutSource.parse(Self.bad, syntax: .text)
        #expect(diagnostics.map { $0.formatted(path: "c.layout") } == ["c.layout:3:8: error: this comment is not valid UTF-8 [syntax]"])
    }

    @Test("format and convert refuse it; frames reports it")
    func refused() {
        let formatted = LayoutSource.format(Self.bad)
        #expect(formatted.text == nil)
        #expect(formatted.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.syntax, 3, 8)])
        #expect(LayoutSource.convert(Self.bad, from: .text, to: .yaml).text == nil)
        let compiled = LayoutCompiler.compileOnCurrentThread(Self.bad, syntax: .text)
        #expect(compiled.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.syntax, 3, 8)])
    }

    @Test("valid UTF-8 in comments is kept as it is")
    func validStillFine() {
        let good = "layout L (size: 10x10) {\n  hgroup row {\n    // café ✓ 🎉\n    item a  // ok ✓\n  }\n}\n"
        #expect(LayoutSource.format(Array(good.utf8)).text == good)
    }
}

/// libyaml breaks lines at U+0085, U+2028 and U+2029 too; the file's lines break at \n alone.
/// A YAML comment holding one is a syntax error that names the character where it is, and no
/// location is counted in libyaml's lines.
@Suite("YAML comments holding a Unicode line break")
struct UnicodeLineBreakTests {
    static func messages(_ yaml: String) -> [String] {
        request(yaml).diagnostics.map { $0.formatted(path: "u.layout.yaml") }
    }

    @Test("the comment ends at the break: the error names it, not indentation that is right")
    func keyAfterBreak() {
        let messages = Self.messages("layout: L\nsize: [10, 10]\nroot:\n  item: a\n# c\u{2028} x\n")
        #expect(messages == [
            "u.layout.yaml:5:6: error: did not find expected key while parsing a block mapping: YAML reads the U+2028 (LINE SEPARATOR) at 5:4 as a line break, so a comment ends there and what follows it is read as YAML; remove the character (in a double-quoted string, write it as \\u2028) [syntax]",
        ])
        #expect(!messages.joined().contains("starts at column"))
    }

    @Test("a simple key after the break, each of the three breaks", arguments: [
        ("\u{2028}", "U+2028 (LINE SEPARATOR)"), ("\u{2029}", "U+2029 (PARAGRAPH SEPARATOR)"), ("\u{85}", "U+0085 (NEXT LINE)"),
    ])
    func simpleKey(_ separator: String, _ name: String) {
        let messages = Self.messages("layout: L\nsize: [10, 10]\n# c\(separator)x\nroot:\n  item: a\n")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("u.layout.yaml:4:1: error: could not find expected ':' while scanning a simple key: YAML reads the \(name) at 3:4 as a line break") == true,
                "\(messages)")
    }

    @Test("a line break in a quoted string earlier does not shift a later error's line")
    func laterLinesKeepTheirNumbers() {
        let messages = Self.messages("layout: L\nsize: [10, 10]\nroot:\n  item: \"a\u{2028}b\"\n  width: [1\n")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("u.layout.yaml:6:1: ") == true, "\(messages)")
    }
}

