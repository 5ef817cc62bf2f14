import Foundation
import HummingbirdCore
import LayoutCompiler
import Logging
import NIOCore
import NIOPosix
import Synchronization

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
///   `layoutc frames --format json` and a line for the page (`FramesAnswer`);
/// - `GET /api/matrix?file=ID&…`: the frames at every size of the device matrix;
/// - `GET /files/ID`: the file's text;
/// - `GET /events`: server-sent events, `change` with `{"file": ID}` when a file is saved.
///
/// HTTP is Hummingbird's server on SwiftNIO (`PreviewChannel` sets up each connection). A request
/// whose head cannot be framed (no method, target and version; a header line without a colon; an
/// over-long line; a Content-Length that is not a number; bytes that are not text) is 400 with the
/// reason as plain text, and its connection closes (`HeadGuard`, `RequestHead`); the server goes
/// on serving the others. A target that cannot be decoded, a bad query value, an unknown HTTP
/// version or a Host header that names no loopback address (DNS rebinding) is 400 with a JSON
/// reason; a method other than GET is 405.
///
/// Running out of file descriptors does not stop it: it raises its soft limit to the hard one,
/// holds at most `connectionCapacity` connections (below the limit; `ConnectionTable` makes room
/// or answers 503), times out request heads (`headTimeout`, 408), and SwiftNIO's accept back-off
/// waits when accept fails for want of descriptors.
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

    /// Hummingbird and SwiftNIO log nothing the user needs; the server says what it must itself.
    static let logger = Logger(label: "layoutc-serve", factory: { _ in SwiftLogNoOpLogHandler() })

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
    public var connectionCapacity: Int { state.connections?.capacity ?? 0 }

    /// How many times the HTTP server stopped listening and was started again.
    var upstreamRestarts: Int { state.restarts }

    /// Closes the listening socket as an accept loop ending on an error would (for tests), and
    /// returns once the server listens again.
    func interruptUpstream() async {
        let before = state.restarts
        state.listener?.close(promise: nil)
        for _ in 0..<500 where state.restarts == before || state.listener == nil {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The open event streams.
    public var eventStreamCount: Int { hub.count }

    /// Binds 127.0.0.1 (port 0: a free one), starts serving and watching, and returns the port.
    public func start() async throws -> UInt16 {
        let limit = DescriptorLimit.raiseSoftLimit()
        let connections = ConnectionTable(capacity: DescriptorLimit.connectionCapacity(limit: limit))
        let handler = PreviewHandler(tree: tree, hub: hub, cache: cache, worker: worker, page: page)
        let channel = PreviewChannel(responder: { request, writer, _ in try await handler.respond(to: request, writer: writer) },
                                     connections: connections, headTimeout: headTimeout)
        state.prepare(connections: connections, channel: channel)
        let port = try await listen(on: requestedPort, channel)
        let watching = Task(executorPreference: Self.taskExecutor) { [tree, hub, cache] in await FileWatcher(tree: tree, hub: hub, cache: cache).run() }
        state.set(watching: watching)
        return port
    }

    /// Runs Hummingbird's server on 127.0.0.1:`port` and returns the port once it listens. Should
    /// it stop listening while the server runs (SwiftNIO backs off when accept fails rather
    /// than end, so this is a safeguard), it is started again on the same port.
    private func listen(on port: UInt16, _ channel: PreviewChannel) async throws -> UInt16 {
        let listening = Listening()
        let server = Server(childChannelSetup: channel,
                            configuration: ServerConfiguration(address: .hostname("127.0.0.1", port: Int(port)), backlog: 4096),
                            onServerRunning: { listening.resume(with: .success($0)) },
                            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: Self.logger)
        let running = Task(executorPreference: Self.taskExecutor) {
            do {
                try await server.run()
                listening.resume(with: .failure(ServerError(message: "the server ended before it listened")))
            } catch {
                listening.resume(with: .failure(error))
            }
        }
        let listener: any Channel
        do {
            listener = try await listening.value
        } catch {
            running.cancel()
            throw error
        }
        guard let bound = listener.localAddress?.port, let boundPort = UInt16(exactly: bound) else {
            running.cancel()
            throw ServerError(message: "the server is not listening on 127.0.0.1")
        }
        guard state.add(running: running, server: server, listener: listener) else {
            // Stopped meanwhile.
            running.cancel()
            return boundPort
        }
        listener.closeFuture.whenComplete { [self] _ in
            Task(executorPreference: Self.taskExecutor) { await self.listenAgain(on: boundPort, channel) }
        }
        return boundPort
    }

    private func listenAgain(on port: UInt16, _ channel: PreviewChannel) async {
        while state.listenerClosed() {
            // A server that cannot even listen is retried, not spun on.
            if (try? await listen(on: port, channel)) != nil { return }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Makes SwiftNIO's event loops Swift's global executor for the rest of the process (call
    /// once, before `start`), so that a request's task runs on the thread its connection's event
    /// loop reads and writes on, as NIO recommends for servers: no hop to Swift's own pool and
    /// back for each request. On Linux only (elsewhere NIO wants the main thread for it, which an
    /// async command does not promise).
    public static func runTasksOnEventLoops() {
        #if os(Linux)
        tasksRunOnEventLoops.store(NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor(), ordering: .releasing)
        #endif
    }

    /// Whether `runTasksOnEventLoops` made the event loops Swift's global executor.
    private static let tasksRunOnEventLoops = Atomic<Bool>(false)

    /// The executor the server's tasks prefer: none (the event loops, as the global executor)
    /// after `runTasksOnEventLoops`, else `ServerExecutor`'s threads.
    static var taskExecutor: (any TaskExecutor)? { tasksRunOnEventLoops.load(ordering: .acquiring) ? nil : ServerExecutor.shared }

    /// Runs until the server stops (it does not on its own).
    public func wait() async throws {
        await state.waitUntilStopped()
    }

    public func stop() async {
        let (running, servers, watching) = state.stop()
        hub.finishAll()
        watching?.cancel()
        // A graceful shutdown, not a cancelled server task: cancelled while a connection it
        // accepted was still queued, SwiftNIO trapped ("Deinited NIOAsyncWriter without calling
        // finish()", apple/swift-nio#3481), one stop in a few in the tests. Shutting down closes
        // the listener, hands every accepted connection on and asks each to close once idle;
        // the connections still open are closed meanwhile.
        let shutdowns = servers.map { server in
            Task(executorPreference: Self.taskExecutor) { try? await server.shutdownGracefully() }
        }
        state.connections?.shutAll()
        for shutdown in shutdowns { await shutdown.value }
        for task in running { await task.value }
        state.finishWaiting()
    }

    public struct ServerError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

/// The listening socket, once the server listens (or why it does not), given once.
private final class Listening: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<any Channel, any Error>?
    private var waiter: CheckedContinuation<any Channel, any Error>?

    func resume(with result: Result<any Channel, any Error>) {
        let waiting: CheckedContinuation<any Channel, any Error>? = lock.withLock {
            guard self.result == nil else { return nil }
            self.result = result
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(with: result)
    }

    var value: any Channel {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<any Channel, any Error>? = lock.withLock {
                    if result == nil { waiter = continuation }
                    return result
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }
}

/// The running parts, behind a lock.
final class ServerState: @unchecked Sendable {
    private let lock = NSLock()
    private var _connections: ConnectionTable?
    private var _channel: PreviewChannel?
    private var _running: [Task<Void, Never>] = []
    private var _servers: [Server<PreviewChannel>] = []
    private var _listener: (any Channel)?
    private var _restarts = 0
    private var _listened = false
    private var _watching: Task<Void, Never>?
    private var stopped = false
    private var finished = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func prepare(connections: ConnectionTable, channel: PreviewChannel) {
        lock.withLock {
            _connections = connections
            _channel = channel
        }
    }

    /// A server now listening; false once stopped.
    func add(running: Task<Void, Never>, server: Server<PreviewChannel>, listener: any Channel) -> Bool {
        lock.withLock {
            guard !stopped else { return false }
            _running.append(running)
            _servers.append(server)
            if _listened { _restarts += 1 }
            _listened = true
            _listener = listener
            return true
        }
    }

    /// The listener closed: whether to listen again (not once stopped).
    func listenerClosed() -> Bool {
        lock.withLock {
            _listener = nil
            return !stopped
        }
    }

    func set(watching: Task<Void, Never>) {
        lock.withLock { _watching = watching }
    }

    /// Marks the server stopped; what runs, to end.
    func stop() -> (running: [Task<Void, Never>], servers: [Server<PreviewChannel>], watching: Task<Void, Never>?) {
        lock.withLock {
            stopped = true
            return (_running, _servers, _watching)
        }
    }

    func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock {
                if !finished { waiters.append(continuation) }
                return finished
            }
            if now { continuation.resume() }
        }
    }

    func finishWaiting() {
        let waiting = lock.withLock {
            finished = true
            defer { waiters = [] }
            return waiters
        }
        for continuation in waiting { continuation.resume() }
    }

    var connections: ConnectionTable? { lock.withLock { _connections } }
    var listener: (any Channel)? { lock.withLock { _listener } }
    var restarts: Int { lock.withLock { _restarts } }
}
