import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// docs/format.md §8.3 (`alignSelf`) and §8.4 (`spaceBefore`, `spaceAfter`): one child of a group
/// aligned or spaced unlike its siblings. Frames are computed by hand in each test's comment.
@Suite("alignSelf, spaceBefore and spaceAfter (docs/format.md §8.3–8.4)")
struct ChildPlacementTests {
    /// The example of docs/format.md §8.3.
    static let row = layout("Row", size: (300, 100), root: """
          hgroup: row
          padding: 10
          spacing: 4
          align: center
          children:
            - item: icon
              size: [40, 40]
              alignSelf: leading
              spaceAfter: 8
            - item: title
              height: 20
              spaceBefore: 6
              optional: true
            - item: badge
              size: [30, 30]
              alignSelf: trailing
              spaceBefore: 2
              spaceAfter: 12
        """)

    // MARK: §8.3 alignSelf

    @Test("alignSelf overrides the group's align for that child alone; the spaces come out of the free space")
    func documentExample() {
        // inner 280 × 80 from (10, 10); free = 280 − 2 × 4 − (8 + 6 + 2 + 12) − 70 = 174
        // icon at 10; title at 10 + 40 + 8 + 4 + 6 = 68; badge at 68 + 174 + 4 + 2 = 248
        // across: icon at the top, title centred (10 + 30), badge at the bottom (10 + 80 − 30)
        expectFrames(Self.row, [F("row", 0, 0, 300, 100), F("icon", 10, 10, 40, 40), F("title", 68, 40, 174, 20),
                                F("badge", 248, 60, 30, 30)])
    }

    @Test("in a vgroup alignSelf places a fixed, a fit and a clamped fill width; a plain fill child fills whatever it says")
    func vgroupAlignSelf() {
        // inner width 200 from x = 0; group align trailing
        // a (50 wide, center): x = 75; b (fit 30: its fixed child, leading): x = 0
        // c (fill clamped to maxWidth 120, center): x = 40; d (fill, alignSelf leading): fills
        // e (40 wide, no alignSelf): the group's trailing, x = 160
        let yaml = layout(size: (200, 300), root: """
              vgroup: root
              align: trailing
              children:
                - item: a
                  width: 50
                  height: 10
                  alignSelf: center
                - hgroup: b
                  width: fit
                  height: 10
                  alignSelf: leading
                  children:
                    - item: inner
                      width: 30
                - item: c
                  maxWidth: 120
                  height: 10
                  alignSelf: center
                - item: d
                  height: 10
                  alignSelf: leading
                - item: e
                  width: 40
                  height: 10
                - spacer:
            """)
        expectFrames(yaml, [F("root", 0, 0, 200, 300), F("a", 75, 0, 50, 10), F("b", 0, 10, 30, 10), F("inner", 0, 10, 30, 10),
                            F("c", 40, 20, 120, 10), F("d", 0, 30, 200, 10), F("e", 160, 40, 40, 10)])
    }

    @Test("right to left, alignSelf in a vgroup mirrors: leading is the right edge")
    func alignSelfRightToLeft() {
        let yaml = layout(size: (200, 100), root: """
              vgroup: root
              children:
                - item: a
                  width: 50
                  height: 10
                  alignSelf: leading
                - item: b
                  width: 50
                  height: 10
                  alignSelf: trailing
            """)
        var request = FramesRequest(size: S(200, 100))
        request.direction = .rightToLeft
        let result = request.run(on: Array(yaml.utf8))
        #expect(result.diagnostics.isEmpty)
        let frames = result.table?.layouts.first?.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
        expectSame(frames, [F("root", 0, 0, 200, 100), F("a", 150, 0, 50, 10), F("b", 0, 10, 50, 10)])
    }

    // MARK: §8.4 spaceBefore and spaceAfter

    @Test("spaces with percent, flexible and margin: the slot and its margin inset are as before, the spaces outside it")
    func spacesWithSharesAndMargin() {
        // inner 400, spacing 5 × 2 = 10, margin 8, spaces 10 + 20 + 6 = 36, fixed 100
        // free = 400 − 10 − 36 − 100 = 254; p (percent 50) = 127; f (flexible) = 127
        // fixed: slot at 0 + 10 = 10 → frame 14 … 96 (100 − 8); next 10 + 100 + 20 + 5 = 135
        // p: slot 135 + 0 → frame 139, 119 wide; next 135 + 127 + 5 = 267
        // f: slot 267 + 6 → frame 277, 119 wide
        let yaml = layout(size: (400, 50), root: """
              hgroup: root
              spacing: 5
              margin: 8
              children:
                - item: fixed
                  width: 100
                  spaceBefore: 10
                  spaceAfter: 20
                - item: p
                  percent: 50
                - item: f
                  spaceBefore: 6
            """)
        expectFrames(yaml, [F("root", 0, 0, 400, 50), F("fixed", 14, 0, 92, 50), F("p", 139, 0, 119, 50), F("f", 277, 0, 119, 50)])
    }

