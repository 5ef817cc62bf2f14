@testable import LayoutCompiler
import Testing

/// `import []` (an import list of no paths) is kept by the formatter: found by the text fuzz
/// target, whose input `import[]#` formatted to text that formatted to other text.
@Suite("an import list of no paths")
struct EmptyImportListTests {
    func format(_ text: String) throws -> String {
        try #require(LayoutSource.format(Array(text.utf8)).text)
    }

    @Test("the fuzz target's input: formatted once, the text formats to itself")
    func fuzzInput() throws {
        let once = try format("import[]#")
        #expect(once == "import []\n\n//\n")
        #expect(try format(once) == once)
    }

    @Test("in a layout and at the top, with comments around it: nothing lost, formatting again changes nothing")
    func commentsKept() throws {
        let text = "// before the list\nimport []  // on its line\nlet gutter = 16\nlayout L (size: 390x844) {\n  // inside\n  import []\n  item a .height($gutter)\n}\n"
        let once = try format(text)
        #expect(once == "// before the list\nimport []\n// on its line\nlet gutter = 16\n\nlayout L (size: 390x844) {\n  import []\n  // inside\n  item a .height($gutter)\n}\n")
        #expect(try format(once) == once)
    }
}
