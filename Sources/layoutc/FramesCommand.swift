import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutCompiler
import LayoutRuntimeCore

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

    // The options of `ContainerOptions`, `LayoutSelectionOptions` and `SyntaxOption`, in their
    // order, declared here rather than as option groups: ArgumentParser reflects each group
    // and asks the runtime four questions of it that each scan every conformance record
    // (BENCHMARKS.md, "Starting a command").
    @Option(parsing: .unconditional, help: ContainerOptions.sizeHelp, transform: ArgumentValues.size)
    var size: Size?

    @Option(name: .customLong("safe-area"), parsing: .unconditional, help: ContainerOptions.safeAreaHelp, transform: ArgumentValues.insets)
    var safeArea: EdgeInsets?

    @Option(help: ArgumentHelp("A device of the matrix by name or id, e.g. 'iPhone SE (3rd generation)' or iphone-16; add ' landscape' for landscape: its size and safe area (--safe-area still overrides the safe area).", valueName: "NAME"))
    var device: String?

    @Option(help: LayoutSelectionOptions.layoutHelp)
    var layout: String?

    @Option(name: .customLong("sizes"), help: LayoutSelectionOptions.sizesHelp, transform: ArgumentValues.dynamicSizes)
    var dynamicSizes: [(name: String, sizes: [Size])] = []

    @Option(name: .customLong("wrap"), help: LayoutSelectionOptions.wrapHelp, transform: ArgumentValues.wrap)
    var wraps: [(name: String, model: LayoutTextModel)] = []

    @Option(name: .customLong("hide"), help: LayoutSelectionOptions.hideHelp, transform: ArgumentValues.names)
    var hidden: [[String]] = []

    @Option(help: LayoutSelectionOptions.directionHelp)
    var direction: LayoutDirection = .leftToRight

    @Option(name: .customLong("flag"), help: LayoutSelectionOptions.flagHelp, transform: ArgumentValues.flagNames)
    var flags: [[String]] = []
    @Option(parsing: .unconditional, help: LayoutSelectionOptions.scaleHelp, transform: ArgumentValues.scale)
    var scale: Double?
    @Option(name: .customLong("param"), help: LayoutSelectionOptions.parameterHelp, transform: ArgumentValues.parameter)
    var parameters: [(name: String, value: Double)] = []

    @Option(help: ArgumentHelp("Output format: table, json or csv.", valueName: "format"))
    var format: FrameTable.Format = .table

    @Option(help: SyntaxOption.help)
    var syntax: SourceSyntax?

    @Option(name: .customLong("import-root"), help: RunImports.importRootHelp)
    var importRoots: [String] = []

    func validate() throws {
        if size != nil && device != nil { throw ValidationError("give either --size or --device") }
    }

    func run() throws {
        var size = size, safeArea = safeArea
        if let device {
            // The device's size and safe area replace the layout's own `size` and `safeArea`
            // together: a phone's insets must not follow the layout onto a tablet's size.
            let deviceSize = try PreviewCommand.deviceSize(device)
            size = deviceSize.size
            safeArea = safeArea ?? deviceSize.safeArea
        }
        var selection = LayoutSelection(layout: layout, dynamicSizes: dynamicSizes, wraps: wraps, hidden: hidden, direction: direction, scale: scale)
        selection.flags = flags
        selection.parameters = parameters
        try FramesInvocation(file: file, size: size, safeArea: safeArea, selection: selection, format: format, syntax: syntax, importRoots: importRoots).run()
    }
}

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
