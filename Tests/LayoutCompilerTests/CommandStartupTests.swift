import Testing

/// ArgumentParser reads every command line: help, versions, completion scripts and usage errors
/// are its own, with its exit statuses, and a first word that names no subcommand gets
/// `layoutc`'s message naming the closest one.
@Suite("command-line startup")
struct CommandStartupTests {
    /// ArgumentParser shortens a usage line this long to `[<options>]`.
    static let framesUsage = """
        Usage: layoutc frames [<options>] <file>
          See 'layoutc frames --help' for more information.

        """

    @Test("--version, alone or after a subcommand, prints the version", arguments: [
        ["--version"], ["frames", "--version"], ["frames", "Small.layout.yaml", "--version"], ["generate", "--version"],
    ])
    func version(arguments: [String]) throws {
        let out = try CommandLine_.run(arguments)
        #expect(out.status == 0)
        #expect(out.stdout == "0.1.0\n")
        #expect(out.stderr == "")
    }

    @Test("a file named --version after -- is a file")
    func versionAsFile() throws {
        let out = try CommandLine_.run(["frames", "--", "--version"])
        #expect(out.status == 1)
        #expect(out.stderr == "--version: error: cannot read the layout file: no such file or directory\n")
    }

    @Test("usage errors of a subcommand: ArgumentParser's message naming `layoutc frames`, status 64")
    func usageErrors() throws {
        let unknown = try CommandLine_.run(["frames", "Small.layout.yaml", "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr == "Error: Unknown option '--bogus'\n" + Self.framesUsage)
        let extra = try CommandLine_.run(["frames", "Small.layout.yaml", "extra"])
        #expect(extra.status == 64)
        #expect(extra.stderr == "Error: Unexpected argument 'extra'\n" + Self.framesUsage)
        let invalid = try CommandLine_.run(["format", "--in-place", "--check", "x"])
        #expect(invalid.status == 64)
        #expect(invalid.stderr == """
            Error: --in-place and --check cannot be used together
            Usage: layoutc format <files> ... [--in-place] [--check] [--syntax <syntax>]
              See 'layoutc format --help' for more information.

            """)
    }

    @Test("an unknown subcommand is named, with the closest one or the frames command for a file, status 64", arguments: [
        ("frmaes", "; did you mean 'frames'?"), ("lsp2", "; did you mean 'lsp'?"), ("check", "; did you mean 'lint'?"), ("run", ""),
        ("Profile.layout.yaml", "; to compute its frames: layoutc frames Profile.layout.yaml"),
    ])
    func unknownSubcommand(word: String, hint: String) throws {
        let out = try CommandLine_.run([word, "Small.layout.yaml"])
        #expect(out.status == 64)
        #expect(out.stdout == "")
        #expect(out.stderr == """
            Error: Unknown subcommand '\(word)'\(hint)
            Usage: layoutc <subcommand>, one of: frames, generate, format, convert, lint, preview, serve, lsp
              See 'layoutc --help' for more information.

            """)
    }

    @Test("a subcommand's help is the help of `layoutc help SUBCOMMAND`", arguments: [
        "frames", "generate", "format", "convert", "lint", "preview",
    ])
    func help(subcommand: String) throws {
        let viaHelp = try CommandLine_.run(["help", subcommand])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout.hasPrefix("OVERVIEW: "))
        #expect(viaHelp.stdout.contains("USAGE: layoutc \(subcommand) "))
        for flag in ["--help", "-h", "-help"] {
            let out = try CommandLine_.run([subcommand, flag])
            #expect(out.status == 0)
            #expect(out.stdout == viaHelp.stdout, "\(subcommand) \(flag)")
        }
    }

    @Test("completion scripts, asked for after a subcommand too")
    func completionScripts() throws {
        let root = try CommandLine_.run(["--generate-completion-script", "bash"])
        #expect(root.status == 0)
        #expect(root.stdout.hasPrefix("#!/bin/bash\n"))
        #expect(root.stdout.contains("frames"))
        for arguments in [["frames", "--generate-completion-script", "bash"],
                          ["frames", "Small.layout.yaml", "--generate-completion-script", "bash"],
                          ["--generate-completion-script=bash"]] {
            let out = try CommandLine_.run(arguments)
            #expect(out.status == 0)
            #expect(out.stdout == root.stdout, "\(arguments)")
        }
        let zsh = try CommandLine_.run(["--generate-completion-script", "zsh"])
        #expect(zsh.status == 0)
        #expect(zsh.stdout.hasPrefix("#compdef layoutc\n"))
    }
}
