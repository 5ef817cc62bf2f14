import LayoutCompiler
import Testing

/// docs/format.md §4.6 (and 4.2.9): measuring `fit` sizes.
@Suite("fit (docs/format.md §4.6)")
struct FitTests {
    @Test("hgroup width: fit = padding + Σ slots + spacing, centred in a vgroup")
    func hgroupMainFit() {
        // 5 + 20 + 4 + 30 + 5 = 64; x = (300 − 64) / 2 = 118
        let yaml = layout(size: (300, 100), root: """
              vgroup: root
              align: center
              children:
                - hgroup: h
                  width: fit
                  padding: [0, 5, 0, 5]
                  spacing: 4
                  children:
                    - item: a
                      width: 20
                    - vgroup: b
                      width: fit
                      children:
                        - item: c
                          width: 30
            """)
        expectFrames(yaml, [F("root", 0, 0, 300, 100), F("h", 118, 0, 64, 100), F("a", 123, 0, 20, 100),
                            F("b", 147, 0, 30, 100), F("c", 147, 0, 30, 100)])
    }

    @Test("hgroup height: fit = tallest fixed cross size + padding; children that fill take it")
    func hgroupCrossFit() {
        // tallest 35 + 2 + 3 = 40
        let yaml = layout(size: (100, 100), root: """
              vgroup: root
              children:
                - hgroup: h
                  height: fit
                  padding: [2, 0, 3, 0]
                  align: trailing
                  children:
                    - item: a
                      height: 20
                    - item: b
                      height: 35
                    - item: c
                - item: rest
            """)
        expectFrames(yaml, [F("root", 0, 0, 100, 100), F("h", 0, 0, 100, 40), F("a", 0, 17, 100.0 / 3, 20),
                            F("b", 100.0 / 3, 2, 100.0 / 3, 35), F("c", 200.0 / 3, 2, 100.0 / 3, 35), F("rest", 0, 40, 100, 60)])
    }

    @Test("vgroup height: fit = Σ heights + spacing + padding; vgroup width: fit = widest + padding")
    func vgroupFits() {
        // v: height 10 + 3 + 20 + 3 + 5 + 1 + 1 = 43; width: widest fixed 40 + 1 + 1 = 42
        let yaml = layout(size: (200, 100), root: """
              hgroup: root
              children:
                - vgroup: v
                  width: fit
                  height: fit
                  padding: 1
                  spacing: 3
                  children:
                    - item: a
                      size: [40, 10]
                    - item: b
                      height: 20
                    - spacer:
                      size: [12, 5]
                - item: rest
            """)
        expectFrames(yaml, [F("root", 0, 0, 200, 100), F("v", 0, 0, 42, 43), F("a", 1, 1, 40, 10),
                            F("b", 1, 14, 40, 20), F("rest", 42, 0, 158, 100)])
    }

    @Test("nested fit groups")
    func nestedFit() {
        // i1 = 1 + 10 + 20 + 1 = 32; o = 32 + 2 + 5 = 39; aligned trailing: x = 300 − 39 = 261
        let yaml = layout(size: (300, 50), root: """
              vgroup: root
              align: trailing
              children:
                - hgroup: o
                  width: fit
                  spacing: 2
                  children:
                    - hgroup: i1
                      width: fit
                      padding: [0, 1, 0, 1]
                      children:
                        - item: x
                          width: 10
                        - item: y
                          width: 20
                    - item: z
                      width: 5
            """)
        expectFrames(yaml, [F("root", 0, 0, 300, 50), F("o", 261, 0, 39, 50), F("i1", 261, 0, 32, 50),
                            F("x", 262, 0, 10, 50), F("y", 272, 0, 20, 50), F("z", 295, 0, 5, 50)])
    }

    @Test("a fit group with a margin: fixed children count their size, fit children measured + margin")
    func fitWithMargin() {
        // h = 50 + (30 + 10) = 90; a slot 50 → x 5, w 40; b slot 40 → x 55, w 30
        let yaml = layout(size: (300, 100), root: """
              vgroup: root
              children:
                - hgroup: h
                  width: fit
                  margin: 10
                  children:
                    - item: a
                      width: 50
                    - vgroup: b
                      width: fit
                      children:
                        - item: c
                          width: 30
            """)
        expectFrames(yaml, [F("root", 0, 0, 300, 100), F("h", 0, 0, 90, 100), F("a", 5, 0, 40, 100),
                            F("b", 55, 0, 30, 100), F("c", 55, 0, 30, 100)])
    }

