/// The texts of the static checks of `when`'s flags (docs/format.md §8.7).
extension ValidationMessages {
    /// `flag: true`, `flag: 3`, `flag: "no name"`: a scalar where a flag's name goes.
    static func badFlagName(_ key: String, found: String) -> String {
        "a flag is named like a node, letters, digits and _ not starting with a digit (\(key): compact), not \(found)"
    }

    /// `flag: size`: the generated initializer already has an argument of that name.
    static func reservedFlagName(_ key: String, _ name: String) -> String {
        "a flag cannot be named '\(name)': generated code already has an argument of that name; rename the flag (\(key): \(name)Mode)"
    }

    /// `flag: ~`, `flag: {…}`, `flag: []`, `flag: [[a]]`.
    static func badFlagValue(_ key: String, found: String) -> String {
        "'\(key)' takes a flag's name or a non-empty list of names (\(key): compact, or \(key): [compact, dark]), not \(found)"
    }

    static func flagOnAndOff(_ name: String) -> String {
        "flag '\(name)' is both in 'flag' and in 'unless', so the node could never be present: remove it from one of them"
    }

    /// A flag and a node that takes a run-time value share a name: generated code would take two arguments of one name.
    static func flagNamedLikeNode(_ name: String, first: SourceLocation) -> String {
        "flag '\(name)' has the name of a node that takes a run-time value (at \(first)): rename the flag or the node"
    }

    static func parameterNamedLike(_ name: String, flag: Bool, first: SourceLocation) -> String {
        "parameter '\(name)' has the name of \(flag ? "a flag" : "a node that takes a run-time value") (at \(first)): generated code takes both as arguments; rename one"
    }

    static func overlappingFlagVariants(_ name: String, first: SourceLocation, firstCondition: String, condition: String) -> String {
        "another node of this layout named '\(name)' (at \(first)) is present with \(firstCondition), and this one with \(condition), which can hold together: nodes may share a name only where their 'when' conditions are disjoint (disjoint width ranges, or a flag one needs on and the other off)"
    }
}
