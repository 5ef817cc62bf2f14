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

    /// In file order, each problem once; problems of imported files after the file's own.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics.enumerated()
            .sorted {
                let a = $0.element, b = $1.element
                if a.file != b.file { return (a.file ?? "") < (b.file ?? "") }
                return (a.location, $0.offset) < (b.location, $1.offset)
            }
            .map(\.element)
            .filter { seen.insert($0).inserted }
    }
}
