import Foundation
@testable import LayoutCompiler
import Testing

/// The docs/format.md §6 keys in both syntaxes: `optional` and `dynamic` after the name, the bound
/// modifiers, `.aspect(16/9)`; their canonical text, and lossless conversion both ways.
@Suite("real-screen keys: syntax")
struct RealScreenSyntaxTests {
    @Test("the new modifiers and flags parse to the YAML form's properties, in order")
    func modifiersAndFlags() {
        #expect(childProperties("item a dynamic optional .minWidth(280) .maxWidth(600) .minHeight(1.5) .maxHeight(90)") == [
            "dynamic=true", "optional=true", "minWidth=280.0i", "maxWidth=600.0i", "minHeight=1.5", "maxHeight=90.0i",
        ])
        #expect(childProperties("item a optional .aspect(1.78)") == ["optional=true", "aspect=1.78"])
        #expect(childProperties("item a .aspect(2)") == ["aspect=2.0i"])
        // false is an attribute, as for dynamic
        #expect(childProperties("item a (optional: false, dynamic: false)") == ["optional=false", "dynamic=false"])
        let root = textRoot("layout L {\n  vgroup p {\n    item b optional .height(4)\n  }\n}\n")
        let flag = root?.children.first?.property(.optional)
        #expect(flag?.location == SourceLocation(line: 3, column: 12))
        #expect(root?.children.first?.property(.height)?.location == SourceLocation(line: 3, column: 21))
    }

    @Test("a ratio p/q in .aspect is the number p ÷ q, located at the modifier")
    func ratio() {
        #expect(childProperties("item a .aspect(16/9)") == ["aspect=\(16.0 / 9)"])
        #expect(childProperties("item a .aspect(4 / 3)") == ["aspect=\(4.0 / 3)"])
        #expect(childProperties("item a .aspect(3/2)") == ["aspect=1.5"])
        // any two numbers: the validator judges the quotient
        #expect(childProperties("item a .aspect(-16/9)") == ["aspect=\(-16.0 / 9)"])
        #expect(childProperties("item a .aspect(1/0)") == ["aspect=inf"])
        let root = textRoot("layout L {\n  vgroup p {\n    item a .aspect(16/9)\n  }\n}\n")
        #expect(root?.children.first?.property(.aspect)?.location == SourceLocation(line: 3, column: 12))
    }

    @Test("the printer writes a long aspect as a ratio of whole numbers, a short one as a number")
    func printedRatio() {
        #expect(TextSpelling.ratio(16.0 / 9) == "16/9")
        #expect(TextSpelling.ratio(32.0 / 18) == "16/9")
        #expect(TextSpelling.ratio(4.0 / 3) == "4/3")
        #expect(TextSpelling.ratio(21.0 / 9) == "7/3")
        #expect(TextSpelling.ratio(1.0 / 3) == "1/3")
        #expect(TextSpelling.ratio(1.5) == nil)
        #expect(TextSpelling.ratio(0.5625) == nil)
        #expect(TextSpelling.ratio(1.78) == nil)
        #expect(TextSpelling.ratio(Double.pi) == nil)
        #expect(TextSpelling.ratio(-16.0 / 9) == nil)
        #expect(TextSpelling.ratio(.nan) == nil)
        let formatted = LayoutSource.format(Array("layout L {\n  vgroup p {\n    item a .aspect(1.7777777777777777)\n    item b .aspect(3/2)\n    item c .aspect(32/18)\n    item d .aspect(16/9.0)\n  }\n}\n".utf8)).text
        #expect(formatted == """
            layout L {
              vgroup p {
                item a .aspect(16/9)
                item b .aspect(1.5)
                item c .aspect(16/9)
                item d .aspect(16/9)
              }
            }

            """)
    }

    @Test("canonical text: dynamic then optional after the name, bounds and aspect as modifiers")
    func canonicalText() {
        let yaml = """
            layout: L
            root:
              vgroup: main
              children:
                - item: name
                  maxWidth: 200
                  optional: true
                  dynamic: true
                  minWidth: 20
                - item: badge
                  optional: false
                  aspect: 1.3333333333333333
                - flow: tags
                  items:
                    - item: chip
                      count: 3
                      optional: true
                      width: 60
                      aspect: 2
            """
        let text = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text
        #expect(text == """
            layout L {
              vgroup main {
                item name dynamic optional .maxWidth(200) .minWidth(20)
                item badge .aspect(4/3) (optional: false)
                flow tags {
                  item chip[3] optional .width(60) .aspect(2)
                }
              }
            }

            """)
        // and back: the same AST
        let back = text.flatMap { LayoutSource.convert(Array($0.utf8), from: .text, to: .yaml).text }
        let again = back.map { LayoutSource.parse(Array($0.utf8), syntax: .yaml) }
        #expect(again?.diagnostics.isEmpty == true)
        #expect(again.map { structure($0.file) } == structure(LayoutSource.parse(Array(yaml.utf8), syntax: .yaml).file))
        #expect(back?.contains("aspect: 1.3333333333333333\n") == true)
    }

    @Test("a reserved word: a node named optional is written in quotes")
    func reservedWord() {
        let yaml = "layout: L\nroot:\n  vgroup: main\n  children:\n    - item: optional\n      optional: true\n"
        let text = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text
        #expect(text == "layout L {\n  vgroup main {\n    item \"optional\" optional\n  }\n}\n")
        #expect(childProperties("item \"optional\" optional") == ["optional=true"])
        // bare, it is the flag: an anonymous item
        let root = textRoot("layout L {\n  vgroup p {\n    item optional\n  }\n}\n")
        #expect(root?.children.first?.name == nil)
    }

    @Test("other spellings of the new keys are syntax errors that say how to write them")
    func otherSpellings() {
        let cases: [(String, Diag, String)] = [
            ("item a optional dynamic", Diag(.syntax, 3, 21), "write 'dynamic' before 'optional'"),
            ("item a (optional: true)", Diag(.syntax, 3, 13), "write 'optional' after the name instead of (optional: true)"),
            ("item a .optional", Diag(.syntax, 3, 12), "'.optional' is not a modifier: write 'optional' after the name"),
            ("item a .height(3) optional", Diag(.syntax, 3, 23), "write 'optional' right after the name of item 'a', before its modifiers and attributes"),
            ("item a .height(3) dynamic", Diag(.syntax, 3, 23), "write 'dynamic' right after the name of item 'a', before its modifiers and attributes"),
            ("item a .width(16/9)", Diag(.syntax, 3, 21), "'/' writes a ratio only in .aspect(16/9); write '.width' a number"),
            ("item a .aspect(16/)", Diag(.syntax, 3, 23), "expected a ratio of two numbers such as .aspect(16/9), found ')'"),
            ("item a .aspect(16/.fit)", Diag(.syntax, 3, 23), "expected a ratio of two numbers such as .aspect(16/9), found '.'"),
            ("item a / 2", Diag(.syntax, 3, 12), "expected a modifier such as .height(44), an attribute list '(…)', '{' or the next node after item 'a', found '/'"),
            ("item a .aspect", Diag(.syntax, 3, 12), "'.aspect' needs a value in parentheses, such as .aspect(16/9)"),
            ("item a .minWidth", Diag(.syntax, 3, 12), "'.minWidth' needs a value in parentheses, such as .minWidth(8)"),
            ("item a optional optional", Diag(.syntax, 3, 21), "duplicate 'optional' on this node (first at 3:12)"),
        ]
        for (node, diag, message) in cases {
            let text = "layout L (size: 100x100) {\n  vgroup p {\n    \(node)\n  }\n}\n"
            let parsed = parseText(text)
            #expect(parsed.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [diag], "\(node): \(parsed.diagnostics.map(\.message))")
            #expect(parsed.diagnostics.first?.message == message, "\(node)")
        }
    }

    @Test("unknown modifiers near the new names get a suggestion")
    func suggestions() {
        let text = "layout L (size: 100x100) {\n  vgroup p {\n    item a .minwidth(3) .aspekt(2)\n  }\n}\n"
        #expect(textDiagnostics(text) == [Diag(.unknownKey, 3, 12), Diag(.unknownKey, 3, 25)])
        #expect(textMessages(text) == ["unknown modifier '.minwidth'; did you mean '.minWidth'?", "unknown modifier '.aspekt'; did you mean '.aspect'?"])
        let yaml = "layout: L\nsize: [1, 1]\nroot:\n  vgroup: a\n  children:\n    - item: b\n      maxHieght: 3\n      optinal: true\n"
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.unknownKey, 7, 7), Diag(.unknownKey, 8, 7)])
        #expect(result.diagnostics.map(\.message).allSatisfy { $0.contains("'maxHeight'") || $0.contains("'optional'") }, "\(result.diagnostics.map(\.message))")
    }

    @Test("the YAML form reads every new key, the 9-byte ones too, and refuses a duplicate")
    func yamlKeys() {
        let yaml = """
            layout: L
            root:
              vgroup: main
              children:
                - item: a
                  minWidth: 1
                  maxWidth: 2
                  minHeight: 3
                  maxHeight: 4
                  aspect: 0.5
                  optional: true
                  dynamic: true
                  maxHeight: 5
            """
        let parsed = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml)
        #expect(parsed.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.syntax, 13, 7)])
        #expect(parsed.file.layouts.first?.root?.children.first?.properties.map(\.key) == [.minWidth, .maxWidth, .minHeight, .maxHeight, .aspect, .optional, .dynamic])
        #expect(KeyCatalog.lookup("maxHeight").keyClass == .property(.maxHeight))
        #expect(KeyCatalog.lookup("minHeight").keyClass == .property(.minHeight))
        #expect(KeyCatalog.lookup("maxHeighT").keyClass == .unknown)
        #expect(KeyCatalog.lookup("maxHeight_").keyClass == .unknown)
        #expect(KeyCatalog.lookup("0123456789abcdefg").keyClass == .unknown)
        for key in KeyCatalog.allKeys {
            #expect(KeyCatalog.lookup(key).keyClass != .unknown, "\(key)")
        }
    }
    @Test("through the CLI: convert and format keep the §6 examples; a §6 error is located in either form")
    func commandLine() throws {
        let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")
        for name in ["Profile", "VideoCard"] {
            let text = try CommandLine_.run(["convert", "\(name).layout.yaml", "--to", "text"], in: layouts)
            #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
            let twin = try String(contentsOf: layouts.appendingPathComponent("\(name).layout"), encoding: .utf8)
            // the twins differ only in their first comment line, which names the file
            #expect(text.stdout.split(separator: "\n").dropFirst() == twin.split(separator: "\n").dropFirst())
            let check = try CommandLine_.run(["format", "--check", "\(name).layout"], in: layouts)
            #expect(check.status == 0, "\(check.stderr)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-h13-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("layout L (size: 100x100) {\n  vgroup g {\n    item a .maxWidth(3) .minWidth(5)\n  }\n}\n".utf8).write(to: directory.appendingPathComponent("A.layout"))
        try Data("layout: L\nsize: [100, 100]\nroot:\n  vgroup: g\n  children:\n    - item: a\n      aspect: 0\n".utf8).write(to: directory.appendingPathComponent("B.layout.yaml"))
        let a = try CommandLine_.run(["frames", "A.layout"], in: directory)
        #expect(a.status == 1 && a.stdout.isEmpty)
        #expect(a.stderr == "A.layout:3:12: error: item 'a' has 'maxWidth' 3, less than its 'minWidth' 5 (at 3:25) [conflictingSize]\n")
        let b = try CommandLine_.run(["frames", "B.layout.yaml"], in: directory)
        #expect(b.status == 1 && b.stdout.isEmpty)
        #expect(b.stderr == "B.layout.yaml:7:7: error: 'aspect' must be a number > 0, width ÷ height (such as 1.5), not 0 [invalidValue]\n")
    }
}
