import Foundation
@testable import LayoutCompiler
import Testing

/// Constants, `$NAME` and imports (docs/format.md §7.5): frames with constants equal frames
/// with the numbers typed in, and every static error located, in both syntaxes, with imports
/// read from an in-memory folder.
@Suite("constants and imports")
struct ConstantTests {
    /// Files by path; a missing path cannot be read.
    static func imports(_ files: [String: String]) -> ConstantImports {
        ConstantImports { path in
            guard let text = files[path] else { return .failure(.init("no such file or directory")) }
            return .success(Array(text.utf8))
        }
    }

    /// Every diagnostic of `path` compiled with `files` around it, as the CLI prints them.
    func diagnostics(_ path: String, _ files: [String: String], imports: ConstantImports? = nil) -> [String] {
        let text = files[path] ?? ""
        let syntax = SourceSyntax.detect(path: path, bytes: Array(text.utf8))
        let context = LayoutCompiler.ImportContext(path: path, imports: imports ?? Self.imports(files))
        let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: syntax, context: context) }
        return compiled.diagnostics.map { $0.formatted(path: path) }
    }

    func frameTable(_ path: String, _ files: [String: String], size: Size = Size(width: 390, height: 844)) -> String? {
        let text = files[path] ?? ""
        let syntax = SourceSyntax.detect(path: path, bytes: Array(text.utf8))
        let request = FramesRequest(size: size)
        let result = request.run(on: Array(text.utf8), syntax: syntax, context: .init(path: path, imports: Self.imports(files)))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { $0.formatted(path: path) })")
        return result.table?.rendered(as: .json)
    }

    static let tokensYAML = """
        constants:
          gutter: 16
          insets: [8, 16, 8, 16]
          row: 44
        """

    static let tokensText = """
        let gutter = 16
        let insets = [8, 16, 8, 16]
        let row = 44
        """

    @Test("a layout with constants has the frames of the same layout with the numbers typed in, in both syntaxes")
    func sameFrames() throws {
        let inline = """
            layout: L
            root:
              vgroup: main
              padding: [8, 16, 8, 16]
              spacing: 16
              children:
                - item: a
                  height: 44
                - hgroup: row
                  height: 88
                  spacing: 16
                  children: [{item: b, width: 44}, {item: c}]
            """
        let withConstants = """
            import: Tokens.layout.yaml
            ---
            layout: L
            constants:
              double: 88
            root:
              vgroup: main
              padding: $insets
              spacing: $gutter
              children:
                - item: a
                  height: $row
                - hgroup: row
                  height: $double
                  spacing: $gutter
                  children: [{item: b, width: $row}, {item: c}]
            """
        let text = """
            import "Tokens.layout"

            layout L {
              let double = 88
              vgroup main (padding: $insets, spacing: $gutter) {
                item a .height($row)
                hgroup row .height($double) (spacing: $gutter) {
                  item b .width($row)
                  item c
                }
              }
            }
            """
        let files = ["Inline.layout.yaml": inline, "L.layout.yaml": withConstants, "Tokens.layout.yaml": Self.tokensYAML,
                     "dir/L.layout": text, "dir/Tokens.layout": Self.tokensText]
        let expected = try #require(frameTable("Inline.layout.yaml", files))
        #expect(frameTable("L.layout.yaml", files) == expected)
        #expect(frameTable("dir/L.layout", files) == expected)
    }

    @Test("a file of constants only has no layouts: an empty table, no error")
    func constantsOnly() {
        #expect(frameTable("Tokens.layout.yaml", ["Tokens.layout.yaml": Self.tokensYAML]) == "{\"layouts\": []}\n")
        #expect(frameTable("Tokens.layout", ["Tokens.layout": Self.tokensText]) == "{\"layouts\": []}\n")
    }

    @Test("a reference to no constant: invalidValue at the reference, with the closest name")
    func unknownReference() {
        let yaml = "import: Tokens.layout.yaml\n---\nlayout: L\nsize: [390, 844]\nroot:\n  vgroup: main\n  spacing: $gutte\n  children:\n    - item: a\n      height: $nothing\n"
        #expect(diagnostics("L.layout.yaml", ["L.layout.yaml": yaml, "Tokens.layout.yaml": Self.tokensYAML]) == [
            "L.layout.yaml:7:12: error: no constant 'gutte' is visible here; did you mean '$gutter'? [invalidValue]",
            "L.layout.yaml:10:15: error: no constant 'nothing' is visible here [invalidValue]",
        ])
        let text = "import \"Tokens.layout\"\nlayout L (size: 390x844) {\n  vgroup main (spacing: $Gutter) {\n    item a .height($)\n  }\n}\n"
        #expect(diagnostics("L.layout", ["L.layout": text, "Tokens.layout": Self.tokensText]) == [
            "L.layout:3:25: error: no constant 'Gutter' is visible here; did you mean '$gutter'? [invalidValue]",
            "L.layout:4:20: error: '$' names no constant: write '$' and the constant's name, as in '$gutter' [invalidValue]",
        ])
    }

    @Test("a constant's number is checked where it is used; a list where a number is expected")
    func checkedAtUse() {
        let yaml = "layout: L\nsize: [390, 844]\nconstants:\n  w: -1\n  pair: [1, 2]\nroot:\n  hgroup: main\n  children:\n    - item: a\n      width: $w\n    - item: b\n      width: $pair\n    - item: c\n      size: [$w, 3]\n"
        #expect(diagnostics("L.layout.yaml", ["L.layout.yaml": yaml]) == [
            "L.layout.yaml:10:14: error: 'width' must be a number ≥ 0, fit or flexible, not the negative -1 [invalidValue]",
            "L.layout.yaml:12:14: error: 'width' must be a number ≥ 0, fit or flexible, not a list [invalidValue]",
            "L.layout.yaml:14:14: error: 'size' must be [width, height], two numbers ≥ 0, not the negative -1 [invalidValue]",
        ])
    }

    @Test("a constant that is no number, a bad name, constants in a node, layout keys beside file constants")
    func definitions() {
        let yaml = "constants:\n  ok: 1\n  bad: abc\n  2x: 3\nsize: [1, 2]\n---\nlayout: L\nroot:\n  vgroup: v\n  constants: {x: 1}\n  spacing: $ok\n"
        #expect(diagnostics("L.layout.yaml", ["L.layout.yaml": yaml]) == [
            "L.layout.yaml:3:3: error: constant 'bad' must be a number or a list of numbers, found 'abc' [invalidValue]",
            "L.layout.yaml:4:3: error: constant name '2x' must match [A-Za-z_][A-Za-z0-9_]* [invalidName]",
            "L.layout.yaml:5:1: error: 'size' belongs to a layout; a document of only 'constants' and 'import' holds file constants and nothing else [misplacedKey]",
            "L.layout.yaml:10:3: error: 'constants' belongs at the top of a layout, not inside a node [misplacedKey]",
        ])
    }

    @Test("$NAME where no number is expected is a string; a quoted \"$x\" is a string")
    func plainStrings() {
        let yaml = "layout: L\nsize: [390, 844]\nconstants:\n  x: 1\nroot:\n  vgroup: main\n  align: $x\n  children:\n    - item: $x\n      height: \"$x\"\n"
        #expect(diagnostics("L.layout.yaml", ["L.layout.yaml": yaml]) == [
            "L.layout.yaml:7:3: error: 'align' must be leading, center or trailing, not '$x' [invalidValue]",
            "L.layout.yaml:9:7: error: '$x' is not a valid node name: use letters, digits and _, not starting with a digit [invalidName]",
            "L.layout.yaml:10:7: error: 'height' must be a number ≥ 0, fit or flexible, not '$x' [invalidValue]",
        ])
    }

    @Test("a name defined twice: at the later definition, or at the import that brings it")
    func duplicates() {
        let files = [
            "L.layout": "let gutter = 1\nimport \"Tokens.layout\"\nlayout L (size: 390x844) {\n  let row = 2\n  vgroup { item a .height($gutter) }\n}\nlet gutter = 3\n",
            "Tokens.layout": Self.tokensText,
            // one definition reached through two imports is one
            "Two.layout": "import \"A.layout\"\nimport \"B.layout\"\nlayout T (size: 390x844) {\n  vgroup { item a .height($shared) }\n}\n",
            "A.layout": "import \"Shared.layout\"\n", "B.layout": "import \"Shared.layout\"\n", "Shared.layout": "let shared = 5\n",
        ]
        #expect(diagnostics("L.layout", files) == [
            "L.layout:2:8: error: this import brings constant 'gutter', already defined at 1:5; constants are not shadowed [duplicateName]",
            "L.layout:4:7: error: constant 'row' is already defined at Tokens.layout:3:5; constants are not shadowed [duplicateName]",
            "L.layout:7:5: error: constant 'gutter' is already defined at 1:5; constants are not shadowed [duplicateName]",
        ])
        #expect(diagnostics("Two.layout", files) == [])
    }

    @Test("imports: a cycle at the import that closes it, an unreadable file at its path, problems inside an imported file name it")
    func importProblems() {
        let files = [
            "app/L.layout.yaml": "import: [../tokens/A.layout, Missing.layout.yaml, Broken.layout.yaml]\n---\nlayout: L\nsize: [390, 844]\nroot:\n  item: a\n",
            "tokens/A.layout": "import \"B.layout\"\nlet a = 1\n",
            "tokens/B.layout": "import \"A.layout\"\nlet b = x\n",
            "app/Broken.layout.yaml": "constants:\n  c: [1\n",
        ]
        #expect(diagnostics("app/L.layout.yaml", files) == [
            "app/L.layout.yaml:1:30: error: cannot import 'Missing.layout.yaml': no such file or directory [invalidValue]",
            "app/Broken.layout.yaml:3:1: error: did not find expected ',' or ']' while parsing a flow sequence [syntax]",
            "tokens/B.layout:1:8: error: importing 'A.layout' closes an import cycle: a file cannot import itself, directly or through others [invalidValue]",
            "tokens/B.layout:2:5: error: constant 'b' must be a number or a list of numbers, found 'x' [invalidValue]",
        ])
    }

    @Test("each imported file is read once per run, however many files import it")
    func readOnce() {
        final class Count: @unchecked Sendable { var reads: [String] = []; let lock = NSLock() }
        let count = Count()
        let files = ["A.layout": "import \"T.layout\"\nlayout A (size: 390x844) { vgroup { item a .height($row) } }\n",
                     "B.layout": "import \"T.layout\"\nlayout B (size: 390x844) { vgroup { item b .height($row) } }\n", "T.layout": Self.tokensText]
        let imports = ConstantImports { path in
            count.lock.lock(); count.reads.append(path); count.lock.unlock()
            return files[path].map { .success(Array($0.utf8)) } ?? .failure(.init("missing"))
        }
        #expect(diagnostics("A.layout", files, imports: imports) == [])
        #expect(diagnostics("B.layout", files, imports: imports) == [])
        #expect(count.reads == ["T.layout"])
        #expect(imports.importedPaths == ["T.layout"])
    }

    @Test("format and convert keep constants, references and imports (lossless both ways)")
    func roundTrip() throws {
        let text = """
            // tokens
            import "Tokens.layout"
            let gutter = 16  // the gutter
            let insets = [8, 16, 8, 16]

            layout L (size: [$w, 844]) {
              import ["More.layout"]
              let w = 390
              vgroup main (padding: [$gutter, 0, 0, 0], spacing: $gutter) {
                item a .height("$x")
                item "$b" .width($gutter)
              }
            }

            let late = 1

            """
        let formatted = LayoutSource.format(Array(text.utf8))
        #expect(formatted.text == text, "\(formatted.diagnostics)")
        let yaml = try #require(LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text)
        #expect(yaml.contains("import: Tokens.layout\n") || yaml.contains("import: \"Tokens.layout\"\n"), "\(yaml)")
        #expect(yaml.contains("padding: [$gutter, 0, 0, 0]"))
        #expect(yaml.contains("height: \"$x\""))
        let back = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text)
        // The comments too: a tokens document's header, a constant's end-of-line comment.
        #expect(yaml.hasPrefix("# tokens\nimport: "), "\(yaml)")
        #expect(yaml.contains("  gutter: 16  # the gutter\n"), "\(yaml)")
        #expect(back.text == text, "\(yaml)")
        let yamlAgain = try #require(LayoutSource.convert(Array((back.text ?? "").utf8), from: .text, to: .yaml).text)
        #expect(yamlAgain == yaml)
    }

    @Test("an import's path is always quoted in the text form, even when it is a word")
    func wordPath() {
        let text = "import \"Tokens\"\nimport [\"a b\"]\n"
        // The import in brackets after another begins a document of its own (docs/format.md
        // §7.5), so it keeps its brackets: read as one, YAML's two documents did not round-trip.
        #expect(LayoutSource.format(Array(text.utf8)).text == "import \"Tokens\"\nimport [\"a b\"]\n")
        #expect(LayoutSource.format(Array("import \"Tokens\"\nimport \"a b\"\n".utf8)).text == "import \"Tokens\"\nimport \"a b\"\n")
        #expect(LayoutSource.convert(Array("import: Tokens\n".utf8), from: .yaml, to: .text).text == "import \"Tokens\"\n")
        #expect(diagnostics("L.layout", ["L.layout": "import \"Tokens\"\n", "Tokens": Self.tokensText]) == [])
    }
}