    @Test("a cross-axis fit flow is measured at its final main size")
    func crossFitAtFinalMainSize() {
        // f gets 50% of 200 = 100: 40 + 10 + 40 = 90 per line → 2 lines: 10 + 10 + 10 = 30
        let yaml = layout(size: (200, 100), root: """
              hgroup: root
              align: center
              children:
                - flow: f
                  percent: 50
                  height: fit
                  items:
                    - item: e
                      count: 3
                      size: [40, 10]
                - item: b
            """)
        expectFrames(yaml, [F("root", 0, 0, 200, 100), F("f", 0, 35, 100, 30), F("e[0]", 0, 35, 40, 10),
                            F("e[1]", 50, 35, 40, 10), F("e[2]", 0, 55, 40, 10), F("b", 100, 0, 100, 100)])
    }

    @Test("hgroup height: fit with a fit flow child measured at that child's width")
    func hgroupFitWithFlow() {
        let yaml = layout(size: (200, 300), root: """
              vgroup: root
              children:
                - hgroup: h
                  height: fit
                  children:
                    - flow: f
                      width: 100
                      height: fit
                      items:
                        - item: e
                          count: 3
                          size: [40, 10]
                    - item: a
                - item: rest
            """)
        expectFrames(yaml, [F("root", 0, 0, 200, 300), F("h", 0, 0, 200, 30), F("f", 0, 0, 100, 30),
                            F("e[0]", 0, 0, 40, 10), F("e[1]", 50, 0, 40, 10), F("e[2]", 0, 20, 40, 10),
                            F("a", 100, 0, 100, 30), F("rest", 0, 30, 200, 270)])
    }

    @Test("a child fit on both axes is measured at its fit width")
    func fitOnBothAxes() {
        // w: width = widest fixed (a, 50); height = 10 + f's height at width 50 (two lines: 30) = 40
        let yaml = layout(size: (200, 200), root: """
              vgroup: root
              children:
                - vgroup: w
                  width: fit
                  height: fit
                  children:
                    - item: a
                      size: [50, 10]
                    - flow: f
                      height: fit
                      items:
                        - item: e
                          count: 2
                          size: [30, 10]
                - item: rest
            """)
        expectFrames(yaml, [F("root", 0, 0, 200, 200), F("w", 0, 0, 50, 40), F("a", 0, 0, 50, 10), F("f", 0, 10, 50, 30),
                            F("e[0]", 0, 10, 30, 10), F("e[1]", 0, 30, 30, 10), F("rest", 0, 40, 200, 160)])
    }

    @Test("a fit group that does not fit is outOfSpace at its parent")
    func fitTooLarge() {
        let yaml = layout(size: (50, 50), root: """
              vgroup: root
              children:
                - hgroup: h
                  width: fit
                  children:
                    - item: a
                      width: 51
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 4, 3)])
    }

    static let incomplete: [(String, String, Diag)] = [
        ("an item cannot be measured", "    - item: a\n      width: fit\n", Diag(.itemIncomplete, 6, 7)),
        ("a spacer cannot be measured", "    - spacer:\n      height: fit\n", Diag(.itemIncomplete, 6, 7)),
        ("an overlay cannot be measured", "    - overlay: o\n      height: fit\n      children: []\n", Diag(.itemIncomplete, 6, 7)),
        ("main-axis fit with a flexible child", "    - hgroup: h\n      width: fit\n      children:\n        - item: a\n          width: 10\n        - item: b\n", Diag(.itemIncomplete, 6, 7)),
        ("main-axis fit with a percent child", "    - vgroup: v\n      height: fit\n      children:\n        - item: a\n          percent: 10\n", Diag(.itemIncomplete, 6, 7)),
        ("cross-axis fit with no sized child", "    - hgroup: h\n      height: fit\n      children:\n        - item: a\n          width: 10\n", Diag(.itemIncomplete, 6, 7)),
        ("cross-axis fit of an empty group", "    - vgroup: v\n      width: fit\n      children: []\n", Diag(.itemIncomplete, 6, 7)),
        ("main-axis fit of an empty group is padding alone (no error)", "    - vgroup: v\n      height: fit\n      padding: 3\n", Diag(.syntax, 0, 0)),
    ]

    @Test("fit that cannot be measured is itemIncomplete at the fit node", arguments: incomplete)
    func unmeasurable(_ label: String, _ child: String, _ expected: Diag) {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  vgroup: root\n  children:\n" + child
        if expected.line == 0 {
            #expect(diagnostics(yaml) == [])
        } else {
            #expect(diagnostics(yaml) == [expected])
        }
    }

    @Test("width: fit on a flow is invalidValue at the key")
    func flowWidthFit() {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  hgroup: root\n  children:\n    - flow: f\n      width: fit\n      items: []\n"
        #expect(diagnostics(yaml) == [Diag(.invalidValue, 7, 7)])
    }

    @Test("an empty vgroup with height: fit measures its padding")
    func emptyFit() {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  vgroup: root\n  children:\n    - vgroup: v\n      height: fit\n      padding: 3\n    - item: r\n"
        expectFrames(yaml, [F("root", 0, 0, 100, 100), F("v", 0, 0, 100, 6), F("r", 0, 6, 100, 94)])
    }
}
