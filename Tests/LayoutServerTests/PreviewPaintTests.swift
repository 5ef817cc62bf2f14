import Foundation
import LayoutCompiler
import LayoutRuntime
@testable import LayoutServer
import Testing

/// The page draws with the paint `layoutc preview` writes into its SVG, sent to it from the one table.
@Suite("layoutc serve: the preview's paint", .serialized)
struct PreviewPaintTests {
    struct Paint: Decodable {
        var groupTints: [String]
        var shapes: [String: [String: String]]
        var labels: [String: String]
        var screen: [String: String]
        var safeArea: [String: String]
        var safeAreaEdge: [String: String]
        var atFault: [String: String]
        var wrapLine: [String: String]
        var shrunk: [String: String]
    }

    static let served = """
        {"atFault":{"fill":"none","stroke":"#e53935","stroke-width":"3"},\
        "groupTints":["#eef3fb","#dce7f7","#c8daf2","#b4cdee","#a0c0ea","#8cb3e5"],\
        "labels":{"flow":"#1e6b2f","flowElement":"#1e4d28","group":"#2c4a7a","item":"#6b4408","overlay":"#5e2a88"},\
        "safeArea":{"fill":"#ff3b30","fill-opacity":"0.13"},\
        "safeAreaEdge":{"fill":"none","stroke":"#ff3b30","stroke-dasharray":"4 3","stroke-opacity":"0.6","stroke-width":"1"},\
        "screen":{"fill":"#ffffff","stroke":"#3a3a3c","stroke-width":"1.5"},\
        "shapes":{"flow":{"fill":"#e3f4e6","stroke":"#2f9e44","stroke-dasharray":"6 4","stroke-width":"1.5"},\
        "flowElement":{"fill":"#b9e6c2","rx":"4","stroke":"#2f9e44","stroke-width":"1"},\
        "group":{"stroke":"#5b7fb5","stroke-width":"1"},\
        "item":{"fill":"#fff7e0","fill-opacity":"0.9","stroke":"#c27c0e","stroke-width":"1.25"},\
        "overlay":{"fill":"#f1e8fb","stroke":"#8e44c9","stroke-dasharray":"2 3","stroke-width":"1.5"}},\
        "shrunk":{"fill":"none","stroke":"#d9480f","stroke-dasharray":"5 3","stroke-width":"2"},\
        "wrapLine":{"stroke":"#c27c0e","stroke-linecap":"round","stroke-opacity":"0.55","stroke-width":"2"}}
        """

    @Test func theServerSendsThePreviewsPaint() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await tree.get("/api/paint")
        #expect(reply.status == 200)
        #expect(reply.body == Self.served)
    }

    /// The attributes of the SVG element whose opening tag holds `marker` (or which `>marker`
    /// begins the content of), less its geometry.
    static func paint(in svg: String, at marker: String) -> [String: String]? {
        guard let hit = svg.range(of: marker),
              let start = svg[..<hit.lowerBound].range(of: "<", options: .backwards),
              let end = marker.hasPrefix(">") ? hit.lowerBound : svg[hit.upperBound...].firstIndex(of: ">") else { return nil }
        var attributes: [String: String] = [:]
        for match in svg[start.upperBound..<end].matches(of: /([a-z-]+)="([^"]*)"/) {
            attributes[String(match.1)] = String(match.2)
        }
        for geometry in ["x", "y", "width", "height", "class", "data-name", "data-kind", "data-lines", "data-node", "data-unshrunk-width",
                         "data-unshrunk-height"] { attributes[geometry] = nil }
        return attributes
    }

    @Test func thePreviewsSVGIsPaintedWithWhatIsSent() throws {
        let paint = try JSONDecoder().decode(Paint.self, from: Data(Self.served.utf8))
        func frame(_ name: String, _ kind: NodeKind, _ depth: Int, element: Bool = false, y: Double) -> PreviewRenderer.Frame {
            PreviewRenderer.Frame(name: name, kind: kind, rect: Rect(x: 10, y: y, width: 200, height: 40), depth: depth, isFlowElement: element)
        }
        var frames = [
            PreviewRenderer.Frame(name: "root", kind: .vgroup, rect: Rect(x: 0, y: 0, width: 300, height: 400), depth: 0),
            frame("row", .hgroup, 1, y: 20),
            frame("tags", .flow, 1, y: 80),
            frame("chip[0]", .item, 2, element: true, y: 140),
            frame("stack", .overlay, 1, y: 200),
            frame("title", .item, 2, y: 260),
            frame("gap", .spacer, 1, y: 320),
        ]
        frames[1].isAtFault = true
        frames[5].text = LayoutTextModel(width: 300, lineHeight: 18)
        frames[5].unshrunk = Size(width: 240, height: 40)
        var panel = PreviewRenderer.Panel(layout: "Card", label: nil, size: Size(width: 300, height: 400),
                                          safeArea: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0), frames: frames)
        panel.failure = "does not fit"
        let svg = PreviewRenderer.svg([panel])

        let tints = paint.groupTints
        let expected: [(String, [String: String])] = [
            ("data-name=\"root\"", paint.shapes["group", default: [:]].merging(["fill": tints[0]]) { $1 }),
            ("data-name=\"row\"", paint.shapes["group", default: [:]].merging(["fill": tints[1]]) { $1 }),
            ("data-name=\"tags\"", paint.shapes["flow", default: [:]]),
            ("data-name=\"chip[0]\"", paint.shapes["flowElement", default: [:]]),
            ("data-name=\"stack\"", paint.shapes["overlay", default: [:]]),
            ("data-name=\"title\"", paint.shapes["item", default: [:]]),
            ("data-name=\"gap\"", paint.shapes["item", default: [:]]),
            ("class=\"screen\"", paint.screen),
            ("class=\"at-fault\"", paint.atFault),
            ("class=\"safe-area\"", paint.safeArea),
            ("class=\"safe-area-edge\"", paint.safeAreaEdge),
            ("class=\"wrap-lines\"", paint.wrapLine),
            ("class=\"shrunk\"", paint.shrunk),
        ]
        for (marker, attributes) in expected {
            #expect(Self.paint(in: svg, at: marker) == attributes, "\(marker)")
        }
        for (name, key) in [("title", "item"), ("chip[0]", "flowElement"), ("gap", "item")] {
            #expect(Self.paint(in: svg, at: ">\(name)</text>")?["fill"] == paint.labels[key], "\(name)")
        }
        for (name, key) in [("row · hgroup", "group"), ("tags · flow", "flow"), ("stack · overlay", "overlay")] {
            #expect(Self.paint(in: svg, at: ">\(name)</text>")?["fill"] == paint.labels[key], "\(name)")
        }
    }
}
