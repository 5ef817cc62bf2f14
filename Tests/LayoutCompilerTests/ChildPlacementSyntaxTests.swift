import Foundation
@testable import LayoutCompiler
import Testing

/// docs/format.md §8.3–8.4 in both syntaxes: every static error of `alignSelf`, `spaceBefore` and
/// `spaceAfter` asserted whole (code, line, column, message), the other problems of the file
/// still reported, and both syntaxes converted and formatted without a loss.
@Suite("alignSelf, spaceBefore and spaceAfter: static errors and both syntaxes")
struct ChildPlacementSyntaxTests {
    typealias E = TextLayoutDiagnosticTests.E

    static let badYAML = """
        layout: Bad
        size: [300, 100]
        root:
          hgroup: row
          alignSelf: center
          children:
            - item: a
              alignSelf: middle
              spaceBefore: -4
              spaceAfter: [1, 2]
            - overlay: o
              children:
                - item: b
                  size: [10, 10]
                  center: true
                  alignSelf: center
                  spaceBefore: 3
            - flow: f
              items:
                - item: c
                  size: [10, 10]
                  spaceAfter: 2
            - item: d
              widht: 3
              alignSelf: $x
              spaceAfter: wide
        """

    static let badText = """
        layout Bad (size: 300x100) {
          hgroup row .alignSelf(.center) {
            item a .alignSelf(.middle) .spaceBefore(-4) .spaceAfter(1, 2)
            overlay o {
              item b .size(10, 10) .center .alignSelf(.center) .spaceBefore(3)
            }
            flow f {
              item c .size(10, 10) .spaceAfter(2)
            }
            item d .alignSelf($x) .spaceAfter(.wide) (widht: 3)
          }
        }

        """

    static let rootMisplaced = "'alignSelf' does not apply to the root node: 'alignSelf' applies only to a child of an hgroup or vgroup; the root fills the container"
    static let middle = "'alignSelf' must be leading, center or trailing (this child's place on its group's cross axis), not 'middle'; did you mean 'center'?"
    static let negative = "'spaceBefore' must be a number ≥ 0 (empty space before this child on its group's main axis), not the negative -4"
    static let list = "'spaceAfter' must be a number ≥ 0 (empty space after this child on its group's main axis), not a list"
    static let overlayAlign = "'alignSelf' does not apply to a child of an overlay: 'alignSelf' applies only to a child of an hgroup or vgroup; place a child of an overlay with its anchors (top, bottom, leading, trailing, centerX, centerY)"
    static let overlaySpace = "'spaceBefore' does not apply to a child of an overlay: 'spaceBefore' applies only to a child of an hgroup or vgroup; keep a child of an overlay away from its edges with its anchors (leading, trailing, top, bottom)"
    static let flowSpace = "'spaceAfter' does not apply to an item of a flow: 'spaceAfter' applies only to a child of an hgroup or vgroup; a flow spaces its items by its 'spacing'"

