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
    ).subcommand(of: "layoutc")

    @Argument(help: "A layout file (YAML form: *.layout.yaml, *.yml, or *.layout starting with 'layout:' or '---').")
    var file: String

    @OptionGroup var container: ContainerOptions
    @OptionGroup var selection: LayoutSelectionOptions

    @Option(help: ArgumentHelp("Output format: table, json or csv.", valueName: "format"))
    var format: FrameTable.Format = .table

    @OptionGroup var syntax: SyntaxOption

    func run() throws {
        try FramesInvocation(file: file, size: container.size, safeArea: container.safeArea, selection: selection.values,
                             format: format, syntax: syntax.syntax).run()
    }
}

// ArgumentParser's own `allValueStrings` and `allValueDescriptions` for a `CaseIterable`
// `String` enum go through a key path and a generic `reduce`, whose types the Swift runtime
// builds from their mangled names, each new one costing a scan of every conformance record of
// the process (BENCHMARKS.md, "Starting a command"). These say the same directly.
extension FrameTable.Format: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    /// None: each value's description is its name.
    public static var allValueDescriptions: [String: String] { [:] }
}

extension SourceSyntax: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    /// None: each value's description is its name.
    public static var allValueDescriptions: [String: String] { [:] }
}
