import Foundation
@testable import LayoutServer
import Testing

/// `layoutc serve` under descriptor exhaustion (issue 20): request heads time out, connections
/// are capped below the descriptor limit and make room for each other, and the HTTP library's
/// server is started again when its accept loop ends. `Tests/EndToEnd/serve_descriptors.py`
/// (run by `.ci/run`) exhausts a real server under `ulimit -n 256`.
@Suite("layoutc serve: running out of descriptors", .serialized)
struct ServeDescriptorTests {
    static func served(headTimeout: Duration = .seconds(5)) async throws -> ServedFolder {
        try await ServedFolder.temporary("layoutc-serve-fd-", files: ["Card.layout": "layout Card (size: 390x600) {\n  item title\n}\n"], headTimeout: headTimeout)
    }

    @Test("a request head that does not arrive whole in time is 408, and the connection closes")
    func headTimesOut() async throws {
        let served = try await Self.served(headTimeout: .milliseconds(300))
        defer { served.stop() }
        let port = served.port
        // The 408 is the server's timer (the client sends nothing more and waits far longer),
        // and the stream ends after it: no wall-clock limit, which a busy machine would break.
        let reply = try await RawHTTPClient.send("GET /api/files HTTP/1.1\r\nHost: 127.", port: port, timeout: 120)
        #expect(reply.status == 408)
        #expect(reply.body == "the request head did not arrive within 300 ms\n")
        #expect(reply.closedByServer)
        // Nothing sent at all times out the same way; a whole request is served.
        #expect(try await RawHTTPClient.send("", port: port, timeout: 120).status == 408)
        #expect(try await RawHTTPClient.get("/api/files", port: port).status == 200)
    }

    @Test("the soft descriptor limit is raised and the connections are capped below it")
    func capacityFollowsTheLimit() async throws {
        let served = try await Self.served()
        defer { served.stop() }
        let (server, port) = (served.server, served.port)
        var limit = rlimit()
        getrlimit(Self.noFile, &limit)
        #expect(limit.rlim_cur == limit.rlim_max || limit.rlim_cur >= 10_240)
        #expect(server.connectionCapacity == DescriptorLimit.connectionCapacity(limit: Int(min(limit.rlim_cur, rlim_t(Int32.max)))))
        #expect(server.connectionCapacity * 3 + DescriptorLimit.reserve <= Int(min(limit.rlim_cur, rlim_t(Int32.max))))
        #expect(try await RawHTTPClient.get("/api/files", port: port).status == 200)
    }

    @Test("the HTTP library's server ending (as its accept loop does on EMFILE) is started again")
    func upstreamRestarts() async throws {
        let served = try await Self.served()
        defer { served.stop() }
        let (server, port) = (served.server, served.port)
        #expect(try await RawHTTPClient.get("/api/files", port: port).status == 200)
        await server.interruptUpstream()
        let reply = try await RawHTTPClient.get("/api/files", port: port)
        #expect(reply.status == 200)
        #expect(reply.body.contains("Card.layout"))
        #expect(server.upstreamRestarts == 1)
    }

    /// A connected pair of sockets: the table shuts down `ours`; `theirs` then reads the end.
    static func pair() -> (ours: Int32, theirs: Int32) {
        var fds: [Int32] = [0, 0]
        #if canImport(Glibc)
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        #else
        _ = socketpair(AF_UNIX, SOCK_STREAM, 0, &fds)
        #endif
        return (fds[0], fds[1])
    }

    @Test("at capacity the connection waiting longest for a head is shut down, and room is given once it closed")
    func tableMakesRoom() async throws {
        let table = ConnectionTable(capacity: 4)
        let sockets = (0..<4).map { _ in Self.pair() }
        defer { for pair in sockets { close(pair.ours); close(pair.theirs) } }
        var ids: [Int] = []
        for pair in sockets {
            #expect(await table.room() == .free)
            ids.append(table.admit(pair.ours))
        }
        #expect(table.beginStream(ids[0]))
        table.set(ids[1], .readingHead)
        table.set(ids[2], .forwarded)
        // ids[3] waits for its head since it was admitted, after ids[1] began one: ids[1] is older.
        table.set(ids[3], .awaitingHead)
        let victim = ids[1]
        let closing = Task {
            try await Task.sleep(for: .milliseconds(100))
            table.remove(victim)
        }
        #expect(await table.room() == .free)
        try await closing.value
        var byte: UInt8 = 0
        #expect(read(sockets[1].theirs, &byte, 1) == 0)
        #expect(table.count == 3)
        // Full of streams and busy connections: nothing to spare.
        let extra = Self.pair()
        defer { close(extra.ours); close(extra.theirs) }
        let id = table.admit(extra.ours)
        table.set(id, .forwarded)
        #expect(table.beginStream(ids[3]))
        #expect(await table.room() == .none)
        // Two streams of four places: the third is refused.
        #expect(!table.beginStream(ids[2]))
    }

    #if canImport(Glibc)
    static let noFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    static let noFile = RLIMIT_NOFILE
    #endif
}
