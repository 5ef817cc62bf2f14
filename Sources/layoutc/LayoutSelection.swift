import LayoutCompiler
import LayoutRuntimeCore

/// What `--layout`, `--sizes`, `--wrap`, `--hide`, `--direction`, `--flag`, `--scale` and `--param` chose, as plain values: read
/// by ArgumentParser (`LayoutSelectionOptions`) or by `PlainFramesLine`, used the same way.
struct LayoutSelection {
    var layout: String?
    var dynamicSizes: [(name: String, sizes: [Size])] = []
    var wraps: [(name: String, model: LayoutTextModel)] = []
    var hidden: [[String]] = []
    var direction: LayoutDirection = .leftToRight
    /// `--flag` (docs/format.md §8.7), each option's names as given.
    var flags: [[String]] = []

    /// The names given to `--flag`, each once.
    var flagNames: [String] {
        var seen = Set<String>()
        return flags.flatMap { $0 }.filter { seen.insert($0).inserted }
    }

    /// Names that `--flag` gives more than once (`--flag a,a` included).
    var repeatedFlagNames: [String] {
        var seen = Set<String>(), repeated: [String] = []
        for name in flags.flatMap({ $0 }) where !seen.insert(name).inserted && !repeated.contains(name) {
            repeated.append(name)
        }
        return repeated
    }
    /// `--scale`: the pixel grid (docs/format.md, "The pixel grid"); nil: none.
    var scale: Double?
    /// `--param` (docs/format.md §8.1), in the order given.
    var parameters: [(name: String, value: Double)] = []

    /// The parameters' values by name (the first of a repeated name).
    var parameterValues: [String: Double] {
        var values: [String: Double] = [:]
        for argument in parameters where values[argument.name] == nil { values[argument.name] = argument.value }
        return values
    }

    /// Names that `--param` gives more than once.
    var repeatedParameterNames: [String] {
        var seen = Set<String>(), repeated: [String] = []
        for argument in parameters where !seen.insert(argument.name).inserted && !repeated.contains(argument.name) {
            repeated.append(argument.name)
        }
        return repeated
    }

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
