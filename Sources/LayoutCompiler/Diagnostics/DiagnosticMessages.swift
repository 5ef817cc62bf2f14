/// Message texts of diagnostics, one function per message, so that every pass that reports a
/// problem says it in the same words. Size-dependent `outOfSpace` texts are LayoutRuntime's
/// `LayoutMessages`, since generated code builds them at run time.
enum DiagnosticMessages {
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

    /// A dynamic flow item whose sizes were not given; `advice` says how to give them.
    static func noDynamicSizes(_ name: String?, advice: String) -> String {
        "dynamic item '\(name ?? "")' has no sizes; \(advice)"
    }
}
