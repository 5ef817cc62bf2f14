import Foundation
@testable import LayoutServer
import Testing

/// Issue 22: `/api/frames` answers with the bytes `layoutc frames --format json` prints for the
/// file and the query (the real command, run beside the server), then the page's one line.
@Suite("layoutc serve: the frames of the command line", .serialized)
struct ServeFramesBytesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The command's standard output and standard error.
    static func command(_ arguments: [String]) throws -> (out: [UInt8], error: String) {
        let products = try #require(ServeCommandTests.productsFolder, "build layoutc and layoutc-serve first")
        let process = Process()
        process.executableURL = products.appendingPathComponent("layoutc")
        process.arguments = ["frames"] + arguments + ["--format", "json"]
        let out = Pipe(), error = Pipe()
        process.standardOutput = out
        process.standardError = error
        try process.run()
        let outBytes = out.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ([UInt8](outBytes), String(decoding: errorBytes, as: UTF8.self))
    }

    /// Query and the same request as the command's arguments; `fails`: the layout does not fit.
    static let cases: [(file: String, query: String, arguments: [String], fails: Bool)] = [
        ("Tags.layout", "width=300&height=600&safeArea=59,0,34,0", ["--layout", "Tags", "--size", "300x600", "--safe-area", "59,0,34,0"], false),
        ("Tags.layout", "width=1200.5&height=700&safeArea=0,0,0,0&direction=rtl",
         ["--layout", "Tags", "--size", "1200.5x700", "--safe-area", "0,0,0,0", "--direction", "rtl"], false),
        // Too narrow for its widest tag: the command lists no frames, and says why.
        ("Tags.layout", "width=100&height=600&safeArea=0,0,0,0", ["--layout", "Tags", "--size", "100x600", "--safe-area", "0,0,0,0"], true),
        ("Player.layout.yaml", "width=390&height=844&safeArea=59,0,34,0&sizes=extra:100x30,120x30",
         ["--layout", "Player", "--size", "390x844", "--safe-area", "59,0,34,0", "--sizes", "extra=100x30,120x30"], false),
        ("ChatRow.layout.yaml", "width=320&height=10&safeArea=0,0,0,0&hide=unreadBadge&sizes=name:300x20;time:44x16&wrap=message:90x20",
         ["--layout", "ChatRow", "--size", "320x10", "--safe-area", "0,0,0,0", "--hide", "unreadBadge",
          "--sizes", "name=300x20", "--sizes", "time=44x16", "--wrap", "message=90x20"], false),
        ("ProfileAdaptive.layout", "width=1024&height=1366&safeArea=24,0,20,0&sizes=name:140x24;bio:808x72",
         ["--layout", "ProfileAdaptive", "--size", "1024x1366", "--safe-area", "24,0,20,0", "--sizes", "name=140x24", "--sizes", "bio=808x72"], false),
        ("ProfileAdaptive.layout", "width=390&height=844&safeArea=59,0,34,0&sizes=name:140x24;bio:358x96&direction=rtl",
         ["--layout", "ProfileAdaptive", "--size", "390x844", "--safe-area", "59,0,34,0", "--sizes", "name=140x24", "--sizes", "bio=358x96",
          "--direction", "rtl"], false),
        // §8.7: flags turned on as --flag turns them on
        ("CompactCard.layout.yaml", "width=300&height=200&safeArea=0,0,0,0&flag=compact,premium",
         ["--layout", "CompactCard", "--size", "300x200", "--safe-area", "0,0,0,0", "--flag", "compact,premium"], false),
    ]

    @Test func theFramesAreTheCommandsBytes() async throws {
        let served = try await ServedFolder.existing(Self.packageRoot + "/layouts")
        defer { served.stop() }
        let (root, port) = (served.root, served.port)
        for (file, query, arguments, fails) in Self.cases {
            let reply = try await FramesDocument.get("/api/frames?file=\(file)&" + query, port: port)
            let command = try Self.command([root + "/" + file] + arguments)
            #expect(reply.table == command.out, "\(file)?\(query)\n\(String(decoding: reply.table, as: UTF8.self))\n\(String(decoding: command.out, as: UTF8.self))")
            let error = reply.page["error"] as? [String: Any]
            if fails {
                #expect(command.out == Array("{\"layouts\": []}\n".utf8))
                #expect(error?["formatted"] as? String == command.error.split(separator: "\n").first.map(String.init), "\(file)?\(query)")
                #expect(!(reply.document["nodes"] as? [[String: Any]] ?? []).isEmpty)
            } else {
                #expect(error == nil && command.error.isEmpty, "\(command.error)")
                // Every frame of the command is drawn, and the unnamed groups besides.
                let drawn = (reply.document["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                let listed = ((reply.tableJSON["layouts"] as? [[String: Any]])?.first?["frames"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                #expect(drawn == listed, "\(file)?\(query)")
            }
        }
    }

    /// Without `page=1` (anyone but the preview page: curl, scripts) the body is the command's
    /// output and nothing more: one JSON document.
    @Test func withoutPageTheBodyIsTheCommandsOutputAlone() async throws {
        let served = try await ServedFolder.existing(Self.packageRoot + "/layouts")
        defer { served.stop() }
        let (root, port) = (served.root, served.port)
        for (file, query, arguments, _) in Self.cases {
            let reply = try await RawHTTPClient.get("/api/frames?file=\(file)&" + query, port: port)
            let command = try Self.command([root + "/" + file] + arguments)
            #expect(reply.status == 200)
            #expect(Array(reply.body.utf8) == command.out, "\(file)?\(query)\n\(reply.body)")
        }
    }

    /// Frames requests and other requests on one kept-alive connection: the answers come in the
    /// order of the requests.
    @Test func answersKeepTheirOrderWhenTheLibraryTakesOver() async throws {
        let served = try await ServedFolder.existing(Self.packageRoot + "/layouts")
        defer { served.stop() }
        let port = served.port
        let frames = "GET /api/frames?file=Tags.layout&width=300&height=600 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let reply = try await RawHTTPClient.send(frames + frames + "GET /api/files HTTP/1.1\r\nHost: localhost\r\n\r\n" + frames
            + "GET /api/frames?file=Tags.layout&width=301&height=600 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
        let whole = reply.head + "\r\n\r\n" + reply.body
        let statuses = whole.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        #expect(statuses == ["200", "200", "200", "200", "200"], "\(whole)")
        let sizes = whole.components(separatedBy: "{\"layouts\": [\n  {\"layout\": \"Tags\", \"size\": {\"width\": ").dropFirst().map { $0.prefix(3) }
        #expect(sizes == ["300", "300", "300", "301"])
        #expect(whole.components(separatedBy: "\"files\":").count == 2)
        #expect(whole.hasSuffix("]}\n"))
    }

    /// A layout deeper than the server lays out in the request's task is laid out on a worker's, with
    /// the same bytes.
    @Test func aDeepLayoutIsTheCommandsBytesToo() async throws {
        let depth = PreviewHandler.inlineDepth * 4
        var text = "layout Deep (size: 390x844) {\n"
        for level in 0..<depth { text += "vgroup level\(level) (padding: 0.5) {\n" }
        text += "item leaf\n" + String(repeating: "}\n", count: depth) + "}\n"
        let served = try await ServedFolder.temporary("layoutc-serve-deep-", files: ["Deep.layout": text])
        defer { served.stop() }
        let (root, port) = (served.root, served.port)
        for width in [390, 400] {
            let reply = try await FramesDocument.get("/api/frames?file=Deep.layout&width=\(width)&height=844&safeArea=0,0,0,0", port: port)
            let command = try Self.command([root + "/Deep.layout", "--layout", "Deep", "--size", "\(width)x844", "--safe-area", "0,0,0,0"])
            #expect(reply.table == command.out)
            #expect((reply.document["nodes"] as? [[String: Any]])?.count == depth + 1)
        }
    }

    /// An answer larger than the socket takes at once (4.6 MB, more than Linux's largest send
    /// buffer, to a client with a 4 KB receive buffer that waits before reading) is sent in part
    /// at once and the rest as the client reads, whole and in order, twice on one connection.
    @Test func aLargeAnswerToASlowReaderArrivesWhole() async throws {
        let big = "layout Big (size: 4000x2000) {\n  flow chips (spacing: 0) {\n    item chip[50000] .size(10, 10)\n  }\n}\n"
        let served = try await ServedFolder.temporary("layoutc-serve-large-", files: ["Big.layout": big])
        defer { served.stop() }
        let (root, port) = (served.root, served.port)
        let command = try Self.command([root + "/Big.layout", "--layout", "Big", "--size", "4000x2000", "--safe-area", "0,0,0,0"])
        #expect(command.out.count > 4_500_000)
        let request = "GET /api/frames?file=Big.layout&width=4000&height=2000&safeArea=0,0,0,0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let reply: [UInt8] = try await RawHTTPClient.offPool {
            let fd = try RawHTTPClient.connect(port: port, host: "127.0.0.1", timeout: 120, receiveBuffer: 4096)
            defer { close(fd) }
            let bytes = Array((request + request.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n")).utf8)
            guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else { throw RawHTTPClient.Failure.socket("write") }
            usleep(300_000)
            var reply: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                reply += buffer[0..<n]
            }
            return reply
        }
        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: \(command.out.count)\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n".utf8)
        let expected = head + Array("\r\n".utf8) + command.out + head + Array("Connection: close\r\n\r\n".utf8) + command.out
        #expect(reply.count == expected.count)
        #expect(reply == expected)
    }

    /// Hidden nodes are left out of both parts; names the layout does not have are ignored, as
    /// the command would refuse them.
    @Test func hiddenAndUnknownNames() async throws {
        let served = try await ServedFolder.existing(Self.packageRoot + "/layouts")
        defer { served.stop() }
        let (root, port) = (served.root, served.port)
        let reply = try await FramesDocument.get("/api/frames?file=ChatRow.layout.yaml&width=390&height=844&safeArea=0,0,0,0"
            + "&hide=unreadBadge,gone&sizes=name:120x20;time:44x16;nothing:1x1&wrap=message:520x20", port: port)
        let command = try Self.command([root + "/ChatRow.layout.yaml", "--layout", "ChatRow", "--size", "390x844", "--safe-area", "0,0,0,0",
                                        "--hide", "unreadBadge", "--sizes", "name=120x20", "--sizes", "time=44x16", "--wrap", "message=520x20"])
        #expect(reply.table == command.out)
        #expect(reply.page["ignored"] as? [String] == ["gone", "nothing"])
        #expect(!String(decoding: reply.table, as: UTF8.self).contains("unreadBadge"))
    }
}
