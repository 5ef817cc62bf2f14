/// Dynamic items outside flows that `.layoutlint.yml` gives no sample sizes, and wrap items it
/// gives no sample texts: lint lays them out at a stand-in size (a text with no width) and
/// leaves out everything that depends on their content, and says so once per file, so a clean
/// report is not mistaken for a full check.
enum MissingSampleSizesRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "missingSampleSizes",
        summary: "A dynamic item has no sample sizes in .layoutlint.yml ('sizes:'), or a wrap item no sample texts ('wrap:'), so lint does not check what depends on its content (said once per file).")

    /// The finding's text for the items without samples, by layout (`isWrap`: a wrap item,
    /// which takes sample texts).
    static func message(_ items: [(layout: String, item: String, isWrap: Bool)]) -> String {
        func clause(_ items: [(layout: String, item: String, isWrap: Bool)], samples: String, kind: String) -> String {
            var layouts: [String] = []
            var names: [String: [String]] = [:]
            for (layout, item, _) in items {
                if names[layout] == nil { layouts.append(layout) }
                names[layout, default: []].append("'\(item)'")
            }
            let what = layouts.map { "\(Linter.list(names[$0] ?? [], conjunction: "and")) of layout '\($0)'" }.joined(separator: "; ")
            return "no sample \(samples) for the \(kind)\(items.count == 1 ? "" : "s") \(what)"
        }
        let sized = items.filter { !$0.isWrap }, texts = items.filter(\.isWrap)
        var clauses: [String] = []
        if !sized.isEmpty { clauses.append(clause(sized, samples: "sizes", kind: "dynamic item")) }
        if !texts.isEmpty { clauses.append(clause(texts, samples: "texts", kind: "wrap item")) }
        let its = items.count == 1 ? "its" : "their"
        let content = texts.isEmpty ? "content size" : sized.isEmpty ? "text" : "content"
        let keys = [sized.isEmpty ? nil : "'sizes:'", texts.isEmpty ? nil : "'wrap:'"].compactMap { $0 }.joined(separator: " and ")
        return clauses.joined(separator: " and ")
            + ", so what depends on \(its) \(content) is not checked; give some under \(keys) in \(LintConfiguration.fileName)"
    }
}
