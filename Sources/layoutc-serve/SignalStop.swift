import Foundation
import LayoutServer

/// Ctrl-C and `kill` end the server the way they end any process, by their signal, but only
/// after it has stopped and removed its socket file; a second one ends it at once.
final class SignalStop: @unchecked Sendable {
    private let lock = NSLock()
    private var _received: Int32?
    private var sources: [any DispatchSourceSignal] = []
    /// Signaled once for each source that Dispatch has registered.
    private let registered = DispatchSemaphore(value: 0)

    init(_ server: PreviewServer) {
        sources = [SIGINT, SIGTERM].map { number in
            // Dispatch takes the signal from here on (on Linux it blocks it in each thread it
            // lands on and reads it from a signalfd): the default action is restored by `end`.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { [self] in
                guard record(number) else { return Self.end(by: number) }
                Task { await server.stop() }
            }
            source.setRegistrationHandler { [registered] in registered.signal() }
            source.resume()
            return source
        }
    }

    /// Waits until Dispatch listens for both signals. Until then the signals are ignored (Dispatch
    /// registers a source on its own thread, later): one that came between would be lost, and the
    /// server would not stop. So the server says it is up only after this.
    func waitUntilListening() async {
        let registered = registered, count = sources.count
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for _ in 0..<count { registered.wait() }
                continuation.resume()
            }
        }
    }

    /// The signal that stopped the server, if one did.
    var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return _received
    }

    /// Whether this is the first signal.
    private func record(_ number: Int32) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard _received == nil else { return false }
        _received = number
        return true
    }

    /// Ends the process by the signal that stopped the server, if one did.
    func endByTheSignal() {
        guard let number = received else { return }
        Self.end(by: number)
    }

    /// Raises the signal in this thread with its default action and unblocked, so it ends the
    /// process here and now, whatever the other threads block.
    private static func end(by number: Int32) {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        // Not reached; should the signal not end the process, its exit status still says it.
        exit(128 + number)
    }
}
