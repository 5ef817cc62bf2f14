import ArgumentParser
import LayoutCompiler

@main
struct Layoutc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutc",
        abstract: "Compile .layout files: check them and compute their frames.",
        version: "0.1.0",
        subcommands: [FramesCommand.self, GenerateCommand.self, FormatCommand.self, ConvertCommand.self, LintCommand.self, PreviewCommand.self, ServeCommand.self, LSPCommand.self]
    )

    /// ArgumentParser's own `main`, with its messages (help, usage errors) printed through
    /// `Console` so that a failed write is an error rather than a trap.
    static func main() {
        Console.setUp()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = unknownSubcommand(arguments) {
            Console.error(unknown)
            Console.terminate(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if !text.isEmpty {
                if code == .success { Console.out(text.hasSuffix("\n") ? text : text + "\n") } else { Console.error(text) }
            }
            Console.terminate(code.rawValue)
        }
    }

    /// `layoutc chek file`: the message for a first word that names no subcommand, with the
    /// closest one, where ArgumentParser would say only that the arguments were unexpected.
    static func unknownSubcommand(_ arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !names.contains(word), word != "help" else { return nil }
        let otherWords = ["check": "lint", "validate": "lint", "fmt": "format", "gen": "generate", "build": "generate", "compile": "generate"]
        var hint = (NameSuggestion.closest(to: word, among: names) ?? otherWords[word.lowercased()]).map { "; did you mean '\($0)'?" } ?? ""
        if hint.isEmpty, word.hasSuffix(".layout") || word.hasSuffix(".yaml") || word.hasSuffix(".yml") {
            hint = "; to compute its frames: layoutc frames \(word)"
        }
        // ArgumentParser's form for usage errors, as the other ones are printed.
        return "Error: Unknown subcommand '\(word)'\(hint)\n"
            + "Usage: layoutc <subcommand>, one of: \(names.joined(separator: ", "))\n"
            + "  See 'layoutc --help' for more information.\n"
    }
}
