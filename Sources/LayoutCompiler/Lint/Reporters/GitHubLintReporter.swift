/// GitHub Actions workflow commands, which the runner turns into annotations on the pull
/// request: `::warning file=PATH,line=L,col=C,title=RULE::MESSAGE`.
enum GitHubLintReporter {
    static func render(_ report: LintReport) -> String {
        var out = ""
        for entry in report.entries {
            let d = entry.diagnostic
            out += "::\(d.severity == .error ? "error" : "warning") "
            out += "file=\(property(entry.path)),line=\(d.location.line),col=\(d.location.column),title=\(property("layoutc lint: " + d.rule))"
            out += "::\(data(d.message))\n"
        }
        return out
    }

    /// The runner's escaping of a command's message.
    /// Control characters are quoted first (`DiagnosticText`): ESC would reach the log viewer.
    static func data(_ text: String) -> String {
        DiagnosticText.quoted(text).replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// …and of a property value, which also may not hold `:` or `,`.
    static func property(_ text: String) -> String {
        data(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        guard contains(target) else { return self }
        var out = ""
        out.reserveCapacity(count)
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
