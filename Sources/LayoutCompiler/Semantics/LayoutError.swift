/// A size-dependent error of the engine: `outOfSpace` or `itemIncomplete`, located at the node
/// docs/format.md §4.7 names, with a message that names the size it happened at.
public struct LayoutError: Error, Hashable, Sendable {
    public var code: DiagnosticCode
    public var message: String
    public var location: SourceLocation

    public init(code: DiagnosticCode, message: String, location: SourceLocation) {
        self.code = code
        self.message = message
        self.location = location
    }

    public var diagnostic: Diagnostic { Diagnostic(code, message, at: location) }
}
