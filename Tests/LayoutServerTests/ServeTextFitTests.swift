import Foundation
import LayoutCompiler
import LayoutRuntime
@testable import LayoutServer
import Testing

/// `layoutc serve` of docs/format.md §7.1–7.3: wrap items take their text from the request
/// (else the first sample of `.layoutlint.yml`, else 200x20), frames carry a wrap item's lines and
/// a shrunk child's unshrunk size, and a layout with `fit` answers with its fitted size.
@Suite("layoutc serve: wrapping text, shrinking, fitted layouts", .serialized)
struct ServeTextFitTests {
    static let chatRow = """
        layout: ChatRow
        size: [390, 0]
        fit: height
        root:
          vgroup: row
          padding: 12
          spacing: 4
          children:
            - hgroup: top
              height: fit
              spacing: 8
              children:
                - item: name
                  dynamic: wrap
                  shrink: 1
                - item: time
                  width: 60
            - item: message
              dynamic: wrap

        """

    /// A server over a folder with ChatRow.layout.yaml and a `.layoutlint.yml` giving `name`
    /// its sample texts (and `message` none).
    final class Tree: @unchecked Sendable {
        let root: String
        let server: PreviewServer
        let port: UInt16

        init() async throws {
            root = NSTemporaryDirectory() + "layoutc-serve7-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try ServeTextFitTests.chatRow.write(toFile: root + "/ChatRow.layout.yaml", atomically: true, encoding: .utf8)
            try "root: true\ndevices: {only: [iphone-se-3, iphone-13-mini, Kiosk], orientations: [portrait], add: [{name: Kiosk, size: [375, 900], safeArea: [20, 0, 0, 0]}]}\nwrap:\n  name: [[80, 20], [400, 20]]\n"
                .write(toFile: root + "/.layoutlint.yml", atomically: true, encoding: .utf8)
            server = PreviewServer(paths: [root], port: 0)
            port = try await server.start()
        }

        func json(_ target: String) async throws -> [String: Any] {
            if target.hasPrefix("/api/frames") { return try await FramesDocument.get(target, port: port).document }
            let reply = try await RawHTTPClient.get(target, port: port)
            return try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any] ?? [:]
        }

