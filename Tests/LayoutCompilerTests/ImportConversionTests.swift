import Foundation
import LayoutCompiler
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
}
