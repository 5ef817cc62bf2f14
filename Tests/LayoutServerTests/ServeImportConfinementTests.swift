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

    /// Through the `layoutc serve` binary: `--import-root` widens the project, and only it.
    @Test func theServeCommandConfinesImportsToTheServedFolderAndImportRoots() async throws {
        let products = try #require(ServeCommandTests.productsFolder, "build layoutc and layoutc-serve first")
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-serve-confine-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: base) }
        for folder in ["project", "tokens", "outside"] {
            try FileManager.default.createDirectory(at: base.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "constants:\n  row: 44\n".write(to: base.appendingPathComponent("tokens/Tokens.layout.yaml"), atomically: true, encoding: .utf8)
        try "ghp_SECRETTOKEN\n".write(to: base.appendingPathComponent("outside/token.layout.yaml"), atomically: true, encoding: .utf8)
        try "import: [../tokens/Tokens.layout.yaml, ../outside/token.layout.yaml]\nlayout: Page\nsize: [100, 100]\nroot:\n  vgroup: main\n  children:\n    - item: a\n      height: $row\n"
            .write(to: base.appendingPathComponent("project/Page.layout.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = products.appendingPathComponent("layoutc")
        process.arguments = ["serve", base.appendingPathComponent("project").path, "--port", "0", "--import-root", base.appendingPathComponent("tokens").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        defer {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
        }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        let port = try #require(text.firstRange(of: /127\.0\.0\.1:(\d+)\//).flatMap { UInt16(text[$0].dropFirst(10).dropLast()) }, "\(text)")
        let reply = try await RawHTTPClient.get("/api/layout?file=Page.layout.yaml", port: port)
        #expect(reply.status == 200)
        #expect(!reply.body.contains("SECRET"), "\(reply.body)")
        #expect(reply.body.contains("cannot import '../outside/token.layout.yaml': it lies outside the project"), "\(reply.body)")
        #expect(!reply.body.contains("Tokens.layout.yaml'"), "\(reply.body)")
    }
}
