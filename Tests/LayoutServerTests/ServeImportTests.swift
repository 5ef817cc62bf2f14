import Foundation
@testable import LayoutServer
import Testing

/// docs/format.md §7.5 in `layoutc serve`: a page follows its imports, and editing the tokens
/// file it imports redraws it (a `change` event for the page, new frames).
@Suite("layoutc serve: imports")
struct ServeImportTests {
    @Test func editingATokensFileRedrawsThePagesThatImportIt() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        try "constants:\n  row: 40\n".write(toFile: tree.root + "/Tokens.layout.yaml", atomically: true, encoding: .utf8)
        try "import \"Tokens.layout.yaml\"\nlayout Page (size: 390x600) {\n  vgroup main {\n    item a .height($row)\n  }\n}\n"
            .write(toFile: tree.root + "/Page.layout", atomically: true, encoding: .utf8)
        let before = try await tree.get("/api/frames?file=Page.layout&width=390&height=600")
        #expect(before.status == 200, "\(before.body)")
        #expect(before.body.contains("\"height\": 40"), "\(before.body)")
        let (fd, _) = try await RawHTTPClient.openEventStream(port: tree.port, until: "event: hello")
        defer { Foundation.close(fd) }
        try "constants:\n  row: 52\n".write(toFile: tree.root + "/Tokens.layout.yaml", atomically: false, encoding: .utf8)
        let received = try await RawHTTPClient.readEvents(fd, until: "{\"file\":\"Page.layout\"}")
        #expect(received.contains("event: change\ndata: {\"file\":\"Page.layout\"}\n\n"))
        let after = try await tree.get("/api/frames?file=Page.layout&width=390&height=600")
        #expect(after.body.contains("\"height\": 52"), "\(after.body)")
    }
}
