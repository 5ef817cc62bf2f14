import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// docs/format.md §8.5: an overlay measures itself from the children that size it on an axis;
/// the others follow its frame.
@Suite("overlays that measure (docs/format.md §8.5)")
struct OverlayMeasurementTests {
    static let card = """
        layout: Card
        size: [390, 0]
        fit: height
        root:
          overlay: card
          children:
            - item: background
            - vgroup: content
              padding: 16
              spacing: 8
              children:
                - item: image
                  height: 180
                - item: title
                  dynamic: wrap
                - item: description
                  dynamic: wrap
            - item: badge
              trailing: 4
              top: 4
              size: [24, 24]
            - item: separator
              leading: 16
              trailing: 0
              bottom: 0
              height: 1

        """

    /// `layoutc frames` in memory with text models and content sizes.
    static func run(_ yaml: String, size: Size? = nil, sizes: [String: [Size]] = [:],
                    wraps: [String: (Double, Double)] = [:], hide: [String] = []) -> FramesRequest.Result {
        var request = FramesRequest(size: size, dynamicSizes: sizes)
        request.textModels = wraps.mapValues { LayoutTextModel(width: $0.0, lineHeight: $0.1) }
        request.hidden = hide
        return request.run(on: Array(yaml.utf8))
    }

    static func frames(_ yaml: String, size: Size? = nil, sizes: [String: [Size]] = [:], wraps: [String: (Double, Double)] = [:],
                       hide: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (Size, [F]) {
        let result = run(yaml, size: size, sizes: sizes, wraps: wraps, hide: hide)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        guard let layout = result.table?.layouts.first else {
            Issue.record("no frame table", sourceLocation: sourceLocation)
            return (Size(width: 0, height: 0), [])
        }
        return (layout.size, layout.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) })
    }

    static func errors(_ yaml: String, size: Size? = nil, sizes: [String: [Size]] = [:]) -> [String] {
        run(yaml, size: size, sizes: sizes).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue) \($0.message)" }
    }

    @Test("a card: its content column sizes it; the background, a corner badge and a bottom separator follow")
    func card() {
        // content at 390: inner width 358; title 500 wide wraps to 2 × 28 = 56, description 700
        // to ceil(700 / 358) = 2 × 20 = 40: 16 + 180 + 8 + 56 + 8 + 40 + 16 = 324.
        let (size, frames) = Self.frames(Self.card, wraps: ["title": (500, 28), "description": (700, 20)])
        #expect(size == Size(width: 390, height: 324))
        expectSame(frames, [F("card", 0, 0, 390, 324), F("background", 0, 0, 390, 324), F("content", 0, 0, 390, 324),
                            F("image", 16, 16, 358, 180), F("title", 16, 204, 358, 56), F("description", 16, 268, 358, 40),
                            F("badge", 362, 4, 24, 24), F("separator", 16, 323, 374, 1)])
        // A short title keeps its width; a long description takes 14 lines: 16 + 180 + 8 + 28 + 8 + 280 + 16 = 536.
        let (tall, tallFrames) = Self.frames(Self.card, wraps: ["title": (200, 28), "description": (4800, 20)])
        #expect(tall == Size(width: 390, height: 536))
        expectSame(tallFrames, [F("card", 0, 0, 390, 536), F("background", 0, 0, 390, 536), F("content", 0, 0, 390, 536),
                                F("image", 16, 16, 358, 180), F("title", 16, 204, 200, 28), F("description", 16, 240, 358, 280),
                                F("badge", 362, 4, 24, 24), F("separator", 16, 535, 374, 1)])
    }

    @Test("the text form of the card example gives the YAML form's frames")
    func cardExampleFiles() throws {
        let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")
        var outputs: [String] = []
        for file in ["Card.layout.yaml", "Card.layout"] {
            let out = try CommandLine_.run(["frames", file, "--wrap", "title=500x28", "--wrap", "description=700x20", "--format", "csv"], in: layouts)
            #expect(out.status == 0, "\(out.stderr)")
            outputs.append(out.stdout)
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].contains("Card,card,overlay,0,0,390,324\n"), "\(outputs[0])")
        #expect(outputs[0].contains("Card,separator,item,16,323,374,1\n"), "\(outputs[0])")
    }

    @Test("anchors count around a sizing child's size; a child placed from the far edge follows")
    func anchorsAndFollowers() {
        // width: a 10 + 50 = 60; b (`width: flexible` between two anchors) 5 + content 30 + 7 = 42;
        // c (trailing alone) follows: 60.
        // height at 60: a 3 + 20 = 23; b fills: its content height 40; c (bottom alone) follows: 40.
        let yaml = layout(size: (500, 500), root: """
              vgroup: g
              align: leading
              children:
                - overlay: o
                  width: fit
                  height: fit
                  children:
                    - item: a
                      leading: 10
                      width: 50
                      top: 3
                      height: 20
                    - item: b
                      dynamic: true
                      width: flexible
                      leading: 5
                      trailing: 7
                      top: 0
                    - item: c
                      trailing: 0
                      width: 200
                      bottom: 0
                      height: 300
            """)
        let (_, frames) = Self.frames(yaml, sizes: ["b": [S(30, 40)]])
        expectSame(frames, [F("g", 0, 0, 500, 500), F("o", 0, 0, 60, 40), F("a", 10, 3, 50, 20), F("b", 5, 0, 48, 40),
                            F("c", -140, -260, 200, 300)])
    }

    @Test("hidden sizing children are skipped; when all are hidden the overlay measures 0")
    func hiddenChildren() {
        let yaml = layout(size: (100, 100), root: """
              vgroup: g
              children:
                - overlay: o
                  height: fit
                  children:
                    - item: a
                      optional: true
                      leading: 0
                      top: 0
                      size: [10, 10]
                    - item: b
                      optional: true
                      leading: 0
                      top: 5
                      size: [10, 30]
                    - item: bg
            """)
        expectSame(Self.frames(yaml, hide: ["b"]).1, [F("g", 0, 0, 100, 100), F("o", 0, 0, 100, 10), F("a", 0, 0, 10, 10), F("bg", 0, 0, 100, 10)])
        expectSame(Self.frames(yaml, hide: ["a", "b"]).1, [F("g", 0, 0, 100, 100), F("o", 0, 0, 100, 0), F("bg", 0, 0, 100, 0)])
    }

    @Test("the overlay's bounds clamp its fit; an aspect child's height follows from its width")
    func boundsAndAspect() {
        let yaml = layout(size: (200, 300), root: """
              vgroup: g
              children:
                - overlay: o
                  height: fit
                  maxHeight: 90
                  children:
                    - item: a
                      aspect: 2
                      top: 8
            """)
        // a fills the width 200, its height 200 / 2 = 100; 8 + 100 = 108, clamped to 90
        expectSame(Self.frames(yaml).1, [F("g", 0, 0, 200, 300), F("o", 0, 0, 200, 90), F("a", 0, 8, 200, 100)])
    }

    @Test("a root overlay with fit: both measures its width, then its height at that width")
    func rootOverlayBoth() {
        let yaml = """
            layout: L
            fit: both
            root:
              overlay: o
              children:
                - item: label
                  dynamic: wrap
                  leading: 12
                  trailing: 12
                  top: 6
                - item: dot
                  trailing: -4
                  top: -4
                  size: [8, 8]

            """
        // width: 12 + natural 100 + 12 = 124; height at 124: label 100 wide, one line of 20: 6 + 20 = 26;
        // the dot follows: x = 124 + 4 - 8 = 120
        let (size, frames) = Self.frames(yaml, wraps: ["label": (100, 20)])
        #expect(size == Size(width: 124, height: 26))
        expectSame(frames, [F("o", 0, 0, 124, 26), F("label", 12, 6, 100, 20), F("dot", 120, -4, 8, 8)])
    }

    @Test("an overlay measured with fit and laid out at that size holds every sizing child")
    func sizingChildrenInside() {
        let yaml = """
            layout: L
            fit: height
            root:
              overlay: o
              children:
                - item: text
                  dynamic: wrap
                  leading: 10
                  trailing: 30
                  top: 12
                - vgroup: column
                  padding: [20, 0, 0, 0]
                  children:
                    - item: other
                      dynamic: wrap
                - item: icon
                  leading: 0
                  top: 40
                  size: [24, 24]
                - item: follower
                  centerY: 0
                  trailing: 0
                  size: [20, 500]

            """
        var checked = 0
        for width in stride(from: 60.0, through: 700, by: 37) {
            for (text, other) in [(90.0, 700.0), (400, 30), (1200, 1200), (0, 10)] {
                let result = Self.run(yaml, size: S(width, 0), wraps: ["text": (text, 18), "other": (other, 22)])
                #expect(result.diagnostics.isEmpty, "\(width) \(text) \(other): \(result.diagnostics.map(\.message))")
                guard let table = result.table?.layouts.first else { continue }
                let overlay = table.frames[0].rect
                #expect(overlay.height == table.size.height)
                for frame in table.frames where ["text", "column", "icon", "other"].contains(frame.name) {
                    #expect(frame.rect.y >= overlay.y && frame.rect.y + frame.rect.height <= overlay.y + overlay.height,
                            "\(frame.name) \(frame.rect) outside \(overlay) at \(width)")
                    checked += 1
                }
            }
        }
        #expect(checked == 4 * 4 * 18)
    }

    // MARK: static checks

    @Test("an overlay asked to measure with no sizing child is itemIncomplete at the overlay")
    func noSizingChild() {
        let yaml = """
            layout: L
            size: [300, 400]
            root:
              vgroup: column
              children:
                - overlay: card
                  height: fit
                  children:
                    - item: background
                    - item: badge
                      trailing: 0
                      bottom: 0
                      size: [10, 10]
                    - item: pinned
                      safeArea: true
                      top: 0
                      leading: 0
                      size: [10, 10]

            """
        #expect(Self.errors(yaml) == [
            "6:7 itemIncomplete overlay 'card' cannot measure its height: no child sizes it (a child placed by 'bottom' alone, 'centerY' or the safe area follows, as does one with nothing to measure); give a child a height and a 'top' anchor",
        ])
    }

    @Test("a root overlay whose fit axis no child sizes is itemIncomplete at the fit key")
    func rootWithoutSizingChild() {
        let yaml = """
            layout: L
            size: [300, 0]
            fit: height
            root:
              overlay: card
              children:
                - item: background
                - item: badge
                  centerX: 0
                  centerY: 0
                  size: [10, 10]

            """
        #expect(Self.errors(yaml) == [
            "3:1 itemIncomplete 'fit: height' measures the root overlay 'card', but no child sizes its height (a child placed by 'bottom' alone, 'centerY' or the safe area follows, as does one with nothing to measure); give a child a height and a 'top' anchor",
        ])
    }

    @Test("a sizing child that cannot be measured is itemIncomplete at the innermost such node")
    func unmeasurableSizingChild() {
        let group = """
            layout: L
            size: [300, 0]
            fit: both
            root:
              overlay: card
              children:
                - item: background
                - hgroup: row
                  children:
                    - item: a
                      width: 10
                    - item: b

            """
        #expect(Self.errors(group) == [
            "8:7 itemIncomplete hgroup 'row' sizes its overlay's width but cannot be measured: its child item 'b' has no fixed or fit width (every child must have one); or give hgroup 'row' a width of its own",
        ])
        let aspectRow = """
            layout: L
            size: [300, 0]
            fit: width
            root:
              overlay: card
              children:
                - hgroup: row
                  children:
                    - item: photo
                      aspect: 1.5
                    - item: tag
                      size: [20, 20]

            """
        #expect(Self.errors(aspectRow) == [
            "9:11 itemIncomplete hgroup 'row' sizes its overlay's width but cannot be measured: item 'photo' derives its width from its height, which is not a number; give it a 'height'",
        ])
        let flow = """
            layout: L
            size: [300, 200]
            root:
              hgroup: row
              children:
                - overlay: card
                  width: fit
                  children:
                    - overlay: inner
                      children:
                        - flow: tags
                          items:
                            - item: t
                              size: [10, 10]

            """
        #expect(Self.errors(flow) == [
            "11:15 itemIncomplete flow 'tags' sizes its overlay's width but a flow's width cannot be measured; give it a 'width', or anchor it with 'trailing' or 'centerX' so that it follows the overlay",
        ])
        let aspect = """
            layout: L
            size: [300, 200]
            root:
              hgroup: row
              children:
                - overlay: card
                  width: fit
                  children:
                    - item: icon
                      aspect: 1
                      top: 4
                      bottom: 4
                      leading: 4

            """
        #expect(Self.errors(aspect) == [
            "9:11 itemIncomplete item 'icon' derives its width from a height set by 'top' and 'bottom', which its overlay cannot measure its width from; give it a 'height', or anchor it with 'trailing' or 'centerX' so that it follows the overlay",
        ])
    }

    @Test("a diagnostic through the real CLI: file, line, column, message and code")
    func cliDiagnostic() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-measure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            layout Bad (size: 300x0, fit: height) {
              overlay card {
                item background
                item badge .trailing(0) .bottom(0) .size(10, 10)
              }
            }

            """.write(to: directory.appendingPathComponent("Bad.layout"), atomically: true, encoding: .utf8)
        let out = try CommandLine_.run(["frames", "Bad.layout"], in: directory)
        #expect(out.status == 1)
        #expect(out.stderr == "Bad.layout:1:26: error: 'fit: height' measures the root overlay 'card', but no child sizes its height (a child placed by 'bottom' alone, 'centerY' or the safe area follows, as does one with nothing to measure); give a child a height and a 'top' anchor [itemIncomplete]\n",
                "\(out.stderr)")
    }
}
