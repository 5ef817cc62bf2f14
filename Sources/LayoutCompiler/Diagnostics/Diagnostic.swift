/// One problem found in a layout file, located at the node or key it is about.
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var location: SourceLocation
    /// The file the problem is in when it is not the file compiled: an imported file
    /// (docs/format.md §7.5), as its path was resolved.
    public var file: String?
    /// What to do about it, when the message alone cannot say (an `outOfSpace` keeps the form
    /// SPEC gives its message): printed after it as a `note:` line at the same place, as
    /// compilers print notes.
    public var note: String?

    /// Control characters in the message (from names and values of the file) are quoted
    /// (`DiagnosticText`), so every reporter prints one safe line.
    public init(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, severity: Severity = .error) {
        self.severity = severity
        self.code = code
        self.message = DiagnosticText.quoted(message)
        self.location = location
    }

    /// The form compilers use, so editors and Xcode can jump to it:
    /// `PATH:LINE:COLUMN: error: MESSAGE [code]`.
    public func formatted(path: String) -> String {
        let place = "\(DiagnosticText.quoted(file ?? path)):\(location.line):\(location.column)"
        let line = "\(place): \(severity.rawValue): \(DiagnosticText.quoted(message)) [\(code.rawValue)]"
        guard let note else { return line }
        return line + "\n\(place): note: \(DiagnosticText.quoted(note))"
    }
}

extension Diagnostic: Codable {
    enum CodingKeys: String, CodingKey { case severity, code, message, line, column }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        severity = try c.decode(Severity.self, forKey: .severity)
        code = try c.decode(DiagnosticCode.self, forKey: .code)
        message = try c.decode(String.self, forKey: .message)
        location = SourceLocation(line: try c.decode(Int.self, forKey: .line), column: try c.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(severity, forKey: .severity)
        try c.encode(code, forKey: .code)
        try c.encode(message, forKey: .message)
        try c.encode(location.line, forKey: .line)
        try c.encode(location.column, forKey: .column)
    }
}
