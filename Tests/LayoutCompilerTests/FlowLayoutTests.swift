import LayoutCompiler
import Testing

/// docs/format.md §4.3: flows, plain and justified (the Tags and JustifiedTags examples).
@Suite("flow (docs/format.md §4.3)")
struct FlowLayoutTests {
    @Test("greedy wrapping, line height = tallest, default spacing 10 × 10")
    func wrapping() {
        // line 1: a 80, b 80 (80 + 10 + 80 = 170 ≤ 200), c would make 230; line 2: c 50, d 100 (160)
        let yaml = layout(size: (200, 200), root: """
              flow: f
              items:
                - item: a
                  size: [80, 30]
                - item: b
                  size: [80, 20]
                - item: c
                  width: 50
                  height: 40
                - item: d
                  size: [100, 10]
            """)
        expectFrames(yaml, [F("f", 0, 0, 200, 200), F("a", 0, 0, 80, 30), F("b", 90, 0, 80, 20),
                            F("c", 0, 40, 50, 40), F("d", 60, 40, 100, 10)])
    }

    @Test("spacing [h, v], padding, and an array item named x[0] …")
    func spacingPairPaddingAndArray() {
        // inner (10, 10, 80, 80); 30 + 4 + 30 = 64, + 34 = 98 > 80 → two per line; lines 6 apart
        let yaml = layout(size: (100, 100), root: """
              flow: f
              padding: 10
              spacing: [4, 6]
              items:
                - item: x
                  count: 5
                  size: [30, 10]
            """)
        expectFrames(yaml, [F("f", 0, 0, 100, 100), F("x[0]", 10, 10, 30, 10), F("x[1]", 44, 10, 30, 10),
                            F("x[2]", 10, 26, 30, 10), F("x[3]", 44, 26, 30, 10), F("x[4]", 10, 42, 30, 10)])
    }

    @Test("a line exactly as wide as the flow, and count: 1 naming chip[0]")
    func exactLineAndCountOne() {
        let yaml = layout(size: (100, 100), root: """
              flow: f
              items:
                - item: a
                  size: [45, 10]
                - item: chip
                  count: 1
                  size: [45, 10]
                - item: c
                  size: [100, 10]
            """)
        expectFrames(yaml, [F("f", 0, 0, 100, 100), F("a", 0, 0, 45, 10), F("chip[0]", 55, 0, 45, 10), F("c", 0, 20, 100, 10)])
    }

    @Test("dynamic items get their sizes at run time")
    func dynamicItems() {
        // a 40 + 10 + d0 50 = 100: one line (height 20); d1 alone (140 > 100); d2 alone
        let yaml = layout(size: (100, 100), root: """
              flow: f
              items:
                - item: a
                  size: [40, 10]
                - item: d
                  dynamic: true
            """)
        expectFrames(yaml, sizes: ["d": [S(50, 20), S(30, 5), S(100, 10)]],
                     [F("f", 0, 0, 100, 100), F("a", 0, 0, 40, 10), F("d[0]", 50, 0, 50, 20),
                      F("d[1]", 0, 30, 30, 5), F("d[2]", 0, 45, 100, 10)])
        expectFrames(yaml, sizes: ["d": []], [F("f", 0, 0, 100, 100), F("a", 0, 0, 40, 10)])
    }

    @Test("a dynamic item without sizes is itemIncomplete at the item")
    func dynamicWithoutSizes() {
        let yaml = layout(size: (100, 100), root: """
              flow: f
              items:
                - item: d
                  dynamic: true
            """)
        expectDiagnostics(yaml, [Diag(.itemIncomplete, 6, 7)])
    }

    @Test("anonymous items take space but have no frames")
    func anonymousItems() {
        let yaml = layout(size: (100, 100), root: """
              flow: f
              spacing: 0
              items:
                - item:
                  size: [30, 10]
                - item: b
                  size: [30, 10]
            """)
        expectFrames(yaml, [F("f", 0, 0, 100, 100), F("b", 30, 0, 30, 10)])
    }

    @Test("justified flow: gaps spread the line, frames made integral, one-element line at the left edge")
    func justifiedIntegral() {
        // flow frame (0.25, 0.5, 100, 99.5), inner width 100.
        // line 1: 10.5, 20.25, 30 (Σ 60.75; 124.05 with the next one > 100), g = 39.25 / 2 = 19.625
        //   x = 0.25, 0.25 + 10.5 + 19.625 = 30.375, 0.25 + 30.75 + 39.25 = 70.25; y = 0.5
        //   integral: (0, 0, 11, 11), (30, 0, 21, 12), (70, 0, 31, 11)
        // line 2 (one element) at y = 0.5 + 11.5 + 10 = 22: x 0.25 → (0, 22, 34, 5)
        let yaml = layout(size: (100.5, 100), root: """
              vgroup:
              padding: [0.5, 0.25, 0, 0.25]
              children:
                - flow: f
                  justify: true
                  items:
                    - item: e0
                      size: [10.5, 10]
                    - item: e1
                      size: [20.25, 11.5]
                    - item: e2
                      size: [30, 10]
                    - item: e3
                      size: [33.3, 5]
            """)
        expectFrames(yaml, [F("f", 0.25, 0.5, 100, 99.5), F("e0", 0, 0, 11, 11), F("e1", 30, 0, 21, 12),
                            F("e2", 70, 0, 31, 11), F("e3", 0, 22, 34, 5)])
    }

