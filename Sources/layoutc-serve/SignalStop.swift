import Foundation
import LayoutServer

/// Ctrl-C and `kill` end the server the way they end any process, by their signal, but only
/// after it has stopped and removed its socket file; a second one ends it at once.
final class SignalStop: @unchecked Sendable {
    private let lock = NSLock()
    private var _received: Int32?
    private var sources: [any DispatchSourceSignal] = []

    init(_ server: PreviewServer) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { [self] in
                signal(number, SIG_DFL)
                record(number)
                Task { await server.stop() }
            }
            source.resume()
            return source
        }
    }

    /// The signal that stopped the server, if one did.
    var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return _received
    }

    private func record(_ number: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if _received == nil { _received = number }
    }

    /// Sends the received signal again, now with its default action. Sent to the process, not
    /// raised in this thread: the threads that run tasks block signals, the main thread does not.
    func endByTheSignal() {
        guard let number = received else { return }
        kill(getpid(), number)
        // The signal ends the process before this does.
        sleep(5)
    }
}
