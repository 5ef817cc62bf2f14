import ArgumentParser

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
        if arguments == ["--version"] {
            // What ArgumentParser prints for it, without building the command tree.
            Console.out(configuration.version + "\n")
            return
        }
        do {
            var command = try DirectParse.subcommand(arguments, of: self) ?? parseAsRoot(arguments)
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
}
