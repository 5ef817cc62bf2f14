import LayoutCompiler
import Testing

/// docs/format.md §4.1–4.2: hgroup / vgroup frames, rule by rule. Expected values are worked out by hand.
@Suite("hgroup and vgroup (docs/format.md §4.2)")
struct GroupLayoutTests {
    @Test("fixed main sizes; what is left stays empty at the end")
    func fixedSizes() {
        let yaml = """
            layout: L
            size: [300, 100]
            root:
              hgroup: g
              children:
                - item: a
                  width: 50
                - item: b
                  size: [100, 100]
            """
        expectFrames(yaml, [F("g", 0, 0, 300, 100), F("a", 0, 0, 50, 100), F("b", 50, 0, 100, 100)])
    }

    @Test("percent shares the free space after fixed sizes and spacing; flexible takes the rest")
    func percentAndFlexible() {
        // free = 400 − 3×10 − 100 = 270; b = 25% = 67.5, c = 50% = 135, d = 270 − 202.5 = 67.5
        let yaml = """
            layout: L
            size: [400, 100]
            root:
              hgroup: g
              spacing: 10
              children:
                - item: a
                  width: 100
                - item: b
                  percent: 25
                - item: c
                  percent: 50
                - item: d
            """
        expectFrames(yaml, [F("g", 0, 0, 400, 100), F("a", 0, 0, 100, 100), F("b", 110, 0, 67.5, 100),
                            F("c", 187.5, 0, 135, 100), F("d", 332.5, 0, 67.5, 100)])
    }

    @Test("percent without a flexible sibling leaves the rest empty")
    func percentOnly() {
        let yaml = layout(size: (200, 50), root: """
              hgroup: g
              children:
                - item: a
                  percent: 10
                - item: b
                  percent: 40
            """)
        expectFrames(yaml, [F("g", 0, 0, 200, 50), F("a", 0, 0, 20, 50), F("b", 20, 0, 80, 50)])
    }

    @Test("flexible weights, spacers and `height: flexible` share in proportion")
    func flexibleWeights() {
        // weights 1 + 2 + 1 (spacer) + 1 = 5; 600 / 5 = 120 per unit
        let yaml = layout(size: (100, 600), root: """
              vgroup: g
              children:
                - item: a
                  flexible: 1
                - item: b
                  flexible: 2
                - spacer:
                - item: c
                  height: flexible
            """)
        expectFrames(yaml, [F("g", 0, 0, 100, 600), F("a", 0, 0, 100, 120), F("b", 0, 120, 100, 240), F("c", 0, 480, 100, 120)])
    }

    @Test("fractional weights")
    func fractionalWeights() {
        // 0.5 : 1.5 of 200 → 50 and 150
        let yaml = layout(size: (200, 10), root: """
              hgroup: g
              children:
                - item: a
                  flexible: 0.5
                - item: b
                  flexible: 1.5
            """)
        expectFrames(yaml, [F("g", 0, 0, 200, 10), F("a", 0, 0, 50, 10), F("b", 50, 0, 150, 10)])
    }

    @Test("padding as one number, spacing between children")
    func paddingNumberAndSpacing() {
        // inner (10, 10, 180, 80); free = 180 − 2×5 = 170 → 170/3 each
        let third = 170.0 / 3
        let yaml = layout(size: (200, 100), root: """
              hgroup: g
              padding: 10
              spacing: 5
              children:
                - item: a
                - item: b
                - item: c
            """)
        expectFrames(yaml, [F("g", 0, 0, 200, 100), F("a", 10, 10, third, 80),
                            F("b", 10 + third + 5, 10, third, 80), F("c", 10 + 2 * third + 10, 10, third, 80)])
    }

    @Test("padding as [top, leading, bottom, trailing]")
    func paddingList() {
        let yaml = layout(size: (100, 50), root: """
              vgroup: g
              padding: [1, 2, 3, 4]
              children:
                - item: a
            """)
        expectFrames(yaml, [F("g", 0, 0, 100, 50), F("a", 2, 1, 94, 46)])
    }

