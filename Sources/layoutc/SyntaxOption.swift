import ArgumentParser
import LayoutCompiler

/// `--syntax yaml|text`: every command that reads layout files takes it.
struct SyntaxOption: ParsableArguments {
    @Option(help: help)
    var syntax: SourceSyntax?

    /// Shared with `FramesCommand`, which declares the option itself.
    static let help = ArgumentHelp("The input syntax, yaml or text, instead of choosing by extension and first line.", valueName: "syntax")

    /// The syntax of a file: the option's, else the guess from its name and first line.
    func syntax(of path: String, bytes: [UInt8]) -> SourceSyntax {
        syntax ?? SourceSyntax.detect(path: path, bytes: bytes)
    }
}
