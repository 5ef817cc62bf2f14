import Foundation
import Testing

/// Every file `layoutc` writes (`generate`, `format --in-place`, `lint -o`, `preview -o`) goes
/// through one atomic writer: an exclusively created temporary file in the destination's folder,
/// removed on every failure, renamed over the destination; links written through; modes kept;
/// read-only files refused; temporary files of killed runs cleaned up.
@Suite("output files")
struct OutputFileTests {
    static let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")

    /// Player.layout with its indentation broken, so that `format` has something to do.
    static func unformatted() throws -> String {
        let text = try String(contentsOf: layouts.appendingPathComponent("Player.layout"), encoding: .utf8)
        return text.replacingOccurrences(of: "\n    ", with: "\n ")
    }

    static func temporaries(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test("format --in-place through a symlink formats the target; the link stays a link; the mode is kept")
    func formatThroughLink() throws {
        let root = try HostileEnvironment.scratch("format-link")
        let target = root.appendingPathComponent("real.layout")
        try HostileEnvironment.write(try Self.unformatted(), to: target)
        chmod(target.path, 0o640)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.layout").path, withDestinationPath: "real.layout")
        let run = try HostileEnvironment.run(["format", "--in-place", "link.layout"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("link.layout").path) == "real.layout")
        #expect(HostileEnvironment.mode(target.path) & 0o7777 == 0o640)
        #expect(HostileEnvironment.mode(target.path) & S_IFMT == S_IFREG)
        let check = try HostileEnvironment.run(["format", "--check", "real.layout"], in: root)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try Self.temporaries(in: root) == [])
    }

    @Test("a world-writable file is rewritten without world-write; a new file is never world-writable, whatever the umask")
    func neverWorldWritable() throws {
        let root = try HostileEnvironment.scratch("modes")
        let target = root.appendingPathComponent("open.layout")
        try HostileEnvironment.write(try Self.unformatted(), to: target)
        chmod(target.path, 0o666)
        let run = try HostileEnvironment.run(["format", "--in-place", "open.layout"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(HostileEnvironment.mode(target.path) & 0o7777 == 0o664)
        let generate = try HostileEnvironment.run([Self.layouts.appendingPathComponent("Player.layout").path, "out"], in: root,
                                                  shell: #"umask 000; exec "$LAYOUTC" generate "$1" --output "$2""#)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(HostileEnvironment.mode(root.appendingPathComponent("out/Player.layout.swift").path) & 0o7777 == 0o664)
    }

    @Test("a read-only existing output is an error and stays as it was", arguments: ["generate", "format", "lint", "preview"])
    func readOnly(command: String) throws {
        let root = try HostileEnvironment.scratch("read-only")
        let player = Self.layouts.appendingPathComponent("Player.layout").path
        let (arguments, output, message): ([String], String, String)
        switch command {
        case "generate":
            (arguments, output, message) = (["generate", player, "--output", "out"], "out/Player.layout.swift", "cannot write the generated file")
        case "format":
            try HostileEnvironment.write(try Self.unformatted(), to: root.appendingPathComponent("p.layout"))
            (arguments, output, message) = (["format", "--in-place", "p.layout"], "p.layout", "cannot write the file")
        case "lint":
            (arguments, output, message) = (["lint", player, "-o", "report.txt", "--quiet"], "report.txt", "cannot write the output file")
        default:
            (arguments, output, message) = (["preview", Self.layouts.appendingPathComponent("Toolbar.layout").path, "-o", "out.svg"], "out.svg", "cannot write the output file")
        }
        let url = root.appendingPathComponent(output)
        if command != "format" { try HostileEnvironment.write("old\n", to: url) }
        let before = try Data(contentsOf: url)
        chmod(url.path, 0o444)
        let run = try HostileEnvironment.run(arguments, in: root)
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("\(output): error: \(message): the file is read-only\n"), "\(run.stderr)")
        #expect(try Data(contentsOf: url) == before)
        #expect(HostileEnvironment.mode(url.path) & 0o7777 == 0o444)
        #expect(try Self.temporaries(in: url.deletingLastPathComponent()) == [])
    }

    @Test("a write that fails (file-size limit, as a full disk) is an error and leaves no temporary file")
    func failedWrite() throws {
        let root = try HostileEnvironment.scratch("full")
        let run = try HostileEnvironment.run([Self.layouts.appendingPathComponent("Player.layout").path], in: root,
                                             shell: #"ulimit -f 1; exec "$LAYOUTC" generate "$1" --output out"#)
        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("out/Player.layout.swift: error: cannot write the generated file: File too large\n"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path) == [])
    }

    @Test("the temporary file of a killed generate is removed by the next one; a running one's is not")
    func staleTemporary() throws {
        let root = try HostileEnvironment.scratch("stale")
        let out = root.appendingPathComponent("out")
        // A process that has ended: its id is free (until reused, which a test run will not see).
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = ".Player.layout.swift.layoutc-\(finished.processIdentifier)-a1b2c3.tmp"
        let alive = ".Other.layout.swift.layoutc-\(ProcessInfo.processInfo.processIdentifier)-d4e5f6.tmp"
        try HostileEnvironment.write(String(repeating: "partial ", count: 1000), to: out.appendingPathComponent(dead))
        try HostileEnvironment.write("in progress", to: out.appendingPathComponent(alive))
        let run = try HostileEnvironment.run(["generate", Self.layouts.appendingPathComponent("Player.layout").path, "--output", "out"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.temporaries(in: out) == [alive])
    }

    @Test("unchanged output is not touched; a symlinked output is written through")
    func unchangedAndLinked() throws {
        let root = try HostileEnvironment.scratch("unchanged")
        let arguments = ["generate", Self.layouts.appendingPathComponent("Player.layout").path, "--output", "out"]
        #expect(try HostileEnvironment.run(arguments, in: root).status == 0)
        let file = root.appendingPathComponent("out/Player.layout.swift")
        let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        #expect(try HostileEnvironment.run(arguments, in: root).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int == inode)

        let elsewhere = root.appendingPathComponent("elsewhere.swift")
        try HostileEnvironment.write("old\n", to: elsewhere)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: elsewhere.path)
        #expect(try HostileEnvironment.run(arguments, in: root).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == elsewhere.path)
        #expect(try String(contentsOf: elsewhere, encoding: .utf8).hasPrefix("// generated by layoutc from Player.layout"))
    }

    @Test("generate into a folder whose parent is a file says so in words")
    func parentIsAFile() throws {
        let root = try HostileEnvironment.scratch("parent")
        try HostileEnvironment.write("not a folder\n", to: root.appendingPathComponent("file"))
        let run = try HostileEnvironment.run(["generate", Self.layouts.appendingPathComponent("Player.layout").path, "--output", "file/sub"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr == "file/sub: error: cannot create the output directory: 'file' is a file, not a folder\n")
        let direct = try HostileEnvironment.run(["generate", Self.layouts.appendingPathComponent("Player.layout").path, "--output", "file"], in: root)
        #expect(direct.stderr == "file: error: cannot create the output directory: 'file' is a file, not a folder\n")
    }
}
