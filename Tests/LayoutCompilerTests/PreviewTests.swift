import Foundation
import LayoutCompiler
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects every `<rect data-name=…>` of an SVG, with its panel's translation.
final class SVGRects: NSObject, XMLParserDelegate {
    struct Found { var name: String; var kind: String; var rect: Rect; var panel: Int }
    var rects: [Found] = []
    var panels = 0
    var texts: [String] = []
    private var text = ""
    private var inText = false

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if element == "g", attributes["class"] == "panel" { panels += 1 }
        if element == "text" { inText = true; text = "" }
        guard element == "rect", let name = attributes["data-name"], let kind = attributes["data-kind"],
              let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init),
              let w = attributes["width"].flatMap(Double.init), let h = attributes["height"].flatMap(Double.init) else { return }
        rects.append(Found(name: name, kind: kind, rect: Rect(x: x, y: y, width: w, height: h), panel: panels))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { text += string } }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == "text" { texts.append(text); inText = false }
    }

    static func parse(_ svg: String) -> SVGRects? {
        let delegate = SVGRects()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = delegate
        return parser.parse() ? delegate : nil
    }
}

@Suite("layoutc preview (SVG)")
struct PreviewTests {
    static let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")

    /// The SVG writes coordinates rounded to 0.01 pt.
    static func sameToHundredths(_ a: Rect, _ b: Rect) -> Bool {
        let differences: [Double] = [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height]
        return differences.allSatisfy { abs($0) <= 0.005 + 1e-9 }
    }

    @Test("every example: the SVG is XML and holds every named frame with the engine's coordinates", arguments: [
        ("Toolbar.layout.yaml", [String: [Size]]()), ("Tags.layout.yaml", [:]), ("JustifiedTags.layout.yaml", [:]),
        ("LoadingOverlay.layout.yaml", [:]), ("Softimage.layout.yaml", [:]), ("DepthOfField.layout.yaml", [:]),
        ("Player.layout.yaml", ["extra": [S(100, 30), S(120, 30)]]),
    ])
    func examples(_ name: String, _ sizes: [String: [Size]]) throws {
        let bytes = try Array(Data(contentsOf: Self.layouts.appendingPathComponent(name)))
        let frames = FramesRequest(dynamicSizes: sizes).run(on: bytes)
        let table = try #require(frames.table?.layouts.first)
        let preview = PreviewRequest(dynamicSizes: sizes).run(on: bytes)
        #expect(preview.diagnostics.isEmpty)
        let svg = try #require(preview.svg)
        let parsed = try #require(SVGRects.parse(svg), "not well-formed XML")
        #expect(parsed.panels == 1)
        #expect(parsed.rects.count == table.frames.count)
        for (frame, found) in zip(table.frames, parsed.rects) {
            #expect(found.name == frame.name)
            #expect(found.kind == frame.kind.rawValue)
            // Numbers are written to 0.01 pt.
            #expect(Self.sameToHundredths(found.rect, frame.rect), "\(frame.name): \(found.rect) vs \(frame.rect)")
        }
        // Named frames are labelled, and the title names the layout and size.
        #expect(parsed.texts.contains { $0.hasPrefix(table.name) && $0.contains("×") })
        // Deterministic.
        #expect(PreviewRequest(dynamicSizes: sizes).run(on: bytes).svg == svg)
    }

    @Test("labels, tints by depth, flows and overlays told apart, safe area shown")
    func looks() throws {
        let bytes = try Array(Data(contentsOf: Self.layouts.appendingPathComponent("Player.layout.yaml")))
        let svg = try #require(PreviewRequest(dynamicSizes: ["extra": [S(100, 30)]]).run(on: bytes).svg)
        let parsed = try #require(SVGRects.parse(svg))
        #expect(parsed.texts.contains("header"))
        #expect(parsed.texts.contains("hud · overlay"))
        // The footer's children fill it: its label would cover them, so it is listed instead.
        #expect(parsed.texts.contains("footer · hgroup at 10, 372, 370×200"))
        #expect(parsed.texts.contains("chip[3]"))
        #expect(svg.contains("data-kind=\"flow\" fill=\"#e3f4e6\" stroke=\"#2f9e44\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\""))
        #expect(svg.contains("data-kind=\"overlay\" fill=\"#f1e8fb\""))
        #expect(svg.contains("class=\"safe-area\""))
        // The root vgroup (depth 0) and the footer (depth 1) get different tints.
        #expect(svg.contains("data-name=\"main\" data-kind=\"vgroup\" fill=\"#eef3fb\""))
        #expect(svg.contains("data-name=\"footer\" data-kind=\"hgroup\" fill=\"#dce7f7\""))
    }

    @Test("all devices: one panel per size of the matrix, each with the engine's frames")
    func allDevices() throws {
        let bytes = try Array(Data(contentsOf: Self.layouts.appendingPathComponent("Toolbar.layout.yaml")))
        let sizes = DeviceMatrix.all
        let svg = try #require(PreviewRequest(sizes: sizes).run(on: bytes).svg)
        let parsed = try #require(SVGRects.parse(svg))
        #expect(parsed.panels == sizes.count)
        for (index, size) in sizes.enumerated() {
            // Each device is drawn on its pixel grid (docs/format.md §8.2).
            var request = FramesRequest(size: size.size, safeArea: size.safeArea)
            request.scale = size.scale
            let expected = try #require(request.run(on: bytes).table?.layouts.first?.frames)
            let found = parsed.rects.filter { $0.panel == index + 1 }
            #expect(found.map(\.name) == expected.map(\.name))
            let agree = zip(found.map(\.rect), expected.map(\.rect)).allSatisfy(Self.sameToHundredths)
            #expect(agree)
            #expect(found.count == expected.count)
        }
        #expect(parsed.texts.contains("Toolbar — iPhone SE (3rd generation) portrait (375×667)"))
    }

