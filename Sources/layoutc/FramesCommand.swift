import ArgumentParser
import Foundation
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
    )

    @Argument(help: "A layout file (YAML form: *.layout.yaml, *.yml, or *.layout starting with 'layout:' or '---').")
    var file: String

    @Option(help: ArgumentHelp("The container size, e.g. 390x844; overrides the layout's 'size'.", valueName: "WxH"),
            transform: ArgumentValues.size)
    var size: Size?

    @Option(name: .customLong("safe-area"), help: ArgumentHelp("Safe-area insets top,leading,bottom,trailing; overrides the layout's 'safeArea'.", valueName: "T,L,B,R"),
            transform: ArgumentValues.insets)
    var safeArea: EdgeInsets?

    @Option(help: ArgumentHelp("Only the layout with this name (default: every layout of the file).", valueName: "NAME"))
    var layout: String?

    @Option(name: .customLong("sizes"), help: ArgumentHelp("Element sizes of a dynamic flow item; repeat for several items.", valueName: "NAME=WxH,WxH,..."),
            transform: ArgumentValues.dynamicSizes)
    var dynamicSizes: [(name: String, sizes: [Size])] = []

    @Option(help: ArgumentHelp("Output format: table, json or csv.", valueName: "format"))
    var format: FrameTable.Format = .table

    @Option(help: ArgumentHelp("The file's syntax, yaml or text, instead of choosing by extension and first line.", valueName: "syntax"))
    var syntax: SourceSyntax?

    func run() throws {
        let path = file
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            FileHandle.standardError.write(Data("\(path): error: cannot read the layout file: \(error)\n".utf8))
            throw ExitCode.failure
        }
        var sizes: [String: [Size]] = [:]
        for argument in dynamicSizes {
            sizes[argument.name, default: []].append(contentsOf: argument.sizes)
        }
        var request = FramesRequest(layoutName: layout, size: size, safeArea: safeArea, dynamicSizes: sizes)
        request.advice = .frames
        let result = request.run(on: bytes, syntax: syntax ?? SourceSyntax.detect(path: path, bytes: bytes))
        if let unknown = result.unknownDynamicNames.first {
            FileHandle.standardError.write(Data("error: --sizes names '\(unknown)', which is not a dynamic item of \(layout.map { "layout '\($0)'" } ?? path)\n".utf8))
            throw ExitCode.validationFailure
        }
        if let table = result.table {
            FileHandle.standardOutput.write(Data(table.renderedBytes(as: format)))
        }
        if !result.diagnostics.isEmpty {
            let text = result.diagnostics.map { $0.formatted(path: path) + "\n" }.joined()
            FileHandle.standardError.write(Data(text.utf8))
        }
        if result.diagnostics.contains(where: { $0.severity == .error }) {
            throw ExitCode.failure
        }
    }
}

extension FrameTable.Format: ExpressibleByArgument {}
extension SourceSyntax: ExpressibleByArgument {}
