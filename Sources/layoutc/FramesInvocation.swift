import LayoutCompiler
import ArgumentParser

/// One `layoutc frames` run with its arguments read, by ArgumentParser (`FramesCommand`) or by
/// `PlainFramesLine`: the same values give the same bytes and exit status either way.
struct FramesInvocation {
    var file: String
    var size: Size?
    var safeArea: EdgeInsets?
    var selection = LayoutSelection()
    var format: FrameTable.Format = .table
    /// `--syntax`; nil chooses by the file's name and first line.
    var syntax: SourceSyntax?
    /// `--import-root`: folders imports may read besides the file's (docs/format.md §7.5).
    var importRoots: [String] = []

    nonisolated(unsafe) private static var keptUntilExit: FramesRequest.Result?

    /// Prints the frame table and the diagnostics; throws the exit status when it is not 0.
    func run() throws {
        let path = file
        RunImports.confine(toFoldersOf: [path], importRoots: importRoots)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            Console.error("\(path): error: cannot read the layout file: \(error)")
            throw ExitCode.failure
        }
        var request = FramesRequest(layoutName: selection.layout, size: size, safeArea: safeArea,
                                    dynamicSizes: selection.sizesByName)
        request.advice = .frames
        request.repeatedSizeNames = selection.repeatedSizeNames
        request.hidden = selection.hiddenNames
        request.textModels = selection.textModels
        request.repeatedWrapNames = selection.repeatedWrapNames
        request.direction = selection.direction
        request.flags = selection.flagNames
        request.repeatedFlagNames = selection.repeatedFlagNames
        request.scale = selection.scale
        request.parameters = selection.parameterValues
        request.repeatedParameterNames = selection.repeatedParameterNames
        request.keepsCompiledFile = true
        let syntax = syntax ?? SourceSyntax.detect(path: path, bytes: bytes)
        let result = request.run(on: bytes, syntax: syntax, context: RunImports.context(for: path))
        // The process exits after this run: what it computed stays allocated until then, as a
        // compiler driver's does, instead of being freed node by node (10% of `frames` on a
        // 1 MB file; BENCHMARKS.md, "Starting a command").
        Self.keptUntilExit = result
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