    @Test("the first and last children keep their spaces at the inner rect's edges; a vgroup spaces from the top")
    func spacesAtTheEdges() {
        // inner 100 high from y = 10; spaces 5 + 7; a fixed 20, b flexible: 100 − 12 − 20 = 68
        let yaml = layout(size: (50, 120), root: """
              vgroup: root
              padding: 10
              children:
                - item: a
                  height: 20
                  spaceBefore: 5
                - item: b
                  spaceAfter: 7
            """)
        expectFrames(yaml, [F("root", 0, 0, 50, 120), F("a", 10, 15, 30, 20), F("b", 10, 35, 30, 68)])
    }

    @Test("right to left, the spaces mirror with the frames: spaceBefore is on the right of an hgroup's child")
    func spacesRightToLeft() {
        // the ltr frames of documentExample mirrored in 300: x' = 300 − x − width
        var request = FramesRequest(size: S(300, 100))
        request.direction = .rightToLeft
        let result = request.run(on: Array(Self.row.utf8))
        #expect(result.diagnostics.isEmpty)
        let frames = result.table?.layouts.first?.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
        expectSame(frames, [F("row", 0, 0, 300, 100), F("icon", 250, 10, 40, 40), F("title", 58, 40, 174, 20), F("badge", 22, 60, 30, 30)])
    }

    @Test("a hidden child's spaces go with it (optional, and when)")
    func hiddenChildSpaces() {
        // --hide title: free = 280 − 4 − (8 + 14) − 70 = 184, unused; badge at 10 + 40 + 8 + 4 + 2 = 64
        let hidden = TextLayoutTests.run(Self.row, hide: ["title"])
        let frames = hidden.table?.layouts.first?.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
        expectSame(frames, [F("row", 0, 0, 300, 100), F("icon", 10, 10, 40, 40), F("badge", 64, 60, 30, 30)])
        // `when`: the middle child exists from 500 on; below, its 30 + 30 are gone as well
        let variants = layout(size: (300, 10), root: """
              hgroup: root
              children:
                - item: a
                  width: 10
                - item: wide
                  width: 10
                  spaceBefore: 30
                  spaceAfter: 30
                  when: {minWidth: 500}
                - item: b
                  width: 10
                  spaceBefore: 1
            """)
        expectFrames(variants, [F("root", 0, 0, 300, 10), F("a", 0, 0, 10, 10), F("b", 11, 0, 10, 10)])
        expectFrames(variants, size: S(600, 10), [F("root", 0, 0, 600, 10), F("a", 0, 0, 10, 10), F("wide", 40, 0, 10, 10),
                                                  F("b", 81, 0, 10, 10)])
    }

