import FlyingFox
import FlyingSocks
import Foundation

/// The HTTP library's server, on a Unix socket behind `RequestGate`. The library's accept loop
/// ends its server at any accept error (EMFILE included: issue 20) and stops the socket pool it
/// runs. The gate caps its connections so that the library should never run out of
/// descriptors; should its server end anyway, this starts a new one on the same socket, with a
/// pool of its own (the gate runs another), while the gate's new connections wait for it.
final class UpstreamServer: @unchecked Sendable {
    let address: sockaddr_un
    private let handler: PreviewHandler
    private let lock = NSLock()
    private var current: HTTPServer?
    private var stopped = false
    private var _restarts = 0

    init(address: sockaddr_un, handler: PreviewHandler) {
        self.address = address
        self.handler = handler
    }

    /// How many times the library's server was started again.
    var restarts: Int { lock.withLock { _restarts } }

    /// Starts the server and waits until it listens; the task returned runs (and restarts) it
    /// until `stop`.
    func start() async throws -> Task<Void, Never> {
        let server = makeServer()
        let ended = RunEnded()
        let first = Task {
            defer { ended.set() }
            try await server.run()
        }
        // No time limit: on a busy machine listening may take long, and a limit failed tests
        // that only had to wait (issue 43). The run ends only on an error, which says why.
        while await !server.isListening {
            if ended.value {
                if case .failure(let runError) = await first.result { throw runError }
                throw PreviewServer.ServerError(message: "the HTTP server ended before it listened")
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return Task { [self] in
            var running = first
            while true {
                let task = running
                _ = await withTaskCancellationHandler { await task.result } onCancel: { task.cancel() }
                guard !Task.isCancelled, let server = nextServer() else { return }
                try? Socket.unlink(address)
                // A server that cannot even listen is retried, not spun on.
                try? await Task.sleep(for: .milliseconds(50))
                running = Task { try await server.run() }
            }
        }
    }

    /// Ends the current server (as its accept loop ending would); it is started again.
    func interrupt() async {
        let server = lock.withLock { current }
        await server?.stop(timeout: 0)
    }

    func stop() async {
        let server = lock.withLock { () -> HTTPServer? in
            stopped = true
            return current
        }
        await server?.stop(timeout: 0)
    }

    private func nextServer() -> HTTPServer? {
        lock.withLock {
            guard !stopped else { return nil }
            _restarts += 1
            let server = HTTPServer(config: HTTPServer.Configuration(address: address, pool: HTTPServer.defaultPool(), logger: .disabled),
                                    handler: handler)
            current = server
            return server
        }
    }

    private func makeServer() -> HTTPServer {
        lock.withLock {
            let server = HTTPServer(config: HTTPServer.Configuration(address: address, pool: HTTPServer.defaultPool(), logger: .disabled),
                                    handler: handler)
            current = server
            return server
        }
    }
}

/// Whether a run task has ended, read while it may still run.
private final class RunEnded: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false

    var value: Bool { lock.withLock { ended } }

    func set() { lock.withLock { ended = true } }
}
