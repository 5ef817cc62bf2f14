import FlyingFox
import FlyingSocks
import Foundation
import LayoutCompiler

/// `layoutc serve`: a local web page that previews the layout files under some paths, live.
///
/// It listens on 127.0.0.1 only. What it answers (every other target is 404):
///
/// - `GET /`, `/app.js`, `/shapes.js`, `/canvas.js`, `/frames.js`, `/style.css`: the page (resources of this target);
/// - `GET /api/files`: the layout files, by id;
/// - `GET /api/paint`: how `layoutc preview` paints frames (`PreviewPaint`), which the page uses;
/// - `GET /api/layout?file=ID`: a file's layouts, their nodes, what they take at run time, its
///   static diagnostics and lint findings;
/// - `GET /api/frames?file=ID&…`: the frames at one size (`FramesQuery`), as the bytes of
///   `layoutc frames --format json` and a line for the page (`FramesAnswer`), answered by the
///   gate itself (`DirectFrames`);
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
///
/// Running out of file descriptors does not stop it: it raises its soft limit to the hard one,
/// holds at most `connectionCapacity` connections (below the limit; `ConnectionTable` makes room
/// or answers 503), times out request heads (`headTimeout`, 408), and waits when accept fails
/// for want of descriptors.
public final class PreviewServer: Sendable {
    public let tree: LayoutFileTree
    private let requestedPort: UInt16
    private let headTimeout: Duration
    private let state = ServerState()
    let hub = EventHub()
    private let cache: SnapshotCache
    private let worker = LayoutWorker()
    private let page: PageResources

    /// How often saved files are looked for; a save shows within this plus a frames request.
    static let watchInterval: Duration = .milliseconds(200)

    /// `headTimeout`: how long a request head may take to arrive whole (a slowloris sends a
    /// byte and waits).
    /// `importRoots`: folders imports may read besides the served ones (docs/format.md §7.5).
    public init(paths: [String], port: UInt16 = 0, headTimeout: Duration = .seconds(5), importRoots: [String] = []) {
        tree = LayoutFileTree(paths: paths)
        // The project: each served folder, and the folder of each served file.
        cache = SnapshotCache(confinement: ImportConfinement(folders: tree.roots.map { root in
            root.isFolder ? root.real : ImportConfinement.folders(ofFiles: [root.real])[0]
        } + importRoots))
        requestedPort = port
        self.headTimeout = headTimeout
        page = PageResources()
    }

    /// The connections held at once, from the descriptor limit (set by `start`).
    public var connectionCapacity: Int { state.gate?.connections.capacity ?? 0 }

    /// How many times the HTTP library's server ended and was started again.
    var upstreamRestarts: Int { state.upstream?.restarts ?? 0 }

    /// Ends the HTTP library's server as its accept loop ending on an error would (for tests).
    func interruptUpstream() async { await state.upstream?.interrupt() }

    /// The open event streams.
    public var eventStreamCount: Int { hub.count }

    /// Binds 127.0.0.1 (port 0: a free one), starts serving and watching, and returns the port.
    public func start() async throws -> UInt16 {
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: requestedPort)
        // The library's server listens where only this user can connect; `RequestGate` faces the clients.
        let folder = NSTemporaryDirectory() + "layoutc-serve-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let upstreamAddress = sockaddr_un.unix(path: folder + "/http.sock")
        let handler = PreviewHandler(tree: tree, hub: hub, cache: cache, worker: worker, page: page)
        let upstream = UpstreamServer(address: upstreamAddress, handler: handler)
        let limit = DescriptorLimit.raiseSoftLimit()
        // The gate's pool is its own: the library's server stops its pool when it ends.
        #if os(Linux)
        let pool: any AsyncSocketPool = EpollSocketPool()
        #else
        let pool: any AsyncSocketPool = HTTPServer.defaultPool()
        #endif
        var serving: Task<Void, Never>?
        var pooling: Task<Void, Never>?
        let gate: RequestGate
        do {
            serving = try await upstream.start()
            try await pool.prepare()
            pooling = Task { try? await pool.run() }
            gate = try RequestGate(address: address, upstream: upstreamAddress, pool: pool,
                                   connections: ConnectionTable(capacity: DescriptorLimit.connectionCapacity(limit: limit)),
                                   headTimeout: headTimeout, direct: DirectFrames(tree: tree, cache: cache, worker: worker))
        } catch {
            await upstream.stop()
            serving?.cancel()
            pooling?.cancel()
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        guard let port = gate.port else {
            await upstream.stop()
            serving?.cancel()
            pooling?.cancel()
            try? FileManager.default.removeItem(atPath: folder)
            throw ServerError(message: "the server is not listening on 127.0.0.1")
        }
        let gating = Task { await gate.run() }
        let watching = Task { [tree, hub, cache] in await FileWatcher(tree: tree, hub: hub, cache: cache).run() }
        state.set(upstream: upstream, gate: gate, serving: serving ?? Task {}, pooling: pooling ?? Task {}, gating: gating,
                  watching: watching, folder: folder)
        return port
    }

    /// Runs until the server stops (it does not on its own).
    public func wait() async throws {
        await state.serving?.value
    }

    public func stop() async {
        hub.finishAll()
        state.watching?.cancel()
        state.gating?.cancel()
        await state.gating?.value
        // The gate has ended every connection already: nothing is left to finish.
        await state.upstream?.stop()
        state.serving?.cancel()
        await state.serving?.value
        state.pooling?.cancel()
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
    private var _upstream: UpstreamServer?
    private var _gate: RequestGate?
    private var _serving: Task<Void, Never>?
    private var _pooling: Task<Void, Never>?
    private var _gating: Task<Void, Never>?
    private var _watching: Task<Void, Never>?
    private var _folder: String?

    func set(upstream: UpstreamServer, gate: RequestGate, serving: Task<Void, Never>, pooling: Task<Void, Never>,
             gating: Task<Void, Never>, watching: Task<Void, Never>, folder: String) {
        lock.withLock {
            _upstream = upstream
            _gate = gate
            _serving = serving
            _pooling = pooling
            _gating = gating
            _watching = watching
            _folder = folder
        }
    }

    var upstream: UpstreamServer? { lock.withLock { _upstream } }
    var gate: RequestGate? { lock.withLock { _gate } }
    var serving: Task<Void, Never>? { lock.withLock { _serving } }
    var pooling: Task<Void, Never>? { lock.withLock { _pooling } }
    var gating: Task<Void, Never>? { lock.withLock { _gating } }
    var watching: Task<Void, Never>? { lock.withLock { _watching } }
    var folder: String? { lock.withLock { _folder } }
}
