@testable import LayoutCompiler
import Testing

/// `LayoutFile.hasNoReferences`: set by both front ends when a file has no `$NAME`, which lets
/// constant resolution skip its walk over the tree. A file with a reference anywhere (a node's
/// value, a list, a `when` entry, a layout's `size`, a constant's own value) must keep it false,
/// or the reference would reach the validator unresolved.
@Suite("constant references: the front ends' flag")
struct ReferenceFlagTests {
    func flag(_ text: String, _ syntax: SourceSyntax) -> Bool {
        LayoutSource.parse(Array(text.utf8), syntax: syntax).file.hasNoReferences
    }

    @Test("a file without $NAME has no references, in both syntaxes")
    func noReferences() {
        #expect(flag("layout: A\nroot:\n  hgroup:\n  padding: [1, 2, 3, 4]\n  children:\n    - item: a\n      width: 10\n", .yaml))
        #expect(flag("layout A {\n  hgroup.padding(1) {\n    item a.width(10)\n  }\n}\n", .text))
        // a `$` that is not a plain scalar's first character is no reference
        #expect(flag("layout: A\nroot:\n  item: a\n  width: '$w'\n", .yaml))
    }

    @Test("a $NAME anywhere leaves the flag false, in both syntaxes")
    func references() {
        let yaml = [
            "layout: A\nroot:\n  item: a\n  width: $w\n",
            "layout: A\nroot:\n  hgroup:\n  padding: [1, $p, 3, 4]\n",
            "layout: A\nsize: [$w, 10]\nroot:\n  item: a\n",
            "constants:\n  a: 1\n  b: $a\n---\nlayout: A\nroot:\n  item: a\n",
            "layout: A\nroot:\n  item: a\n  when: {minWidth: $w}\n",
        ]
        for text in yaml { #expect(!flag(text, .yaml), "\(text)") }
        let text = [
            "layout A {\n  item a.width($w)\n}\n",
            "layout A {\n  hgroup.padding([1, $p, 3, 4]) {\n  }\n}\n",
            "let a = 1\nlet b = $a\nlayout A {\n  item a\n}\n",
        ]
        for source in text { #expect(!flag(source, .text), "\(source)") }
    }

    @Test("frames with a constant are still resolved: the flag does not skip a file that needs it")
    func resolved() {
        let compiled = LayoutCompiler.compile(yaml: Array("constants:\n  w: 30\n---\nlayout: A\nsize: [100, 50]\nroot:\n  hgroup:\n  children:\n    - item: a\n      width: $w\n".utf8))
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
        #expect(compiled.plans.first??.root.children.first?.width == .fixed(30))
    }
}
