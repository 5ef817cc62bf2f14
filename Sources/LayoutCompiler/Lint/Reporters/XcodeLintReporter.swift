/// `PATH:LINE:COLUMN: warning: MESSAGE [rule]`, one line per diagnostic: the form compilers
/// use, so Xcode (in a build phase) and editors jump to it.
enum XcodeLintReporter {
    static func render(_ report: LintReport) -> String {
        var out = ""
        for entry in report.entries {
            out += entry.diagnostic.formatted(path: entry.path)
            out += "\n"
        }
        return out
    }
}
