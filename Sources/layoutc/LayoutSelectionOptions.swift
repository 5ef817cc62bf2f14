import ArgumentParser
import LayoutCompiler
import LayoutRuntimeCore

/// `--layout` and what a layout takes at run time: `--sizes` (the element sizes of dynamic flow
/// items, the content size of other dynamic items), `--hide` and `--direction` (`frames`,
/// `preview`; docs/format.md §6).
struct LayoutSelectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only the layout with this name (default: every layout of the file).", valueName: "NAME"))
    var layout: String?

    @Option(name: .customLong("sizes"), help: ArgumentHelp("Element sizes of a dynamic flow item, or the one content size of a dynamic item outside a flow; repeat for several items.", valueName: "NAME=WxH,WxH,..."),
            transform: ArgumentValues.dynamicSizes)
    var dynamicSizes: [(name: String, sizes: [Size])] = []

    @Option(name: .customLong("wrap"), help: ArgumentHelp("A wrap item's text: one line W wide, lines L high (docs/format.md §7.1); repeat for several items.", valueName: "NAME=WxL"),
            transform: ArgumentValues.wrap)
    var wraps: [(name: String, model: LayoutTextModel)] = []

    @Option(name: .customLong("hide"), help: ArgumentHelp("Optional nodes to hide; repeatable.", valueName: "NAME[,NAME...]"),
            transform: ArgumentValues.names)
    var hidden: [[String]] = []

    @Option(help: ArgumentHelp("Layout direction: ltr (left to right, the default) or rtl, which mirrors every frame.", valueName: "ltr|rtl"))
    var direction: LayoutDirection = .leftToRight

    /// The names given to `--hide`, in order, each once.
    var hiddenNames: [String] {
        var seen = Set<String>()
        return hidden.flatMap { $0 }.filter { seen.insert($0).inserted }
    }

    /// Names that `--sizes` gives more than once.
    var repeatedSizeNames: [String] {
        var seen = Set<String>(), repeated: [String] = []
        for argument in dynamicSizes where !seen.insert(argument.name).inserted && !repeated.contains(argument.name) {
            repeated.append(argument.name)
        }
        return repeated
    }

    /// Names that `--wrap` gives more than once.
    var repeatedWrapNames: [String] {
        var seen = Set<String>(), repeated: [String] = []
        for argument in wraps where !seen.insert(argument.name).inserted && !repeated.contains(argument.name) {
            repeated.append(argument.name)
        }
        return repeated
    }

    /// The `--wrap` text models by item name (the first of a repeated name).
    var textModels: [String: LayoutTextModel] {
        var models: [String: LayoutTextModel] = [:]
        for argument in wraps where models[argument.name] == nil { models[argument.name] = argument.model }
        return models
    }

    /// The `--sizes` options by item name, repeated names joined.
    var sizesByName: [String: [Size]] {
        var sizes: [String: [Size]] = [:]
        for argument in dynamicSizes {
            sizes[argument.name, default: []].append(contentsOf: argument.sizes)
        }
        return sizes
    }
}

extension LayoutDirection: ExpressibleByArgument {}
