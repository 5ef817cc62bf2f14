import Foundation
@testable import LayoutServer
import Testing

/// A request after which the connection is to close gets its answer and then the end of the
/// stream (a client of HTTP/1.0 reads until it), with `Connection: close` said.
@Suite("layoutc serve: connections that close after their request", .serialized)
struct ServeConnectionCloseTests {
    @Test(arguments: [
        "GET /api/files HTTP/1.0\r\n\r\n",
        "GET /api/files HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive, close\r\n\r\n",
        "GET /api/frames?file=Card.layout&width=300&height=500 HTTP/1.0\r\nHost: localhost\r\n\r\n",
    ])
    func theConnectionClosesAfterTheAnswer(_ request: String) async throws {
        let served = try await ServedFolder.temporary("layoutc-serve-close-", files: ["Card.layout": "layout Card (size: 390x600) {\n  item title\n}\n"])
        defer { served.stop() }
        let port = served.port
        // However busy the machine: the server ends the stream, the client's read does not time out.
        let reply = try await RawHTTPClient.send(request, port: port, timeout: 120)
        #expect(reply.status == 200)
        #expect(reply.head.contains("\r\nConnection: close"))
        #expect(reply.closedByServer)
    }

    @Test func anHTTP10RequestThatAsksToKeepItAliveIsAnsweredOnAnOpenConnection() async throws {
        let served = try await ServedFolder.temporary("layoutc-serve-close-")
        defer { served.stop() }
        let port = served.port
        let received = try await RawHTTPClient.offPool {
            let fd = try RawHTTPClient.connect(port: port, host: "127.0.0.1", timeout: 120)
            defer { close(fd) }
            let request = Array("GET /api/files HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            return RawHTTPClient.readBlocking(fd, until: "{\"files\":[]}", timeout: 120)
        }
        #expect(received.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(!received.contains("Connection: close"))
    }
}
