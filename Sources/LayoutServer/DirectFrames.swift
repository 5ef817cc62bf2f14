import Foundation
import LayoutCompiler

/// `GET /api/frames` answered by `RequestGate` itself, in the connection's own task, without
/// the hop to the HTTP library (a Unix socket each way, its tasks, its encoder): the one request
/// a page sends at every slider step (issue 22). The response is one write of the head and
/// `FramesAnswer`'s body.
///
/// Only a request the library would answer the same way with a 200 is taken: HTTP/1.1,
/// a loopback Host, a target and query that decode, a file served that can be read. Anything else
/// (an error to report, HTTP/1.0, a body) is
/// handed to the library unchanged, as every other request is, so that the answers to those
/// stay the library's (`PreviewHandler`).
struct DirectFrames: Sendable {
    let tree: LayoutFileTree
    let cache: SnapshotCache
    let worker: LayoutWorker

    /// The largest layout computed in the gate's task rather than on a worker's large stack
    /// (`LayoutWorker`): the passes recurse once per nesting level, and a long computation would
    /// hold the socket pool's thread, on which every connection's task runs (`EpollSocketPool`).
    static let inlineDepth = 48
    static let inlineNodes = 4_000

    /// The response to `head` (a complete head, validated by `RequestHead.scan`), its head and
    /// body apart (they are sent in one call without being copied together), or nil when the
    /// library is to answer it.
    func response(to head: ArraySlice<UInt8>) async -> (head: [UInt8], body: [UInt8], closes: Bool)? {
        guard let request = Self.parse(head) else { return nil }
        var status = stat()
        guard let target = try? RequestTarget(rawPath: request.path, rawQuery: request.query), target.path == "/api/frames",
              let id = target.query["file"], let entry = tree.resolve(id, status: &status), let query = try? FramesQuery(target.query) else { return nil }
        let body: [UInt8]?
        if let snapshot = cache.current(entry, LayoutSnapshot.Version(status)), snapshot.isSmall(depth: Self.inlineDepth, nodes: Self.inlineNodes) {
            body = FramesAnswer.body(snapshot, query)
        } else {
            let cache = self.cache
            body = await worker.run { () -> [UInt8]? in
                guard case .success(let snapshot) = cache.snapshot(of: entry) else { return nil }
                return FramesAnswer.body(snapshot, query)
            }
        }
        guard let body else { return nil }
        return (Self.responseHead(length: body.count, closes: request.closes), body, request.closes)
    }

    /// A 200's head for a JSON body of `length` bytes.
    static func responseHead(length: Int, closes: Bool) -> [UInt8] {
        var out = TextBuffer(capacity: 160)
        out.write("HTTP/1.1 200 OK\r\nContent-Length: ")
        out.write(number: Double(length))
        out.write("\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n")
        out.write(closes ? "Connection: close\r\n\r\n" : "\r\n")
        return out.bytes
    }

    struct Request {
        /// The target's path and query, still percent-encoded.
        var path: ArraySlice<UInt8>
        var query: ArraySlice<UInt8>
        /// `Connection: close`: the connection ends after the answer.
        var closes: Bool
    }

    /// A `GET /api/frames` head of HTTP/1.1 that names a loopback host, else nil. Read as bytes,
    /// line by line, without an array of lines or a string.
    static func parse(_ head: ArraySlice<UInt8>) -> Request? {
        let prefix = "GET /api/frames".utf8
        guard head.count > prefix.count, head.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        let requestEnd = head.firstIndex(of: newline) ?? head.endIndex
        let requestLine = trimmed(head[..<requestEnd])
        // METHOD SP TARGET SP HTTP/1.1, exactly two spaces.
        guard let firstSpace = requestLine.firstIndex(of: space) else { return nil }
        let afterMethod = requestLine[(firstSpace + 1)...]
        guard let secondSpace = afterMethod.firstIndex(of: space) else { return nil }
        let version = afterMethod[(secondSpace + 1)...]
        guard version.elementsEqual("HTTP/1.1".utf8) else { return nil }
        let target = afterMethod[..<secondSpace]
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        let path = target[..<(question ?? target.endIndex)]
        let query = question.map { target[($0 + 1)...] } ?? []
        var hostIsLoopback = false
        var closes = false
        var lineStart = requestEnd
        while lineStart < head.endIndex {
            lineStart += 1
            let lineEnd = head[lineStart...].firstIndex(of: newline) ?? head.endIndex
            let line = trimmed(head[lineStart..<lineEnd])
            lineStart = lineEnd
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = line[..<colon]
            // Names are compared without building strings (every request has a few headers).
            if RequestHead.isName(name, "host") {
                hostIsLoopback = PreviewHandler.isLoopbackHost(spacesTrimmed(line[(colon + 1)...]))
            } else if RequestHead.isName(name, "connection") {
                if contains(line[(colon + 1)...], lowercased: "close") { closes = true }
            } else if RequestHead.isName(name, "transfer-encoding") || RequestHead.isName(name, "content-length") || RequestHead.isName(name, "expect") || RequestHead.isName(name, "upgrade") {
                return nil
            }
        }
        return hostIsLoopback ? Request(path: path, query: query, closes: closes) : nil
    }

    /// Whether `value` holds `lowercased` in any case (ASCII letters only).
    private static func contains(_ value: ArraySlice<UInt8>, lowercased: StaticString) -> Bool {
        lowercased.withUTF8Buffer { word in
            guard value.count >= word.count else { return false }
            var start = value.startIndex
            while start + word.count <= value.endIndex {
                if zip(value[start..<(start + word.count)], word).allSatisfy({ $0 | 0x20 == $1 }) { return true }
                start += 1
            }
            return false
        }
    }

    private static func spacesTrimmed(_ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var value = value
        while let first = value.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { value = value.dropFirst() }
        while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { value = value.dropLast() }
        return value
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }
}
