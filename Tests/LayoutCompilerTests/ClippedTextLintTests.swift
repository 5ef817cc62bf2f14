import Foundation
import LayoutCompiler
import Testing

/// Lint's `clippedText`: a wrap item whose own height or `maxHeight` is lower than its sample
/// text needs at the width it gets cuts its text silently (issue 43, item 3).
@Suite("lint of wrap items lower than their text")
struct ClippedTextLintTests {
    static let configuration = "root: true\ndevices: {only: [iphone-se-3], orientations: [portrait], directions: [ltr]}\n"
        + "wrap:\n  title: [[300, 20], [900, 20]]\n  body: [[2000, 18]]\n  note: [[2000, 18]]\n"

    static let layout = """
        layout: Clip
        size: [390, 844]
        root:
          vgroup: main
          children:
            - item: title
              dynamic: wrap
              height: 20
            - item: body
              dynamic: wrap
              maxHeight: 40
            - item: note
              dynamic: wrap

        """

    func formatted(_ yaml: String, configuration: String = Self.configuration) -> [String] {
        let parsed = LintConfiguration.parse(configuration)
        #expect(parsed.diagnostics.isEmpty)
        return Linter.lint(Array(yaml.utf8), layers: parsed.configuration.layers(forRelativePath: "a.layout.yaml")).diagnostics
            .map { $0.formatted(path: "a.layout.yaml") }
    }

    @Test("an own height and a maxHeight lower than the text: both numbers named; a height that follows the text is no finding")
    func clipped() {
        #expect(formatted(Self.layout) == [
            "a.layout.yaml:6:7: warning: item 'title' is 20 pt high, but its text needs 60 pt (3 lines at 375 pt wide): its 'height' cuts it; leave the height out (it follows the text) or raise it (title text 900×20, body text 2000×18, note text 2000×18) on iPhone SE (3rd generation) portrait (375×667) and 1 other device size [clippedText]",
            "a.layout.yaml:9:7: warning: item 'body' is 40 pt high, but its text needs 108 pt (6 lines at 375 pt wide): its 'maxHeight' cuts it; leave the height out (it follows the text) or raise it (title text 300×20, body text 2000×18, note text 2000×18) on iPhone SE (3rd generation) portrait (375×667) and 1 other device size [clippedText]",
        ])
    }

    @Test("texts that fit say nothing; without sample texts nothing is judged; the rule can be turned off")
    func quiet() {
        let short = "root: true\ndevices: {only: [iphone-se-3], orientations: [portrait], directions: [ltr]}\nwrap:\n  title: [[300, 20]]\n  body: [[700, 18]]\n  note: [[2000, 18]]\n"
        #expect(formatted(Self.layout, configuration: short).filter { $0.hasSuffix("[clippedText]") }.isEmpty)
        let off = Self.configuration + "rules: {clippedText: off}\n"
        #expect(formatted(Self.layout, configuration: off).isEmpty)
    }
}
