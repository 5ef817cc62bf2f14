/// Which values of a layout's parameters (docs/format.md §8.1) lint lays it out with besides the
/// defaults (docs/lint.md, "Parameters"): each set of `.layoutlint.yml`'s `parameters:`, keeping
/// the names the layout has; a set that gives none of them another value adds nothing.
enum ParameterSets {
    static func sets(for plan: LayoutPlan, configured: [[String: Double]]?) -> [[String: Double]] {
        guard let configured, !plan.parameters.isEmpty else { return [] }
        var seen: Set<String> = []
        var sets: [[String: Double]] = []
        for given in configured {
            var values: [String: Double] = [:]
            for parameter in plan.parameters {
                if let value = given[parameter.name], value != parameter.defaultValue { values[parameter.name] = value }
            }
            if !values.isEmpty, seen.insert(label(values)).inserted { sets.append(values) }
        }
        return sets
    }

    /// "inset=8, thumbnail=80", by name: what lint's messages say of a run with these values.
    static func label(_ values: [String: Double]) -> String {
        values.keys.sorted().map { "\($0)=\(NumberFormat.string(values[$0] ?? 0))" }.joined(separator: ", ")
    }
}