    @Test("a layout that does not fit is drawn as far as the engine got, the group at fault in red, the message as caption")
    func failing() throws {
        let yaml = layout(root: """
              vgroup: main
              children:
                - item: top
                  height: 100
                - hgroup: row
                  height: 44
                  children:
                    - item: a
                      width: 500
            """)
        let result = PreviewRequest(sizes: [DeviceMatrix.all[0]]).run(on: Array(yaml.utf8))
        #expect(result.failed)
        #expect(result.diagnostics.map(\.message) == ["hgroup 'row' needs 500 pt but has 375 pt at 375×667 (iPhone SE (3rd generation) portrait)"])
        let svg = try #require(result.svg)
        let parsed = try #require(SVGRects.parse(svg))
        // Frames computed before the error: the vgroup, the item above and the row itself.
        #expect(parsed.rects.map(\.name) == ["main", "top", "row"])
        #expect(svg.contains("<rect class=\"at-fault\" x=\"0\" y=\"100\" width=\"375\" height=\"44\" fill=\"none\" stroke=\"#e53935\" stroke-width=\"3\"/>"))
        #expect(parsed.texts.contains("L — iPhone SE (3rd generation) portrait (375×667) — does not fit"))
        #expect(parsed.texts.contains("✕ hgroup 'row' needs 500 pt but has 375 pt at 375×667 [outOfSpace]"))
        // Every device is drawn, the failing ones marked.
        let all = PreviewRequest(sizes: DeviceMatrix.all).run(on: Array(yaml.utf8))
        let allParsed = try #require(all.svg.flatMap(SVGRects.parse))
        #expect(allParsed.panels == DeviceMatrix.all.count)
        #expect(all.svg?.components(separatedBy: "class=\"at-fault\"").count == 1 + all.diagnostics.count)
    }

    @Test("static errors draw nothing and are reported as everywhere else")
    func errors() {
        let yaml = layout(root: """
              hgroup: row
              children:
                - item: a
                  width: -500
            """)
        let result = PreviewRequest(sizes: [DeviceMatrix.all[0]]).run(on: Array(yaml.utf8))
        #expect(result.svg == nil)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.invalidValue, 6, 7)])
        let noSize = PreviewRequest().run(on: Array(layout(root: "  item: a\n").utf8))
        #expect(noSize.svg == nil)
        #expect(noSize.diagnostics.map(\.code) == [.missingKey])
        let dynamic = PreviewRequest(sizes: [DeviceMatrix.all[0]]).run(on: Array(layout(root: """
              flow: f
              items:
                - item: x
                  dynamic: true
            """).utf8))
        #expect(dynamic.svg == nil)
        #expect(dynamic.diagnostics.map(\.code) == [.itemIncomplete])
    }

    @Test("a container's label never covers its children: top-left, else top-right, else listed under the panel")
    func labelsAvoidChildren() throws {
        func panel(_ children: [PreviewRenderer.Frame]) -> String {
            PreviewRenderer.svg([PreviewRenderer.Panel(layout: "L", label: nil, size: S(200, 100), safeArea: .zero,
                                                       frames: [.init(name: "row", kind: .hgroup, rect: R(0, 0, 200, 100), depth: 0)] + children)])
        }
        let texts = { (svg: String) in try #require(SVGRects.parse(svg)).texts }
        // Room at the top left.
        #expect(try texts(panel([.init(name: "a", kind: .item, rect: R(0, 40, 200, 60), depth: 1)])).contains("row · hgroup"))
        // The top left is taken by a small child: the tag moves to the top right.
        let right = panel([.init(name: "a", kind: .item, rect: R(0, 0, 30, 30), depth: 1)])
        #expect(right.contains("font-style=\"italic\" fill=\"#2c4a7a\">row · hgroup</text>"))
        #expect(!right.contains("<text x=\"3\""))
        // Children everywhere: no tag over them; the frame is listed under the panel instead.
        let full = try texts(panel([.init(name: "a", kind: .item, rect: R(0, 0, 100, 100), depth: 1),
                                    .init(name: "b", kind: .item, rect: R(100, 0, 100, 100), depth: 1)]))
        #expect(!full.contains("row · hgroup") && !full.contains("row"))
        #expect(full.contains("Not labelled above (no room):"))
        #expect(full.contains("row · hgroup at 0, 0, 200×100"))
    }

    @Test("names are escaped; the renderer is pure")
    func renderer() {
        let panel = PreviewRenderer.Panel(layout: "A<B", label: "x & y", size: S(100, 50), safeArea: I(10, 0, 0, 0),
                                          frames: [.init(name: "a", kind: .item, rect: R(0.5, 10, 99.25, 40), depth: 1)])
        let svg = PreviewRenderer.svg([panel])
        #expect(svg.contains("A&lt;B — x &amp; y (100×50)"))
        // Short numbers: 868.3199999999999 is written 868.32.
        let long = PreviewRenderer.Panel(layout: "L", label: nil, size: S(900, 50), safeArea: .zero,
                                         frames: [.init(name: "b", kind: .item, rect: R(0, 0, 868.3199999999999, 50), depth: 0)])
        #expect(PreviewRenderer.svg([long]).contains("width=\"868.32\" height=\"50\" data-name=\"b\""))
        #expect(svg.contains("x=\"0.5\" y=\"10\" width=\"99.25\" height=\"40\" data-name=\"a\""))
        #expect(SVGRects.parse(svg) != nil)
        #expect(PreviewRenderer.svg([panel]) == svg)
    }
}
