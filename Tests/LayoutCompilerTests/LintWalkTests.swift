import Foundation
import Testing

/// `layoutc lint FOLDER` on a tree set against it: link loops, links to files inside and outside
/// the tree, FIFOs, dangling links (docs/lint.md, "Which files are linted").
@Suite("lint folder walking")
struct LintWalkTests {
    static let clean = try? String(contentsOf: CommandLine_.fixtures.appendingPathComponent("Lint/Clean.layout.yaml"), encoding: .utf8)

    @Test("a symlink loop ends at once, and the file inside is linted once (not 41 times)")
    func linkLoop() throws {
        let root = try HostileEnvironment.scratch("loop")
        let d = root.appendingPathComponent("d")
        try HostileEnvironment.write(try #require(Self.clean), to: d.appendingPathComponent("x.layout.yaml"))
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("a").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("b").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("up").path, withDestinationPath: "..")
        let run = try HostileEnvironment.run(["lint", "d", "--reporter", "json"], in: root, timeout: 20)
        #expect(!run.timedOut)
        #expect(run.status == 0)
        #expect(run.stdout == "{\"version\": 1, \"files\": 1, \"errors\": 0, \"warnings\": 0, \"diagnostics\": []}\n")
        #expect(run.stderr == "Linted 1 file: 0 errors, 0 warnings.\n")
    }

    @Test("a FIFO and a dangling link in the folder are skipped with a warning; lint does not block")
    func fifoInFolder() throws {
        let root = try HostileEnvironment.scratch("fifo")
        let d = root.appendingPathComponent("d")
        try HostileEnvironment.write(try #require(Self.clean), to: d.appendingPathComponent("x.layout.yaml"))
        #expect(HostileEnvironment.makeFIFO(d.appendingPathComponent("pipe.layout")))
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("gone.layout").path, withDestinationPath: "nowhere")
        // A link loop too, as the acceptance has them together.
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("a").path, withDestinationPath: ".")
        let run = try HostileEnvironment.run(["lint", "d"], in: root, timeout: 20)
        #expect(!run.timedOut)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            d/gone.layout: warning: skipped: the symbolic link points to nothing
            d/pipe.layout: warning: skipped: it is a named pipe (FIFO), not a regular file
            Linted 1 file: 0 errors, 0 warnings.

            """)
    }

    @Test("a FIFO named on the command line is a read error, not a hang")
    func fifoNamed() throws {
        let root = try HostileEnvironment.scratch("fifo-named")
        #expect(HostileEnvironment.makeFIFO(root.appendingPathComponent("pipe.layout")))
        let run = try HostileEnvironment.run(["lint", "pipe.layout"], in: root, timeout: 20)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.stderr == """
            pipe.layout: error: cannot read the layout file: it is a named pipe (FIFO), not a regular file
            Linted 1 file: 0 errors, 0 warnings.

            """)
    }

    @Test("a file under two names (hard and symbolic link) is linted once, under the first name in order")
    func oneFileTwoNames() throws {
        let root = try HostileEnvironment.scratch("names")
        let d = root.appendingPathComponent("d")
        try HostileEnvironment.write(try #require(Self.clean), to: d.appendingPathComponent("x.layout.yaml"))
        try FileManager.default.linkItem(atPath: d.appendingPathComponent("x.layout.yaml").path, toPath: d.appendingPathComponent("hard.layout.yaml").path)
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("soft.layout.yaml").path, withDestinationPath: "x.layout.yaml")
        let run = try HostileEnvironment.run(["lint", "d", "d/x.layout.yaml"], in: root, timeout: 20)
        #expect(run.status == 0)
        #expect(run.stderr == "Linted 1 file: 0 errors, 0 warnings.\n")
    }

    @Test("a linked file outside the tree is linted like any other, and only its first token is shown")
    func linkOutside() throws {
        let root = try HostileEnvironment.scratch("outside")
        let secret = root.appendingPathComponent("secret.txt")
        try HostileEnvironment.write("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n", to: secret)
        let d = root.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: d.appendingPathComponent("x.layout").path, withDestinationPath: secret.path)
        let run = try HostileEnvironment.run(["lint", "d"], in: root, timeout: 20)
        #expect(run.status == 1)
        #expect(run.stdout == "d/x.layout:1:1: error: expected 'layout' to start a layout, such as 'layout Player {', found 'root' [syntax]\n")
        #expect(!run.stdout.contains("/bin/bash") && !run.stdout.contains("daemon"))
    }
}
