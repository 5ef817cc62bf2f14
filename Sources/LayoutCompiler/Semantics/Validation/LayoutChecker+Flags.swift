// docs/format.md §8.7: flags in `when` (`flag: NAME`, `unless: NAME`), their names, and their
// clashes with the names of nodes that take a run-time value.

extension LayoutChecker {
    static let flagKey = "flag"
    static let unlessKey = "unless"

    /// The arguments generated code already has (docs/format.md §8.1): a flag of one of these
    /// names would be a second argument of that name.
    static let generatedArgumentNames: Set<String> = ["size", "width", "height", "bounds", "safeArea", "direction", "scale"]

    /// The names of a `flag` or `unless` entry, or nil when its value is wrong (then reported
    /// at its key unless `reporting` is false): a name, or a non-empty list of names.
    mutating func flagNames(_ entry: MappingEntry, reporting: Bool = true) -> [String]? {
        var names: [String] = []
        var isValid = true
        func name(_ value: Literal) {
            switch value {
            case .string(let name) where Validator.isValidName(name):
                if Self.generatedArgumentNames.contains(name) {
                    if reporting { diagnostics.error(.invalidName, ValidationMessages.reservedFlagName(entry.key, name), at: entry.location) }
                    isValid = false
                } else {
                    names.append(name)
                }
            case .string, .bool, .number:
                // a scalar where a name goes: a name that is not one
                if reporting { diagnostics.error(.invalidName, ValidationMessages.badFlagName(entry.key, found: value.summary), at: entry.location) }
                isValid = false
            case .null, .list, .mapping, .reference:
                if reporting { diagnostics.error(.invalidValue, ValidationMessages.badFlagValue(entry.key, found: value.summary), at: entry.location) }
                isValid = false
            }
        }
        if case .list(let elements) = entry.value {
            if elements.isEmpty {
                if reporting { diagnostics.error(.invalidValue, ValidationMessages.badFlagValue(entry.key, found: "an empty list"), at: entry.location) }
                return nil
            }
            for element in elements where isValid {
                if case .list = element {
                    if reporting { diagnostics.error(.invalidValue, ValidationMessages.badFlagValue(entry.key, found: "a nested list"), at: entry.location) }
                    isValid = false
                } else {
                    name(element)
                }
            }
        } else {
            name(entry.value)
        }
        return isValid ? names : nil
    }

    /// Records a flag's use: the layout's flags are in the order of first use.
    mutating func useFlag(_ name: String, at location: SourceLocation) {
        guard flagFirstUse[name] == nil else { return }
        flagFirstUse[name] = location
        flagNames.append(name)
    }

    /// Records a node that takes a run-time value (a dynamic, wrap or optional node): a flag may
    /// not have its name.
    mutating func recordRunTimeNode(_ name: String, at location: SourceLocation) {
        if runTimeNodes[name] == nil { runTimeNodes[name] = location }
    }

    /// `duplicateName` for a flag with the name of a node that takes a run-time value, at the
    /// later of the flag's first use and the node's kind key.
    mutating func reportFlagNameClashes() {
        for name in flagNames {
            guard let use = flagFirstUse[name], let node = runTimeNodes[name] else { continue }
            let (first, later) = use < node ? (use, node) : (node, use)
            diagnostics.error(.duplicateName, ValidationMessages.flagNamedLikeNode(name, first: first), at: later)
        }
    }

    /// `duplicateName` for a parameter (docs/format.md §8.1) with the name of a node that takes
    /// a run-time value or of a flag, at the later of the two (the parameter's definition, the
    /// node's kind key, the flag's first use).
    mutating func reportParameterNameClashes(_ parameters: [LayoutParameter]) {
        for parameter in parameters {
            for (other, isFlag) in [(runTimeNodes[parameter.name], false), (flagFirstUse[parameter.name], true)] {
                guard let other else { continue }
                let (first, later) = parameter.location < other ? (parameter.location, other) : (other, parameter.location)
                diagnostics.error(.duplicateName, ValidationMessages.parameterNamedLike(parameter.name, flag: isFlag, first: first), at: later)
            }
        }
    }

    /// `duplicateName` for nodes of one name, some with flags, whose presence conditions can
    /// hold together: at every node whose condition meets that of an earlier node of the name.
    /// Pairwise, O(k²) in the k variants of one name (k is a handful: a view placed a few ways).
    mutating func reportOverlappingFlagVariants(_ name: String, _ entries: [PresentNode]) {
        for (index, entry) in entries.enumerated() {
            guard let earlier = entries[..<index].first(where: { $0.range.overlaps(entry.range) && !$0.flags.excludes(entry.flags) }) else { continue }
            func condition(_ node: PresentNode) -> String {
                node.flags.isEmpty ? node.range.description : node.range.isAll ? node.flags.description : "\(node.range.description) and \(node.flags.description)"
            }
            diagnostics.error(.duplicateName, ValidationMessages.overlappingFlagVariants(name, first: earlier.location, firstCondition: condition(earlier),
                                                                                        condition: condition(entry)),
                              at: entry.location)
        }
    }
}
