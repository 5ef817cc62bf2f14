import ArgumentParser
import LayoutCompiler

/// `--layout` and `--sizes`: which layout of a file, and the element sizes of its dynamic flow
/// items (`frames`, `preview`).
struct LayoutSelectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only the layout with this name (default: every layout of the file).", valueName: "NAME"))
    var layout: String?

    @Option(name: .customLong("sizes"), help: ArgumentHelp("Element sizes of a dynamic flow item; repeat for several items.", valueName: "NAME=WxH,WxH,..."),
            transform: ArgumentValues.dynamicSizes)
    var dynamicSizes: [(name: String, sizes: [Size])] = []

    /// The `--sizes` options by item name, repeated names joined.
    var sizesByName: [String: [Size]] {
        var sizes: [String: [Size]] = [:]
        for argument in dynamicSizes {
            sizes[argument.name, default: []].append(contentsOf: argument.sizes)
        }
        return sizes
    }
}
