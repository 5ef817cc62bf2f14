import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// `layoutc preview` of docs/format.md §7.1–7.3: wrap items drawn with their text's lines,
/// children that shrank outlined dashed, layouts with `fit` drawn at their fitted size.
@Suite("layoutc preview of wrapping text, shrinking and fitted layouts")
struct PreviewTextFitTests {
    static let chatRow = LintTextFitTests.chatRow
    static let texts = ["name": LayoutTextModel(width: 400, lineHeight: 20), "message": LayoutTextModel(width: 700, lineHeight: 18)]

    func svg(_ yaml: String, texts: [String: LayoutTextModel] = Self.texts, direction: LayoutDirection = .leftToRight) throws -> String {
        var request = PreviewRequest()
        request.textModels = texts
        request.directions = [direction]
        let result = request.run(on: Array(yaml.utf8))
        #expect(result.diagnostics.isEmpty)
        return try #require(result.svg)
    }

    @Test("a fitted layout is drawn at its fitted size; wrap items show their lines; a shrunk child is dashed and listed")
    func linesShrunkFitted() throws {
        let svg = try svg(Self.chatRow)
        // At 390 pt the top row has 366: the 400-pt name gives 102 and wraps in two lines of 20;
        // the message (700 in 366) takes two lines of 18; 12 + 40 + 4 + 36 + 12 = 104.
        #expect(svg.contains("<g class=\"panel\" data-layout=\"ChatRow\" data-width=\"390\" data-height=\"104\">\n"))
        #expect(svg.contains(">ChatRow — 390×104, height fitted</text>\n"))
        #expect(svg.contains("""
            <g class="wrap-lines" data-node="name" data-lines="2" stroke="#c27c0e" stroke-opacity="0.55" stroke-width="2" stroke-linecap="round">\
            <line x1="12" y1="27" x2="310" y2="27"/><line x1="12" y1="47" x2="114" y2="47"/></g>

            """))
        #expect(svg.contains("""
            <g class="wrap-lines" data-node="message" data-lines="2" stroke="#c27c0e" stroke-opacity="0.55" stroke-width="2" stroke-linecap="round">\
            <line x1="12" y1="69.5" x2="378" y2="69.5"/><line x1="12" y1="87.5" x2="346" y2="87.5"/></g>

            """))
        #expect(svg.contains("""
            <rect class="shrunk" data-node="name" data-unshrunk-width="400" data-unshrunk-height="40" x="12" y="12" width="298" height="40" \
            fill="none" stroke="#d9480f" stroke-width="2" stroke-dasharray="5 3"><title>name shrank from 400 × 40 to 298 × 40</title></rect>

            """))
        #expect(svg.contains(">Shrunk (dashed): 'name' 298 of 400 pt wide</text>\n"))
        #expect(svg.contains(">wrap item's text lines</text>\n"))
        #expect(svg.contains(">shrunk (dashed): smaller than its unshrunk size</text>\n"))
        // The frames drawn are the engine's, in the fitted container.
        var frames = FramesRequest()
        frames.textModels = Self.texts
        let table = try #require(frames.run(on: Array(Self.chatRow.utf8)).table?.layouts.first)
        #expect(table.size == Size(width: 390, height: 104))
        let parsed = try #require(SVGRects.parse(svg))
        #expect(parsed.rects.map(\.name) == table.frames.map(\.name))
        #expect(zip(parsed.rects.map(\.rect), table.frames.map(\.rect)).allSatisfy(PreviewTests.sameToHundredths))
    }

    @Test("right to left, lines start at the trailing edge of the mirrored frame")
    func rightToLeft() throws {
        let svg = try svg(Self.chatRow, direction: .rightToLeft)
        #expect(svg.contains(">ChatRow — 390×104, height fitted — right to left</text>\n"))
        #expect(svg.contains("""
            <g class="wrap-lines" data-node="name" data-lines="2" stroke="#c27c0e" stroke-opacity="0.55" stroke-width="2" stroke-linecap="round">\
            <line x1="80" y1="27" x2="378" y2="27"/><line x1="276" y1="47" x2="378" y2="47"/></g>

            """))
        #expect(svg.contains("<rect class=\"shrunk\" data-node=\"name\" data-unshrunk-width=\"400\" data-unshrunk-height=\"40\" x=\"80\" y=\"12\" width=\"298\" height=\"40\""))
    }

    @Test("a text that fits on one line is one rule as long as the text; a layout without wrap items or shrinking has no such legend")
    func oneLine() throws {
        let svg = try svg(Self.chatRow, texts: ["name": LayoutTextModel(width: 80, lineHeight: 20), "message": LayoutTextModel(width: 120, lineHeight: 18)])
        #expect(svg.contains("<line x1=\"12\" y1=\"27\" x2=\"92\" y2=\"27\"/></g>\n"))
        #expect(svg.contains(">ChatRow — 390×66, height fitted</text>\n"))
        #expect(!svg.contains("class=\"shrunk\""))
        #expect(!svg.contains("smaller than its unshrunk size"))
        let plain = try self.svg("layout: Plain\nsize: [100, 100]\nroot:\n  vgroup: screen\n  children:\n    - item: a\n", texts: [:])
        #expect(!plain.contains("wrap item's text lines"))
        #expect(!plain.contains("wrap-lines"))
    }

    @Test("fit: both needs no size; a wrap item without --wrap draws nothing and says how to give it")
    func fitBothAndMissingText() throws {
        let chip = """
            layout: Chip
            fit: both
            root:
              hgroup: chip
              padding: [4, 8, 4, 8]
              spacing: 4
              children:
                - item: icon
                  size: [16, 16]
                - item: label
                  dynamic: wrap
            """
        let svg = try svg(chip, texts: ["label": LayoutTextModel(width: 60, lineHeight: 18)])
        #expect(svg.contains(">Chip — 96×26, size fitted</text>\n"))
        // A fitted layout that fails before its size is measured is drawn at the size given, and says so.
        var tooNarrow = PreviewRequest(sizes: [DeviceSize(label: "", deviceID: nil, orientation: nil, size: Size(width: 375, height: 0), safeArea: .zero)])
        tooNarrow.textModels = ["name": LayoutTextModel(width: 80, lineHeight: 20), "message": LayoutTextModel(width: 100, lineHeight: 18)]
        let failing = tooNarrow.run(on: Array(Self.chatRow.replacingOccurrences(of: "width: 60", with: "width: 360").utf8))
        #expect(failing.diagnostics.map { $0.formatted(path: "ChatRow.layout.yaml") } == [
            "ChatRow.layout.yaml:9:7: error: hgroup 'top' needs 368 pt but has 351 pt at width 375 [outOfSpace]\n"
                + "ChatRow.layout.yaml:9:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
        ])
        #expect(failing.svg?.contains(">ChatRow — 375×0, height not measured — does not fit</text>\n") == true)
        let missing = PreviewRequest().run(on: Array(chip.utf8))
        #expect(missing.svg == nil)
        #expect(missing.diagnostics.map { $0.formatted(path: "Chip.layout.yaml") } == [
            "Chip.layout.yaml:10:7: error: wrap item 'label' has no measure; give its measure at run time [itemIncomplete]",
        ])
    }

    @Test("on the command line: --wrap, its usage errors, and --all-devices with the samples of .layoutlint.yml")
    func commandLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-preview7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.chatRow.write(to: directory.appendingPathComponent("ChatRow.layout.yaml"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("p.svg").path
        let given = try CommandLine_.run(["preview", "ChatRow.layout.yaml", "--wrap", "name=400x20", "--wrap", "message=700x18", "-o", output], in: directory)
        #expect(given.status == 0)
        #expect(given.stderr == "")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains(">ChatRow — 390×104, height fitted</text>\n"))

        let missing = try CommandLine_.run(["preview", "ChatRow.layout.yaml", "--wrap", "name=400x20", "-o", output], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr == "ChatRow.layout.yaml:18:7: error: wrap item 'message' has no measure; give its text with --wrap message=WxL (one-line width x line height) [itemIncomplete]\n")
        let wrong = try CommandLine_.run(["preview", "ChatRow.layout.yaml", "--wrap", "time=10x10", "--wrap", "name=1x1", "--wrap", "message=1x1", "-o", output], in: directory)
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "error: --wrap names 'time', which is not a wrap item (dynamic: wrap) of ChatRow.layout.yaml\n")
        let twice = try CommandLine_.run(["preview", "ChatRow.layout.yaml", "--wrap", "name=1x1", "--wrap", "name=2x2", "--wrap", "message=1x1", "-o", output], in: directory)
        #expect(twice.status == 64)
        #expect(twice.stderr == "error: --wrap gives 'name' more than once; give one --wrap name=WxL\n")

        // --all-devices: the items not given take their first sample; devices of one width and
        // safe area are drawn once ('Kiosk' is the SE's run), at the fitted height.
        try """
            root: true
            devices: {only: [iphone-se-3, iphone-13-mini, Kiosk], orientations: [portrait], add: [{name: Kiosk, size: [375, 900], safeArea: [20, 0, 0, 0]}]}
            wrap:
              name: [[80, 20], [400, 20]]
              message: [[2000, 18]]
            """.write(to: directory.appendingPathComponent(".layoutlint.yml"), atomically: true, encoding: .utf8)
        let all = try CommandLine_.run(["preview", "ChatRow.layout.yaml", "--all-devices", "--wrap", "name=400x20", "-o", output], in: directory)
        #expect(all.status == 0)
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        let parsed = try #require(SVGRects.parse(svg))
        // Then the layout's own width, as lint checks it.
        #expect(parsed.panels == 3)
        #expect(parsed.texts.filter { $0.hasPrefix("ChatRow — ") } == [
            "ChatRow — iPhone SE (3rd generation) portrait (375×176, height fitted)",
            "ChatRow — iPhone 13 mini portrait (375×176, height fitted)",
            "ChatRow — its own size (390×176, height fitted)",
        ])
        #expect(parsed.texts.filter { $0.hasPrefix("Samples") } == Array(repeating: "Samples from .layoutlint.yml: message text 2000×18", count: 3))
        #expect(parsed.texts.filter { $0.hasPrefix("Shrunk") } == Array(repeating: "Shrunk (dashed): 'name' 283 of 400 pt wide", count: 2)
            + ["Shrunk (dashed): 'name' 298 of 400 pt wide"])
    }
}
