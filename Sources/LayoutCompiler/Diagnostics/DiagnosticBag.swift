/// Collects the diagnostics of one file, so every pass reports all it finds instead of stopping.
public struct DiagnosticBag: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public mutating func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(code, message, at: location))
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func append<S: Sequence>(contentsOf other: S) where S.Element == Diagnostic {
        diagnostics.append(contentsOf: other)
    }

    /// In file order, each problem once.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
            .filter { seen.insert($0).inserted }
    }
}
