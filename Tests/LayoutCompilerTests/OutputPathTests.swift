import Foundation
import Testing

/// Output paths of every shape through the real binary: one character, `.`, `/` alone and a
/// trailing slash. Each either writes where it says or is refused in words; none may trap.
@Suite("output paths")
struct OutputPathTests {
    static func folder() throws -> URL {
        let root = try HostileEnvironment.scratch("paths")
        let source = CommandLine_.fixtures.appendingPathComponent("Small.layout.yaml")
        try FileManager.default.copyItem(at: source, to: root.appendingPathComponent("Small.layout.yaml"))
        return root
    }

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    @Test("generate --output writes into the folder the path names", arguments: [
        ("x", "x"), ("x/", "x"), ("x//", "x"), (".", "."), ("./", "."), ("./x", "x"), ("x/y", "x/y"), ("x/y/", "x/y"),
    ])
    func generate(_ output: String, _ folder: String) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try HostileEnvironment.run(["generate", "Small.layout.yaml", "--output", output], in: root, timeout: 60)
        #expect(!run.timedOut)
        #expect(run.reason == .exit)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.exists(root.appendingPathComponent(folder).appendingPathComponent("Small.layout.swift")))
    }

    @Test("generate --output under a file is refused in words", arguments: ["f/x", "f/"])
    func generateUnderFile(_ output: String) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("not a folder".utf8).write(to: root.appendingPathComponent("f"))
        let run = try HostileEnvironment.run(["generate", "Small.layout.yaml", "--output", output], in: root, timeout: 60)
        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("\(output): error: "), "\(run.stderr)")
    }

    @Test("preview and lint -o: a one-character file is written, a folder is refused", arguments: ["preview", "lint"])
    func oneFile(_ command: String) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let written = try HostileEnvironment.run([command, "Small.layout.yaml", "-o", "x"], in: root, timeout: 60)
        #expect(written.reason == .exit)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(Self.exists(root.appendingPathComponent("x")))
        for folder in [".", "/", "x/", "y/"] {
            let run = try HostileEnvironment.run([command, "Small.layout.yaml", "-o", folder], in: root, timeout: 60)
            #expect(run.reason == .exit, "\(folder)")
            #expect(run.status == 1, "\(folder)")
            #expect(run.stderr.hasPrefix("\(folder): error: cannot write the output file: "), "\(run.stderr)")
        }
    }
}
