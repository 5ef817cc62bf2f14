import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutCompiler

struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Print the frame table of a layout file for a container size.",
        discussion: """
            Frames are in root coordinates, for every named node, depth-first in document order. \
            Diagnostics go to standard error as PATH:LINE:COLUMN: error: MESSAGE [code]; the exit \
            status is 1 when any error was reported.
            """
    ).subcommand(of: "layoutc")

    @Argument(help: "A layout file (YAML form: *.layout.yaml, *.yml, or *.layout starting with 'layout:' or '---').")
    var file: String

    @OptionGroup var container: ContainerOptions
    @OptionGroup var selection: LayoutSelectionOptions

    @Option(help: ArgumentHelp("Output format: table, json or csv.", valueName: "format"))
    var format: FrameTable.Format = .table

    @OptionGroup var syntax: SyntaxOption

    func run() throws {
        let path = file
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            Console.error("\(path): error: cannot read the layout file: \(error)")
            throw ExitCode.failure
        }
        var request = FramesRequest(layoutName: selection.layout, size: container.size, safeArea: container.safeArea,
                                    dynamicSizes: selection.sizesByName)
        request.advice = .frames
        request.repeatedSizeNames = selection.repeatedSizeNames
        request.hidden = selection.hiddenNames
        request.textModels = selection.textModels
        request.repeatedWrapNames = selection.repeatedWrapNames
        request.direction = selection.direction
        let result = request.run(on: bytes, syntax: syntax.syntax(of: path, bytes: bytes), context: RunImports.context(for: path))
        if let problem = result.usageProblems.first {
            Console.error("error: " + problem.message(in: selection.layout.map { "layout '\($0)'" } ?? path))
            throw ExitCode.validationFailure
        }
        if let table = result.table {
            Console.out(table.renderedBytes(as: format))
        }
        if !result.diagnostics.isEmpty {
            Console.error(result.diagnostics.map { $0.formatted(path: path) + "\n" }.joined())
        }
        if result.diagnostics.contains(where: { $0.severity == .error }) {
            throw ExitCode.failure
        }
    }
}

extension FrameTable.Format: ExpressibleByArgument {}
extension SourceSyntax: ExpressibleByArgument {}
