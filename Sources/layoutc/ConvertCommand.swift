import ArgumentParser
import LayoutCompiler

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Rewrite a layout file in the other syntax (YAML form or text form), comments kept.",
        discussion: """
            The result goes to standard output. Converting is lossless: reading the result gives \
            the same layouts. A file with syntax errors, or holding what the target form cannot \
            write, is not converted and the reasons are reported.
            """
    )

    @Argument(help: "A layout file in either syntax.")
    var file: String

    @Option(help: ArgumentHelp("The syntax to write: yaml or text.", valueName: "syntax"))
    var to: SourceSyntax

    @OptionGroup var syntax: SyntaxOption

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file)
        } catch {
            Console.error("\(file): error: cannot read the layout file: \(error)")
            throw ExitCode.failure
        }
        let output = LayoutSource.convert(bytes, from: syntax.syntax(of: file, bytes: bytes), to: to)
        guard let text = output.text else {
            Console.error(output.diagnostics.map { $0.formatted(path: file) }.joined(separator: "\n"))
            throw ExitCode.failure
        }
        Console.out(text)
    }
}
