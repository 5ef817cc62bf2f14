import FlyingFox
import FlyingSocks
import Foundation
import LayoutCompiler

/// `layoutc serve`: a local web page that previews the layout files under some paths, live.
///
/// It listens on 127.0.0.1 only. What it answers (every other target is 404):
///
/// - `GET /`, `/app.js`, `/style.css`: the page (resources of this target);
/// - `GET /api/files`: the layout files, by id;
/// - `GET /api/layout?file=ID`: a file's layouts, what they take at run time, its static
///   diagnostics and lint findings;
/// - `GET /api/frames?file=ID&…`: every node's frame at one size (`FramesQuery`);
/// - `GET /api/matrix?file=ID&…`: the frames at every size of the device matrix;
/// - `GET /files/ID`: the file's text;
/// - `GET /events`: server-sent events, `change` with `{"file": ID}` when a file is saved.
///
/// A target that cannot be decoded, a bad query value, an unknown HTTP version or a Host
/// header that names no loopback address (DNS rebinding) is 400; a
/// method other than GET is 405. A request line the HTTP library cannot frame at all closes
/// that connection; the server goes on serving the others.
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
        let handler = PreviewHandler(tree: tree, hub: hub, cache: cache, worker: worker, page: page)
        let pool = NoDelaySocketPool(base: HTTPServer.defaultPool())
        let server = HTTPServer(config: HTTPServer.Configuration(address: address, pool: pool, logger: .disabled), handler: handler)
        let serving = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 10)
        } catch {
            serving.cancel()
            // The run task's error (the port is taken, say) says more than the wait's.
            if case .failure(let runError) = await serving.result { throw runError }
            throw error
        }
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            serving.cancel()
            throw ServerError(message: "the server is not listening on 127.0.0.1")
        }
        let watching = Task { [tree, hub, cache] in await FileWatcher(tree: tree, hub: hub, cache: cache).run() }
        state.set(server: server, serving: serving, watching: watching)
        return port
    }

    /// Runs until the server stops (it does not on its own).
    public func wait() async throws {
        try await state.serving?.value
    }

    public func stop() async {
        hub.finishAll()
        state.watching?.cancel()
        await state.server?.stop(timeout: 1)
        state.serving?.cancel()
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
    private var _watching: Task<Void, Never>?

    func set(server: HTTPServer, serving: Task<Void, any Error>, watching: Task<Void, Never>) {
        lock.lock()
        defer { lock.unlock() }
        _server = server
        _serving = serving
        _watching = watching
    }

    var server: HTTPServer? { lock.lock(); defer { lock.unlock() }; return _server }
    var serving: Task<Void, any Error>? { lock.lock(); defer { lock.unlock() }; return _serving }
    var watching: Task<Void, Never>? { lock.lock(); defer { lock.unlock() }; return _watching }
}
