import Foundation
@testable import LayoutServer
import Testing

/// The server answers while every thread of Swift's cooperative pool is blocked, as `swift
/// test` blocks them beside the server tests (tests that compile Swift wait on `swiftc` for
/// minutes on two cores): its tasks run on `ServerExecutor`'s threads (issue 43 item 1).
@Suite("layoutc serve: a busy cooperative pool", .serialized)
struct ServeBusyPoolTests {
    @Test func requestsAreAnsweredWhileThePoolIsBlocked() async throws {
        let served = try await ServedFolder.temporary("layoutc-serve-pool-", files: ["Card.layout": "layout Card (size: 390x600) {\n  item title\n}\n"])
        defer { served.stop() }
        let port = served.port

        let blockers = ProcessInfo.processInfo.activeProcessorCount + 1
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var reply: RawHTTPClient.Reply?
        // The client on a thread of its own: it releases the blocked tasks once answered.
        let client = Thread {
            reply = try? RawHTTPClient.sendBlocking("GET /api/frames?file=Card.layout&width=300&height=500 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                                                    port: port, timeout: 120)
            for _ in 0..<blockers { answered.signal() }
        }
        // Every pool thread blocked until the answer comes (a deadlock guard of 120 s, not a limit).
        let released = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<blockers {
                group.addTask { answered.wait(timeout: .now() + 120) == .success }
            }
            client.start()
            var all = true
            for await one in group { all = all && one }
            return all
        }
        #expect(released)
        #expect(reply?.status == 200)
        #expect(reply?.body.contains("\"name\": \"title\"") == true)
    }
}
