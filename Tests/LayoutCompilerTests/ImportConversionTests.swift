import Foundation
@testable import LayoutCompiler
import Testing

/// `convert --to text` of an import the text form cannot write (a mapping, a list holding one)
/// is a located error, not `import {}` that does not parse (issue 44, item 9).
@Suite("converting imports to the text form")
struct ImportConversionTests {
    func convert(_ yaml: String) -> (text: String?, diagnostics: [String]) {
        let output = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text)
        return (output.text, output.diagnostics.map { $0.formatted(path: "I.layout.yaml") })
    }

    @Test("an import holding a mapping, alone or in a list, is reported where it is written")
    func mappings() {
        let message = "an import holding a mapping cannot be written in the text form; an import is a file's path, as in 'import \"Tokens.layout\"' [invalidValue]"
        #expect(convert("import: {a: b}\nlayout: L\nsize: [10, 10]\nroot:\n  item: x\n").diagnostics == ["I.layout.yaml:1:9: error: " + message])
        #expect(convert("import: [{a: b}]\n").diagnostics == ["I.layout.yaml:1:10: error: " + message])
        #expect(convert("import: [T.layout.yaml, {a: b}]\n").diagnostics == ["I.layout.yaml:1:25: error: " + message])
        #expect(convert("import: [T.layout.yaml, {a: b}]\n").text == nil)
    }

    @Test("paths and numbers are still written (a number is then reported by the checks, as in YAML)")
    func written() {
        #expect(convert("import: [T.layout.yaml]\n").text == "import [\"T.layout.yaml\"]\n")
        #expect(convert("import: 5\n").text == "import 5\n")
    }

    @Test("two documents of file constants, the second an import, keep their order through the text form and its formatting")
    func secondConstantsDocument() throws {
        let yaml = "import: [A.layout.yaml]\nconstants:\n  gutter: 16\n---\nimport: B.layout.yaml\n"
        let text = try #require(convert(yaml).text)
        #expect(text == "import [\"A.layout.yaml\"]\nlet gutter = 16\nimport \"B.layout.yaml\"\n")
        // Read again, the import after the `let` begins a second document, as in the YAML.
        let parsed = LayoutSource.parseOnCurrentThread(Array(text.utf8), syntax: .text)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.file.constantDocuments.map { $0.scope.imports.count } == [1, 1])
        #expect(parsed.file.constantDocuments.map { $0.scope.constants.map(\.name) } == [["gutter"], []])
        #expect(LayoutSource.print(parsed.file, as: .text).text == text)
        #expect(LayoutSource.print(parsed.file, as: .yaml).text == LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .yaml).text)
    }

    /// The text form of `yaml`, and that text formatted again (parsed and printed).
    func textAndFormatted(_ yaml: String) throws -> (text: String, formatted: String?, documents: [Int]) {
        let converted = convert(yaml)
        #expect(converted.diagnostics.isEmpty)
        let text = try #require(converted.text)
        let parsed = LayoutSource.parseOnCurrentThread(Array(text.utf8), syntax: .text)
        #expect(parsed.diagnostics.isEmpty)
        return (text, LayoutSource.print(parsed.file, as: .text).text, parsed.file.constantDocuments.map { $0.scope.imports.count })
    }

    @Test("a path that is itself a list keeps its own brackets: not read again as a list of paths")
    func listPath() throws {
        let (text, formatted, documents) = try textAndFormatted("import: [A.layout.yaml, [B.layout.yaml]]\n")
        #expect(text == "import \"A.layout.yaml\"\nimport [[\"B.layout.yaml\"]]\n")
        #expect(formatted == text)
        #expect(documents == [1, 1])
        let inLayout = try textAndFormatted("layout: L\nsize: [10, 10]\nimport: [A.layout.yaml, []]\nroot:\n  item: x\n")
        #expect(inLayout.text == "layout L (size: 10x10) {\n  import \"A.layout.yaml\"\n  import [[]]\n  item x\n}\n")
        #expect(inLayout.formatted == inLayout.text)
    }

    @Test("the YAML fuzz target's input: two documents of imports, the second a list holding a list, format to the same text")
    func nestedListsInTwoDocuments() throws {
        let yaml = "# Seeds for the fuzz targets (docs/--\nimport: Tol}\n---\nimport: [[Tokens.layout.yTokens.layout.yaml]]\n"
        let (text, formatted, documents) = try textAndFormatted(yaml)
        #expect(text == "// Seeds for the fuzz targets (docs/--\nimport \"Tol}\"\nimport [[\"Tokens.layout.yTokens.layout.yaml\"]]\n")
        #expect(formatted == text)
        #expect(documents == [1, 1])
    }

    @Test("documents of imports in brackets stay apart in the text form: `import [A]` then `import B`, `import []` then `import B`")
    func bracketedImportDocuments() throws {
        for (yaml, expected) in [
            ("import: [A.layout.yaml]\n---\nimport: B.layout.yaml\n", "import [\"A.layout.yaml\"]\nimport \"B.layout.yaml\"\n"),
            ("import: []\n---\nimport: B.layout.yaml\n", "import []\nimport \"B.layout.yaml\"\n"),
            ("import: A.layout.yaml\n---\nimport: [B.layout.yaml]\n", "import \"A.layout.yaml\"\nimport [\"B.layout.yaml\"]\n"),
        ] {
            let (text, formatted, documents) = try textAndFormatted(yaml)
            #expect(text == expected)
            #expect(formatted == text)
            #expect(documents.count == 2)
            #expect(LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text == LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .yaml).text)
        }
        // Without brackets, imports in a row are still one document.
        #expect(try textAndFormatted("import: [A.layout.yaml, B.layout.yaml]\n").documents == [2])
    }
}
