import Foundation
import LayoutCompiler
import Testing

/// Lint of docs/format.md §8.3–8.4: `alignSelfWithoutEffect` (an `alignSelf` on a child that
/// fills its group's cross axis), and `singleChildGroup` staying silent where a child's own
/// spaces keep it off its group's edges.
@Suite("lint: alignSelf and spaces")
struct AlignSelfLintTests {
    @Test("alignSelfWithoutEffect fires at the key of a filling child only, with the fix")
    func withoutEffect() {
        let yaml = layout(root: """
              vgroup: main
              children:
                - hgroup: row
                  height: 60
                  children:
                    - item: fills
                      alignSelf: center
                    - item: sized
                      height: 20
                      alignSelf: center
                    - item: bounded
                      maxHeight: 30
                      alignSelf: trailing
                    - item: content
                      dynamic: true
                      alignSelf: trailing
                - item: wide
                  alignSelf: trailing
            """)
        let results = lintResults(yaml).filter { $0.rule == "alignSelfWithoutEffect" }
        #expect(results.map { "\($0.location.line):\($0.location.column)" } == ["9:11", "20:7"])
        #expect(results.first?.message == "'alignSelf: center' has no effect: item 'fills' fills the height of hgroup 'row'; "
            + "give it a fixed or fit height (or a maxHeight) to place it, or remove 'alignSelf'")
        #expect(results.last?.message == "'alignSelf: trailing' has no effect: item 'wide' fills the width of vgroup 'main'; "
            + "give it a fixed or fit width (or a maxWidth) to place it, or remove 'alignSelf'")
        #expect(results.allSatisfy { $0.severity == .warning })
    }

    @Test("singleChildGroup is silent when the one child's spaces keep it off the group's edges")
    func singleChildWithSpaces() {
        let yaml = layout(root: """
              vgroup: main
              children:
                - hgroup: spaced
                  children:
                    - item: content
                      spaceBefore: 8
                - hgroup: plain
                  children:
                    - item: other
            """)
        #expect(lintCodes(yaml) == ["singleChildGroup@9:7"])
    }
}
