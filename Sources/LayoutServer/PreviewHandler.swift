import FlyingFox
import Foundation
import LayoutCompiler

/// Answers the server's requests (`PreviewServer` lists them). Targets are matched exactly
/// after decoding, and a file is only ever found through `LayoutFileTree.resolve`, so no
/// spelling of a path reaches anything but the layout files served.
struct PreviewHandler: HTTPHandler {
    let tree: LayoutFileTree
    let hub: EventHub
    let cache: SnapshotCache
    let worker: LayoutWorker
    let page: PageResources

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.version.rawValue == "HTTP/1.1" || request.version.rawValue == "HTTP/1.0" else {
            return Self.problem(.badRequest, "unsupported HTTP version")
        }
        // A page elsewhere that rebinds its own host name to 127.0.0.1 still sends that name.
        if let host = request.headers[.host], !Self.isLoopbackHost(host) {
            return Self.problem(.badRequest, "the Host header names no loopback address")
        }
        let target: RequestTarget
        do {
            target = try RequestTarget(rawPath: request.target.path(), rawQuery: request.target.query())
        } catch let malformed as RequestTarget.Malformed {
            return Self.problem(.badRequest, malformed.reason)
        }
        guard request.method == .GET else {
            var response = Self.problem(.methodNotAllowed, "only GET is served")
            response.headers[HTTPHeader("Allow")] = "GET"
            return response
        }
        switch target.path {
        case "/", "/index.html":
            return page.response(for: "index.html")
        case "/app.js", "/shapes.js", "/canvas.js", "/frames.js", "/style.css":
            return page.response(for: String(target.path.dropFirst()))
        case "/events":
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
                                body: HTTPBodySequence(from: EventStreamBody(events: hub.subscribe())))
        case "/api/paint":
            return Self.json(PreviewDocuments.Paint.preview)
        case "/api/files":
            let entries = tree.entries()
            return Self.json(PreviewDocuments.FileList(files: entries.map { .init(id: $0.id, path: $0.shownPath) }))
        case "/api/layout", "/api/frames", "/api/matrix":
            return await api(target)
        default:
            if target.path.hasPrefix("/files/") {
                return await source(id: String(target.path.dropFirst("/files/".count)))
            }
            return Self.notFound
        }
    }

    private func api(_ target: RequestTarget) async -> HTTPResponse {
        guard let id = target.query["file"] else { return Self.problem(.badRequest, "the query needs file=ID") }
        guard let entry = tree.resolve(id) else { return Self.notFound }
        let query: FramesQuery
        do {
            query = try FramesQuery(target.query)
        } catch let error as FramesQuery.QueryError {
            return Self.problem(.badRequest, error.message)
        } catch {
            return Self.problem(.badRequest, "\(error)")
        }
        let path = target.path
        let cache = self.cache
        return await worker.run { () -> HTTPResponse in
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

    private func source(id: String) async -> HTTPResponse {
        guard let entry = tree.resolve(id) else { return Self.notFound }
        let cache = self.cache
        return await worker.run { () -> HTTPResponse in
            guard case .success(let snapshot) = cache.snapshot(of: entry) else { return Self.notFound }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                                body: Data(snapshot.text.utf8))
        }
    }

    /// "127.0.0.1", "localhost", "[::1]", with or without a port.
    static func isLoopbackHost(_ host: String) -> Bool {
        isLoopbackHost(Array(host.utf8)[...])
    }

    /// The same from the header's bytes (`DirectFrames`: no string a request), letters in any case.
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

    static func framesResponse(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"], body: Data(body))
    }

    static var notFound: HTTPResponse { problem(.notFound, "not found") }

    static func problem(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        var response = json(PreviewDocuments.Problem(error: message))
        response.statusCode = status
        return response
    }

    /// The JSON the page's documents are written in (sorted keys, slashes as they are).
    static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func json(_ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            return HTTPResponse(statusCode: .internalServerError, headers: [.contentType: "application/json"], body: Data("{\"error\":\"encoding\"}".utf8))
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"], body: data)
    }
}

extension HTTPStatusCode {
    static let contentTooLarge = HTTPStatusCode(413, phrase: "Content Too Large")
}
