import LayoutCompiler
import Testing

/// docs/format.md §4.5: overlay children, axis by axis, and the safe area.
@Suite("overlay (docs/format.md §4.5)")
struct OverlayLayoutTests {
    /// One child per row of the table, in an overlay (0, 0, 300, 200) or one offset by padding.
    static let rows: [(String, String, Rect)] = [
        ("no anchors, no size: fills", "", R(0, 0, 300, 200)),
        ("leading / top with a size", "leading: 10\n  width: 50\n  top: 5\n  height: 20", R(10, 5, 50, 20)),
        ("trailing / bottom with a size", "trailing: 10\n  width: 50\n  bottom: 5\n  height: 20", R(240, 175, 50, 20)),
        ("centerX / centerY with a size", "centerX: 10\n  width: 50\n  centerY: -10\n  height: 20", R(135, 80, 50, 20)),
        ("center: true", "center: true\n  size: [40, 40]", R(130, 80, 40, 40)),
        ("leading and trailing, top and bottom", "leading: 10\n  trailing: 20\n  top: 5\n  bottom: 15", R(10, 5, 270, 180)),
        ("negative insets reach outside", "leading: -10\n  trailing: -10\n  top: -1\n  height: 1", R(-10, -1, 320, 1)),
        ("mixed: leading with width, top and bottom", "leading: 0\n  width: 0\n  top: 100\n  bottom: 100", R(0, 100, 0, 0)),
    ]

    @Test("each row of the anchor table", arguments: rows)
    func anchorRow(_ label: String, _ properties: String, _ expected: Rect) {
        let child = properties.isEmpty ? "" : "\n" + properties.split(separator: "\n").map { "      " + $0.drop(while: { $0 == " " }) }.joined(separator: "\n")
        let yaml = "layout: L\nsize: [300, 200]\nroot:\n  overlay: o\n  children:\n    - item: c\(child)\n"
        expectFrames(yaml, [F("o", 0, 0, 300, 200), F("c", expected.x, expected.y, expected.width, expected.height)])
    }

    @Test("children are placed in the overlay's own frame")
    func offsetOverlay() {
        // overlay (10, 10, 280, 180)
        let yaml = layout(size: (300, 200), root: """
              vgroup:
              padding: 10
              children:
                - overlay: o
                  children:
                    - item: a
                      trailing: 0
                      width: 20
                    - item: b
                      centerX: 0
                      width: 20
                      bottom: 10
                      top: 10
                    - item: c
            """)
        expectFrames(yaml, [F("o", 10, 10, 280, 180), F("a", 270, 10, 20, 180), F("b", 140, 20, 20, 160), F("c", 10, 10, 280, 180)])
    }

    @Test("leading + trailing larger than the reference width is outOfSpace at the child")
    func negativeWidth() {
        let yaml = layout(size: (300, 200), root: """
              overlay: o
              children:
                - item: ok
                - item: c
                  leading: 200
                  trailing: 150
            """)
        expectDiagnostics(yaml, [Diag(.outOfSpace, 7, 7)])
        // exactly the width: zero, fine
        expectFrames(yaml, size: S(350, 200), [F("o", 0, 0, 350, 200), F("ok", 0, 0, 350, 200), F("c", 200, 0, 0, 200)])
    }

    static let safeYAML = """
        layout: L
        size: [300, 200]
        safeArea: [20, 30, 40, 50]
        root:
          vgroup: g
          children:
            - overlay: top
              height: 50
              children:
                - item: a
                  safeArea: true
                - item: b
                  safeArea: true
                  top: 0
                  leading: 0
                  size: [10, 10]
                - item: c
            - overlay: middle
              children:
                - item: d
                  safeArea: true
            - overlay: touching
              height: 40
              children:
                - item: e
                  safeArea: true
        """

    @Test("safeArea: true uses the intersection of the overlay and the safe area")
    func safeAreaIntersection() {
        // safe = (30, 20, 220, 140): maxX 250, maxY 160. top (0,0,300,50) ∩ safe = (30, 20, 220, 30).
        // middle (0, 50, 300, 110) ∩ safe = (30, 50, 220, 110). touching (0, 160, 300, 40) ∩ safe = (30, 160, 220, 0).
        expectFrames(Self.safeYAML, [
            F("g", 0, 0, 300, 200),
            F("top", 0, 0, 300, 50), F("a", 30, 20, 220, 30), F("b", 30, 20, 10, 10), F("c", 0, 0, 300, 50),
            F("middle", 0, 50, 300, 110), F("d", 30, 50, 220, 110),
            F("touching", 0, 160, 300, 40), F("e", 30, 160, 220, 0),
        ])
    }

    @Test("a safe area that misses the overlay is outOfSpace at the child")
    func safeAreaDisjoint() {
        // bottom inset 41: safe maxY = 159 < 160, the touching overlay's top
        expectDiagnostics(Self.safeYAML, safeArea: I(20, 30, 41, 50), [Diag(.outOfSpace, 25, 11)])
    }

    @Test("a safe area with a negative size is outOfSpace where it is used")
    func safeAreaNegative() {
        expectDiagnostics(Self.safeYAML, safeArea: I(100, 0, 101, 0), [Diag(.outOfSpace, 10, 11)])
    }

    @Test("the root with safeArea: true is the container inset; too large insets are outOfSpace at the root")
    func rootSafeArea() {
        let yaml = layout(size: (300, 200), root: """
              overlay: o
              safeArea: true
              children:
                - item: a
                  bottom: 0
                  trailing: 0
                  size: [10, 10]
            """)
        expectFrames(yaml, safeArea: I(20, 30, 40, 50), [F("o", 30, 20, 220, 140), F("a", 240, 150, 10, 10)])
        expectFrames(yaml, [F("o", 0, 0, 300, 200), F("a", 290, 190, 10, 10)])
        expectDiagnostics(yaml, safeArea: I(150, 0, 60, 0), [Diag(.outOfSpace, 4, 3)])
        // insets exactly the container: zero size, fine
        expectFrames(layout(size: (300, 200), root: "  item: r\n  safeArea: true\n"), safeArea: I(150, 100, 50, 200),
                     [F("r", 100, 150, 0, 0)])
    }

    @Test("fit children of an overlay are measured, width before height")
    func fitChild() {
        let yaml = layout(size: (300, 200), root: """
              overlay: o
              children:
                - vgroup: v
                  width: fit
                  height: fit
                  leading: 5
                  bottom: 5
                  padding: 1
                  children:
                    - item: a
                      size: [30, 10]
                    - item: b
                      height: 15
            """)
        // width 30 + 2 = 32; height 10 + 15 + 2 = 27 → y = 200 − 5 − 27 = 168
        expectFrames(yaml, [F("o", 0, 0, 300, 200), F("v", 5, 168, 32, 27), F("a", 6, 169, 30, 10), F("b", 6, 179, 30, 15)])
    }
}