    @Test("margin: a fixed child gets size − m, a fit child keeps its measured size")
    func shinpuruMargin() {
        // slots: a 100, c fit 40 + 10 = 50, b = 300 − 150 = 150
        // a: 0…100 → x 5, w 90; b: 100…250 → x 105, w 140; c: 250…300 → x 255, w 40
        let yaml = layout(size: (300, 100), root: """
              hgroup: g
              margin: 10
              children:
                - item: a
                  width: 100
                - item: b
                - hgroup: c
                  width: fit
                  children:
                    - item: x
                      width: 40
            """)
        expectFrames(yaml, [F("g", 0, 0, 300, 100), F("a", 5, 0, 90, 100), F("b", 105, 0, 140, 100),
                            F("c", 255, 0, 40, 100), F("x", 255, 0, 40, 100)])
    }

    @Test("margin in a vgroup with spacing")
    func marginInVGroup() {
        // inner 0…200, spacing 10: slots 95 and 95 (flexible); a 0…95 → y 2, h 91; b 105…200 → y 107, h 91
        let yaml = layout(size: (50, 200), root: """
              vgroup: g
              margin: 4
              spacing: 10
              children:
                - item: a
                - item: b
            """)
        expectFrames(yaml, [F("g", 0, 0, 50, 200), F("a", 0, 2, 50, 91), F("b", 0, 107, 50, 91)])
    }