    @Test("justify: false is the same as no justify")
    func justifyFalse() {
        let yaml = layout(size: (100, 100), root: """
              flow: f
              justify: false
              items:
                - item: a
                  size: [10.5, 10]
                - item: b
                  size: [10, 10]
            """)
        expectFrames(yaml, [F("f", 0, 0, 100, 100), F("a", 0, 0, 10.5, 10), F("b", 20.5, 0, 10, 10)])
    }

    @Test("an element wider than the flow is outOfSpace at that element's item")
    func elementTooWide() {
        let yaml = layout(size: (100, 100), root: """
              flow: f
              padding: [0, 1, 0, 0]
              items:
                - item: a
                  size: [50, 10]
                - item: b
                  count: 3
                  size: [99.5, 10]
            """)
        // inner width 99 < 99.5
        expectDiagnostics(yaml, [Diag(.outOfSpace, 9, 7)])
    }

    @Test("content taller than the flow is outOfSpace at the flow")
    func contentTooTall() {
        // two per line, three lines: 3 × 20 + 2 × 10 = 80 > 50
        let yaml = layout(size: (100, 50), root: """
              flow: f
              items:
                - item: x
                  count: 5
                  size: [40, 20]
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 4, 3)])
        // … and exactly as tall fits
        expectFrames(yaml, size: S(100, 80), [F("f", 0, 0, 100, 80), F("x[0]", 0, 0, 40, 20), F("x[1]", 50, 0, 40, 20),
                                              F("x[2]", 0, 30, 40, 20), F("x[3]", 50, 30, 40, 20), F("x[4]", 0, 60, 40, 20)])
    }

    @Test("padding wider than the flow is outOfSpace at the flow")
    func paddingTooWide() {
        let yaml = layout(size: (10, 50), root: """
              flow: f
              padding: [0, 6, 0, 5]
              items: []
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 4, 3)])
    }

    @Test("an empty flow has just its frame")
    func emptyFlow() {
        let yaml = layout(size: (10, 0), root: "  flow: f\n  items: []\n")
        expectFrames(yaml, [F("f", 0, 0, 10, 0)])
    }

    @Test("height: fit flow in a vgroup")
    func fitFlowInVGroup() {
        // inner width 180: 3 per line (170), 7 elements → 3 lines, 3 × 20 + 2 × 10 = 80; rest = 280 − 10 − 20 − 80 = 170
        let yaml = layout(size: (200, 300), root: """
              vgroup: g
              padding: 10
              spacing: 5
              children:
                - item: title
                  height: 20
                - flow: f
                  height: fit
                  items:
                    - item: c
                      count: 7
                      size: [50, 20]
                - item: rest
            """)
        expectFrames(yaml, [F("g", 0, 0, 200, 300), F("title", 10, 10, 180, 20), F("f", 10, 35, 180, 80),
                            F("c[0]", 10, 35, 50, 20), F("c[1]", 70, 35, 50, 20), F("c[2]", 130, 35, 50, 20),
                            F("c[3]", 10, 65, 50, 20), F("c[4]", 70, 65, 50, 20), F("c[5]", 130, 65, 50, 20),
                            F("c[6]", 10, 95, 50, 20), F("rest", 10, 120, 180, 170)])
    }

    // MARK: Seeds 000 and 001: twenty tags

    static let tags: [(String, Double)] = [
        ("swift", 58), ("swiftUI", 72), ("uiKit", 60), ("autoLayout", 97), ("combine", 80), ("concurrency", 108),
        ("coreData", 86), ("testing", 74), ("accessibility", 118), ("animation", 90), ("networking", 100),
        ("xcode", 62), ("instruments", 106), ("performance", 110), ("collections", 66), ("flexbox", 76),
        ("generics", 82), ("protocols", 92), ("macros", 70), ("widgets", 79),
    ]

    static func tagsLayout(justify: Bool) -> String {
        var text = """
            layout: Tags
            size: [390, 844]
            safeArea: [59, 0, 34, 0]
            root:
              vgroup: screen
              safeArea: true
              padding: 16
              spacing: 12
              children:
                - item: title
                  height: 34
                - flow: tags
                  height: fit
                  justify: \(justify)
                  items:

            """
        for (name, width) in tags {
            text += "        - item: \(name)\n          size: [\(num(width)), 30]\n"
        }
        return text
    }

    // screen (0, 59, 390, 751), inner (16, 75, 358, 719); title (16, 75, 358, 34); tags at y 121, width 358.
    // Lines at 358: [swift uiKit…] Σ 287 | [combine concurrency coreData] Σ 274 | [testing accessibility
    // animation] Σ 282 | [networking xcode instruments] Σ 268 | [performance collections flexbox] Σ 252 |
    // [generics protocols macros widgets] Σ 323 (353 ≤ 358). Six lines: 6 × 30 + 5 × 10 = 230.
    @Test("the Tags example: twenty tags in a plain flow")
    func seed000() {
        let xs: [Double] = [16, 84, 166, 236, 16, 106, 224, 16, 100, 228, 16, 126, 198, 16, 136, 212, 16, 108, 210, 290]
        let lines = [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5]
        var expected = [F("screen", 0, 59, 390, 751), F("title", 16, 75, 358, 34), F("tags", 16, 121, 358, 230)]
        for (index, (name, width)) in Self.tags.enumerated() {
            expected.append(F(name, xs[index], 121 + 40 * Double(lines[index]), width, 30))
        }
        expectFrames(Self.tagsLayout(justify: false), expected)
    }

    @Test("the JustifiedTags example: twenty tags, justified, integral frames")
    func seed001() {
        // line 1: g = 71/3: x 16, 97.67, 193.33, 277 → (16,58) (97,73) (193,61) (277,97)
        // lines 2–5: whole gaps 42, 38, 45, 53; line 6: g = 35/3: 16, 109.67, 213.33, 295 → (16,82) (109,93) (213,71) (295,79)
        let rects: [(Double, Double)] = [
            (16, 58), (97, 73), (193, 61), (277, 97),
            (16, 80), (138, 108), (288, 86),
            (16, 74), (128, 118), (284, 90),
            (16, 100), (161, 62), (268, 106),
            (16, 110), (179, 66), (298, 76),
            (16, 82), (109, 93), (213, 71), (295, 79),
        ]
        let lines = [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5]
        var expected = [F("screen", 0, 59, 390, 751), F("title", 16, 75, 358, 34), F("tags", 16, 121, 358, 230)]
        for (index, (name, _)) in Self.tags.enumerated() {
            expected.append(F(name, rects[index].0, 121 + 40 * Double(lines[index]), rects[index].1, 30))
        }
        expectFrames(Self.tagsLayout(justify: true), expected)
    }

    @Test("justified elements are computed from the line start, not accumulated: 3 × (1/3 gaps) land on integers")
    func justifiedNotAccumulated() {
        // inner width 10, four elements of 1: g = 6/3 = 2; x = 0, 3, 6, 9 exactly
        let yaml = layout(size: (10, 10), root: """
              flow: f
              justify: true
              spacing: 0
              items:
                - item: e
                  count: 4
                  size: [1, 1]
            """)
        expectFrames(yaml, [F("f", 0, 0, 10, 10), F("e[0]", 0, 0, 1, 1), F("e[1]", 3, 0, 1, 1),
                            F("e[2]", 6, 0, 1, 1), F("e[3]", 9, 0, 1, 1)])
    }

    @Test("a justified value within 1e-6 of an integer is that integer")
    func justifiedSnap() {
        // inner width 3, three elements of 0.1: Σ 0.30000000000000004, g = (3 − Σ) / 2;
        // e2: x = 0.2 + 2g = 2.9000000000000004, maxX = 3.0000000000000004 → taken as 3, so w' = 3 − 2 = 1 (not 2).
        // e1: x = 0.1 + g ≈ 1.45 → (1, w' = ceil(1.55) − 1 = 1). Heights 0.1 → 1.
        let yaml = layout(size: (3, 1), root: """
              flow: f
              justify: true
              spacing: 0.1
              items:
                - item: e
                  count: 3
                  size: [0.1, 0.1]
            """)
        expectFrames(yaml, [F("f", 0, 0, 3, 1), F("e[0]", 0, 0, 1, 1), F("e[1]", 1, 0, 1, 1), F("e[2]", 2, 0, 1, 1)])
    }

    @Test("frames follow the items when an item between named ones has no elements or no name")
    func framesPastEmptyAndAnonymousItems() {
        // The engine hands each element's frame on as it is placed: the item it belongs to must
        // skip a dynamic item given no sizes and an anonymous array. One line, spacing 0:
        // a 0–20, d none, the anonymous pair 20–40, x 40–100, e 100–105, z 105–145.
        let yaml = layout(size: (200, 100), root: """
              flow: f
              spacing: 0
              items:
                - item: a
                  size: [20, 10]
                - item: d
                  dynamic: true
                - item:
                  count: 2
                  size: [10, 10]
                - item: x
                  count: 2
                  size: [30, 10]
                - item: e
                  dynamic: true
                - item: z
                  size: [40, 10]
            """)
        expectFrames(yaml, sizes: ["d": [], "e": [S(5, 5)]],
                     [F("f", 0, 0, 200, 100), F("a", 0, 0, 20, 10), F("x[0]", 40, 0, 30, 10), F("x[1]", 70, 0, 30, 10),
                      F("e[0]", 100, 0, 5, 5), F("z", 105, 0, 40, 10)])
    }
}
