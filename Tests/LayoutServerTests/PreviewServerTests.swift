import Foundation
import LayoutCompiler
@testable import LayoutServer
import Testing

/// A server on a free port over a temporary tree:
///
///     root/Card.layout            a layout
///     root/sub/Other.layout.yaml  a layout in a subfolder
///     root/inside.layout          link to Card.layout (inside: served)
///     root/evil.layout            link to ../outside/secret.layout (outside: not served)
///     root/linked                 link to ../outside (a folder link: not followed)
///     root/notes.txt              not a layout file
///     outside/secret.layout       next to the tree, never served
final class ServedTree: @unchecked Sendable {
    let base: String
    let root: String
    let server: PreviewServer
    let port: UInt16

    static let card = """
        layout Card (size: 390x600, safeArea: 20 0 0 0) {
          vgroup screen .safeArea (padding: 16, spacing: 8) {
            hgroup header .height(44) (spacing: 8) {
              item avatar .size(44, 44)
              item title
              item badge optional .size(30, 30)
            }
            flow tags .height(.fit) {
              item first .size(80, 30)
              item chip[6] .size(60, 30)
            }
            spacer
          }
        }

        """

    init() async throws {
        base = NSTemporaryDirectory() + "layoutc-serve-tests-" + UUID().uuidString
        root = base + "/root"
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try files.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try Self.card.write(toFile: root + "/Card.layout", atomically: true, encoding: .utf8)
        try "layout: Other\nroot:\n  item: x\n".write(toFile: root + "/sub/Other.layout.yaml", atomically: true, encoding: .utf8)
        try "SECRET\n".write(toFile: base + "/outside/secret.layout", atomically: true, encoding: .utf8)
        try "notes\n".write(toFile: root + "/notes.txt", atomically: true, encoding: .utf8)
        try files.createSymbolicLink(atPath: root + "/inside.layout", withDestinationPath: "Card.layout")
        try files.createSymbolicLink(atPath: root + "/evil.layout", withDestinationPath: "../outside/secret.layout")
        try files.createSymbolicLink(atPath: root + "/linked", withDestinationPath: "../outside")
        server = PreviewServer(paths: [root], port: 0)
        port = try await server.start()
    }

    func get(_ target: String) async throws -> RawHTTPClient.Reply {
        try await RawHTTPClient.get(target, port: port)
    }

    func close() async {
        await server.stop()
        try? FileManager.default.removeItem(atPath: base)
    }
}