    @Test("a slot smaller than the margin is outOfSpace at the group")
    func marginLargerThanSlot() {
        let yaml = layout(size: (100, 100), root: """
              hgroup: g
              margin: 30
              children:
                - item: a
                  width: 20
                - item: b
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 4, 3)])
    }

    static let alignments: [(String, [F])] = [
        // inner (0, 10, 300, 80); a 100×40, b flexible (150) × 20, c 50 wide, fills 80
        ("leading", [F("g", 0, 0, 300, 100), F("a", 0, 10, 100, 40), F("b", 100, 10, 150, 20), F("c", 250, 10, 50, 80)]),
        ("center", [F("g", 0, 0, 300, 100), F("a", 0, 30, 100, 40), F("b", 100, 40, 150, 20), F("c", 250, 10, 50, 80)]),
        ("trailing", [F("g", 0, 0, 300, 100), F("a", 0, 50, 100, 40), F("b", 100, 70, 150, 20), F("c", 250, 10, 50, 80)]),
    ]

    @Test("align places fixed cross sizes; children without one fill", arguments: alignments)
    func align(_ alignment: String, _ expected: [F]) {
        let yaml = layout(size: (300, 100), root: """
              hgroup: g
              padding: [10, 0, 10, 0]
              align: \(alignment)
              children:
                - item: a
                  size: [100, 40]
                - item: b
                  height: 20
                - item: c
                  width: 50
            """)
        expectFrames(yaml, expected)
    }

    @Test("align center in a vgroup; `width: flexible` on the cross axis fills")
    func crossFlexibleFills() {
        let yaml = layout(size: (200, 300), root: """
              vgroup: g
              align: center
              children:
                - item: a
                  width: flexible
                  height: 50
                - item: b
                  width: 100
            """)
        expectFrames(yaml, [F("g", 0, 0, 200, 300), F("a", 0, 0, 200, 50), F("b", 50, 50, 100, 250)])
    }

    @Test("percent and flexible weight on a child mean fill on the cross axis")
    func percentFillsCross() {
        let yaml = layout(size: (100, 40), root: """
              hgroup: g
              align: trailing
              children:
                - item: a
                  percent: 50
                - item: b
                  flexible: 3
            """)
        expectFrames(yaml, [F("g", 0, 0, 100, 40), F("a", 0, 0, 50, 40), F("b", 50, 0, 50, 40)])
    }

    @Test("a cross size larger than the inner extent is outOfSpace at the group")
    func crossTooLarge() {
        let yaml = layout(size: (100, 40), root: """
              hgroup: g
              children:
                - item: a
                  height: 41
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 4, 3)])
    }

    @Test("percentages adding up to exactly 100")
    func percentExactly100() {
        let yaml = layout(size: (300, 10), root: """
              hgroup: g
              children:
                - item: a
                  percent: 50
                - item: b
                  percent: 30
                - item: c
                  percent: 20
            """)
        expectFrames(yaml, [F("g", 0, 0, 300, 10), F("a", 0, 0, 150, 10), F("b", 150, 0, 90, 10), F("c", 240, 0, 60, 10)])
    }

    @Test("33.3 + 33.3 + 33.4 percent is exactly 100, not an overflow")
    func percentThirds() {
        let yaml = layout(size: (1000, 10), root: """
              hgroup: g
              children:
                - item: a
                  percent: 33.3
                - item: b
                  percent: 33.3
                - item: c
                  percent: 33.4
            """)
        expectFrames(yaml, [F("g", 0, 0, 1000, 10), F("a", 0, 0, 333, 10), F("b", 333, 0, 333, 10), F("c", 666, 0, 334, 10)])
    }

    @Test("fixed children exactly filling the group are no overflow")
    func exactFill() {
        let yaml = layout(size: (0.3, 1), root: """
              hgroup: g
              children:
                - item: a
                  width: 0.1
                - item: b
                  width: 0.2
            """)
        expectFrames(yaml, [F("g", 0, 0, 0.3, 1), F("a", 0, 0, 0.1, 1), F("b", 0.1, 0, 0.2, 1)])
    }

    @Test("free space below zero is outOfSpace at the group")
    func freeNegative() {
        // 60 + 10 + 40 = 110 > 100
        let yaml = layout(size: (100, 20), root: """
              vgroup: outer
              children:
                - hgroup: g
                  spacing: 10
                  children:
                    - item: a
                      width: 60
                    - item: b
                      width: 40
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 6, 7)])
    }

    @Test("padding larger than the group is outOfSpace at the group")
    func paddingTooLarge() {
        let yaml = layout(size: (100, 20), root: """
              vgroup: g
              padding: [15, 0, 6, 0]
              children: []
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 4, 3)])
    }

    @Test("empty groups, with [] and with nothing after children:")
    func emptyGroups() {
        let yaml = layout(size: (100, 100), root: """
              vgroup: g
              padding: 5
              spacing: 10
              children:
                - hgroup: e1
                  children: []
                - vgroup: e2
                  children:
                - hgroup: e3
            """)
        // 3 flexible children: free = 90 − 20 = 70 → 70/3 each
        let h = 70.0 / 3
        expectFrames(yaml, [F("g", 0, 0, 100, 100), F("e1", 5, 5, 90, h), F("e2", 5, 5 + h + 10, 90, h),
                            F("e3", 5, 5 + 2 * h + 20, 90, h)])
    }

    @Test("a zero-size container gives zero-size frames")
    func zeroSizeContainer() {
        let yaml = layout(size: (0, 0), root: """
              hgroup: g
              children:
                - item: a
                - vgroup: b
                  children:
                    - item: c
            """)
        expectFrames(yaml, [F("g", 0, 0, 0, 0), F("a", 0, 0, 0, 0), F("b", 0, 0, 0, 0), F("c", 0, 0, 0, 0)])
    }

    @Test("spacing in a zero-size container is outOfSpace")
    func zeroSizeWithSpacing() {
        let yaml = layout(size: (0, 0), root: """
              hgroup: g
              spacing: 1
              children:
                - item: a
                - item: b
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 4, 3)])
    }

    @Test("200 nested groups, each with 0.25 pt of padding")
    func deepNesting() {
        let depth = 200
        var text = "layout: Deep\nsize: [200, 200]\nroot:\n  vgroup: g0\n"
        var column = 2
        for level in 0..<depth {
            let pad = String(repeating: " ", count: column)
            text += "\(pad)padding: 0.25\n\(pad)children:\n"
            text += level == depth - 1 ? "\(pad)- item: leaf\n" : "\(pad)- \(level % 2 == 0 ? "hgroup" : "vgroup"): g\(level + 1)\n"
            column += 2
        }
        var expected: [F] = []
        for level in 0...depth {
            let inset = 0.25 * Double(level)
            expected.append(F(level == depth ? "leaf" : "g\(level)", inset, inset, 200 - 2 * inset, 200 - 2 * inset))
        }
        expectFrames(text, expected)
    }

    @Test("the Toolbar example: header, 44 pt toolbar, 200 pt footer split in two")
    func seed003() {
        let yaml = """
            layout: Column
            size: [390, 844]
            root:
              vgroup: main
              children:
                - item: header
                - item: toolbar
                  height: 44
                - hgroup: footer
                  height: 200
                  children:
                    - item: left
                    - item: right
            """
        expectFrames(yaml, [F("main", 0, 0, 390, 844), F("header", 0, 0, 390, 600), F("toolbar", 0, 600, 390, 44),
                            F("footer", 0, 644, 390, 200), F("left", 0, 644, 195, 200), F("right", 195, 644, 195, 200)])
    }

    @Test("the Toolbar example: a UIToolbar-like row of buttons between flexible spacers, in the safe area")
    func seed003Toolbar() {
        let yaml = """
            layout: Toolbar
            size: [390, 844]
            safeArea: [59, 0, 34, 0]
            root:
              vgroup: main
              safeArea: true
              children:
                - item: header
                - hgroup: toolbar
                  height: 44
                  align: center
                  children:
                    - spacer:
                    - item: rewind
                      size: [32, 32]
                    - spacer:
                    - item: play
                      size: [32, 32]
                    - spacer:
                    - item: pause
                      size: [32, 32]
                    - spacer:
                    - item: forward
                      size: [32, 32]
                    - spacer:
                - hgroup: footer
                  height: 200
                  children:
                    - item: primary
                    - item: secondary
            """
        // main = (0, 59, 390, 751); header 751 − 244 = 507; spacers (390 − 128) / 5 = 52.4
        expectFrames(yaml, [F("main", 0, 59, 390, 751), F("header", 0, 59, 390, 507), F("toolbar", 0, 566, 390, 44),
                            F("rewind", 52.4, 572, 32, 32), F("play", 2 * 52.4 + 32, 572, 32, 32),
                            F("pause", 3 * 52.4 + 64, 572, 32, 32), F("forward", 4 * 52.4 + 96, 572, 32, 32),
                            F("footer", 0, 610, 390, 200), F("primary", 0, 610, 195, 200), F("secondary", 195, 610, 195, 200)])
    }

    @Test("the Softimage example: percent and margin")
    func seed004() {
        // free 374: right 33% = 123.42, left 250.58; margin 8 → 4 pt in from each end of each slot
        let yaml = layout(size: (374, 200), root: """
              hgroup: footer
              margin: 8
              children:
                - item: left
                - item: right
                  percent: 33
            """)
        expectFrames(yaml, [F("footer", 0, 0, 374, 200), F("left", 4, 0, 242.58, 200), F("right", 254.58, 0, 115.42, 200)])
    }

    @Test("the DepthOfField example: toolbars with margins in a padded vgroup in the safe area")
    func seed004DepthOfField() {
        let yaml = """
            layout: DepthOfField
            size: [844, 390]
            safeArea: [0, 47, 21, 47]
            root:
              vgroup: main
              safeArea: true
              padding: 10
              spacing: 10
              children:
                - item: viewer
                - hgroup: upper
                  height: 50
                  margin: 10
                  children:
                    - item: w0
                    - item: w1
                    - item: w2
                    - item: w3
            """
        // main = (47, 0, 750, 369); inner (57, 10, 730, 349); viewer 349 − 10 − 50 = 289
        // upper (57, 309, 730, 50): slots 182.5; each item 172.5 wide, 5 in from its slot
        expectFrames(yaml, [F("main", 47, 0, 750, 369), F("viewer", 57, 10, 730, 289), F("upper", 57, 309, 730, 50),
                            F("w0", 62, 309, 172.5, 50), F("w1", 62 + 182.5, 309, 172.5, 50),
                            F("w2", 62 + 365, 309, 172.5, 50), F("w3", 62 + 547.5, 309, 172.5, 50)])
    }

    @Test("the Player example of docs/format.md §2, every node kind")
    func playerExample() {
        let yaml = """
            layout: Player
            size: [390, 844]
            safeArea: [59, 0, 34, 0]
            root:
              vgroup: main
              padding: 10
              spacing: 8
              align: center
              children:
                - item: header
                - item: toolbar
                  height: 44
                - hgroup: footer
                  height: 200
                  margin: 8
                  children:
                    - item: left
                    - item: right
                      percent: 33
                - spacer:
                  height: 12
                - flow: tags
                  height: fit
                  spacing: [10, 8]
                  justify: true
                  items:
                    - item: first
                      size: [80, 30]
                    - item: chip
                      count: 12
                      size: [60, 30]
                    - item: extra
                      dynamic: true
                - overlay: hud
                  height: 120
                  children:
                    - item: spinner
                      size: [40, 40]
                      center: true
                    - item: close
                      size: [44, 44]
                      top: 8
                      trailing: 8
                      safeArea: true
            """
        // inner (10, 10, 370, 824). tags at width 370: lines [first, chip0-3] [chip4-8]
        // [chip9-11, extra0] [extra1]; height 4×30 + 3×8 = 144. header = 824 − 40 − 44 − 200 − 12 − 144 − 120 = 264.
        // footer: right = 33% of 370 = 122.1, left 247.9; margin 8.
        // line 1: Σ 320, g 12.5 → x 10, 102.5, 175, 247.5, 320 → integral.
        // line 2: Σ 300, g 17.5 → x 10, 87.5, 165, 242.5, 320. line 3: Σ 280, g 30 → 10, 100, 190, 280.
        // hud (10, 714, 370, 120); safe area ∩ hud = (10, 714, 370, 96); close x 380 − 8 − 44, y 722.
        let expected: [F] = [
            F("main", 0, 0, 390, 844), F("header", 10, 10, 370, 264), F("toolbar", 10, 282, 370, 44),
            F("footer", 10, 334, 370, 200), F("left", 14, 334, 239.9, 200), F("right", 261.9, 334, 114.1, 200),
            F("tags", 10, 562, 370, 144),
            F("first", 10, 562, 80, 30),
            F("chip[0]", 102, 562, 61, 30), F("chip[1]", 175, 562, 60, 30), F("chip[2]", 247, 562, 61, 30),
            F("chip[3]", 320, 562, 60, 30),
            F("chip[4]", 10, 600, 60, 30), F("chip[5]", 87, 600, 61, 30), F("chip[6]", 165, 600, 60, 30),
            F("chip[7]", 242, 600, 61, 30), F("chip[8]", 320, 600, 60, 30),
            F("chip[9]", 10, 638, 60, 30), F("chip[10]", 100, 638, 60, 30), F("chip[11]", 190, 638, 60, 30),
            F("extra[0]", 280, 638, 100, 30),
            F("extra[1]", 10, 676, 120, 30),
            F("hud", 10, 714, 370, 120), F("spinner", 175, 754, 40, 40), F("close", 328, 722, 44, 44),
        ]
        expectFrames(yaml, sizes: ["extra": [S(100, 30), S(120, 30)]], expected)
    }

    @Test("the root fills the container; with safeArea: true it is the container inset")
    func rootFrames() {
        let plain = layout(size: (320, 480), root: "  item: r\n")
        expectFrames(plain, [F("r", 0, 0, 320, 480)])
        expectFrames(plain, size: S(10, 20), [F("r", 0, 0, 10, 20)])
        let safe = layout(size: (320, 480), root: "  item: r\n  safeArea: true\n")
        expectFrames(safe, safeArea: I(20, 1, 30, 2), [F("r", 1, 20, 317, 430)])
    }

    @Test("anonymous groups and spacers have no frames; named nodes appear depth-first")
    func anonymousNodes() {
        let yaml = layout(size: (100, 100), root: """
              vgroup:
              children:
                - hgroup:
                  children:
                    - item: a
                    - spacer:
                    - item: b
                - item: c
            """)
        expectFrames(yaml, [F("a", 0, 0, 100.0 / 3, 50), F("b", 200.0 / 3, 0, 100.0 / 3, 50), F("c", 0, 50, 100, 50)])
    }
}
