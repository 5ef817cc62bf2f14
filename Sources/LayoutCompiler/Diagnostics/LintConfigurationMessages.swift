/// The texts of the diagnostics of `.layoutlint.yml` (`LintConfiguration`), one function per
/// message, grouped by the code they are reported with.
enum LintConfigurationMessages {
    // MARK: unknownKey (or invalidValue where a value names no rule)

    /// `place`: one of the places below; `suggestion` nil: the message lists `allowed`.
    static func unknownKey(_ key: String, in place: String, suggestion: String?, allowed: [String]) -> String {
        "unknown key '\(key)' in \(place)\(didYouMean(suggestion, else: "known keys", allowed))"
    }

    /// `isErrorCode`: the name is a compiler code, which says so instead of a suggestion.
    static func unknownRule(_ name: String, isErrorCode: Bool, suggestion: String?, rules: [String]) -> String {
        if isErrorCode { return "unknown lint rule '\(name)' ('\(name)' is a compiler error, which cannot be turned off)" }
        return "unknown lint rule '\(name)'\(didYouMean(suggestion, else: "rules", rules))"
    }

    static func unknownDevice(_ name: String, suggestion: String?, devices: [String]) -> String {
        "unknown device '\(name)'\(didYouMean(suggestion, else: "devices", devices))"
    }

    // Where a key stands, as the messages name it.

    static func filePlace(_ fileName: String) -> String {
        "a \(fileName) file"
    }

    static let devicesPlace = "'devices'"
    static let devicePlace = "a device"
    static let overridePlace = "an override"

    // MARK: invalidValue

    static func notAMapping(_ fileName: String) -> String {
        "a \(fileName) file is a mapping of settings (rules, enable, disable, devices, exclude, overrides)"
    }

    static func keysAreNames(in place: String) -> String {
        "keys of \(place) are names"
    }

    /// `found`: the scalar's text, nil for a list or mapping.
    static func notABool(_ key: String, found: String?) -> String {
        "'\(key)' must be true or false, not '\(found ?? "a collection")'"
    }

    static func notNames(_ key: String) -> String {
        "'\(key)' must be a list of names"
    }

    static func nestedName(_ key: String) -> String {
        "'\(key)' must be a list of names, not a nested collection"
    }

    static let rulesNotAMapping = "'rules' must map rule names to off, warning or error"

    static func notASeverity(_ rule: String) -> String {
        "the severity of '\(rule)' must be off, warning or error"
    }

    static let devicesNotAMapping = "'devices' must be a mapping (only, add, exclude, orientations, layoutSize, directions)"
    static let addNotAList = "'add' must be a list of devices, each with a name and a size"

    static func notAnOrientation(_ text: String) -> String {
        "an orientation is portrait or landscape, not '\(text)'"
    }

    static func notADirection(_ text: String) -> String {
        "a direction is ltr or rtl, not '\(text)'"
    }

    static let deviceNotAMapping = "a device to add is a mapping with 'name' and 'size'"
    static let emptyDeviceName = "a device's 'name' is a non-empty string"

    /// `count` 2: a size, 4: insets.
    /// `shape`: how the list is written when not a size or insets (`[width, lineHeight]`).
    static func wrongNumberList(_ key: String, count: Int, shape: String? = nil) -> String {
        "'\(key)' must be \(shape ?? numbersShape(count)): \(count) numbers ≥ 0"
    }

    static func numberOutOfRange(_ key: String, count: Int, maximum: Double, shape: String? = nil) -> String {
        "'\(key)' must be \(shape ?? numbersShape(count)): \(count) numbers from 0 to \(NumberFormat.string(maximum))"
    }

    static let sizesShape = "'sizes' maps dynamic item names (or globs) to sample sizes, e.g. 'title: [[120, 20], [300, 60]]'"

    static func sampleSizesNotPairs(_ name: String) -> String {
        "the sample sizes of '\(name)' must be a list of [width, height] pairs"
    }

    static let wrapShape = "'wrap' maps wrap item names (or globs) to sample texts, each [one-line width, line height], e.g. 'message: [[120, 18], [700, 18]]'"

    static func sampleTextsNotPairs(_ name: String) -> String {
        "the sample texts of '\(name)' must be a list of [width, lineHeight] pairs (one line that wide, lines that high)"
    }

    static let textShape = "[width, lineHeight] or [width, lineHeight, lines]"

    static func lineLimit(_ name: String) -> String {
        "the line limit of a sample text of '\(name)' must be a whole number from 1, as in [300, 20, 2]"
    }

    static let flagsShape = "'flags' lists the combinations of flags lint turns on, each a list of flag names, e.g. 'flags: [[], [compact], [compact, dark]]'"
    static let flagNotAName = "a flag in 'flags' must be a name (letters, digits and _, not starting with a digit), e.g. 'compact'"
    static let parametersShape = "'parameters' lists sets of parameter values lint checks besides the defaults, each a mapping of names to numbers, e.g. 'parameters: [{inset: 8}, {inset: 24, thumbnail: 80}]'"
    static let parameterNotAName = "a parameter in 'parameters' must be a name (letters, digits and _, not starting with a digit), e.g. 'inset'"
    static func parameterNotANumber(_ name: String) -> String {
        "parameter '\(name)' in 'parameters' must be a finite number, e.g. '\(name): 16'"
    }
    static let readableWidthsShape = "'readableWidths' maps item names (or globs) to the narrowest width lint accepts when they shrink, e.g. 'title: 80'"

    static func readableWidthNotANumber(_ name: String, maximum: Double) -> String {
        "the readable width of '\(name)' must be a number from 0 to \(NumberFormat.string(maximum))"
    }

    static let overridesNotAList = "'overrides' must be a list of mappings, each with 'files' and/or 'layouts'"
    static let overrideNotAMapping = "an override is a mapping with 'files' and/or 'layouts' and the settings to change"

    /// A `sizes:` or `wrap:` name that matches no item of its kind in the layouts linted.
    static func sampleNameMatchesNothing(_ name: String, kind: LintSampleName.Kind, suggestion: String?, items: [String]) -> String {
        let what = kind == .dynamicItem ? "dynamic item" : "wrap item"
        let start = "'\(name)' matches no \(what) in the layouts linted, so its samples are never used"
        if let suggestion { return start + "; did you mean '\(suggestion)'?" }
        if items.isEmpty { return start + " (they have no \(what)s)" }
        return start + " (\(what)s: \(items.prefix(20).joined(separator: ", "))\(items.count > 20 ? ", …" : ""))"
    }

    /// A `sizes:` name that matches only wrap items, or a `wrap:` name only dynamic items.
    static func sampleNameOfOtherKind(_ name: String, kind: LintSampleName.Kind) -> String {
        kind == .dynamicItem
            ? "'\(name)' matches wrap items, not dynamic items: give their sample texts under 'wrap:' as [[width, lineHeight], ...]"
            : "'\(name)' matches dynamic items, not wrap items: give their sample sizes under 'sizes:' as [[width, height], ...]"
    }

    // MARK: missingKey

    static let deviceIncomplete = "a device to add needs a 'name' and a 'size: [width, height]'"

    // MARK: -

    private static func didYouMean(_ suggestion: String?, else listName: String, _ names: [String]) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? " (\(listName): \(names.joined(separator: ", ")))"
    }

    private static func numbersShape(_ count: Int) -> String {
        count == 2 ? "[width, height]" : "[top, leading, bottom, trailing]"
    }
}
