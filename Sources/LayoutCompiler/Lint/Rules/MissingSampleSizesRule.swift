/// Dynamic items outside flows that `.layoutlint.yml` gives no sample sizes: lint lays them
/// out at a stand-in size and leaves out everything that depends on their content size, and
/// says so once per file, so a clean report is not mistaken for a full check.
enum MissingSampleSizesRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "missingSampleSizes",
        summary: "A dynamic item has no sample sizes in .layoutlint.yml ('sizes:'), so lint does not check what depends on its content size (said once per file).")

    /// The finding's text for the items without samples, by layout.
    static func message(_ items: [(layout: String, item: String)]) -> String {
        var layouts: [String] = []
        var names: [String: [String]] = [:]
        for (layout, item) in items {
            if names[layout] == nil { layouts.append(layout) }
            names[layout, default: []].append("'\(item)'")
        }
        let what = layouts.map { "\(Linter.list(names[$0] ?? [], conjunction: "and")) of layout '\($0)'" }.joined(separator: "; ")
        let plural = items.count == 1 ? "dynamic item" : "dynamic items"
        return "no sample sizes for the \(plural) \(what), so what depends on \(items.count == 1 ? "its" : "their") content size is not checked; give some under 'sizes:' in \(LintConfiguration.fileName)"
    }
}
