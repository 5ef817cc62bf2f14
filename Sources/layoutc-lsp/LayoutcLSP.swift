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
                USAGE: layoutc lsp [--stdio]

                The Language Server Protocol over standard input and output, for .layout files in \
                both syntaxes: diagnostics as you type, frames on hover, completion, outline, \
                formatting and quick fixes (docs/editors.md).
                """)
            return
        }
        if let unknown = arguments.first(where: { $0 != "--stdio" }) {
            FileHandle.standardError.write(Data("error: layoutc lsp takes no argument but --stdio, not '\(unknown)'\n".utf8))
            exit(64)
        }
        exit(StdioTransport.run())
    }
}
