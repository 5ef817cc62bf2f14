import Foundation
import LayoutCompiler
import Testing

/// A bad constant definition or import is a static error like any other: the layouts that see
/// it get no frames (docs/format.md §4.7); a constant whose name is no name is not resolved by
/// a reference that spells it (issue 44, item 10).
@Suite("constants and imports as static errors")
struct ConstantStaticErrorTests {
    func run(_ yaml: String) -> (layouts: [String], diagnostics: [String]) {
        let result = request(yaml)
        return (result.table?.layouts.map(\.name) ?? [], result.diagnostics.map { $0.formatted(path: "C.layout.yaml") })
    }

    @Test("a layout's own bad constant: no frames for it, frames for the other layout")
    func ownConstant() {
        let yaml = """
            layout: A
            size: [10, 10]
            constants:
              c: x
            root:
              item: a
            ---
            layout: B
            size: [10, 10]
            root:
              item: b

            """
        let result = run(yaml)
        #expect(result.layouts == ["B"])
        #expect(result.diagnostics == ["C.layout.yaml:4:3: error: constant 'c' must be a number or a list of numbers, found 'x' [invalidValue]"])
    }

    @Test("a bad file constant: no layout of the file gets frames")
    func fileConstant() {
        let result = run("constants:\n  a: [1, {b: 2}]\n---\nlayout: L\nsize: [10, 10]\nroot:\n  item: x\n")
        #expect(result.layouts == [])
        #expect(result.diagnostics == ["C.layout.yaml:2:3: error: constant 'a' must be a number or a list of numbers, found a list [invalidValue]"])
    }

    @Test("an import that is no path: no frames")
    func badImport() {
        let result = run("import: {a: b}\nlayout: L\nsize: [10, 10]\nroot:\n  item: x\n")
        #expect(result.layouts == [])
        #expect(result.diagnostics == ["C.layout.yaml:1:9: error: an import is a file's path, as in 'import: Tokens.layout.yaml', found a mapping [invalidValue]"])
    }

    @Test("a homoglyph constant name is invalidName at its definition, and $NAME spelling it does not resolve")
    func homoglyph() {
        let yaml = "layout: L\nsize: [100, 10]\nconstants:\n  gutteг: 16\nroot:\n  hgroup: row\n  children:\n    - item: a\n      width: $gutteг\n"
        let result = run(yaml)
        #expect(result.layouts == [])
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.hasPrefix("C.layout.yaml:4:3: error: ") == true)
        #expect(result.diagnostics.first?.hasSuffix("[invalidName]") == true)
    }

    @Test("the text form's message for an empty import spells the text form's import")
    func textFormImport() {
        let compiled = LayoutCompiler.compile(Array("import \"\"\nlayout L (size: 10x10) {\n  item x\n}\n".utf8), syntax: .text, context: nil)
        #expect(compiled.diagnostics.map { $0.formatted(path: "E.layout") } == [
            "E.layout:1:8: error: an import is a file's path, as in 'import \"Tokens.layout\"', found '' [invalidValue]",
        ])
    }
}
