import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `layoutc lsp`: runs the `layoutc-lsp` executable built beside this one, in this process's
/// place (exec), as `layoutc serve` runs `layoutc-serve`: the language server is a product of
/// its own so that the build plugin, which builds `layoutc`, never builds it.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "The Language Server Protocol over standard input and output (runs layoutc-lsp).",
        discussion: """
            For editors: diagnostics as you type (static, at every device of .layoutlint.yml, and \
            lint warnings), frames on hover, completion, outline, formatting and quick fixes, for \
            both syntaxes (docs/editors.md). Needs the layoutc-lsp executable next to layoutc: \
            swift build --product layoutc-lsp.
            """,
        helpNames: []
    )

    @Argument(parsing: .captureForPassthrough, help: "Arguments for layoutc-lsp (--stdio is accepted and ignored).")
    var arguments: [String] = []

    static let serverName = "layoutc-lsp"

    func run() throws {
        guard ServeCommand.ownExecutablePath() != nil else {
            Console.error("error: layoutc lsp cannot find its own executable")
            throw ExitCode.failure
        }
        guard let server = SiblingExecutable.path(named: Self.serverName) else {
            Console.error("error: layoutc lsp needs the \(Self.serverName) executable next to layoutc; build it with swift build --product \(Self.serverName)")
            throw ExitCode.failure
        }
        try SiblingExecutable.replaceProcess(with: server, arguments: arguments)
    }
}
