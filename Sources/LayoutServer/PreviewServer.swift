import FlyingFox
import FlyingSocks
import Foundation
import LayoutCompiler

/// `layoutc serve`: a local web page that previews the layout files under some paths, live.
///
/// It listens on 127.0.0.1 only. What it answers (every other target is 404):
///
/// - `GET /`, `/app.js`, `/shapes.js`, `/canvas.js`, `/style.css`: the page (resources of this target);
/// - `GET /api/files`: the layout files, by id;
/// - `GET /api/paint`: how `layoutc preview` paints frames (`PreviewPaint`), which the page uses;
/// - `GET /api/layout?file=ID`: a file's layouts, what they take at run time, its static
///   diagnostics and lint findings;
/// - `GET /api/frames?file=ID&…`: every node's frame at one size (`FramesQuery`);
/// - `GET /api/matrix?file=ID&…`: the frames at every size of the device matrix;
/// - `GET /files/ID`: the file's text;
/// - `GET /events`: server-sent events, `change` with `{"file": ID}` when a file is saved.
///
/// A request whose head cannot be framed (no method, target and version; a header line without
/// a colon; an over-long line; a Content-Length that is not a number; bytes that are not text) is
/// 400 with the reason as plain text, and its connection closes (`RequestGate`, `RequestHead`);
/// the server goes on serving the others. A target that cannot be decoded, a bad query value, an
/// unknown HTTP version or a Host header that names no loopback address (DNS rebinding) is 400
/// with a JSON reason; a method other than GET is 405.
public final class PreviewServer: Sendable {
    public let tree: LayoutFileTree
    private let requestedPort: UInt16
    private let state = ServerState()
    let hub = EventHub()
    private let cache = SnapshotCache()
    private let worker = LayoutWorker()
    private let page: PageResources

    /// How often saved files are looked for; a save shows within this plus a frames request.
    static let watchInterval: Duration = .milliseconds(200)

    public init(paths: [String], port: UInt16 = 0) {
        tree = LayoutFileTree(paths: paths)
        requestedPort = port
        page = PageResources()
    }

    /// The open event streams.
    public var eventStreamCount: Int { hub.count }

    /// Binds 127.0.0.1 (port 0: a free one), starts serving and watching, and returns the port.
    public func start() async throws -> UInt16 {
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: requestedPort)
        // The library's server listens where only this user can connect; `RequestGate` faces the clients.
        let folder = NSTemporaryDirectory() + "layoutc-serve-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let upstream = sockaddr_un.unix(path: folder + "/http.sock")
        let handler = PreviewHandler(tree: tree, hub: hub, cache: cache, worker: worker, page: page)
        let pool = HTTPServer.defaultPool()
        let server = HTTPServer(config: HTTPServer.Configuration(address: upstream, pool: pool, logger: .disabled), handler: handler)
        let serving = Task { try await server.run() }
        let gate: RequestGate
        do {
            do {
                try await server.waitUntilListening(timeout: 10)
            } catch {
                serving.cancel()
                // The run task's error says more than the wait's.
                if case .failure(let runError) = await serving.result { throw runError }
                throw error
            }
            gate = try RequestGate(address: address, upstream: upstream, pool: pool)
        } catch {
            await server.stop(timeout: 0)
            serving.cancel()
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        guard let port = gate.port else {
            await server.stop(timeout: 0)
            serving.cancel()
            try? FileManager.default.removeItem(atPath: folder)
            throw ServerError(message: "the server is not listening on 127.0.0.1")
        }
        let gating = Task { await gate.run() }
        let watching = Task { [tree, hub, cache] in await FileWatcher(tree: tree, hub: hub, cache: cache).run() }
        state.set(server: server, serving: serving, gating: gating, watching: watching, folder: folder)
        return port
    }

    /// Runs until the server stops (it does not on its own).
    public func wait() async throws {
        try await state.serving?.value
    }

    public func stop() async {
        hub.finishAll()
        state.watching?.cancel()
        state.gating?.cancel()
        await state.gating?.value
        // The gate has ended every connection already: nothing is left to finish.
        await state.server?.stop(timeout: 0)
        state.serving?.cancel()
        if let folder = state.folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    public struct ServerError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

/// The running parts, set once by `start`.
final class ServerState: @unchecked Sendable {
    private let lock = NSLock()
    private var _server: HTTPServer?
    private var _serving: Task<Void, any Error>?
    private var _gating: Task<Void, Never>?
    private var _watching: Task<Void, Never>?
    private var _folder: String?

    func set(server: HTTPServer, serving: Task<Void, any Error>, gating: Task<Void, Never>, watching: Task<Void, Never>, folder: String) {
        lock.lock()
        defer { lock.unlock() }
        _server = server
        _serving = serving
        _gating = gating
        _watching = watching
        _folder = folder
    }

    var server: HTTPServer? { lock.lock(); defer { lock.unlock() }; return _server }
    var serving: Task<Void, any Error>? { lock.lock(); defer { lock.unlock() }; return _serving }
    var gating: Task<Void, Never>? { lock.lock(); defer { lock.unlock() }; return _gating }
    var watching: Task<Void, Never>? { lock.lock(); defer { lock.unlock() }; return _watching }
    var folder: String? { lock.lock(); defer { lock.unlock() }; return _folder }
}
