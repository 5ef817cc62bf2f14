import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutCompiler

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw the frames of a layout as an SVG picture.",
        discussion: """
            Each named frame is outlined and labelled; groups are tinted by depth, flows are green \
            and dashed, overlays purple and dotted, the area outside the safe area is shaded. With \
            --all-devices every size lint checks the layout at is drawn side by side: the device matrix \
            of the .layoutlint.yml files lint reads (its devices and the overrides for the layout, \
            else the built-in matrix) and the layout's own size, items without --sizes or --wrap at \
            their first sample there. \
            --wrap gives a wrap item its text, drawn as lines; a child that shrank is outlined dashed; \
            a layout with 'fit' is drawn at its fitted size. --hide leaves optional nodes out (listed under each \
            panel); --direction rtl draws the mirrored frames, --both-directions both. A static error (or a usage error) writes nothing; \
            a size at which the layout does not fit is drawn, its panel marked 'does not fit' with the error under it, \
            and the command still exits 1. Diagnostics go to standard error, as for 'frames'. The output is written \
            only when it changes.
            """
    ).subcommand(of: "layoutc")

    @Argument(help: "A layout file.")
    var file: String

    @OptionGroup var container: ContainerOptions

    @Option(help: ArgumentHelp("A device of the matrix by name or id, e.g. 'iPhone SE (3rd generation)' or iphone-16; add ' landscape' for landscape.", valueName: "NAME"))
    var device: String?

    @Flag(name: .customLong("all-devices"), help: "Every size lint checks, side by side (the devices of .layoutlint.yml for the layout).")
    var allDevices = false

    @Flag(name: .customLong("both-directions"), help: "Draw each size left to right and right to left (mirrored), side by side; instead of --direction.")
    var bothDirections = false

    @OptionGroup var selection: LayoutSelectionOptions

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The SVG file to write.", valueName: "OUT.svg"))
    var output: String

    @OptionGroup var syntax: SyntaxOption

    @Option(name: .customLong("import-root"), help: RunImports.importRootHelp)
    var importRoots: [String] = []

    func validate() throws {
        let size = container.size
        let choices = [size != nil, device != nil, allDevices].filter { $0 }.count
        if choices > 1 { throw ValidationError("give at most one of --size, --device and --all-devices") }
        if container.safeArea != nil && size == nil { throw ValidationError("--safe-area goes with --size") }
        if bothDirections && selection.direction != .leftToRight { throw ValidationError("give either --both-directions or --direction") }
    }

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file)
            RunImports.confine(toFoldersOf: [file], importRoots: importRoots)
        } catch {
            printError("\(file): error: cannot read the layout file: \(error)")
            throw ExitCode.failure
        }
        let size = container.size, safeArea = container.safeArea, layout = selection.layout
        var sizes: [DeviceSize] = []
        var lintLayers: [LintLayer]?
        if let size {
            // A plain size: the layout's own safe area unless --safe-area is given (resolved below).
            sizes = [DeviceSize(label: "", deviceID: nil, orientation: nil, size: size, safeArea: safeArea ?? .zero)]
        } else if let device {
            sizes = [try Self.deviceSize(device)]
        } else if allDevices {
            // Lint's configuration: each layout's devices (after its overrides) and, for each
            // item not given on the command line, its first sample.
            var finder = LintConfigurationFinder.files()
            lintLayers = finder.layers(for: absolutePath(file))
        }
        var request = PreviewRequest(layoutName: layout, sizes: sizes, dynamicSizes: selection.sizesByName)
        request.advice = .preview
        request.repeatedSizeNames = selection.repeatedSizeNames
        request.textModels = selection.textModels
        request.repeatedWrapNames = selection.repeatedWrapNames
        request.lintLayers = lintLayers
        request.deviceMatrix = allDevices
        request.hidden = selection.hiddenNames
        request.flags = selection.flagNames
        request.repeatedFlagNames = selection.repeatedFlagNames
        request.scale = selection.scale
        request.parameters = selection.parameterValues
        request.repeatedParameterNames = selection.repeatedParameterNames
        request.directions = bothDirections ? [.leftToRight, .rightToLeft] : [selection.direction]
        request.useLayoutSafeArea = size != nil && safeArea == nil
        let result = request.run(on: bytes, syntax: syntax.syntax(of: file, bytes: bytes), context: RunImports.context(for: file))
        if let problem = result.usageProblems.first {
            printError("error: " + problem.message(in: layout.map { "layout '\($0)'" } ?? file))
            throw ExitCode.validationFailure
        }
        if !result.diagnostics.isEmpty {
            printError(result.diagnostics.map { $0.formatted(path: file) }.joined(separator: "\n"))
        }
        guard let svg = result.svg else { throw ExitCode.failure }
        do {
            try OutputFile.write(Array(svg.utf8), to: output)
        } catch {
            printError("\(output): error: cannot write the output file: \(error)")
            throw ExitCode.failure
        }
        // A layout that does not fit is drawn as far as it goes, and still fails.
        if result.failed { throw ExitCode.failure }
    }

    /// "iPhone 16", "iphone-16 landscape", "iPad mini (6th generation) portrait".
    static func deviceSize(_ text: String) throws -> DeviceSize {
        var name = HorizontalSpace.trimmed(text)
        var orientation = Orientation.portrait
        for candidate in Orientation.allCases where name.lowercased().hasSuffix(" " + candidate.rawValue) {
            orientation = candidate
            name = HorizontalSpace.trimmed(String(name.dropLast(candidate.rawValue.count + 1)))
        }
        guard let device = DeviceMatrix.device(named: name) else {
            let names = DeviceMatrix.builtIn.map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
            throw ValidationError("unknown device '\(text)'; devices: \(names)")
        }
        guard let size = DeviceMatrix.sizes(of: [device], orientations: [orientation]).first else {
            throw ValidationError("device '\(text)' has no \(orientation.rawValue) size")
        }
        return size
    }
}
