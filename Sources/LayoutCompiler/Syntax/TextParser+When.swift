/// The text form of `when` (docs/format.md §7.4): a Swift range in a modifier,
/// `.when(600...)`, `.when(..<600)`, `.when(600..<1000)`, meaning `a ≤ W < b`, then its flags as
/// labelled arguments (§8.7): `.when(flag: compact)`, `.when(600..., unless: [compact, dark])`;
/// and what the modifier cannot spell (not a mapping, another key, keys in the other order) in the attribute form,
/// `(when: [maxWidth: 1000, minWidth: 600])`, so that conversion keeps every YAML value.
extension TextParser {
    /// `( range )` after `.when`, at its `(`: the property, or nil after reporting a syntax error.
    mutating func parseWhenRange(at location: SourceLocation) -> Property? {
        let open = token.location
        advance()
        var entries: [MappingEntry] = []
        if isAtFlagLabel {
            // flags alone: `.when(flag: compact)`
        } else if token.kind == .halfOpenRange {
            advance()
            let boundLocation = token.location
            guard let upper = parseValue(.modifier, topLevel: false) else { return skipWhen() }
            entries.append(MappingEntry(key: PropertyKey.maxWidth.rawValue, value: upper, location: boundLocation))
        } else {
            let boundLocation = token.location
            if token.kind == .rightParen || token.kind == .rangeFrom {
                expected(TextFormMessages.expectedWhenRange)
                return skipWhen()
            }
            guard let lower = parseValue(.modifier, topLevel: false) else { return skipWhen() }
            entries.append(MappingEntry(key: PropertyKey.minWidth.rawValue, value: lower, location: boundLocation))
            switch token.kind {
            case .rangeFrom:
                advance()
                if token.kind != .rightParen, token.kind != .comma, token.kind != .end, !isAtNodeBoundary {
                    // `600...1000`: Swift's closed range; `when` excludes its upper bound
                    syntaxError(TextFormMessages.closedWhenRange(TextSpelling.value(lower, .modifier, topLevel: false) ?? ""), at: previousLocation)
                    return skipWhen()
                }
            case .halfOpenRange:
                advance()
                let upperLocation = token.location
                guard let upper = parseValue(.modifier, topLevel: false) else { return skipWhen() }
                entries.append(MappingEntry(key: PropertyKey.maxWidth.rawValue, value: upper, location: upperLocation))
            default:
                expected(TextFormMessages.expectedWhenRangeOperator)
                return skipWhen()
            }
        }
        if !entries.isEmpty, token.kind == .comma {
            advance()
            guard isAtFlagLabel else {
                expected(TextFormMessages.expectedWhenFlag)
                return skipWhen()
            }
        }
        // `flag: NAME` or `flag: [NAME, …]`, then `unless: …`, each as `when`'s entry of that key
        while isAtFlagLabel {
            let keyLocation = token.location
            let key = lexer.text(of: token)
            advance()
            advance()  // the colon
            guard let value = parseValue(.attribute, topLevel: false) else { return skipWhen() }
            if let first = entries.first(where: { $0.key == key }) {
                syntaxError(TextFormMessages.duplicateProperty(key, first: first.location), at: keyLocation)
            } else {
                entries.append(MappingEntry(key: key, value: value, location: keyLocation))
            }
            guard token.kind == .comma else { break }
            advance()
            guard isAtFlagLabel else {
                expected(TextFormMessages.expectedWhenFlag)
                return skipWhen()
            }
        }
        guard token.kind == .rightParen else {
            expected(TextFormMessages.expectedArgumentsClose(PropertyKey.when.rawValue, openedAt: open))
            return skipWhen()
        }
        advance()
        var property = Property(key: .when, value: .mapping, location: location)
        property.entries = entries
        return property
    }

    /// Whether the `(` here opens `.when`'s flags (`.when(flag: compact)`), not an attribute
    /// list: no attribute is named `flag` or `unless`.
    var isAtWhenFlags: Bool {
        guard token.kind == .leftParen else { return false }
        var lookahead = lexer
        lookahead.comments = []
        let label = lookahead.next()
        guard label.kind == .identifier else { return false }
        let text = lookahead.text(of: label)
        return (text == "flag" || text == "unless") && lookahead.next().kind == .colon
    }

    /// Whether `flag:` or `unless:` starts here (§8.7).
    var isAtFlagLabel: Bool {
        guard token.kind == .identifier else { return false }
        let text = lexer.text(of: token)
        guard text == "flag" || text == "unless" else { return false }
        var lookahead = lexer
        lookahead.comments = []
        return lookahead.next().kind == .colon
    }

    private mutating func skipWhen() -> Property? {
        skip(until: [.rightParen], consumingStop: true)
        return nil
    }

