@testable import LayoutCompiler
import Testing

/// The YAML front end indexes a `constants` mapping's names once (a mapping's keys are unique),
/// and the resolver takes that index as its table's instead of hashing the names again.
@Suite("the YAML front end's index of constant names")
struct ConstantNameIndexTests {
    static let duplicated = """
        constants:
          gutter: 16
          row: 44
          gutter: 1
          tall: 90
          gutter: [2, 3]
          row: *r
        ---
        layout: L
        size: [390, 844]
        root:
          vgroup: main
          spacing: $gutter
          children:
            - item: a
              height: $row
            - item: b
              height: $tall
        """

    @Test("a name written again in the same mapping: a syntax error at each later one, what is in its value still reported")
    func duplicateNames() {
        let path = "L.layout.yaml"
        let context = LayoutCompiler.ImportContext(path: path, imports: ConstantTests.imports([path: Self.duplicated]))
        let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(Self.duplicated.utf8), syntax: .yaml, context: context) }
        #expect(compiled.diagnostics.map { $0.formatted(path: path) } == [
            "L.layout.yaml:4:3: error: duplicate key 'gutter' in this mapping [syntax]",
            "L.layout.yaml:6:3: error: duplicate key 'gutter' in this mapping [syntax]",
            "L.layout.yaml:7:3: error: duplicate key 'row' in this mapping [syntax]",
            "L.layout.yaml:7:8: error: YAML aliases are not supported in layout files; write the value out [syntax]",
        ])
    }

    @Test("the first definition of each name is kept, at its position in the index")
    func firstKept() throws {
        let (file, _) = YAMLFrontEnd.parse(Array(Self.duplicated.utf8))
        let scope = try #require(file.constantDocuments.first?.scope)
        #expect(scope.constants.map(\.name) == ["gutter", "row", "tall"])
        #expect(scope.constants.map(\.value) == [.number(16, isInteger: true), .number(44, isInteger: true), .number(90, isInteger: true)])
        #expect(scope.nameIndex == ["gutter": 0, "row": 1, "tall": 2])
    }

    @Test("a scope changed after parsing drops the index, and the resolver builds the table itself")
    func changedScope() throws {
        let tokens = "constants:\n  gutter: 16\n  row: 44\n  tall: 90\n"
        var (file, _) = YAMLFrontEnd.parse(Array(tokens.utf8))
        var resolution = ConstantResolution(path: nil, imports: nil)
        let indexed = resolution.fileConstants(of: file)
        #expect(file.constantDocuments[0].scope.nameIndex != nil)
        file.constantDocuments[0].scope.constants[1].name = "height"
        #expect(file.constantDocuments[0].scope.nameIndex == nil)
        var again = ConstantResolution(path: nil, imports: nil)
        let built = again.fileConstants(of: file)
        #expect(indexed.names == ["gutter", "row", "tall"])
        #expect(built.names == ["gutter", "height", "tall"])
        // A stale index would still find `row`, at the position `height` now has.
        #expect(built["row"] == nil)
        #expect(built["height"]?.constant.value == .number(44, isInteger: true))
        #expect(indexed["tall"]?.constant.value == built["tall"]?.constant.value)
        #expect(resolution.diagnostics.diagnostics.isEmpty && again.diagnostics.diagnostics.isEmpty)
    }
}
