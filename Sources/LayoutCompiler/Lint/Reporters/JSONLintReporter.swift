/// One JSON document, described by docs/lint-report.schema.json:
/// `{"version": 1, "files": N, "errors": E, "warnings": W, "diagnostics": [...]}`, each
/// diagnostic with path, line, column, severity, rule, message and devices.
enum JSONLintReporter {
    static func render(_ report: LintReport) -> String {
        var out = TextBuffer(capacity: 256 * report.entries.count + 128)
        out.write("{\"version\": 1, \"files\": ")
        out.write(number: Double(report.fileCount))
        out.write(", \"errors\": ")
        out.write(number: Double(report.errorCount))
        out.write(", \"warnings\": ")
        out.write(number: Double(report.warningCount))
        out.write(", \"diagnostics\": [")
        for (index, entry) in report.entries.enumerated() {
            let d = entry.diagnostic
            out.write(index == 0 ? "\n  {\"path\": " : ",\n  {\"path\": ")
            out.write(jsonString: entry.path)
            out.write(", \"line\": ")
            out.write(number: Double(d.location.line))
            out.write(", \"column\": ")
            out.write(number: Double(d.location.column))
            out.write(", \"severity\": ")
            out.write(jsonString: d.severity.rawValue)
            out.write(", \"rule\": ")
            out.write(jsonString: d.rule)
            out.write(", \"message\": ")
            out.write(jsonString: d.message)
            out.write(", \"devices\": [")
            for (deviceIndex, device) in d.devices.enumerated() {
                if deviceIndex > 0 { out.write(", ") }
                out.write(jsonString: device)
            }
            out.write("]}")
        }
        out.write(report.entries.isEmpty ? "]}\n" : "\n]}\n")
        return out.string
    }
}
