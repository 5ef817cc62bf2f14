import Foundation
import LayoutCompiler
import Testing

/// The lint rule `spacersAroundFlexibleChild` (docs/lint.md): two flexible spacers around a
/// flexible child are the inexact way to centre a capped column; the rule points to the
/// readable-width recipe (docs/format.md §6.4).
@Suite("lint rule spacersAroundFlexibleChild")
struct SpacersAroundFlexibleChildLintTests {
    static func row(_ column: String, spacer: String = "flexible: 0.001") -> String {
        layout(size: (1024, 768), root: """
              hgroup: page
              children:
                - spacer:
                  \(spacer)
                - vgroup: column
            \(column)
                  children:
                    - item: title
                      height: 44
                - spacer:
                  \(spacer)

            """)
    }

    @Test("fires on a flexible column between flexible spacers, at the group, with the fix")
    func fires() {
        let results = lintResults(Self.row("")).filter { $0.rule == "spacersAroundFlexibleChild" }
        #expect(results.map { "\($0.location.line):\($0.location.column)" } == ["4:3"])
        #expect(results.first?.severity == .warning)
        #expect(results.first?.message == "hgroup 'page' centres vgroup 'column' between two flexible spacers, which share the space with it by weight, so it never gets an exact size; give it 'maxWidth' and put it alone in a vgroup with 'align: center' (docs/format.md, a readable-width column)")
    }

    @Test("silent when the column is capped or fixed, or the spacers are fixed")
    func silent() {
        for yaml in [Self.row("      maxWidth: 600"), Self.row("      width: 300"), Self.row("", spacer: "width: 16")] {
            #expect(lintResults(yaml).filter { $0.rule == "spacersAroundFlexibleChild" }.isEmpty, "\(yaml)")
            #expect(lintResults(yaml).allSatisfy { $0.severity != .error }, "\(yaml)")
        }
    }

    @Test("the recipe's layout is silent")
    func recipeIsSilent() {
        let yaml = layout(size: (1024, 768), root: """
              vgroup: page
              padding: 16
              align: center
              children:
                - vgroup: column
                  maxWidth: 600
                  children:
                    - item: title
                      height: 44

            """)
        #expect(lintResults(yaml).filter { $0.rule == "spacersAroundFlexibleChild" }.isEmpty)
    }
}
