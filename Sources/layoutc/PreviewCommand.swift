import ArgumentParser
import Foundation
import LayoutCompiler

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw the frames of a layout as an SVG picture.",
        discussion: """
            Each named frame is outlined and labelled; groups are tinted by depth, flows are green \
            and dashed, overlays purple and dotted, the area outside the safe area is shaded. With \
            --all-devices every size of the device matrix (of the nearest .layoutlint.yml, else the \
            built-in one) is drawn side by side. On any error nothing is written and the diagnostics \
            go to standard error, as for 'frames'. The output is written only when it changes.
            """
    )

    @Argument(help: "A layout file.")
    var file: String

    @Option(help: ArgumentHelp("The container size, e.g. 390x844 (default: the layout's 'size').", valueName: "WxH"),
            transform: ArgumentValues.size)
    var size: Size?

    @Option(name: .customLong("safe-area"), help: ArgumentHelp("Safe-area insets for --size (default: the layout's 'safeArea').", valueName: "T,L,B,R"),
            transform: ArgumentValues.insets)
    var safeArea: EdgeInsets?

    @Option(help: ArgumentHelp("A device of the matrix by name or id, e.g. 'iPhone SE (3rd generation)' or iphone-16; add ' landscape' for landscape.", valueName: "NAME"))
    var device: String?

    @Flag(name: .customLong("all-devices"), help: "Every size of the device matrix, side by side.")
    var allDevices = false

    @Option(help: ArgumentHelp("Only the layout with this name (default: every layout of the file).", valueName: "NAME"))
    var layout: String?

    @Option(name: .customLong("sizes"), help: ArgumentHelp("Element sizes of a dynamic flow item; repeat for several items.", valueName: "NAME=WxH,WxH,..."),
            transform: ArgumentValues.dynamicSizes)
    var dynamicSizes: [(name: String, sizes: [Size])] = []

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The SVG file to write.", valueName: "OUT.svg"))
    var output: String

    @Option(help: ArgumentHelp("The file's syntax, yaml or text, instead of choosing by extension and first line.", valueName: "syntax"))
    var syntax: SourceSyntax?

    func validate() throws {
        let choices = [size != nil, device != nil, allDevices].filter { $0 }.count
        if choices > 1 { throw ValidationError("give at most one of --size, --device and --all-devices") }
        if safeArea != nil && size == nil { throw ValidationError("--safe-area goes with --size") }
    }

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file)
        } catch {
            printError("\(file): error: cannot read the layout file: \(error)")
            throw ExitCode.failure
        }
        var sizes: [DeviceSize] = []
        if let size {
            // A plain size: the layout's own safe area unless --safe-area is given (resolved below).
            sizes = [DeviceSize(label: "", deviceID: nil, orientation: nil, size: size, safeArea: safeArea ?? .zero)]
        } else if let device {
            sizes = [try Self.deviceSize(device)]
        } else if allDevices {
            var finder = ConfigurationFinder()
            let layers = finder.layers(for: absolutePath(file))
            sizes = LintState(layers: layers, layout: layout).sizes(for: nil)
        }
        var dynamic: [String: [Size]] = [:]
        for argument in dynamicSizes { dynamic[argument.name, default: []].append(contentsOf: argument.sizes) }
        var request = PreviewRequest(layoutName: layout, sizes: sizes, dynamicSizes: dynamic)
        request.useLayoutSafeArea = size != nil && safeArea == nil
        let result = request.run(on: bytes, syntax: syntax ?? SourceSyntax.detect(path: file, bytes: bytes))
        if !result.diagnostics.isEmpty {
            printError(result.diagnostics.map { $0.formatted(path: file) }.joined(separator: "\n"))
        }
        guard let svg = result.svg else { throw ExitCode.failure }
        do {
            try OutputFile.write(Array(svg.utf8), to: output)
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        // A layout that does not fit is drawn as far as it goes, and still fails.
        if result.failed { throw ExitCode.failure }
    }

    /// "iPhone 16", "iphone-16 landscape", "iPad mini (6th generation) portrait".
    static func deviceSize(_ text: String) throws -> DeviceSize {
        var name = text.trimmingCharacters(in: .whitespaces)
        var orientation = Orientation.portrait
        for candidate in Orientation.allCases where name.lowercased().hasSuffix(" " + candidate.rawValue) {
            orientation = candidate
            name = String(name.dropLast(candidate.rawValue.count + 1)).trimmingCharacters(in: .whitespaces)
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