        func close() async {
            await server.stop()
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    static func node(_ document: [String: Any], _ name: String) -> [String: Any]? {
        (document["nodes"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    @Test func theLayoutSaysItsWrapItemsWithTheirStartingTextsAndItsFit() async throws {
        let tree = try await Tree()
        defer { Task { await tree.close() } }
        let reply = try await RawHTTPClient.get("/api/layout?file=ChatRow.layout.yaml", port: tree.port)
        // 'name': the first sample of .layoutlint.yml; 'message' has none: one line 200 wide in lines of 20.
        #expect(reply.body.contains("\"wrap\":[{\"lineHeight\":20,\"name\":\"name\",\"width\":80},{\"lineHeight\":20,\"name\":\"message\",\"width\":200}]"))
        #expect(reply.body.contains("\"fit\":\"height\""))
    }

    @Test func framesTakeTheTextsOfTheRequestAndTheFittedSize() async throws {
        let tree = try await Tree()
        defer { Task { await tree.close() } }
        // The height asked for is not used: the layout fits its height.
        let document = try await tree.json("/api/frames?file=ChatRow.layout.yaml&width=390&height=10&wrap=name:400x20;message:700x18;gone:1x1")
        #expect(document["fit"] as? String == "height")
        #expect(document["fitMeasured"] as? Bool == true)
        #expect(document["size"] as? [String: Double] == ["width": 390, "height": 104])
        #expect(Self.node(document, "name")?["text"] as? [String: Double] == ["width": 400, "lineHeight": 20, "lines": 2])
        #expect(Self.node(document, "name")?["unshrunk"] as? [String: Double] == ["width": 400, "height": 40])
        #expect(Self.node(document, "message")?["text"] as? [String: Double] == ["width": 700, "lineHeight": 18, "lines": 2])
        #expect(Self.node(document, "message")?["unshrunk"] == nil)
        #expect(Self.node(document, "time")?["text"] == nil)
        #expect(document["ignored"] as? [String] == ["gone"])
        // The engine's frames, as `layoutc frames --wrap …` prints them.
        var request = FramesRequest()
        request.textModels = ["name": LayoutTextModel(width: 400, lineHeight: 20), "message": LayoutTextModel(width: 700, lineHeight: 18)]
        let frames = try #require(request.run(on: Array(Self.chatRow.utf8)).table?.layouts.first?.frames)
        for frame in frames {
            let node = Self.node(document, frame.name)
            #expect(["x", "y", "width", "height"].map { node?[$0] as? Double } == [frame.rect.x, frame.rect.y, frame.rect.width, frame.rect.height], "\(frame.name)")
        }
    }

    @Test func withoutTextsTheStartingTextsAreUsed() async throws {
        let tree = try await Tree()
        defer { Task { await tree.close() } }
        // name 80 wide fits beside the time; message 200 in 366: one line. 12 + 20 + 4 + 20 + 12.
        let document = try await tree.json("/api/frames?file=ChatRow.layout.yaml&width=390&height=844")
        #expect(document["size"] as? [String: Double] == ["width": 390, "height": 68])
        #expect(Self.node(document, "name")?["width"] as? Double == 80)
        #expect(Self.node(document, "name")?["unshrunk"] == nil)
    }

    @Test func aFittedLayoutThatFailsBeforeItsSizeIsMeasuredSaysSo() async throws {
        let tree = try await Tree()
        defer { Task { await tree.close() } }
        // 40 pt wide: the padding leaves 16 for the name, the time and the spacing.
        let document = try await tree.json("/api/frames?file=ChatRow.layout.yaml&width=40&height=0&wrap=name:80x20;message:100x18")
        #expect(document["fitMeasured"] as? Bool == false)
        #expect(document["size"] as? [String: Double] == ["width": 40, "height": 0])
        #expect((document["error"] as? [String: Any])?["message"] as? String == "hgroup 'top' needs 68 pt but has 16 pt at width 40")
    }

    @Test func theMatrixIsOneRunPerWidthAtTheFittedHeights() async throws {
        let tree = try await Tree()
        defer { Task { await tree.close() } }
        let document = try await tree.json("/api/matrix?file=ChatRow.layout.yaml&wrap=name:400x20;message:700x18")
        let panels = document["panels"] as? [[String: Any]] ?? []
        // 'Kiosk' has the SE's width and safe area; its own size is 390 wide.
        #expect(panels.compactMap { $0["label"] as? String } == ["iPhone SE (3rd generation) portrait", "iPhone 13 mini portrait", "its own size"])
        // At 375: name 283 (2 lines), message 700 in 351 (2 lines): 12 + 40 + 4 + 36 + 12.
        #expect(panels.map { $0["size"] as? [String: Double] } == [["width": 375, "height": 104], ["width": 375, "height": 104], ["width": 390, "height": 104]])
    }

    @Test(arguments: [
        ("wrap=name", "wrap is NAME:WxL;NAME:WxL (one-line width x line height), or NAME:WxLxN with a line limit N from 1"),
        ("wrap=name:400", "wrap is NAME:WxL;NAME:WxL (one-line width x line height), or NAME:WxLxN with a line limit N from 1"),
        ("wrap=name:400x20x0", "wrap is NAME:WxL;NAME:WxL (one-line width x line height), or NAME:WxLxN with a line limit N from 1"),
        ("wrap=name:400x20x1.5", "wrap is NAME:WxL;NAME:WxL (one-line width x line height), or NAME:WxLxN with a line limit N from 1"),
        ("wrap=name:ax20", "wrap takes numbers from 0 to 100000, not 'a'"),
        ("wrap=name:1x1;name:2x2", "the text of 'name' is given twice"),
    ])
    func aTextThatCannotBeReadIsBadRequest(_ query: String, _ message: String) async throws {
        let tree = try await Tree()
        defer { Task { await tree.close() } }
        let reply = try await RawHTTPClient.get("/api/frames?file=ChatRow.layout.yaml&" + query, port: tree.port)
        #expect(reply.status == 400)
        #expect(reply.body == "{\"error\":\"\(message)\"}")
    }
}
