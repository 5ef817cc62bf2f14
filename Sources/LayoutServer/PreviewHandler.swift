import Foundation
import HTTPTypes
import HummingbirdCore
import LayoutCompiler
import NIOCore

/// Answers the server's requests (`PreviewServer` lists them). Targets are matched exactly
/// after decoding, and a file is only ever found through `LayoutFileTree.resolve`, so no
/// spelling of a path reaches anything but the layout files served.
struct PreviewHandler: Sendable {
    let tree: LayoutFileTree
    let hub: EventHub
    let cache: SnapshotCache
    let worker: LayoutWorker
    let page: PageResources

    /// The largest layout computed in the request's task rather than on a worker's large stack
    /// (`LayoutWorker`): the passes recurse once per nesting level. A slider step of a usual
    /// layout is answered without the hop to a worker thread and back.
    static let inlineDepth = 48
    static let inlineNodes = 4_000

    /// Hummingbird's responder: the answer, written in one go (head and body together), saying
    /// `Connection: close` when the request did (Hummingbird then ends the connection).
    func respond(to request: Request, writer: consuming ResponseWriter) async throws {
        var response = await respond(to: request)
        if request.headers[.connection]?.lowercased() == "close" { response.headers[.connection] = "close" }
        try await writer.write(response: response.head, body: response.body)
    }

    func respond(to request: Request) async -> Response {
        // A page elsewhere that rebinds its own host name to 127.0.0.1 still sends that name.
        // (The HTTP types carry the Host header as the request's authority.)
        if let host = request.head.authority, !Self.isLoopbackHost(host) {
            return Self.problem(.badRequest, "the Host header names no loopback address")
        }
        let target: RequestTarget
        do {
            // The request target as it came (percent escapes and all), cut at its first `?`.
            let raw = Array((request.head.path ?? "").utf8)[...]
            let question = raw.firstIndex(of: UInt8(ascii: "?"))
            target = try RequestTarget(rawPath: raw[..<(question ?? raw.endIndex)], rawQuery: question.map { raw[($0 + 1)...] } ?? [])
        } catch let malformed as RequestTarget.Malformed {
            return Self.problem(.badRequest, malformed.reason)
        } catch {
            return Self.problem(.badRequest, "\(error)")
        }
        guard request.method == .get else {
            var response = Self.problem(.methodNotAllowed, "only GET is served")
            response.headers[.allow] = "GET"
            return response
        }
        switch target.path {
        case "/", "/index.html":
            return page.response(for: "index.html")
        case "/app.js", "/shapes.js", "/canvas.js", "/frames.js", "/style.css":
            return page.response(for: String(target.path.dropFirst()))
        case "/events":
            return eventStream()
        case "/api/paint":
            return Self.json(PreviewDocuments.Paint.preview)
        case "/api/files":
            let entries = tree.entries()
            return Self.json(PreviewDocuments.FileList(files: entries.map {
                .init(id: $0.id, path: $0.shownPath, constants: ConstantsOnlyFile.check($0.path) ? true : nil)
            }))
        case "/api/layout", "/api/frames", "/api/matrix":
            return await api(target)
        default:
            if target.path.hasPrefix("/files/") {
                return await source(id: String(target.path.dropFirst("/files/".count)))
            }
            return Self.notFound
        }
    }

