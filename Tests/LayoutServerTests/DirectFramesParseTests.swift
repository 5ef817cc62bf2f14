@testable import LayoutServer
import Testing

/// Which heads the gate answers itself (`DirectFrames.parse`): a loopback `GET /api/frames` of
/// HTTP/1.1 without a body; every other head goes to the HTTP library unchanged.
@Suite("layoutc serve: the frames requests the gate answers")
struct DirectFramesParseTests {
    static func parse(_ text: String) -> (path: String, query: String, closes: Bool)? {
        DirectFrames.parse(Array(text.utf8)[...]).map {
            (String(decoding: $0.path, as: UTF8.self), String(decoding: $0.query, as: UTF8.self), $0.closes)
        }
    }

    @Test func theTargetIsCutAtTheQuestionMarkAndConnectionCloseIsFoundInAnyCase() {
        let head = "GET /api/frames?file=a.layout&width=390 HTTP/1.1\r\nUser-Agent: x\r\nhost: 127.0.0.1:8080\r\nConnection: keep-alive, CLOSE\r\n\r\n"
        let request = Self.parse(head)
        #expect(request?.path == "/api/frames")
        #expect(request?.query == "file=a.layout&width=390")
        #expect(request?.closes == true)
        let kept = Self.parse("GET /api/frames HTTP/1.1\nHost: localhost\nConnection: keep-alive\n\n")
        #expect(kept?.path == "/api/frames")
        #expect(kept?.query == "")
        #expect(kept?.closes == false)
    }

    @Test func otherHeadsAreTheLibrarys() {
        // Not loopback, no Host, HTTP/1.0, a body, another target, a fourth part.
        #expect(Self.parse("GET /api/frames HTTP/1.1\r\nHost: example.com\r\n\r\n") == nil)
        #expect(Self.parse("GET /api/frames HTTP/1.1\r\n\r\n") == nil)
        #expect(Self.parse("GET /api/frames HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n") == nil)
        #expect(Self.parse("GET /api/frames HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-LENGTH: 0\r\n\r\n") == nil)
        #expect(Self.parse("GET /api/frames HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n\r\n") == nil)
        #expect(Self.parse("GET /api/files HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") == nil)
        #expect(Self.parse("GET /api/frames HTTP/1.1 x\r\nHost: 127.0.0.1\r\n\r\n") == nil)
    }
}

/// The Host names a frames request may carry (`PreviewHandler.isLoopbackHost`), read as bytes by
/// the gate and as a string by the library's handler: the same answer both ways.
@Suite("layoutc serve: loopback hosts")
struct LoopbackHostTests {
    @Test(arguments: [("127.0.0.1", true), ("127.0.0.1:8080", true), ("localhost", true), ("LocalHost:1", true),
                      ("[::1]", true), ("[::1]:80", true), ("[::2]", false), ("[::1", false), ("localhost.example", false),
                      ("127.0.0.2", false), ("", false), ("lOcAlHoSt", true), ("localhosT:", true), ("localhos", false),
                      ("example.com", false), ("l\u{130}calhost", false)])
    func aHostIsLoopbackByItsBytesAsByItsString(host: String, loopback: Bool) {
        #expect(PreviewHandler.isLoopbackHost(host) == loopback)
        #expect(PreviewHandler.isLoopbackHost(Array(host.utf8)[...]) == loopback)
    }
}
