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