    /// `text/event-stream`: a `retry` hint (reconnect after half a second when the server
    /// restarts) and a `hello` event, then the hub's events as they come, each written (and
    /// sent, chunked) at once. It ends when the server stops, or at the first event the client
    /// is no longer there to read.
    private func eventStream() -> Response {
        let hub = self.hub
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            let subscription = hub.subscribe()
            defer { subscription.end() }
            try await writer.write(ByteBuffer(string: "retry: 500\nevent: hello\ndata: {}\n\n"))
            for await text in subscription.events {
                try await writer.write(ByteBuffer(string: text))
            }
            try await writer.finish(nil)
        })
    }

    private func api(_ target: RequestTarget) async -> Response {
        guard let id = target.query["file"] else { return Self.problem(.badRequest, "the query needs file=ID") }
        var status = stat()
        guard let entry = tree.resolve(id, status: &status) else { return Self.notFound }
        let query: FramesQuery
        do {
            query = try FramesQuery(target.query)
        } catch let error as FramesQuery.QueryError {
            return Self.problem(.badRequest, error.message)
        } catch {
            return Self.problem(.badRequest, "\(error)")
        }
        let path = target.path
        // A slider step: the file as it was at the last step, and a layout of usual depth.
        if path == "/api/frames", let snapshot = cache.current(entry, LayoutSnapshot.Version(status)),
           snapshot.isSmall(depth: Self.inlineDepth, nodes: Self.inlineNodes) {
            return Self.framesResponse(FramesAnswer.body(snapshot, query))
        }
        let cache = self.cache
        return await worker.run { () -> Response in
            switch cache.snapshot(of: entry) {
            case .failure(.tooLarge):
                return Self.problem(.contentTooLarge, "the file is larger than \(SnapshotCache.maximumFileSize) bytes")
            case .failure(.unreadable):
                return Self.notFound
            case .success(let snapshot):
                switch path {
                case "/api/layout": return Self.json(FrameComputation.layoutFile(snapshot))
                case "/api/matrix": return Self.json(FrameComputation.matrix(snapshot, query))
                default: return Self.framesResponse(FramesAnswer.body(snapshot, query))
                }
            }
        }
    }

    private func source(id: String) async -> Response {
        guard let entry = tree.resolve(id) else { return Self.notFound }
        let cache = self.cache
        return await worker.run { () -> Response in
            guard case .success(let snapshot) = cache.snapshot(of: entry) else { return Self.notFound }
            return Self.response(.ok, type: "text/plain; charset=utf-8", body: Array(snapshot.text.utf8))
        }
    }

    /// "127.0.0.1", "localhost", "[::1]", with or without a port.
    static func isLoopbackHost(_ host: String) -> Bool {
        isLoopbackHost(Array(host.utf8)[...])
    }

    /// The same from bytes, letters in any case.
    static func isLoopbackHost(_ host: ArraySlice<UInt8>) -> Bool {
        var name = host
        if name.first == UInt8(ascii: "[") {
            guard let end = name.firstIndex(of: UInt8(ascii: "]")) else { return false }
            return name[(name.startIndex + 1)..<end].elementsEqual("::1".utf8)
        }
        if let colon = name.firstIndex(of: UInt8(ascii: ":")) { name = name[..<colon] }
        // Every byte of "localhost" is a letter, so setting the case bit matches exactly its two cases.
        return name.elementsEqual("127.0.0.1".utf8) || (name.count == 9 && zip(name, "localhost".utf8).allSatisfy { $0 | 0x20 == $1 })
    }

    /// A frames answer's head, in the order its fields have always had (`Cache-Control` last).
    static func framesResponse(_ body: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentLength] = String(body.count)
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A response with its length, type and `Cache-Control: no-store` (nothing served is cached:
    /// the files change under the page).
    static func response(_ status: HTTPResponse.Status, type: String, body: some Collection<UInt8>) -> Response {
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        headers[.contentLength] = String(body.count)
        headers[.contentType] = type
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static var notFound: Response { problem(.notFound, "not found") }

    static func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var response = json(PreviewDocuments.Problem(error: message))
        response.status = status
        return response
    }

    /// The JSON the page's documents are written in (sorted keys, slashes as they are).
    static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func json(_ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            return response(.internalServerError, type: "application/json", body: Array("{\"error\":\"encoding\"}".utf8))
        }
        return response(.ok, type: "application/json; charset=utf-8", body: data)
    }
}

extension HTTPResponse.Status {
    static let contentTooLarge = HTTPResponse.Status(code: 413, reasonPhrase: "Content Too Large")
}
