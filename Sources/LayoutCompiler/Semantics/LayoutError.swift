import LayoutRuntimeCore

/// A size-dependent error of the engine: `outOfSpace` or `itemIncomplete`, located at the node
/// docs/format.md §4.7 names. An `outOfSpace` keeps the container size it happened at as data;
/// `message` names it at the end ("… at 375×667"), lint names the device instead.
public struct LayoutError: Error, Hashable, Sendable {
    public var code: DiagnosticCode
    /// The message without the container size.
    public var text: String
    /// The container size the error happened at, for errors that depend on it.
    public var containerSize: Size?
    public var location: SourceLocation
    /// The dynamic flow item whose sizes were not given, for an `itemIncomplete` of that kind:
    /// the tool that runs the engine words how to give them.
    public var missingSizesOf: String?
    /// Whether that item is a dynamic item outside a flow (one content size), not a flow's.
    public var isContentSize = false
    /// Whether that item is a wrap item (docs/format.md §7.1): its measure was not given.
    public var isMeasure = false
    /// What would make it fit, printed as the diagnostic's note (`Diagnostic.note`).
    public var fix: String?

    public init(code: DiagnosticCode, message: String, location: SourceLocation) {
        self.code = code
        self.text = message
        self.location = location
    }

    public init(code: DiagnosticCode, text: String, containerSize: Size?, location: SourceLocation) {
        self.code = code
        self.text = text
        self.containerSize = containerSize
        self.location = location
    }

    /// The full message: the text, and the container size when there is one.
    public var message: String {
        guard let containerSize else { return text }
        return LayoutMessages.atSize(text, width: containerSize.width, height: containerSize.height)
    }

    public var diagnostic: Diagnostic {
        var diagnostic = Diagnostic(code, message, at: location)
        diagnostic.note = fix
        return diagnostic
    }
}
