#if os(Linux)
import FlyingSocks
import Foundation
import Glibc
@testable import LayoutServer
import Testing

/// The gate's socket pool on Linux (`EpollSocketPool`): a wait ends when its socket is ready, a
/// cancelled wait ends with `CancellationError` and leaves the descriptor usable, and stopping
/// the pool ends every wait.
@Suite("layoutc serve: the epoll socket pool", .serialized, .timeLimit(.minutes(1)))
struct EpollSocketPoolTests {
    static func pair() -> (Socket, Int32) {
        var fds: [Int32] = [0, 0]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (Socket(file: .init(rawValue: fds[0])), fds[1])
    }

    static func running() async throws -> (EpollSocketPool, Task<Void, any Error>) {
        let pool = EpollSocketPool()
        try await pool.prepare()
        return (pool, Task { try await pool.run() })
    }

    /// Set once a wait has ended.
    final class Ended: @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false
        func set() { lock.withLock { ended = true } }
        var isSet: Bool { lock.withLock { ended } }
    }

    /// A task waiting for `socket` to be readable, and what tells that its wait ended.
    static func waitForRead(_ pool: EpollSocketPool, _ socket: Socket) -> (Task<Void, any Error>, Ended) {
        let ended = Ended()
        let task = Task {
            defer { ended.set() }
            try await pool.suspendSocket(socket, untilReadyFor: [.read])
        }
        return (task, ended)
    }

    /// Still waiting a moment later (nothing made its socket ready).
    static func stillWaiting(_ ended: Ended) async -> Bool {
        try? await Task.sleep(for: .milliseconds(50))
        return !ended.isSet
    }

    @Test("a read wait ends when a byte arrives; a write wait on the same socket ends at once")
    func readiness() async throws {
        let (pool, running) = try await Self.running()
        defer { running.cancel() }
        let (socket, other) = Self.pair()
        defer { try? socket.close(); close(other) }
        let (reading, ended) = Self.waitForRead(pool, socket)
        try await pool.suspendSocket(socket, untilReadyFor: [.write])
        #expect(await Self.stillWaiting(ended))
        var byte: UInt8 = 42
        #expect(write(other, &byte, 1) == 1)
        try await reading.value
        #expect(try socket.read(atMost: 16) == [42])
    }

    @Test("a cancelled wait ends with CancellationError; the socket can be waited on again")
    func cancelled() async throws {
        let (pool, running) = try await Self.running()
        defer { running.cancel() }
        let (socket, other) = Self.pair()
        defer { try? socket.close(); close(other) }
        let (reading, ended) = Self.waitForRead(pool, socket)
        #expect(await Self.stillWaiting(ended))
        reading.cancel()
        await #expect(throws: CancellationError.self) { try await reading.value }
        let again = Task { try await pool.suspendSocket(socket, untilReadyFor: [.read]) }
        var byte: UInt8 = 7
        #expect(write(other, &byte, 1) == 1)
        try await again.value
    }

    @Test("a descriptor closed and its number reused is waited on afresh")
    func reusedNumber() async throws {
        let (pool, running) = try await Self.running()
        defer { running.cancel() }
        let (first, firstOther) = Self.pair()
        let firstNumber = first.file.rawValue
        let (waiting, ended) = Self.waitForRead(pool, first)
        #expect(await Self.stillWaiting(ended))
        waiting.cancel()
        _ = try? await waiting.value
        // A new socket put under the old number with dup2, which closes the old one in the same
        // step: closing first and then reusing the number would race with other tests' threads,
        // which may be handed that number in between.
        let (fresh, secondOther) = Self.pair()
        #expect(dup2(fresh.file.rawValue, firstNumber) == firstNumber)
        try? fresh.close()
        close(firstOther)
        let second = Socket(file: .init(rawValue: firstNumber))
        defer { try? second.close(); close(secondOther) }
        let reading = Task { try await pool.suspendSocket(second, untilReadyFor: [.read]) }
        var byte: UInt8 = 1
        #expect(write(secondOther, &byte, 1) == 1)
        try await reading.value
    }

    @Test("stopping the pool ends every wait, and later waits fail")
    func stopping() async throws {
        let (pool, running) = try await Self.running()
        let (socket, other) = Self.pair()
        defer { try? socket.close(); close(other) }
        let (reading, ended) = Self.waitForRead(pool, socket)
        #expect(await Self.stillWaiting(ended))
        running.cancel()
        await #expect(throws: CancellationError.self) { try await reading.value }
        try? await running.value
        await #expect(throws: SocketError.self) { try await pool.suspendSocket(socket, untilReadyFor: [.read]) }
    }
}
#endif
