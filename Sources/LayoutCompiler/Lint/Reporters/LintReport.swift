/// The result of linting a set of files, ready to print in one of the reporters' formats.
/// Pure: paths in, text out, byte-identical for the same input.
public struct LintReport: Sendable {
    public struct Entry: Hashable, Sendable {
        /// The path as the user gave it or as lint found it (relative where possible).
        public var path: String
        public var diagnostic: LintDiagnostic

        public init(path: String, diagnostic: LintDiagnostic) {
            self.path = path
            self.diagnostic = diagnostic
        }
    }

    public enum Format: String, CaseIterable, Sendable {
        /// `PATH:LINE:COLUMN: warning: MESSAGE [rule]`, what Xcode and editors read.
        case xcode
        /// One JSON document (docs/lint-report.schema.json).
        case json
        /// GitHub Actions workflow commands: `::warning file=…,line=…,col=…,title=…::MESSAGE`.
        case github
        /// SARIF 2.1.0, for code scanning.
        case sarif
    }

    public var entries: [Entry]
    /// How many layout files were linted.
    public var fileCount: Int
    /// The layoutc version, for SARIF's tool description.
    public var toolVersion: String

    public init(entries: [Entry], fileCount: Int, toolVersion: String = "0.1.0") {
        self.entries = entries
        self.fileCount = fileCount
        self.toolVersion = toolVersion
    }

    public var errorCount: Int { entries.count { $0.diagnostic.severity == .error } }
    public var warningCount: Int { entries.count { $0.diagnostic.severity == .warning } }

    public func rendered(as format: Format) -> String {
        switch format {
        case .xcode: return XcodeLintReporter.render(self)
        case .json: return JSONLintReporter.render(self)
        case .github: return GitHubLintReporter.render(self)
        case .sarif: return SARIFLintReporter.render(self)
        }
    }

    /// A one-line summary for people, e.g. "Linted 7 files: 0 errors, 2 warnings."
    public var summary: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "Linted \(plural(fileCount, "file")): \(plural(errorCount, "error")), \(plural(warningCount, "warning"))."
    }

    /// What the rule or code means, for reporters that describe their rules.
    static func summary(ofRule rule: String) -> String {
        if let descriptor = LintRules.descriptor(named: rule) { return descriptor.summary }
        return DiagnosticCode(rawValue: rule)?.summary ?? rule
    }

    /// Every rule and code, in a fixed order: the lint rules, then the compiler's codes.
    static var allRules: [(id: String, defaultLevel: String)] {
        LintRules.descriptors.map { ($0.name, $0.defaultSeverity == .error ? "error" : $0.defaultSeverity == .warning ? "warning" : "none") }
            + DiagnosticCode.allCases.map { ($0.rawValue, "error") }
    }
}
