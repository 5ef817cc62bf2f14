import Foundation

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
    /// hold a thread of the cooperative pool that every connection shares.
    static let inlineDepth = 48
    static let inlineNodes = 4_000

    /// The whole response to `head` (a complete head, validated by `RequestHead.scan`), or nil
    /// when the library is to answer it.
    func response(to head: ArraySlice<UInt8>) async -> (bytes: [UInt8], closes: Bool)? {
        guard let request = Self.parse(head) else { return nil }
        guard let target = try? RequestTarget(rawPath: request.path, rawQuery: request.query), target.path == "/api/frames",
              let id = target.query["file"], let entry = tree.resolve(id), let query = try? FramesQuery(target.query) else { return nil }
        let body: [UInt8]?
        if let snapshot = cache.current(entry), snapshot.isSmall(depth: Self.inlineDepth, nodes: Self.inlineNodes) {
            body = FramesAnswer.body(snapshot, query)
        } else {
            let cache = self.cache
            body = await worker.run { () -> [UInt8]? in
                guard case .success(let snapshot) = cache.snapshot(of: entry) else { return nil }
                return FramesAnswer.body(snapshot, query)
            }
        }
        guard let body else { return nil }
        var out = Array(("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n"
            + (request.closes ? "Connection: close\r\n\r\n" : "\r\n")).utf8)
        out.reserveCapacity(out.count + body.count)
        out += body
        return (out, request.closes)
    }

    struct Request {
        var path: String
        var query: String
        /// `Connection: close`: the connection ends after the answer.
        var closes: Bool
    }

    /// A `GET /api/frames` head of HTTP/1.1 that names a loopback host, else nil.
    static func parse(_ head: ArraySlice<UInt8>) -> Request? {
        let prefix = "GET /api/frames".utf8
        guard head.count > prefix.count, head.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).makeIterator()
        guard let requestLine = lines.next() else { return nil }
        let parts = trimmed(requestLine).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].elementsEqual("HTTP/1.1".utf8) else { return nil }
        let target = parts[1]
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        let path = String(decoding: target[..<(question ?? target.endIndex)], as: UTF8.self)
        let query = question.map { String(decoding: target[($0 + 1)...], as: UTF8.self) } ?? ""
        var hostIsLoopback = false
        var closes = false
        while let raw = lines.next() {
            let line = trimmed(raw)
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = line[..<colon]
            // Names are compared without building strings (every request has a few headers).
            if isName(name, "host") {
                hostIsLoopback = PreviewHandler.isLoopbackHost(String(decoding: spacesTrimmed(line[(colon + 1)...]), as: UTF8.self))
            } else if isName(name, "connection") {
                if String(decoding: line[(colon + 1)...], as: UTF8.self).lowercased().contains("close") { closes = true }
            } else if isName(name, "transfer-encoding") || isName(name, "content-length") || isName(name, "expect") || isName(name, "upgrade") {
                return nil
            }
        }
        return hostIsLoopback ? Request(path: path, query: query, closes: closes) : nil
    }

    /// Whether a header name is `lowercased`, in any case.
    private static func isName(_ name: ArraySlice<UInt8>, _ lowercased: StaticString) -> Bool {
        guard name.count == lowercased.utf8CodeUnitCount else { return false }
        return lowercased.withUTF8Buffer { expected in
            zip(name, expected).allSatisfy { ($0 | 0x20) == $1 || $0 == $1 }
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
