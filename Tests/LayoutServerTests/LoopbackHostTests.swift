@testable import LayoutServer
import Testing

/// The Host names a request may carry (`PreviewHandler.isLoopbackHost`), read as bytes and as a
/// string: the same answer both ways.
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
