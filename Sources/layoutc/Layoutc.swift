import ArgumentParser

@main
struct Layoutc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutc",
        abstract: "Compile .layout files: check them and compute their frames.",
        version: "0.1.0",
        subcommands: [FramesCommand.self, GenerateCommand.self, FormatCommand.self, ConvertCommand.self, LintCommand.self, PreviewCommand.self]
    )
}