    @Test("a main-axis fit adds the spaces; a cross-axis fit lays its children out with them")
    func fitsCountSpaces() {
        // row: width fit = 10 + 20 + (3 + 4) + 5 (spacing) + 2 × 2 (padding) = 46, centred in 200: x = 77
        // col (height: fit) holds a shrinking wrap item (natural width 360) beside a 50 wide item
        // with spaceAfter 30, 200 wide: the wrap item shrinks to 200 − 50 − 30 = 120 (the space
        // is not taken), 360 / 120 = 3 lines of 10 → 30 high
        let yaml = layout(size: (200, 300), root: """
              vgroup: root
              align: center
              children:
                - hgroup: row
                  width: fit
                  height: 10
                  padding: 2
                  spacing: 5
                  children:
                    - item: a
                      width: 10
                      spaceBefore: 3
                    - item: b
                      width: 20
                      spaceAfter: 4
                - hgroup: col
                  height: fit
                  children:
                    - item: side
                      width: 50
                      height: 10
                      spaceAfter: 30
                    - item: text
                      dynamic: wrap
                      shrink: 1
                - spacer:
            """)
        let result = TextLayoutTests.run(yaml, wraps: ["text": (360, 10)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let frames = result.table?.layouts.first?.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
        expectSame(frames, [F("root", 0, 0, 200, 300), F("row", 77, 0, 46, 10), F("a", 82, 2, 10, 6), F("b", 97, 2, 20, 6),
                            F("col", 0, 10, 200, 30), F("side", 0, 10, 50, 10), F("text", 80, 10, 120, 30)])
    }

    @Test("a vgroup's height fit adds the spaces of its shown children")
    func vgroupHeightFit() {
        // 10 + 20 + (5 + 6 + 7) + 3 (spacing) = 51
        let yaml = layout(size: (100, 300), root: """
              vgroup: root
              children:
                - vgroup: stack
                  height: fit
                  spacing: 3
                  children:
                    - item: a
                      height: 10
                      spaceBefore: 5
                      spaceAfter: 6
                    - item: b
                      height: 20
                      spaceAfter: 7
                - spacer:
            """)
        expectFrames(yaml, [F("root", 0, 0, 100, 300), F("stack", 0, 0, 100, 51), F("a", 0, 5, 100, 10), F("b", 0, 24, 100, 20)])
    }

    @Test("shrinking never takes from the spaces: the shrinkable children lose the whole deficit")
    func shrinkKeepsSpaces() {
        // 100 + 100 + 20 (spaces) = 220 in 200: D = 20, both shrink 1 with base 100 → 90 each
        // a at 10, b at 10 + 90 + 10 = 110
        let yaml = layout(size: (200, 10), root: """
              hgroup: root
              children:
                - item: a
                  width: 100
                  shrink: 1
                  spaceBefore: 10
                - item: b
                  width: 100
                  shrink: 1
                  spaceBefore: 10
            """)
        expectFrames(yaml, [F("root", 0, 0, 200, 10), F("a", 10, 0, 90, 10), F("b", 110, 0, 90, 10)])
    }

    @Test("spaces that do not fit are outOfSpace at the group, counting them in what it needs")
    func spacesOutOfSpace() {
        let yaml = layout(size: (100, 10), root: """
              hgroup: root
              children:
                - item: a
                  width: 60
                  spaceAfter: 30
                - item: b
                  width: 20
            """)
        let errors = TextLayoutTests.errors(yaml)
        #expect(errors == ["4:3 outOfSpace hgroup 'root' needs 110 pt but has 100 pt at 100×10"], "\(errors)")
        // §6.4 step 3: a min that fits without the spaces but not with them
        let bounded = layout(size: (100, 10), root: """
              hgroup: root
              children:
                - item: a
                  minWidth: 80
                - item: b
                  spaceBefore: 30
            """)
        let boundedErrors = TextLayoutTests.errors(bounded)
        #expect(boundedErrors == ["4:3 outOfSpace hgroup 'root' needs 110 pt but has 100 pt at 100×10"], "\(boundedErrors)")
    }

    @Test("constants stand for the spaces")
    func constants() {
        let yaml = """
            layout: L
            size: [100, 10]
            constants:
              gap: 12
            root:
              hgroup: root
              children:
                - item: a
                  width: 10
                  spaceBefore: $gap
                  spaceAfter: $gap
                - item: b
                  width: 10
            """
        expectFrames(yaml, [F("root", 0, 0, 100, 10), F("a", 12, 0, 10, 10), F("b", 34, 0, 10, 10)])
    }

    // MARK: Invariants

    @Test("spaceBefore: a gives the frames of the same layout with a fixed spacer of a before the child (spacing 0)",
          arguments: [(0.0, "hgroup"), (7.5, "hgroup"), (12.0, "vgroup"), (3.25, "vgroup")])
    func spaceIsASpacer(_ space: Double, _ kind: String) {
        let main = kind == "hgroup" ? "width" : "height"
        func group(_ children: String) -> String {
            layout(size: (320, 240), root: """
                  \(kind): root
                  padding: [3, 5, 7, 11]
                  align: center
                  children:
                    - item: a
                      \(main): 30
                \(children)
                    - item: c
                      flexible: 2
                      minWidth: 10
                    - item: d
                      percent: 20
                """)
        }
        let item = "    - item: b\n      \(main): fit\n      dynamic: true\n      optional: true"
        let withSpace = group(item + "\n      spaceBefore: \(num(space))\n      spaceAfter: \(num(space / 2))")
        let withSpacers = group("    - spacer:\n      \(main): \(num(space))\n" + item + "\n    - spacer:\n      \(main): \(num(space / 2))")
        let sizes = ["b": [S(40, 25)]]
        let spaced = orderedFrames(withSpace, sizes: sizes)
        #expect(spaced.count == 5)
        expectSame(spaced, orderedFrames(withSpacers, sizes: sizes))
        // hidden, neither its spaces nor anything else of it is left
        let hidden = TextLayoutTests.run(withSpace, hide: ["b"]).table?.layouts.first?.frames
            .map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
        #expect(hidden.count == 4)
        expectSame(hidden, orderedFrames(group("")))
    }
}
