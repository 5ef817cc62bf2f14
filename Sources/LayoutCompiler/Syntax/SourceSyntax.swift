/// The two syntaxes of a layout file (docs/format.md §1).
public enum SourceSyntax: String, CaseIterable, Sendable {
    case yaml, text

    /// By extension: `*.yaml` / `*.yml` are YAML; `*.layout` is text unless its first line that
    /// is neither blank nor a `#` comment starts with `layout:`, `---`, `constants:` or `import:`. Other names are read
    /// the same way as `*.layout`.
    /// Whether a file name is a layout file's: `*.layout`, `*.layout.yaml`, `*.layout.yml` (what
    /// `layoutc lint`, `layoutc serve` and the build plugin pick up; the plugin, which cannot
    /// import this module, keeps a copy of the rule).
    public static func isLayoutFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".layout") || lowered.hasSuffix(".layout.yaml") || lowered.hasSuffix(".layout.yml")
    }

    public static func detect(path: String, bytes: [UInt8]) -> SourceSyntax {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { return .yaml }
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var first = lineStart
            while first < lineEnd, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") || bytes[first] == UInt8(ascii: "\r") { first += 1 }
            if first < lineEnd, bytes[first] != UInt8(ascii: "#") {
                let line = bytes[first..<lineEnd]
                return ["layout:", "---", "constants:", "import:"].contains { line.starts(with: Array($0.utf8)) } ? .yaml : .text
            }
            lineStart = lineEnd + 1
        }
        return .yaml  // an empty or comment-only file: the YAML front end says what is missing
    }
}
