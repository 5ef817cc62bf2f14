/// Message texts of diagnostics, one function per message, so that every pass that reports a
/// problem says it in the same words: the codes' summaries, the layout walk's `itemIncomplete`
/// texts and what is shared by the area catalogs (`ValidationMessages`, `YAMLFormMessages`,
/// `TextFormMessages`, `LintConfigurationMessages`). Size-dependent `outOfSpace` texts are
/// LayoutRuntime's `LayoutMessages`, since generated code builds them at run time.
public enum DiagnosticMessages {
    // MARK: Where a size-dependent error happened (lint, preview, serve)

    /// " on iPhone SE" / " at its own size 390×844", and " and 3 other device sizes".
    static func devices(_ first: String, others: Int) -> String {
        let place = first.hasPrefix("its own size") ? "at \(first)" : "on \(first)"
        return " \(place)" + (others > 0 ? " and \(others) other device size\(others == 1 ? "" : "s")" : "")
    }

    /// The note under a group's "needs N pt but has A pt": the ways to make its children fit.
    static func groupOutOfSpaceFix(_ node: PlanNode) -> String {
        let extent = node.kind == .vgroup ? "heights" : "widths"
        return "to fit, let a child give way with `shrink: 1`, make fixed \(extent), spacing or padding smaller, "
            + "or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)"
    }

    /// " (iPhone SE, right to left)": the panel a preview's error was found in.
    public static func panel(_ label: String) -> String { " (\(label))" }

    /// What each code means, for reporters that describe their rules.
    static func summary(of code: DiagnosticCode) -> String {
        switch code {
        case .syntax: return "The file is not valid for its syntax."
        case .unknownKey: return "A key that no node kind has."
        case .invalidValue: return "A value of the wrong type or out of range."
        case .duplicateName: return "Two nodes of a layout, or two layouts of a file, share a name."
        case .invalidName: return "A name that is not an identifier, or a named spacer."
        case .conflictingSize: return "Two sizes on one axis."
        case .conflictingConstraints: return "An overlay child over-constrained on one axis."
        case .percentOverflow: return "The percent children of a group add up to more than 100."
        case .missingKey: return "A required key is missing."
        case .misplacedKey: return "A known key where it does not apply."
        case .itemIncomplete: return "A size or position cannot be determined."
        case .outOfSpace: return "The content does not fit at a device size."
        }
    }

    /// "an item", "an overlay", "a vgroup": a kind as messages name a node of it.
    static func withArticle(_ kind: NodeKind) -> String {
        "\(kind == .item || kind == .overlay ? "an" : "a") \(kind.rawValue)"
    }

    // MARK: missingKey (a request for one layout of a file)

    /// `known`: the names of the file's layouts without errors.
    static func noLayoutNamed(_ name: String, known: [String]) -> String {
        "there is no layout named '\(name)' in this file\(known.isEmpty ? "" : " (it has \(known.joined(separator: ", ")))")"
    }

    // MARK: itemIncomplete (fit measurement, docs/format.md §4.6)

    static func cannotMeasureWidth(_ title: String, child: String) -> String {
        "\(title) cannot measure its width: \(child) has no fixed or fit width"
    }

    static func cannotMeasureWidthNoChild(_ title: String) -> String {
        "\(title) cannot measure its width: no child has a fixed or fit width"
    }

    static func cannotMeasureHeight(_ title: String, child: String) -> String {
        "\(title) cannot measure its height: \(child) has no fixed or fit height"
    }

    static func cannotMeasureHeightNoChild(_ title: String) -> String {
        "\(title) cannot measure its height: no child has a fixed or fit height"
    }

    static func noContent(_ title: String, axis: String) -> String {
        "\(title) has no content to measure a \(axis) from"
    }

    /// An overlay child without a complete position and size on one axis (§4.5).
    static func noPosition(_ title: String, axis: String) -> String {
        "\(title) has no complete \(axis == "width" ? "horizontal" : "vertical") position and \(axis)"
    }

