import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// docs/format.md §7.1–7.3: text that wraps, children that give way, layouts that size themselves.
@Suite("wrap, shrink and fit (docs/format.md §7.1–7.3)")
struct TextLayoutTests {
    /// `layoutc frames` in memory with text models: the frames and the container size.
    static func run(_ yaml: String, size: Size? = nil, safeArea: EdgeInsets? = nil, sizes: [String: [Size]] = [:],
                    wraps: [String: (Double, Double)] = [:], hide: [String] = []) -> FramesRequest.Result {
        var request = FramesRequest(size: size, safeArea: safeArea, dynamicSizes: sizes)
        request.textModels = wraps.mapValues { LayoutTextModel(width: $0.0, lineHeight: $0.1) }
        request.hidden = hide
        return request.run(on: Array(yaml.utf8))
    }

    static func expect(_ yaml: String, size: Size? = nil, safeArea: EdgeInsets? = nil, sizes: [String: [Size]] = [:],
                       wraps: [String: (Double, Double)] = [:], hide: [String] = [], container: Size? = nil, _ expected: [F],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let result = run(yaml, size: size, safeArea: safeArea, sizes: sizes, wraps: wraps, hide: hide)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        guard let layout = result.table?.layouts.first else {
            Issue.record("no frame table", sourceLocation: sourceLocation)
            return
        }
        expectSame(layout.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) }, expected,
                   sourceLocation: sourceLocation)
        if let container {
            #expect(layout.size == container, "size \(layout.size)", sourceLocation: sourceLocation)
        }
    }

    static func errors(_ yaml: String, size: Size? = nil, sizes: [String: [Size]] = [:], wraps: [String: (Double, Double)] = [:])
        -> [String] {
        run(yaml, size: size, sizes: sizes, wraps: wraps).diagnostics.map {
            "\($0.location.line):\($0.location.column) \($0.code.rawValue) \($0.message)"
        }
    }

    // MARK: §7.1 wrapping

    @Test("in a vgroup a wrap item is offered the inner width: a long text takes it and wraps, a short one keeps its width")
    func wrapInVgroup() {
        // inner 300 − 20 = 280: 700 / 280 = 2.5 → 3 lines of 20; 100 ≤ 280: one line, 100 wide, centred
        let yaml = layout(size: (300, 400), root: """
              vgroup: root
              padding: 10
              align: center
              children:
                - item: long
                  dynamic: wrap
                - item: short
                  dynamic: wrap
                - spacer:
            """)
        Self.expect(yaml, wraps: ["long": (700, 20), "short": (100, 18)],
                    [F("root", 0, 0, 300, 400), F("long", 10, 10, 280, 60), F("short", 100, 70, 100, 18)])
    }

    @Test("a width bound caps the width offered, so the text wraps at it (a readable width)")
    func wrapWithMaxWidth() {
        // offered min(680, 600) = 600; 1500 / 600 = 2.5 → 3 lines of 20, centred: x = 10 + 40
        let yaml = layout(size: (700, 400), root: """
              vgroup: root
              padding: 10
              align: center
              children:
                - item: text
                  dynamic: wrap
                  maxWidth: 600
                - spacer:
            """)
        Self.expect(yaml, wraps: ["text": (1500, 20)], [F("root", 0, 0, 700, 400), F("text", 50, 10, 600, 60)])
    }

    @Test("with an own width (flexible in a vgroup, a percent in an hgroup) the height is the measure at that width")
    func wrapWithOwnWidth() {
        // hgroup 200: percent 50 of 200 = 100 → 250 / 100 = 2.5 → 3 lines of 10 = 30; the short
        // text fills the width it has (width: flexible)
        let yaml = layout(size: (200, 300), root: """
              vgroup: root
              children:
                - hgroup: row
                  height: fit
                  children:
                    - item: half
                      dynamic: wrap
                      percent: 50
                    - spacer:
                - item: full
                  dynamic: wrap
                  width: flexible
                - spacer:
            """)
        Self.expect(yaml, wraps: ["half": (250, 10), "full": (50, 12)],
                    [F("root", 0, 0, 200, 300), F("row", 0, 0, 200, 30), F("half", 0, 0, 100, 30), F("full", 0, 30, 200, 12)])
    }

    @Test("in an hgroup a wrap item is as wide as its one line (its natural width), its height measured there")
    func wrapInHgroup() {
        let yaml = layout(size: (300, 100), root: """
              hgroup: root
              spacing: 5
              children:
                - item: label
                  dynamic: wrap
                - item: rest
            """)
        Self.expect(yaml, wraps: ["label": (120, 17)], [F("root", 0, 0, 300, 100), F("label", 0, 0, 120, 17), F("rest", 125, 0, 175, 100)])
    }

    @Test("an overlay child is offered the reference width less its anchors")
    func wrapInOverlay() {
        // offered 200 − 20 = 180: 400 / 180 = 2.2 → 3 lines of 10; placed at leading 20, bottom 5
        let yaml = layout(size: (200, 100), root: """
              overlay: root
              children:
                - item: caption
                  dynamic: wrap
                  leading: 20
                  bottom: 5
            """)
        Self.expect(yaml, wraps: ["caption": (400, 10)], [F("root", 0, 0, 200, 100), F("caption", 20, 65, 180, 30)])
    }

    @Test("a wrap item offered no width is outOfSpace at the item, unless its text has no width")
    func wrapWithoutWidth() {
        let yaml = layout(size: (20, 100), root: """
              vgroup: root
              padding: [0, 10, 0, 10]
              children:
                - item: text
                  dynamic: wrap
                - spacer:
            """)
        #expect(Self.errors(yaml, wraps: ["text": (50, 10)])
                    == ["7:7 outOfSpace item 'text' has no width to wrap its text into (offered 0 pt) at 20×100"])
        Self.expect(yaml, wraps: ["text": (0, 10)], [F("root", 0, 0, 20, 100), F("text", 10, 0, 0, 10)])
    }

    @Test("a wrap item without a measure is itemIncomplete at the item, and says how to give one")
    func wrapWithoutMeasure() {
        let yaml = layout(size: (200, 100), root: """
              vgroup: root
              children:
                - item: text
                  dynamic: wrap
            """)
        #expect(Self.errors(yaml) == ["6:7 itemIncomplete wrap item 'text' has no measure; give its measure at run time"])
    }

    @Test("the measure is called once where the width is the item's own, twice where it is measured")
    func measureCalls() throws {
        let yaml = layout(size: (300, 200), root: """
              vgroup: root
              children:
                - item: own
                  dynamic: wrap
                  width: flexible
                - hgroup: row
                  height: fit
                  children:
                    - item: fitted
                      dynamic: wrap
                      shrink: 1
                    - item: other
                      width: 100
            """)
        let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
        let plan = try #require(compiled.plans.first ?? nil)
        let calls = CallCounter()
        let model = LayoutTextModel(width: 500, lineHeight: 10)
        let environment = LayoutEngine.Environment(size: Size(width: 300, height: 200), measures: [
            "own": { width in calls.count("own"); return model.size(at: width) },
            "fitted": { width in calls.count("fitted"); return model.size(at: width) },
        ])
        let computed = try LayoutEngine.layout(plan, in: environment).get()
        #expect(calls.counts == ["own": 1, "fitted": 2])
        // fitted: natural 500, shrunk by 500 + 100 − 300 = 300 to 200: 3 lines
        #expect(computed.frames.first { $0.name == "fitted" }?.rect == Rect(x: 0, y: 20, width: 200, height: 30))
    }

    final class CallCounter: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var counts: [String: Int] = [:]

        func count(_ name: String) {
            lock.lock()
            counts[name, default: 0] += 1
            lock.unlock()
        }
    }

    // MARK: §7.2 shrinking

    @Test("children give way in proportion to factor × base size")
    func shrinkShares() {
        // 100 + 200 + 10 = 310 in 250: D = 60; Σ s·B = 1·100 + 2·200 = 500; a loses 60·100/500 = 12,
        // b loses 60·400/500 = 48
        let yaml = layout(size: (250, 50), root: """
              hgroup: root
              spacing: 10
              children:
                - item: a
                  width: 100
                  shrink: 1
                - item: b
                  width: 200
                  shrink: 2
            """)
        Self.expect(yaml, [F("root", 0, 0, 250, 50), F("a", 0, 0, 88, 50), F("b", 98, 0, 152, 50)])
    }

    @Test("a child that would go below its floor (its min bound) is frozen there and the others share the rest")
    func shrinkFloors() {
        // D = 300 − 200 = 100; first round: a 100 − 100·100/300 = 66.7 < 80 → frozen at 80 (gave 20);
        // b gives the other 80: 120
        let yaml = layout(size: (200, 50), root: """
              hgroup: root
              children:
                - item: a
                  dynamic: true
                  minWidth: 80
                  shrink: 1
                - item: b
                  width: 200
                  shrink: 1
            """)
        Self.expect(yaml, sizes: ["a": [S(100, 10)]], [F("root", 0, 0, 200, 50), F("a", 0, 0, 80, 10), F("b", 80, 0, 120, 50)])
    }

    @Test("when the shrinkable children cannot give way enough the group is outOfSpace, needing what their floors need")
    func shrinkImpossible() {
        let yaml = layout(size: (100, 50), root: """
              hgroup: root
              children:
                - item: a
                  width: 80
                - hgroup: b
                  width: fit
                  minWidth: 40
                  shrink: 1
                  children:
                    - item: b1
                      width: 60
            """)
        #expect(Self.errors(yaml) == ["4:3 outOfSpace hgroup 'root' needs 120 pt but has 100 pt at 100×50"])
    }

    @Test("with a margin a fixed child's frame is its shrunk size less the margin, a fit child's its shrunk size")
    func shrinkWithMargin() {
        // slots: a fixed 100 (frame 90), b fit 60 + 10 = 70; used 170 in 150: D = 20;
        // Σ s·B = 100 + 60 = 160: a 100 − 12.5 = 87.5 (frame 77.5), b 60 − 7.5 = 52.5 (slot 62.5)
        let yaml = layout(size: (150, 50), root: """
              hgroup: root
              margin: 10
              children:
                - item: a
                  width: 100
                  shrink: 1
                - item: b
                  dynamic: true
                  shrink: 1
            """)
        Self.expect(yaml, sizes: ["b": [S(60, 10)]], [F("root", 0, 0, 150, 50), F("a", 5, 0, 77.5, 50), F("b", 92.5, 0, 52.5, 10)])
    }

    @Test("after shrinking nothing is left for percent and flexible children; a wrap item grows taller")
    func shrinkWrap() {
        // name natural 300, time 60, spacer flexible: D = 360 − 200 = 160 → name 140: 300/140 → 3 lines
        let yaml = layout(size: (200, 100), root: """
              hgroup: root
              children:
                - item: name
                  dynamic: wrap
                  shrink: 1
                - spacer:
                - item: time
                  width: 60
            """)
        Self.expect(yaml, wraps: ["name": (300, 20)], [F("root", 0, 0, 200, 100), F("name", 0, 0, 140, 60), F("time", 140, 0, 60, 100)])
    }

    @Test("a group's main-axis fit counts its children unshrunk")
    func shrinkFitUnshrunk() {
        let yaml = layout(size: (100, 50), root: """
              hgroup: root
              children:
                - hgroup: inner
                  width: fit
                  shrink: 1
                  children:
                    - item: x
                      width: 150
                      shrink: 1
            """)
        // inner measures 150 (x unshrunk), then shrinks to 100 in root; inside it x shrinks to 100
        Self.expect(yaml, [F("root", 0, 0, 100, 50), F("inner", 0, 0, 100, 50), F("x", 0, 0, 100, 50)])
    }

    // MARK: §7.3 fitting size

    @Test("fit: height computes the container's height at each width")
    func fitHeightAtWidths() {
        let yaml = """
            layout: Cell
            fit: height
            root:
              vgroup: cell
              padding: 8
              spacing: 4
              children:
                - item: title
                  height: 20
                - item: body
                  dynamic: wrap
            """
        for (width, lines) in [(320.0, 4.0), (390, 3), (1100, 1)] {
            // 8 + 20 + 4 + 15 × lines + 8, with 1000 / (width − 16) lines
            let inner = width - 16
            Self.expect(yaml, size: S(width, 844), wraps: ["body": (1000, 15)], container: S(width, 40 + 15 * lines),
                        [F("cell", 0, 0, width, 40 + 15 * lines), F("title", 8, 8, inner, 20),
                         F("body", 8, 32, lines == 1 ? 1000 : inner, 15 * lines)])
        }
    }

    @Test("fit: width and fit: both measure the root's width; a safe-area root adds the insets")
    func fitWidthAndBoth() {
        let yaml = """
            layout: Chip
            fit: both
            root:
              hgroup: chip
              safeArea: true
              padding: [4, 8, 4, 8]
              spacing: 4
              children:
                - item: icon
                  size: [16, 16]
                - item: label
                  dynamic: wrap
            """
        // width 8 + 16 + 4 + 60 + 8 = 96 (+ 10 + 10) = 116; height 4 + max(16, 18) + 4 = 26 (+ 5 + 5) = 36
        Self.expect(yaml, safeArea: I(5, 10, 5, 10), wraps: ["label": (60, 18)], container: S(116, 36),
                    [F("chip", 10, 5, 96, 26), F("icon", 18, 9, 16, 16), F("label", 38, 9, 60, 18)])
    }

    @Test("a fitted layout at its own fitted size has the frames of an ordinary layout given that size")
    func fittedMatchesGiven() throws {
        let fitted = try String(contentsOf: Self.layoutsDirectory.appendingPathComponent("ChatRow.layout.yaml"), encoding: .utf8)
        let given = fitted.replacingOccurrences(of: "\nfit: height", with: "")
        let sizes = ["name": [S(300, 20)], "time": [S(44, 16)]]
        let fittedResult = Self.run(fitted, size: S(390, 0), sizes: sizes, wraps: ["message": (900, 20)])
        let layout = try #require(fittedResult.table?.layouts.first)
        let givenResult = Self.run(given, size: layout.size, sizes: sizes, wraps: ["message": (900, 20)])
        #expect(givenResult.table?.layouts.first?.frames == layout.frames)
        #expect(layout.size == S(390, 104))
    }

    static let layoutsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("layouts")
}
