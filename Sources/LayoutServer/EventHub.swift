import Foundation

/// The open event streams (`/events`) and what is sent to all of them: a `change` event when
/// a layout file is saved, `files` when files appear or go, and a comment now and then so a
/// closed connection is noticed and dropped.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextID = 0

    /// How many streams are open (for tests and the load check).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return subscribers.count
    }

    /// An open stream: its events, and what ends it (its reader is gone).
    struct Subscription: Sendable {
        let events: AsyncStream<String>
        let end: @Sendable () -> Void
    }

    /// A new stream of event texts; it ends when the server stops, or when `end` is called (its
    /// reader went away).
    func subscribe() -> Subscription {
        // A slow reader gets the newest events only: each says "reload", so none is lost that matters.
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        lock.lock()
        let id = nextID
        nextID += 1
        subscribers[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return Subscription(events: stream, end: { [weak self] in self?.remove(id) })
    }

    /// Sends an event (`event:` and `data:` lines) to every stream.
    func send(event: String, data: String) {
        broadcast("event: \(event)\ndata: \(data)\n\n")
    }

    /// A comment line, which EventSource ignores: keeps proxies quiet and finds closed sockets.
    func ping() {
        broadcast(": ping\n\n")
    }

    func finishAll() {
        lock.lock()
        let all = subscribers
        subscribers = [:]
        lock.unlock()
        for continuation in all.values { continuation.finish() }
    }

    private func broadcast(_ text: String) {
        lock.lock()
        let all = Array(subscribers.values)
        lock.unlock()
        for continuation in all { continuation.yield(text) }
    }

    private func remove(_ id: Int) {
        lock.lock()
        subscribers[id] = nil
        lock.unlock()
    }
}
