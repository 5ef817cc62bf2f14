@testable import LayoutCompiler
import Testing

/// The value checks build their messages only when a value is wrong (issue 22: nothing is built
/// for a check that passes), and read `size`, `padding` and `spacing` lists without an array.
/// The messages are the ones made before, at the same places: a wrong element in the third
/// place, a negative fourth, a list of three for a pair, a number out of range in a pair, and
/// bounds of both axes against a fixed size.
@Suite("value checks: messages built on failure only")
struct LazyValueMessageTests {
    @Test("list and bound messages, exact")
    func listAndBoundMessages() {
        let source = """
            layout: L
            size: [100, 100]
            root:
              vgroup: g
              padding: [1, 2, x, 4]
              children:
                - hgroup: h
                  padding: [1, 2, 3, -4]
                  size: [1, 2, 3]
                  children:
                    - item: a
                      size: [5, 1e10]
                - item: b
                  size: [5, 6]
                  minWidth: 1
                  maxWidth: 2
                  maxHeight: 1
                  minHeight: 3

            """
        let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(source.utf8), syntax: .yaml) }
        #expect(compiled.diagnostics.map { $0.formatted(path: "L.layout.yaml") } == [
            "L.layout.yaml:5:3: error: 'padding' must be a number ≥ 0 or [top, leading, bottom, trailing], not a list holding 'x' [invalidValue]",
            "L.layout.yaml:8:7: error: 'padding' must be a number ≥ 0 or [top, leading, bottom, trailing], not the negative -4 [invalidValue]",
            "L.layout.yaml:9:7: error: 'size' must be [width, height], two numbers ≥ 0, not a list of 3 [invalidValue]",
            "L.layout.yaml:12:11: error: 'size' must be [width, height], two numbers ≥ 0; 10000000000 is out of range (at most 1000000000) [invalidValue]",
            "L.layout.yaml:15:7: error: 'minWidth' bounds a width that 'size' (at 14:7) fixes at 5; a fixed size needs no bounds [conflictingSize]",
            "L.layout.yaml:16:7: error: 'maxWidth' bounds a width that 'size' (at 14:7) fixes at 5; a fixed size needs no bounds [conflictingSize]",
            "L.layout.yaml:17:7: error: item 'b' has 'maxHeight' 1, less than its 'minHeight' 3 (at 18:7) [conflictingSize]",
            "L.layout.yaml:17:7: error: 'maxHeight' bounds a height that 'size' (at 14:7) fixes at 6; a fixed size needs no bounds [conflictingSize]",
            "L.layout.yaml:18:7: error: 'minHeight' bounds a height that 'size' (at 14:7) fixes at 6; a fixed size needs no bounds [conflictingSize]",
        ])
    }

    @Test("a name is checked over its bytes: valid, invalid, empty, non-ASCII")
    func names() {
        #expect(Validator.isValidName("row_12"))
        #expect(Validator.isValidName("_a"))
        #expect(!Validator.isValidName("12row"))
        #expect(!Validator.isValidName(""))
        #expect(!Validator.isValidName("naïve"))
        #expect(!Validator.isValidName("a-b"))
        #expect(Validator.isValidName(String(repeating: "abcdefgh", count: 8)))
    }
}
