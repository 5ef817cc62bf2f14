/// `.layoutlint.yml` sample names that name nothing: a `sizes:` or `wrap:` name (or glob) that
/// matches no item of its kind in any layout linted would otherwise be ignored in silence, and
/// the item it meant laid out without samples (docs/lint.md, "Sample sizes and texts").
public enum SampleNameCheck {
    /// The item names of the layouts linted, by kind.
    public struct ItemNames: Sendable {
        public var dynamicItems: [String] = []
        public var wrapItems: [String] = []
        /// A layout linted did not validate: names are not checked, as its items are unknown.
        public var isIncomplete = false

        public init() {}

        public mutating func add(_ result: Linter.FileResult) {
            isIncomplete = isIncomplete || result.hasInvalidLayouts
            dynamicItems += result.contentItemNames
            wrapItems += result.wrapItemNames
        }
    }

    /// An error at each sample name of `configuration` that matches no item of its kind in `names`.
    public static func problems(in configuration: LintConfiguration, names: ItemNames) -> [Diagnostic] {
        guard !names.isIncomplete else { return [] }
        let dynamicItems = Array(Set(names.dynamicItems)).sorted()
        let wrapItems = Array(Set(names.wrapItems)).sorted()
        var problems: [Diagnostic] = []
        for sample in configuration.sampleNames {
            let (items, others) = sample.kind == .dynamicItem ? (dynamicItems, wrapItems) : (wrapItems, dynamicItems)
            guard !items.contains(where: sample.pattern.matches) else { continue }
            let name = sample.pattern.pattern
            let message: String
            if others.contains(where: sample.pattern.matches) {
                message = LintConfigurationMessages.sampleNameOfOtherKind(name, kind: sample.kind)
            } else {
                message = LintConfigurationMessages.sampleNameMatchesNothing(
                    name, kind: sample.kind, suggestion: NameSuggestion.closest(to: name, among: items), items: items)
            }
            problems.append(Diagnostic(.invalidValue, message, at: sample.location))
        }
        return problems
    }
}
