import ArgumentParser
import LayoutCompiler

struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Print text-form layout files in their one canonical form, comments kept.",
        discussion: """
            Without options the formatted text goes to standard output. --in-place rewrites each \
            file that is not formatted (atomically; a formatted file is not touched). --check \
            changes nothing and reports each file that is not formatted, exiting with 1 (for CI). \
            A file with syntax errors is left alone and its errors are reported.
            """
    )

    @Argument(help: "Text-form layout files (*.layout).")
    var files: [String]

    @Flag(name: .customLong("in-place"), help: "Rewrite the files that are not formatted.")
    var inPlace = false

    @Flag(help: "Report the files that are not formatted and exit with 1 if there is one; change nothing.")
    var check = false

    @OptionGroup var syntax: SyntaxOption

    func validate() throws {
        if inPlace && check { throw ValidationError("--in-place and --check cannot be used together") }
    }

    func run() throws {
        var failed = false
        for path in files {
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.read(path)
            } catch {
                SourceFiles.report("\(path): error: cannot read the layout file: \(error)")
                failed = true
                continue
            }
            guard syntax.syntax(of: path, bytes: bytes) == .text else {
                SourceFiles.report("\(path): error: this file is in the YAML form; format rewrites the text form (convert it with 'layoutc convert \(path) --to text')")
                failed = true
                continue
            }
            let output = LayoutSource.format(bytes)
            guard let text = output.text else {
                SourceFiles.report(output.diagnostics.map { $0.formatted(path: path) }.joined(separator: "\n"))
                failed = true
                continue
            }
            let formatted = Array(text.utf8)
            if check {
                if formatted != bytes {
                    let line = SourceFiles.firstDifferentLine(bytes, formatted)
                    SourceFiles.report("\(path):\(line):1: error: this file is not formatted (first difference on this line); run 'layoutc format --in-place \(path)' [format]")
                    failed = true
                }
            } else if inPlace {
                guard formatted != bytes else { continue }
                do {
                    try OutputFile.write(formatted, to: path)
                } catch {
                    SourceFiles.report("\(path): error: cannot write the file: \(error)")
                    failed = true
                }
            } else {
                Console.out(formatted)
            }
        }
        if failed { throw ExitCode.failure }
    }
}

/// File helpers of the source-rewriting commands.
enum SourceFiles {
    static func report(_ text: String) {
        Console.error(text)
    }

    /// The 1-based line where two texts first differ.
    static func firstDifferentLine(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var line = 1
        for (x, y) in zip(a, b) {
            if x != y { return line }
            if x == UInt8(ascii: "\n") { line += 1 }
        }
        return line
    }
}
