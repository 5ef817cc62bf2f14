import Foundation
import LayoutLanguageServer

/// `layoutc lsp` runs this executable in its place: the language server over standard input
/// and output. A product of its own, so that the build plugin, which builds `layoutc`, never
/// builds the server.
@main
enum LayoutcLSP {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print("""
                USAGE: layoutc lsp [--stdio] [--import-root FOLDER ...]

                The Language Server Protocol over standard input and output, for .layout files in \
                both syntaxes: diagnostics as you type, frames on hover, completion, outline, \
                formatting and quick fixes (docs/editors.md). Imports read files inside the \
                document's folder and each --import-root FOLDER (docs/format.md §7.5).
                """)
            return
        }
        var importRoots: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--stdio" { continue }
            if argument == "--import-root", let folder = rest.popFirst() {
                importRoots.append(folder)
                continue
            }
            FileHandle.standardError.write(Data("error: layoutc lsp takes --stdio and --import-root FOLDER, not '\(argument)'\n".utf8))
            exit(64)
        }
        exit(StdioTransport.run(importRoots: importRoots))
    }
}
