import Foundation
@testable import LayoutCompiler
import Testing

/// One test per kind of syntax error of the text form, asserting line, column and the gist of
/// the message; and error recovery: every problem of a file in one run.
@Suite("text parser: diagnostics")
struct TextDiagnosticTests {
    /// Asserts the diagnostics (code, line, column) and that each message contains a fragment.
    func expect(_ text: String, _ expected: [Diag], _ fragments: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: .text) }
        let actual = compiled.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) }
        #expect(actual == expected, "messages: \(compiled.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        for (diagnostic, fragment) in zip(compiled.diagnostics, fragments) where !fragment.isEmpty {
            #expect(diagnostic.message.contains(fragment), "'\(diagnostic.message)' lacks '\(fragment)'", sourceLocation: sourceLocation)
        }
    }

    // MARK: Tokens

    @Test("an unexpected character")
    func unexpectedCharacter() {
        expect("layout L {\n  item a @\n}", [Diag(.syntax, 2, 10)], ["unexpected character '@'"])
        expect("layout L {\n  item é\n}", [Diag(.syntax, 2, 8)], ["unexpected character 'é'"])
    }

    @Test("a malformed number")
    func badNumber() {
        expect("layout L {\n  vgroup { item a .height(10px) }\n}", [Diag(.syntax, 2, 27)], ["'10px' is not a number"])
        expect("layout L {\n  vgroup { item a .height(1e999) }\n}", [Diag(.syntax, 2, 27)], ["'1e999' is not a number"])
    }

    @Test("an unterminated string and a bad escape")
    func badStrings() {
        expect("layout L {\n  item \"abc\n}", [Diag(.syntax, 2, 8)], ["no closing '\"'"])
        expect("layout L {\n  item \"a\\qb\"\n}", [Diag(.syntax, 2, 8)], ["unknown escape '\\q'"])
        expect("layout L {\n  item \"a\\u{D800}\"\n}", [Diag(.syntax, 2, 8)], ["\\u"])
    }

    // MARK: Structure

    @Test("a block not closed: where the open construct began")
    func unclosedBlock() {
        expect("layout L {\n  vgroup main {\n    hgroup footer {\n      item a\n", [Diag(.syntax, 5, 1), Diag(.syntax, 5, 1), Diag(.syntax, 5, 1)],
               ["expected '}' to close hgroup 'footer' opened at 3:5, found the end of the file",
                "expected '}' to close vgroup 'main' opened at 2:3", "expected '}' to close layout L opened at 1:1"])
        expect("layout L {\n  vgroup main {\n    hgroup footer {\n      item a ]\n    }\n  }\n}\n", [Diag(.syntax, 4, 14)],
               ["found ']'"])
        expect("layout A {\n  vgroup {\n    item a\n\nlayout B { item b }\n", [Diag(.syntax, 5, 1), Diag(.syntax, 5, 1)],
               ["expected '}' to close the vgroup opened at 2:3 before the next layout", "expected '}' to close layout A opened at 1:1 before the next layout"])
    }

    @Test("junk where a node should be; an unknown node kind")
    func notANode() {
        expect("layout L {\n  vgroup {\n    42\n    item a .height(-1)\n  }\n}", [Diag(.syntax, 3, 5), Diag(.invalidValue, 4, 12)],
               ["expected a node (item, spacer, hgroup, vgroup, flow or overlay) or '}' to close the vgroup opened at 2:3, found '42'"])
        expect("layout L {\n  vgroup {\n    hgrup footer { item a }\n    item b\n  }\n}", [Diag(.syntax, 3, 5)],
               ["unknown node kind 'hgrup'; did you mean 'hgroup'?"])
    }

    @Test("a layout without braces; text outside any layout; two root nodes")
    func layoutStructure() {
        expect("layout L item a", [Diag(.syntax, 1, 10)], ["expected '{' to open the body of layout L"])
        expect("item a\nlayout L { item b }", [Diag(.syntax, 1, 1)], ["a node must be inside a layout"])
        expect("hello\nlayout L { item b }", [Diag(.syntax, 1, 1)], ["expected 'layout'"])
        expect("layout L {\n  item a\n  item b\n}", [Diag(.syntax, 3, 3)], ["exactly one root node"])
        expect("layout L .safeArea { item a }", [Diag(.syntax, 1, 10)], ["a layout takes no modifiers"])
    }

    @Test("something unexpected after a node's header")
    func afterHeader() {
        expect("layout L {\n  vgroup {\n    item a : b\n    item c\n  }\n}", [Diag(.syntax, 3, 12)],
               ["expected a modifier such as .height(44), an attribute list '(…)', '{' or the next node after item 'a', found ':'"])
    }

    // MARK: Modifiers

    @Test("modifier errors: no name, no value, unclosed arguments, .fit with a value, empty")
    func modifiers() {
        expect("layout L { vgroup { item a .(3) } }", [Diag(.syntax, 1, 29)], ["a modifier name after '.'"])
        expect("layout L { vgroup { item a .width } }", [Diag(.syntax, 1, 28)], ["needs a value in parentheses, such as .width(44)"])
        expect("layout L { vgroup { item a .width(3 4) } }", [Diag(.syntax, 1, 37)], ["expected ',' or ')' to close the arguments of '.width' opened at 1:34"])
        expect("layout L { vgroup { item a .fit(2) } }", [Diag(.syntax, 1, 28)], ["'.fit' takes no value"])
        expect("layout L { vgroup { item a .width() } }", [Diag(.syntax, 1, 35)], ["needs a value"])
        expect("layout L { vgroup { item a .hgroup(1) } }", [Diag(.syntax, 1, 28)], ["'.hgroup' is not a modifier"])
    }

    @Test("a property in the wrong home")
    func wrongHome() {
        expect("layout L { vgroup { item a .padding(3) } }", [Diag(.syntax, 1, 28), Diag(.misplacedKey, 1, 28)], ["write it in the attribute list, (padding: 3)"])
        expect("layout L { vgroup { item a (height: 44) } }", [Diag(.syntax, 1, 29)], ["'height' is a modifier: write .height(44)"])
        expect("layout L { flow { item a (count: 3) .size(1, 1) } }", [Diag(.syntax, 1, 27), Diag(.syntax, 1, 37)], ["write the count after the name, as in item chip[3]", "modifiers come before the attribute list"])
        expect("layout L { vgroup { item a (children: 3) } }", [Diag(.syntax, 1, 29)], ["go in braces"])
    }

    // MARK: Attributes

    @Test("attribute errors: no colon, no value, unclosed, trailing comma, empty, wrong inset count")
    func attributes() {
        expect("layout L { vgroup (padding 3) }", [Diag(.syntax, 1, 28)], ["expected ':' after the attribute name 'padding'"])
        expect("layout L { vgroup (padding: ) }", [Diag(.syntax, 1, 29)], ["expected a value"])
        expect("layout L { vgroup (padding: 3 { item a } }", [Diag(.syntax, 1, 31)], ["expected ',' or ')' to close the attribute list opened at 1:19"])
        expect("layout L { vgroup (padding: 3,) }", [Diag(.syntax, 1, 30)], ["no ',' after the last attribute"])
        expect("layout L { vgroup () }", [Diag(.syntax, 1, 19)], ["an empty attribute list"])
        expect("layout L { vgroup (padding: 1 2 3) }", [Diag(.invalidValue, 1, 20), Diag(.syntax, 1, 29)], ["", "insets are four numbers"])
        expect("layout L { vgroup (3: 4) }", [Diag(.syntax, 1, 20)], ["expected an attribute name"])
    }

    @Test("a count not closed")
    func count() {
        expect("layout L { flow { item chip[3 .size(1, 1) } }", [Diag(.syntax, 1, 31)], ["expected ']' to close the count of item 'chip' opened at 1:28"])
    }

    @Test("a list not closed; a value missing")
    func lists() {
        expect("layout L { vgroup { item a .size([1, 2) } }", [Diag(.syntax, 1, 39)], ["expected ',' or ']' to close the list opened at 1:34"])
        expect("layout L { vgroup { item a .size(1, ) } }", [Diag(.syntax, 1, 37)], ["expected a value"])
        expect("layout L { vgroup { item a .width(-x) } }", [Diag(.syntax, 1, 36)], ["expected a number after '-'"])
    }

    // MARK: One spelling per value

    @Test("a second spelling of a value is refused, saying how to write it")
    func oneSpelling() {
        let cases: [(String, Int, String)] = [
            ("item \"header\"", 6, "write the name header without quotes"),
            ("item a .height(\"fit\")", 16, "write .fit without quotes"),
            ("item a .height(fit)", 16, "inside a modifier a word is written with a dot: .fit"),
            ("item a .flexible(1)", 8, "write '.flexible' without '(1)'"),
            ("item a .width(.fit) .height(.fit)", 21, "write '.fit' instead of '.width(.fit) .height(.fit)'"),
            ("item a .size([1, 2])", 13, "write the list's elements as the arguments"),
            ("item a .size(1x2)", 14, "write the two numbers as arguments, (1, 2)"),
            ("hgroup g (align: .center)", 18, "in an attribute a word is written without a dot: center"),
            ("hgroup g (align: \"center\")", 18, "write center without quotes"),
            ("hgroup g (padding: [1, 2, 3, 4])", 20, "write this list as 1 2 3 4"),
            ("flow g (spacing: [10, 8])", 18, "write this list as 10x8"),
        ]
        for (node, column, fragment) in cases {
            let text = "layout L { vgroup {\n\(node)\n} }"
            let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: .text) }
            let syntax = compiled.diagnostics.filter { $0.code == .syntax }
            #expect(syntax.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.syntax, 2, column)], "\(node): \(compiled.diagnostics.map(\.message))")
            #expect(syntax.first?.message.contains(fragment) == true, "\(node): \(syntax.map(\.message))")
        }
        expect("layout L { overlay { item a .center(true) } }", [Diag(.itemIncomplete, 1, 22), Diag(.itemIncomplete, 1, 22), Diag(.syntax, 1, 29)], ["", "", "write '.center' without '(true)'"])
        expect("layout L { flow { item a (dynamic: true) } }", [Diag(.syntax, 1, 27)], ["write 'dynamic' after the name"])
    }

    @Test("a property given twice")
    func duplicate() {
        expect("layout L { vgroup { item a .height(1) .height(2) } }", [Diag(.syntax, 1, 39)], ["duplicate 'height' on this node (first at 1:28)"])
        expect("layout L { vgroup { item a .fit .width(3) } }", [Diag(.itemIncomplete, 1, 21), Diag(.itemIncomplete, 1, 21), Diag(.syntax, 1, 33)], ["", "", "duplicate 'width'"])
        expect("layout L (size: 1x1, size: 2x2) { item a }", [Diag(.syntax, 1, 22)], ["duplicate attribute 'size' (first at 1:11)"])
    }

    // MARK: Recovery

    @Test("recovery: every problem of the file in one run, and validation of what parsed")
    func recovery() {
        let text = """
            layout Broken (size: 100x100) {
              vgroup main {
                item a .height(44
                item b .height(-3)
                hgroup footer (padding: ) {
                  item c .percent(120)
                  ? ? ?
                  item d
                }
                item e .width(1) .width(2)
              }
            }
            layout Second {
              vgroup { item "x-y" }
            }
            """
        expect(text, [
            Diag(.syntax, 4, 5),          // ')' missing before the next node
            Diag(.invalidValue, 4, 12),   // -3 still validated
            Diag(.syntax, 5, 29),         // no value
            Diag(.invalidValue, 6, 14),   // 120 still validated
            Diag(.syntax, 7, 7),          // junk in a block
            Diag(.syntax, 10, 22),        // duplicate
            Diag(.invalidName, 14, 12),   // the next layout is read and checked too
        ])
    }

    @Test("a layout with a syntax error gets no frames; the others do")
    func framesAfterErrors() {
        let text = "layout A (size: 10x10) { vgroup { item a .height(} }\nlayout B (size: 10x10) { item b }\n"
        let result = FramesRequest().run(on: Array(text.utf8), syntax: .text)
        #expect(result.table?.layouts.map(\.name) == ["B"])
        #expect(result.diagnostics.map(\.code) == [.syntax])
    }
}
