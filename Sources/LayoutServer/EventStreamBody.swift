import FlyingFox
import FlyingSocks
import Foundation

/// The body of a `text/event-stream` response: the hub's events as they come, sent chunked
/// so each one reaches the browser at once. It opens with a `retry` hint (reconnect after
/// half a second when the server restarts) and a `hello` event.
struct EventStreamBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let events: AsyncStream<String>

    func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var events: AsyncStream<String>.Iterator
        var greeted = false
        /// What `next()` has read but not yet returned.
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            if pending.isEmpty {
                guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
                pending = buffer.reversed()
            }
            return pending.popLast()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if !pending.isEmpty {
                defer { pending = [] }
                return pending.reversed()
            }
            if !greeted {
                greeted = true
                return Array("retry: 500\nevent: hello\ndata: {}\n\n".utf8)
            }
            guard let text = await events.next() else { return nil }
            return Array(text.utf8)
        }
    }
}
