import Foundation
@testable import LayoutServer
import Testing

/// Issue 44 items 2 and 6 in `layoutc serve` (docs/format.md §7.5), over HTTP: an import
/// outside the served folder is refused at the import and nothing of the file reaches
/// `/api/layout`; an import that was missing is picked up once the file is written.
@Suite("layoutc serve: imports are confined and followed", .serialized)
struct ServeImportConfinementTests {
    @Test func anImportOutsideTheServedFolderShowsNothingOfTheFile() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        // `outside/secret.layout` holds SECRET; a one-token file quoted whole before the fix.
        try "import: [../outside/secret.layout, /proc/self/maps, \"Card.layout\\0.layout.yaml\"]\n---\nlayout: Page\nsize: [390, 600]\nroot:\n  vgroup: main\n  children:\n    - item: a\n"
            .write(toFile: tree.root + "/Page.layout.yaml", atomically: true, encoding: .utf8)
        let reply = try await tree.get("/api/layout?file=Page.layout.yaml")
        #expect(reply.status == 200)
        #expect(!reply.body.contains("SECRET"), "\(reply.body)")
        #expect(!reply.body.contains("r-xp"), "\(reply.body)")
        #expect(reply.body.contains("cannot import '../outside/secret.layout': it lies outside the project"), "\(reply.body)")
        #expect(reply.body.contains("cannot import '/proc/self/maps': it lies outside the project"), "\(reply.body)")
        #expect(reply.body.contains("an import path cannot hold a NUL character"), "\(reply.body)")
    }

    @Test func anImportThatAppearsIsPickedUp() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        try "import \"Later.layout.yaml\"\nlayout Page (size: 390x600) {\n  vgroup main {\n    item a .height($row)\n  }\n}\n"
            .write(toFile: tree.root + "/Page.layout", atomically: true, encoding: .utf8)
        let before = try await tree.get("/api/layout?file=Page.layout")
        #expect(before.body.contains("cannot import 'Later.layout.yaml'"), "\(before.body)")
        let (fd, _) = try await RawHTTPClient.openEventStream(port: tree.port, until: "event: hello")
        defer { Foundation.close(fd) }
        try "constants:\n  row: 52\n".write(toFile: tree.root + "/Later.layout.yaml", atomically: true, encoding: .utf8)
        let received = try await RawHTTPClient.readEvents(fd, until: "{\"file\":\"Page.layout\"}")
        #expect(received.contains("event: change\ndata: {\"file\":\"Page.layout\"}\n\n"))
        let after = try await tree.get("/api/layout?file=Page.layout")
        #expect(!after.body.contains("cannot import"), "\(after.body)")
        let frames = try await tree.get("/api/frames?file=Page.layout&width=390&height=600")
        #expect(frames.body.contains("\"height\": 52"), "\(frames.body)")
    }
}
