import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's open connections, so that running out of file descriptors never stops the server
/// (issue 20): at most `capacity` at once, below the descriptor limit, and at most half of them
/// event streams (long-lived by design), so that the other half always has room for requests.
/// SwiftNIO accepts as fast as connections come (and backs off when accept fails); it has no cap
/// of its own that makes room, so each connection is admitted here as it is set up
/// (`PreviewChannel`). To admit one more at capacity, the connection cheapest to lose is shut
/// down: the one waiting longest for a request head (a slowloris sends a byte and waits), else one
/// quiet for a second after its response (a kept-alive connection the client may not use again).
/// Only when every connection is busy or streaming is a new one refused (503).
final class ConnectionTable: @unchecked Sendable {
    enum Phase {
        /// Accepted, no byte of a head yet.
        case awaitingHead
        /// Part of a head arrived.
        case readingHead
        /// Its request was handed on to be answered; its response may be under way.
        case forwarded
        /// An event stream (`/events`).
        case streaming
    }

    private struct Entry {
        /// Ends the connection (its own handlers then see it close and `remove` it).
        var shut: @Sendable () -> Void
        var phase: Phase
        /// When the phase began, or the last byte of a response passed (forwarded).
        var since: ContinuousClock.Instant
        var evicted = false
    }

    let capacity: Int
    var streamCapacity: Int { max(1, capacity / 2) }
    /// How long a connection must have been quiet after a response to be closed to make room.
    static let quietAfterResponse: Duration = .seconds(1)

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]
    private var nextID = 0
    private var evictedCount = 0
    private var streams = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The connections holding a place (not those shut down to make room, still closing).
    var count: Int { lock.withLock { entries.count - evictedCount } }

    /// What the accept loop may do next.
    enum Room {
        /// Accept and `admit` the next connection.
        case free
        /// Accept the next connection only to refuse it: every place is busy or streaming.
        case none
    }

    /// Waits until a place is free (making one if need be, and waiting for it to close), or
    /// says there is none to be made.
    func room() async -> Room {
        while true {
            let step: Room? = lock.withLock {
                if entries.count < capacity { return .free }
                if evictedCount > 0 { return nil }
                return evictLocked() ? nil : Room.none
            }
            if let step { return step }
            // A connection shut down is closing: wait for it (or any other) to be removed.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = lock.withLock {
                    if entries.count < capacity || evictedCount == 0 { return true }
                    waiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    /// A place for the connection on `descriptor`, after `room()` said there is one; shutting it
    /// down is shutdown(2).
    func admit(_ descriptor: Int32) -> Int {
        admit { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// A place for a connection that `shut` ends, after `room()` said there is one.
    func admit(shut: @escaping @Sendable () -> Void) -> Int {
        lock.withLock {
            let id = nextID
            nextID += 1
            entries[id] = Entry(shut: shut, phase: .awaitingHead, since: .now)
            return id
        }
    }

    /// A place for a connection that `shut` ends, made at once if need be (the connection
    /// cheapest to lose shut down, as `room()` does, without waiting for it to close: SwiftNIO
    /// has accepted the new one already); nil when every place is busy or streaming.
    func admitNow(shut: @escaping @Sendable () -> Void) -> Int? {
        let evicted: (@Sendable () -> Void)?? = lock.withLock {
            if entries.count - evictedCount < capacity { return .some(nil) }
            guard let victim = chooseVictimLocked() else { return nil }
            return .some(victim)
        }
        guard let evicted else { return nil }
        evicted?()
        return admit(shut: shut)
    }

    /// Ends every connection (the server stops).
    func shutAll() {
        let all = lock.withLock { entries.values.map(\.shut) }
        for shut in all { shut() }
    }

    /// Shuts one connection down to free its descriptors (accept failed with EMFILE or ENFILE);
    /// false when none may be.
    @discardableResult
    func evict() -> Bool {
        lock.withLock { evictLocked() }
    }

    func set(_ id: Int, _ phase: Phase) {
        lock.withLock {
            guard var entry = entries[id] else { return }
            if entry.phase == .streaming { streams -= 1 }
            entry.phase = phase
            entry.since = .now
            entries[id] = entry
        }
    }

    /// The connection becomes an event stream; false when `streamCapacity` are open already.
    func beginStream(_ id: Int) -> Bool {
        lock.withLock {
            guard var entry = entries[id] else { return false }
            if entry.phase == .streaming { return true }
            guard streams < streamCapacity else { return false }
            streams += 1
            entry.phase = .streaming
            entry.since = .now
            entries[id] = entry
            return true
        }
    }

    /// Bytes of a response passed: a forwarded connection is not quiet.
    func responded(_ id: Int) {
        lock.withLock {
            if entries[id]?.phase == .forwarded { entries[id]?.since = .now }
        }
    }

    /// Forgets the connection; call before closing its descriptor, so that `evict` never shuts
    /// down a descriptor number reused by another file.
    func remove(_ id: Int) {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard let entry = entries.removeValue(forKey: id) else { return [] }
            if entry.evicted { evictedCount -= 1 }
            if entry.phase == .streaming { streams -= 1 }
            defer { waiters = [] }
            return waiters
        }
        for continuation in waiting { continuation.resume() }
    }

    private func evictLocked() -> Bool {
        guard let shut = chooseVictimLocked() else { return false }
        shut()
        return true
    }

    /// Marks the connection cheapest to lose as shut down and returns what ends it; nil when
    /// none may be.
    private func chooseVictimLocked() -> (@Sendable () -> Void)? {
        let now = ContinuousClock.now
        var victim: (id: Int, since: ContinuousClock.Instant)?
        for (id, entry) in entries where !entry.evicted && (entry.phase == .awaitingHead || entry.phase == .readingHead) {
            if victim.map({ entry.since < $0.since }) ?? true { victim = (id, entry.since) }
        }
        if victim == nil {
            for (id, entry) in entries where !entry.evicted && entry.phase == .forwarded && now - entry.since >= Self.quietAfterResponse {
                if victim.map({ entry.since < $0.since }) ?? true { victim = (id, entry.since) }
            }
        }
        guard let victim, var entry = entries[victim.id] else { return nil }
        entry.evicted = true
        entries[victim.id] = entry
        evictedCount += 1
        return entry.shut
    }
}