    @Test("every bad value and place is reported where the key is, with the fix, and the file's other problems too")
    func staticErrors() {
        let yaml = TextLayoutDiagnosticTests.diagnostics(Self.badYAML, .yaml)
        let yamlExpected: [E] = [
            E(.misplacedKey, 5, 3, Self.rootMisplaced),
            E(.invalidValue, 8, 7, Self.middle),
            E(.invalidValue, 9, 7, Self.negative),
            E(.invalidValue, 10, 7, Self.list),
            E(.misplacedKey, 16, 11, Self.overlayAlign),
            E(.misplacedKey, 17, 11, Self.overlaySpace),
            E(.misplacedKey, 22, 11, Self.flowSpace),
        ]
        #expect(Array(yaml.prefix(7)) == yamlExpected, "\(yaml.map(\.description).joined(separator: "\n"))")
        // item d: the unknown key, `$x` where no number is expected, and a word for a number
        let rest = yaml.dropFirst(7).map { "\($0.code.rawValue)@\($0.line):\($0.column)" }
        #expect(rest == ["unknownKey@24:7", "invalidValue@25:7", "invalidValue@26:7"], "\(yaml.dropFirst(7).map(\.description))")
        #expect(yaml.dropFirst(8).first?.message.hasPrefix("'alignSelf' must be leading, center or trailing") == true)
        #expect(yaml.last?.message.hasPrefix("'spaceAfter' must be a number ≥ 0 (empty space after this child on its group's main axis), not") == true)

        let text = TextLayoutDiagnosticTests.diagnostics(Self.badText, .text)
        let textExpected: [E] = [
            E(.misplacedKey, 2, 14, Self.rootMisplaced),
            E(.invalidValue, 3, 12, Self.middle),
            E(.invalidValue, 3, 32, Self.negative),
            E(.invalidValue, 3, 49, Self.list),
            E(.misplacedKey, 5, 36, Self.overlayAlign),
            E(.misplacedKey, 5, 56, Self.overlaySpace),
            E(.misplacedKey, 8, 28, Self.flowSpace),
        ]
        #expect(Array(text.prefix(7)) == textExpected, "\(text.map(\.description).joined(separator: "\n"))")
        #expect(text.dropFirst(7).map(\.code) == [.invalidValue, .invalidValue, .unknownKey], "\(text.dropFirst(7).map(\.description))")
        // the two files are one layout
        #expect(structure(LayoutSource.parse(Array(Self.badYAML.utf8), syntax: .yaml).file) == structure(parseText(Self.badText).file))
    }

    @Test("alignSelf names the value meant for other frameworks' words", arguments: [
        ("middle", "center"), ("top", "leading"), ("start", "leading"), ("flex-end", "trailing"), ("Right", "trailing"), ("stretch", nil),
    ] as [(String, String?)])
    func alignSelfSuggestion(_ word: String, _ meant: String?) {
        let yaml = layout(root: "  vgroup: g\n  children:\n    - item: a\n      width: 10\n      alignSelf: \(word)\n")
        let found = TextLayoutDiagnosticTests.diagnostics(yaml, .yaml)
        let hint = meant.map { "; did you mean '\($0)'?" } ?? ""
        #expect(found == [E(.invalidValue, 7, 7, "'alignSelf' must be leading, center or trailing (this child's place on its group's cross axis), not '\(word)'\(hint)")],
                "\(found)")
    }

    @Test("a constant's bad number is reported at the reference")
    func constantReference() {
        let yaml = "layout: L\nconstants:\n  gap: -2\nroot:\n  hgroup: g\n  children:\n    - item: a\n      spaceBefore: $gap\n"
        let found = TextLayoutDiagnosticTests.diagnostics(yaml, .yaml)
        #expect(found == [E(.invalidValue, 8, 20, "'spaceBefore' must be a number ≥ 0 (empty space before this child on its group's main axis), not the negative -2")],
                "\(found)")
    }

    @Test("YAML → text → YAML keeps the keys, their values and constants; formatting changes nothing")
    func roundTrip() {
        let yaml = """
            constants:
              gap: 12
            ---
            layout: Row
            size: [300, 100]
            root:
              hgroup: row
              children:
                - item: icon  # the icon
                  alignSelf: leading
                  spaceAfter: $gap
                - item: title
                  spaceBefore: 6.5
                  alignSelf: center
                - item: odd
                  alignSelf: middle
                  spaceBefore: -1
                  spaceAfter: [1, 2]

            """
        let text = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text
        #expect(text == """
            let gap = 12

            layout Row (size: 300x100) {
              hgroup row {
                item icon .alignSelf(.leading) .spaceAfter($gap)  // the icon
                item title .spaceBefore(6.5) .alignSelf(.center)
                item odd .alignSelf(.middle) .spaceBefore(-1) .spaceAfter(1, 2)
              }
            }

            """)
        guard let text else { return }
        #expect(LayoutSource.format(Array(text.utf8)).text == text)
        let back = LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text
        #expect(back == yaml)
        #expect(back.flatMap { LayoutSource.convert(Array($0.utf8), from: .yaml, to: .yaml).text } == back)
        let original = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml).file
        #expect(structure(parseText(text).file) == structure(original))
    }
}
