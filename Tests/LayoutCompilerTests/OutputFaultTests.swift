import Foundation
import Testing

/// A failed write on standard output or error is an error message (while standard error still
/// works) and exit status 1, never a trap; a reader that went away ends `layoutc` quietly with
/// status 141, as SIGPIPE would.
@Suite("output faults")
struct OutputFaultTests {
    static let noSpace = "layoutc: error: cannot write to standard output: No space left on device\n"
    static let fixtures = CommandLine_.fixtures
    static let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")

    @Test("standard output on a full disk: every printing command says so and exits with 1",
          arguments: [
            ["frames", "Small.layout.yaml"],
            ["frames", "Small.layout.yaml", "--format", "json"],
            ["convert", layouts.appendingPathComponent("Player.layout").path, "--to", "yaml"],
            ["format", layouts.appendingPathComponent("Player.layout").path],
            ["lint", "Lint/Clean.layout.yaml", "--reporter", "json"],
            ["lint", "--list-rules"],
            ["--help"],
          ])
    func fullDisk(arguments: [String]) throws {
        let run = try HostileEnvironment.run(arguments, in: Self.fixtures, stdout: .file("/dev/full"))
        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(run.stderr == Self.noSpace)
    }

    @Test("standard output closed: a message and exit status 1")
    func closedStandardOutput() throws {
        let run = try HostileEnvironment.run(["frames", "Small.layout.yaml"], in: Self.fixtures, shell: #"exec "$LAYOUTC" "$@" >&-"#)
        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(run.stderr == "layoutc: error: cannot write to standard output: Bad file descriptor\n")
    }

    @Test("standard error on a full disk: exit status 1, no trap", arguments: [
        ["lint", "Lint/Clean.layout.yaml"],  // succeeds but for its summary line
        ["frames", "Broken.layout.yaml"],    // the diagnostic printer
        ["frames", "--no-such-option"],      // argument-parser's usage message
    ])
    func fullDiskStandardError(arguments: [String]) throws {
        let run = try HostileEnvironment.run(arguments, in: Self.fixtures, stderr: .file("/dev/full"))
        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(run.stdout == "")
    }

    @Test("a closed pipe (layoutc frames … | head -1) ends quietly with status 141", arguments: [
        ["frames", "Small.layout.yaml"],
        ["lint", "Lint/Naming.layout.yaml"],
        ["convert", layouts.appendingPathComponent("Player.layout").path, "--to", "yaml"],
    ])
    func closedPipe(arguments: [String]) throws {
        let run = try HostileEnvironment.run(arguments, in: Self.fixtures, stdout: .closedPipe)
        #expect(run.reason == .exit)
        #expect(run.status == 141)
        #expect(run.stderr == "")
    }
}
