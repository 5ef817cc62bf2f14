import ArgumentParser
import LayoutCompiler
import LayoutRuntimeCore

/// `--layout` and what a layout takes at run time: `--sizes` (the element sizes of dynamic flow
/// items, the content size of other dynamic items), `--hide`, `--direction` and `--flag` (`preview`;
/// `frames` declares the same options itself; docs/format.md §6).
struct LayoutSelectionOptions: ParsableArguments {
    @Option(help: layoutHelp)
    var layout: String?

    @Option(name: .customLong("sizes"), help: sizesHelp, transform: ArgumentValues.dynamicSizes)
    var dynamicSizes: [(name: String, sizes: [Size])] = []

    @Option(name: .customLong("wrap"), help: wrapHelp, transform: ArgumentValues.wrap)
    var wraps: [(name: String, model: LayoutTextModel)] = []

    @Option(name: .customLong("hide"), help: hideHelp, transform: ArgumentValues.names)
    var hidden: [[String]] = []

    @Option(help: directionHelp)
    var direction: LayoutDirection = .leftToRight

    @Option(name: .customLong("flag"), help: flagHelp, transform: ArgumentValues.flagNames)
    var flags: [[String]] = []
    @Option(parsing: .unconditional, help: scaleHelp, transform: ArgumentValues.scale)
    var scale: Double?
    @Option(name: .customLong("param"), help: parameterHelp, transform: ArgumentValues.parameter)
    var parameters: [(name: String, value: Double)] = []

    // The helps, shared with `FramesCommand`, which declares these options itself.
    static let layoutHelp = ArgumentHelp("Only the layout with this name (default: every layout of the file).", valueName: "NAME")
    static let sizesHelp = ArgumentHelp("Element sizes of a dynamic flow item, or the one content size of a dynamic item outside a flow; repeat for several items.", valueName: "NAME=WxH,WxH,...")
    static let wrapHelp = ArgumentHelp("A wrap item's text: one line W wide, lines L high, at most N lines if given (docs/format.md §7.1, §8.6); repeat for several items.", valueName: "NAME=WxL[xN]")
    static let hideHelp = ArgumentHelp("Optional nodes to hide; repeatable.", valueName: "NAME[,NAME...]")
    static let flagHelp = ArgumentHelp("Flags of 'when' to turn on (docs/format.md §8.7; every other flag is off); repeatable.", valueName: "NAME[,NAME...]")
    static let scaleHelp = ArgumentHelp("Pixels per point (e.g. 2 or 3): sizes given at run time go up to the pixel grid and every frame edge to the nearest grid line.", valueName: "S")
    static let parameterHelp = ArgumentHelp("A value for a layout's parameter (docs/format.md §8.1) instead of its default; repeatable.", valueName: "NAME=NUMBER")
    static let directionHelp = ArgumentHelp("Layout direction: ltr (left to right, the default) or rtl, which mirrors every frame.", valueName: "ltr|rtl")

    /// The options' values, as `preview` uses them.
    var values: LayoutSelection {
        var selection = LayoutSelection(layout: layout, dynamicSizes: dynamicSizes, wraps: wraps, hidden: hidden, direction: direction, scale: scale)
        selection.flags = flags
        selection.parameters = parameters
        return selection
    }

    var hiddenNames: [String] { values.hiddenNames }
    var flagNames: [String] { values.flagNames }
    var repeatedFlagNames: [String] { values.repeatedFlagNames }
    var parameterValues: [String: Double] { values.parameterValues }
    var repeatedParameterNames: [String] { values.repeatedParameterNames }
    var repeatedSizeNames: [String] { values.repeatedSizeNames }
    var repeatedWrapNames: [String] { values.repeatedWrapNames }
    var textModels: [String: LayoutTextModel] { values.textModels }
    var sizesByName: [String: [Size]] { values.sizesByName }
}

extension LayoutDirection: ExpressibleByArgument {}