@Suite("layoutc serve: the server", .serialized)
struct PreviewServerTests {
    @Test func listsOnlyTheLayoutFilesInsideTheTree() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await tree.get("/api/files")
        #expect(reply.status == 200)
        let expected = "{\"files\":[{\"id\":\"Card.layout\",\"path\":\"\(tree.root)/Card.layout\"},{\"id\":\"inside.layout\",\"path\":\"\(tree.root)/inside.layout\"},{\"id\":\"sub/Other.layout.yaml\",\"path\":\"\(tree.root)/sub/Other.layout.yaml\"}]}"
        #expect(reply.body == expected)
    }

    @Test func servesALayoutFileAndAFileLinkedInsideTheTree() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        for target in ["/files/Card.layout", "/files/inside.layout"] {
            let reply = try await tree.get(target)
            #expect(reply.status == 200, "\(target)")
            #expect(reply.body == ServedTree.card, "\(target)")
        }
        #expect(try await tree.get("/files/sub/Other.layout.yaml").body.hasPrefix("layout: Other"))
    }

    @Test(arguments: [
        "/../../etc/passwd",
        "/files/../../etc/passwd",
        "/files/../outside/secret.layout",
        "/files/%2e%2e/%2e%2e/etc/passwd",
        "/files/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "/files/..%2f..%2fetc%2fpasswd",
        "/files/%252e%252e/outside/secret.layout",
        "/files//etc/passwd",
        "/files/./Card.layout",
        "/files/sub/../Card.layout",
        "/files/sub/%2e%2e/%2e%2e/outside/secret.layout",
        "/files/notes.txt",
        "/etc/passwd",
        "/files/Card.layout/",
        "/api/layout?file=../outside/secret.layout",
        "/api/frames?file=%2e%2e%2foutside%2fsecret.layout",
        "/api/frames?file=/etc/passwd",
        "/api/matrix?file=sub/../../outside/secret.layout",
    ])
    func pathTraversalIsNotFound(_ target: String) async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await tree.get(target)
        #expect(reply.status == 404, "\(target): \(reply.head)")
        #expect(reply.body == "{\"error\":\"not found\"}")
    }

    @Test(arguments: ["/files/evil.layout", "/files/linked/secret.layout", "/api/layout?file=evil.layout", "/api/frames?file=linked/secret.layout"])
    func symbolicLinksOutOfTheTreeAreNotFound(_ target: String) async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await tree.get(target)
        #expect(reply.status == 404, "\(target)")
        #expect(!reply.body.contains("SECRET"))
    }

    @Test func aFileReplacedByALinkOutOfTheTreeIsNotFound() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        #expect(try await tree.get("/files/Card.layout").status == 200)
        try FileManager.default.removeItem(atPath: tree.root + "/Card.layout")
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/Card.layout", withDestinationPath: "../outside/secret.layout")
        let reply = try await tree.get("/files/Card.layout")
        #expect(reply.status == 404)
        #expect(!reply.body.contains("SECRET"))
    }

    @Test(arguments: [
        ("GET /files/%zz HTTP/1.1", "the path has a broken percent escape"),
        ("GET /files/%e2%28%a1 HTTP/1.1", "the path has a broken percent escape"),
        ("GET /files/a%00b HTTP/1.1", "the path holds a control character"),
        ("GET relative/path HTTP/1.1", "the request target does not start with '/'"),
        ("GET / HTTP/9.9", "unsupported HTTP version"),
        ("GET /api/frames?file=Card.layout&width=%G1 HTTP/1.1", "the query has a broken percent escape"),
        ("GET /api/frames?file=Card.layout&file=Card.layout HTTP/1.1", "the query names 'file' twice"),
        ("GET /api/frames HTTP/1.1", "the query needs file=ID"),
        ("GET /api/frames?file=Card.layout&width=abc&height=600 HTTP/1.1", "width takes numbers from 0 to 100000, not 'abc'"),
        ("GET /api/frames?file=Card.layout&width=nan&height=600 HTTP/1.1", "width takes numbers from 0 to 100000, not 'nan'"),
        ("GET /api/frames?file=Card.layout&width=-1&height=600 HTTP/1.1", "width takes numbers from 0 to 100000, not '-1'"),
        ("GET /api/frames?file=Card.layout&width=300 HTTP/1.1", "give both width and height, or neither"),
        ("GET /api/frames?file=Card.layout&safeArea=1,2 HTTP/1.1", "safeArea takes four numbers: top,leading,bottom,trailing"),
        ("GET /api/frames?file=Card.layout&direction=up HTTP/1.1", "direction is ltr or rtl, not 'up'"),
        ("GET /api/frames?file=Card.layout&sizes=chip HTTP/1.1", "sizes are NAME:WxH,WxH;NAME:WxH"),
        ("GET /api/frames?file=Card.layout&sizes=chip:10by20 HTTP/1.1", "a size is WxH, not '10by20'"),
    ])
    func malformedRequestsAreBadRequestAndTheServerGoesOn(_ line: String, _ reason: String) async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await RawHTTPClient.send(line + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: tree.port)
        #expect(reply.status == 400, "\(line): \(reply.head)")
        #expect(reply.body == "{\"error\":\"\(reason)\"}")
        #expect(try await tree.get("/api/files").status == 200)
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", "the request line is not METHOD TARGET HTTP-VERSION"),
        ("GET\r\n\r\n", "the request line is not METHOD TARGET HTTP-VERSION"),
        ("\r\n\r\n", "the request line is empty"),
        ("GET /files/Card.layout\r\nHost: 127.0.0.1\r\n\r\n", "the request line has no HTTP version"),
        ("GET /files/Card.layout HTTP/1.1 extra\r\nHost: 127.0.0.1\r\n\r\n", "the request line is not METHOD TARGET HTTP-VERSION"),
        ("GET  /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "the request line is not METHOD TARGET HTTP-VERSION"),
        ("GET /files/Card.layout HTTX/1.1\r\nHost: 127.0.0.1\r\n\r\n", "'HTTX/1.1' is not an HTTP version"),
        ("G(T /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "the method is not a token"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n", "a header line has no colon"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n", "a header name is not a token"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: a,\r\n b\r\n\r\n", "a header line starts with whitespace (line folding is not accepted)"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: a\u{01}b\r\n\r\n", "the value of header 'Accept' holds a control character"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: nope\r\n\r\n", "Content-Length is not a number: 'nope'"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n", "Content-Length is not a number: '-1'"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", "the request has more than one Content-Length"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "a request body with Transfer-Encoding is not accepted; send Content-Length"),
        ("GET /files/Card.layout HTTP/1.1\r\n\r\n", "an HTTP/1.1 request needs a Host header"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n", "the request has more than one Host header"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + String(repeating: "x", count: 33_000) + "\r\n\r\n", "the request head is longer than 32768 bytes"),
        ("GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "the request line is longer than 16384 bytes"),
        ("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2000000\r\n\r\n", "the request body is longer than 1048576 bytes"),
        ("\u{16}\u{03}\u{01}\u{02}\u{00}garbage\r\n\r\n", "the request line holds a byte that is not printable ASCII"),
        // A TLS client's hello, which holds no line end: refused on arrival, not when a line ends.
        ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}", "the request line holds a byte that is not printable ASCII"),
        ("GET /files/Carte\u{301}.layout HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "the request line holds a byte that is not printable ASCII"),
    ])
    func requestsThatCannotBeFramedAreBadRequestAndTheServerGoesOn(_ request: String, _ reason: String) async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await RawHTTPClient.send(request, port: tree.port)
        let status = reason.hasPrefix("the request body is longer") ? "413 Content Too Large" : "400 Bad Request"
        #expect(reply.head == "HTTP/1.1 \(status)\r\nConnection: close\r\nContent-Length: \(reason.utf8.count + 1)\r\nContent-Type: text/plain; charset=utf-8")
        #expect(reply.body == reason + "\n")
        #expect(try await tree.get("/files/Card.layout").status == 200)
    }

    @Test func aRequestThatCannotBeFramedIsAnsweredAfterTheRequestsBeforeIt() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let requests = "GET /api/files HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello"
            + "GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            + "GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon\r\n\r\n"
        let reply = try await RawHTTPClient.send(requests, port: tree.port)
        #expect(reply.status == 200)
        let rest = reply.body.components(separatedBy: "\r\n\r\n")
        #expect(rest.count == 3)
        #expect(rest.first?.hasSuffix("HTTP/1.1 200 OK\r\nCache-Control: no-store\r\nContent-Length: \(ServedTree.card.utf8.count)\r\nContent-Type: text/plain; charset=utf-8") == true)
        #expect(rest.dropFirst().first?.hasPrefix(ServedTree.card) == true)
        #expect(reply.body.hasSuffix(ServedTree.card + "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 27\r\nContent-Type: text/plain; charset=utf-8\r\n\r\na header line has no colon\n"))
    }

    @Test func requestsSentAFewBytesAtATimeAreServed() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let request = Array("GET /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        let reply = try await RawHTTPClient.offPool {
            let fd = try RawHTTPClient.connect(port: tree.port, host: "127.0.0.1", timeout: 120)
            defer { Foundation.close(fd) }
            for start in stride(from: 0, to: request.count, by: 7) {
                let piece = request[start..<min(start + 7, request.count)]
                _ = piece.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                usleep(2_000)
            }
            return RawHTTPClient.readBlocking(fd, until: "\n}\n", timeout: 120)
        }
        #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(reply.hasSuffix("\r\n\r\n" + ServedTree.card))
    }

    @Test(arguments: ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "[::2]:80"])
    func aHostThatIsNotLoopbackIsBadRequest(_ host: String) async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await RawHTTPClient.send("GET /files/Card.layout HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: tree.port)
        #expect(reply.status == 400)
        #expect(reply.body == "{\"error\":\"the Host header names no loopback address\"}")
        for host in ["localhost:\(tree.port)", "127.0.0.1", "[::1]:\(tree.port)"] {
            let ok = try await RawHTTPClient.send("GET /files/Card.layout HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: tree.port)
            #expect(ok.status == 200, "\(host)")
        }
    }

    @Test func otherMethodsAreNotAllowed() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await RawHTTPClient.send("DELETE /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: tree.port)
        #expect(reply.status == 405)
        #expect(reply.head.contains("Allow: GET"))
    }

    @Test("a method the server does not know is 405 with a reason too, not an empty 404", arguments: ["FOO", "BREW", "PROPFIND", "get", "M-SEARCH"])
    func unknownMethodsAreNotAllowed(_ method: String) async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await RawHTTPClient.send("\(method) /files/Card.layout HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: tree.port)
        #expect(reply.status == 405, "\(reply.head)")
        #expect(reply.head.contains("Allow: GET"))
        #expect(reply.body == "{\"error\":\"only GET is served\"}")
    }

    @Test func listensOn127001Only() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        #expect(await RawHTTPClient.connects(port: tree.port, host: "127.0.0.1"))
        // Another loopback address of the same machine: a server bound to 0.0.0.0 would answer it.
        #expect(await !RawHTTPClient.connects(port: tree.port, host: "127.0.0.2"))
    }

    @Test func framesAreTheEngineFrames() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let document: [String: Any]? = try await FramesDocument.get("/api/frames?file=Card.layout&width=300&height=600&direction=rtl&hide=badge", port: tree.port).document
        let nodes = document?["nodes"] as? [[String: Any]] ?? []
        var drawn: [String: [Double]] = [:]
        for node in nodes {
            guard let name = node["name"] as? String else { continue }
            drawn[name] = ["x", "y", "width", "height"].map { (node[$0] as? Double) ?? .nan }
        }
        var request = FramesRequest(size: Size(width: 300, height: 600))
        request.direction = .rightToLeft
        request.hidden = ["badge"]
        let frames = request.run(on: Array(ServedTree.card.utf8), syntax: .text).table?.layouts.first?.frames ?? []
        #expect(frames.count == 12)
        for frame in frames {
            #expect(drawn[frame.name] == [frame.rect.x, frame.rect.y, frame.rect.width, frame.rect.height], "\(frame.name)")
        }
        #expect(drawn["badge"] == nil)
        #expect(document?["error"] == nil)
    }

    @Test func aSizeThatDoesNotFitReportsTheCommandLinesDiagnostic() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let document: [String: Any]? = try await FramesDocument.get("/api/frames?file=Card.layout&width=100&height=600", port: tree.port).document
        let error = document?["error"] as? [String: Any]
        #expect(error?["formatted"] as? String == "\(tree.root)/Card.layout:9:7: error: item 'first' is 80 pt wide but flow 'tags' has 68 pt for a line at 100×600 [outOfSpace]")
        let outlined = (document?["nodes"] as? [[String: Any]] ?? []).filter { $0["atFault"] as? Bool == true }.compactMap { $0["name"] as? String }
        #expect(outlined == ["screen"])
    }

    @Test func theMatrixHasEveryDeviceSize() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await tree.get("/api/matrix?file=Card.layout")
        let document = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
        let labels = (document?["panels"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels == DeviceMatrix.all.map(\.label) + ["its own size"])
    }

    @Test func theMatrixAndLintFollowTheNearestLintConfiguration() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        #expect(try await tree.get("/api/matrix?file=Card.layout").body.contains("iPhone 16 Pro Max landscape"))
        try "devices:\n  only: [iphone-se-3, ipad-mini]\n  orientations: [portrait]\n  layoutSize: false\nrules:\n  collapsedChild: error\n"
            .write(toFile: tree.root + "/.layoutlint.yml", atomically: true, encoding: .utf8)
        // The watcher notices the new settings within its interval and drops the snapshots.
        try await Task.sleep(for: .milliseconds(600))
        let reply = try await tree.get("/api/matrix?file=Card.layout")
        let document = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
        let labels = (document?["panels"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["iPhone SE (3rd generation) portrait", "iPad mini (6th generation) portrait"])
    }

    /// Issue 21: the page's matrix is lint's, per layout: an override naming the layout applies
    /// (as layouts/VideoCard's portrait-only one does), one naming another layout does not.
    @Test func theMatrixFollowsPerLayoutOverrides() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        try """
            devices: {only: [iphone-se-3, ipad-mini]}
            overrides:
              - layouts: [Card]
                devices: {orientations: [portrait]}
              - layouts: [Other]
                devices: {orientations: [landscape]}
            """.write(toFile: tree.root + "/.layoutlint.yml", atomically: true, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(600))
        let reply = try await tree.get("/api/matrix?file=Card.layout")
        let document = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
        let panels = document?["panels"] as? [[String: Any]] ?? []
        #expect(panels.compactMap { $0["label"] as? String } == ["iPhone SE (3rd generation) portrait", "iPad mini (6th generation) portrait", "its own size"])
        let sizes = panels.compactMap { $0["size"] as? [String: Double] }.map { [$0["width"] ?? 0, $0["height"] ?? 0] }
        #expect(sizes == [[375, 667], [744, 1133], [390, 600]])
    }

    /// Issue 21: the page starts a content size from the first sample of `.layoutlint.yml`.
    @Test func theLayoutDocumentGivesContentItemsTheirFirstSample() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        try "layout Label (size: 160x60) {\n  hgroup row (padding: 10, spacing: 8) {\n    item icon .size(40, 40)\n    item label dynamic\n    item note dynamic\n  }\n}\n"
            .write(toFile: tree.root + "/Label.layout", atomically: true, encoding: .utf8)
        try "sizes:\n  label: [[80, 20], [90, 20]]\n".write(toFile: tree.root + "/.layoutlint.yml", atomically: true, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(600))
        let reply = try await tree.get("/api/layout?file=Label.layout")
        let document = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
        let layout = (document?["layouts"] as? [[String: Any]])?.first
        #expect(layout?["content"] as? [String] == ["label", "note"])
        // The note has no sample: the page starts it at its own default.
        let samples = (layout?["samples"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "") \($0["width"] ?? "")x\($0["height"] ?? "")" }
        #expect(samples == ["label 80x20"])
    }

    @Test(arguments: ["/app.js", "/shapes.js", "/canvas.js", "/frames.js", "/style.css"])
    func thePageScriptsAreServed(_ target: String) async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let reply = try await tree.get(target)
        #expect(reply.status == 200)
        #expect(reply.body.count > 1000)
    }

    @Test func aSaveIsAnEventOnTheStream() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        let (fd, hello) = try await RawHTTPClient.openEventStream(port: tree.port, until: "event: hello")
        defer { Foundation.close(fd) }
        #expect(hello.contains("Content-Type: text/event-stream"))
        #expect(hello.contains("event: hello"))
        try (ServedTree.card + "// saved\n").write(toFile: tree.root + "/Card.layout", atomically: false, encoding: .utf8)
        let saved = Date()
        let received = try await RawHTTPClient.readEvents(fd, until: "event: change")
        #expect(received.contains("event: change\ndata: {\"file\":\"Card.layout\"}\n\n"))
        #expect(Date().timeIntervalSince(saved) < 1)
    }
}

@Suite("layoutc serve: event streams")
struct EventStreamTests {
    @Test func closedStreamsAreDroppedAtTheNextPing() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        var sockets: [Int32] = []
        for _ in 0..<3 {
            sockets.append(try await RawHTTPClient.openEventStream(port: tree.port, until: "event: hello").fd)
        }
        #expect(tree.server.eventStreamCount == 3)
        for fd in sockets { Foundation.close(fd) }
        let start = Date()
        // A write to a closed socket fails (the first may still be accepted by the kernel). The
        // 120 s are a guard against a hang, not a limit: a busy machine may take seconds.
        while tree.server.eventStreamCount > 0, Date().timeIntervalSince(start) < 120 {
            tree.server.hub.ping()
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(tree.server.eventStreamCount == 0)
    }
}