    /// Whether the `[` here opens a dictionary (`[:]`, `[key: …`) rather than a list.
    var isAtDictionary: Bool {
        guard token.kind == .leftBracket else { return false }
        var lookahead = lexer
        lookahead.comments = []
        let first = lookahead.next()
        if first.kind == .colon { return true }
        guard first.kind == .identifier || first.kind == .string else { return false }
        return lookahead.next().kind == .colon
    }

    /// `[:]` or `[key: value (, key: value)*]`, the attribute form of a `when` mapping, at its `[`;
    /// nil after a syntax error.
    mutating func parseDictionary() -> [MappingEntry]? {
        let open = token.location
        advance()
        var entries: [MappingEntry] = []
        if token.kind == .colon {
            advance()
            guard token.kind == .rightBracket else {
                expected(TextFormMessages.expectedListClose(openedAt: open))
                skip(until: [.rightBracket], consumingStop: true)
                return nil
            }
            advance()
            return entries
        }
        while true {
            let location = token.location
            let key: String
            switch token.kind {
            case .identifier:
                key = lexer.text(of: token)
            case .string:
                guard let text = lexer.string(of: token) else {
                    syntaxError(TextFormMessages.stringNotUTF8, at: token.location)
                    skip(until: [.rightBracket], consumingStop: true)
                    return nil
                }
                if TextSpelling.isWord(text) {
                    syntaxError(TextFormMessages.quotedWord(text), at: token.location)
                }
                key = text
            default:
                expected(TextFormMessages.expectedAttributeName(openedAt: open))
                skip(until: [.rightBracket], consumingStop: true)
                return nil
            }
            advance()
            guard token.kind == .colon else {
                expected(TextFormMessages.expectedColon(after: Self.shown(key)))
                skip(until: [.rightBracket], consumingStop: true)
                return nil
            }
            advance()
            guard let value = parseValue(.attribute, topLevel: false) else {
                skip(until: [.rightBracket], consumingStop: true)
                return nil
            }
            if entries.contains(where: { $0.key == key }) {
                syntaxError(TextFormMessages.duplicateProperty(key, first: entries.first { $0.key == key }?.location ?? location), at: location)
            } else {
                entries.append(MappingEntry(key: key, value: value, location: location))
            }
            if token.kind == .comma {
                advance()
                continue
            }
            if token.kind == .rightBracket {
                advance()
                return entries
            }
            expected(TextFormMessages.expectedListClose(openedAt: open))
            skip(until: [.rightBracket], consumingStop: true)
            return nil
        }
    }
}

extension TextSpelling {
    /// The arguments of `.when(…)`: a Swift range (`600..<1000`) then the flags (`flag: a,
    /// unless: [b, c]`, §8.7), or nil when the modifier cannot spell it: it is no mapping, or
    /// its keys are not `minWidth`, `maxWidth`, `flag`, `unless` in that order (each at most
    /// once), or a flag's value is a mapping.
    static func whenRange(_ property: Property) -> String? {
        guard let entries = property.entries, !entries.isEmpty, entries.count <= 4 else { return nil }
        let order = [PropertyKey.minWidth.rawValue, PropertyKey.maxWidth.rawValue, "flag", "unless"]
        var lower: String?
        var upper: String?
        var flags: [String] = []
        var last = -1
        for entry in entries {
            guard let place = order.firstIndex(of: entry.key), place > last else { return nil }
            last = place
            if case .mapping = entry.value { return nil }
            if place >= 2 {
                if case .list(let elements) = entry.value, elements.contains(where: { if case .mapping = $0 { true } else { false } }) { return nil }
                guard let spelled = value(entry.value, .attribute, topLevel: false) else { return nil }
                flags.append(entry.key + ": " + spelled)
                continue
            }
            guard let spelled = value(entry.value, .modifier, topLevel: false) else { return nil }
            if place == 0 { lower = spelled } else { upper = spelled }
        }
        let range: String? = switch (lower, upper) {
        case (let lower?, let upper?): lower + "..<" + upper
        case (let lower?, nil): lower + "..."
        case (nil, let upper?): "..<" + upper
        case (nil, nil): nil
        }
        return ((range.map { [$0] } ?? []) + flags).joined(separator: ", ")
    }

    /// `when` in the attribute form: a dictionary of its entries, or its value as written.
    static func whenAttribute(_ property: Property) -> String? {
        guard let entries = property.entries else { return value(property.value, .attribute, topLevel: true) }
        if entries.isEmpty { return "[:]" }
        var parts: [String] = []
        for entry in entries {
            guard let spelled = value(entry.value, .attribute, topLevel: false) else { return nil }
            parts.append((isWord(entry.key) ? entry.key : quoted(entry.key)) + ": " + spelled)
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