    static func aspectWidth(_ title: String) -> String {
        "\(title) has an aspect ratio but no height to take its width from while its hgroup measures its width"
    }

    /// An overlay measuring an axis with no child that sizes it there (§8.5).
    static func noSizingChild(_ title: String, horizontal: Bool) -> String {
        horizontal
            ? "\(title) cannot measure its width: no child sizes it (a child placed by 'trailing' alone, 'centerX' or the safe area follows, as does one with nothing to measure); give a child a width and a 'leading' anchor"
            : "\(title) cannot measure its height: no child sizes it (a child placed by 'bottom' alone, 'centerY' or the safe area follows, as does one with nothing to measure); give a child a height and a 'top' anchor"
    }

    /// An aspect child of an overlay measuring its width, whose width comes from a height set by
    /// 'top' and 'bottom' (§8.5).
    static func overlayAspectWidth(_ title: String) -> String {
        "\(title) derives its width from a height set by 'top' and 'bottom', which its overlay cannot measure its width from; give it a 'height', or anchor it with 'trailing' or 'centerX' so that it follows the overlay"
    }

    static func aspectHeight(_ title: String) -> String {
        "\(title) has an aspect ratio and a height that fills, which its hgroup cannot measure its height from"
    }

    /// A dynamic item (outside a flow) whose content size was not given.
    static func noContentSize(_ name: String?, advice: String) -> String {
        "dynamic item '\(name ?? "")' has no content size; \(advice)"
    }

    /// A wrap item (docs/format.md §7.1) whose measure was not given.
    static func noMeasure(_ name: String?, advice: String) -> String {
        "wrap item '\(name ?? "")' has no measure; \(advice)"
    }

    /// A dynamic flow item whose sizes were not given; `advice` says how to give them.
    static func noDynamicSizes(_ name: String?, advice: String) -> String {
        "dynamic item '\(name ?? "")' has no sizes; \(advice)"
    }
}

/// How a user gives a layout what it takes at run time. The library's messages say it in the
/// file's terms; a command line names its own flags (`layoutc` passes its wording).
public struct InputAdvice: Sendable {
    /// After "layout 'X' has no size: ".
    public var containerSize: String
    /// After "dynamic item 'x' has no sizes; ", for the item named.
    public var dynamicSizes: @Sendable (_ item: String) -> String
    /// After "dynamic item 'x' has no content size; ", for the item named.
    public var contentSize: @Sendable (_ item: String) -> String
    /// After "wrap item 'x' has no measure; ", for the item named.
    public var measure: @Sendable (_ item: String) -> String

    public init(containerSize: String, dynamicSizes: @escaping @Sendable (_ item: String) -> String,
                contentSize: @escaping @Sendable (_ item: String) -> String,
                measure: @escaping @Sendable (_ item: String) -> String = { _ in "give its measure at run time" }) {
        self.containerSize = containerSize
        self.dynamicSizes = dynamicSizes
        self.contentSize = contentSize
        self.measure = measure
    }

    /// Advice that names no tool's flags.
    public static let inFile = InputAdvice(containerSize: "give it 'size: [width, height]'",
                                           dynamicSizes: { _ in "give them at run time" },
                                           contentSize: { _ in "give it at run time" })

    /// "layout 'X' has no size: …".
    func noContainerSize(_ layout: String) -> String {
        "layout '\(layout)' has no size: \(containerSize)"
    }

    /// The engine's error for a dynamic item without sizes, worded with this advice.
    func reworded(_ error: LayoutError) -> LayoutError {
        guard let item = error.missingSizesOf else { return error }
        var error = error
        if error.isMeasure {
            error.text = DiagnosticMessages.noMeasure(item, advice: measure(item))
            return error
        }
        error.text = error.isContentSize
            ? DiagnosticMessages.noContentSize(item, advice: contentSize(item))
            : DiagnosticMessages.noDynamicSizes(item, advice: dynamicSizes(item))
        return error
    }
}

extension DiagnosticCode {
    /// What the code means, in one sentence.
    public var summary: String { DiagnosticMessages.summary(of: self) }
}
