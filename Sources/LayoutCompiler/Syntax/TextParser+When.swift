/// The text form of `when` (docs/format.md §7.4): a Swift range in a modifier,
/// `.when(600...)`, `.when(..<600)`, `.when(600..<1000)`, meaning `a ≤ W < b`; and what a range
/// cannot spell (not a mapping, another key, keys in the other order) in the attribute form,
/// `(when: [maxWidth: 1000, minWidth: 600])`, so that conversion keeps every YAML value.
extension TextParser {
    /// `( range )` after `.when`, at its `(`: the property, or nil after reporting a syntax error.
    mutating func parseWhenRange(at location: SourceLocation) -> Property? {
        let open = token.location
        advance()
        var entries: [MappingEntry] = []
        if token.kind == .halfOpenRange {
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
                if token.kind != .rightParen, token.kind != .end, !isAtNodeBoundary {
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
        guard token.kind == .rightParen else {
            expected(TextFormMessages.expectedArgumentsClose(PropertyKey.when.rawValue, openedAt: open))
            return skipWhen()
        }
        advance()
        var property = Property(key: .when, value: .mapping, location: location)
        property.entries = entries
        return property
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
    /// `when` as a Swift range (`600..<1000`), or nil when a range cannot spell it: it is no
    /// mapping, or its keys are not `minWidth`, `maxWidth`, or both in that order.
    static func whenRange(_ property: Property) -> String? {
        guard let entries = property.entries, !entries.isEmpty, entries.count <= 2 else { return nil }
        var lower: String?
        var upper: String?
        for (index, entry) in entries.enumerated() {
            if case .mapping = entry.value { return nil }
            guard let spelled = value(entry.value, .modifier, topLevel: false) else { return nil }
            if entry.key == PropertyKey.minWidth.rawValue, index == 0 {
                lower = spelled
            } else if entry.key == PropertyKey.maxWidth.rawValue, upper == nil {
                upper = spelled
            } else {
                return nil
            }
        }
        switch (lower, upper) {
        case (let lower?, let upper?): return lower + "..<" + upper
        case (let lower?, nil): return lower + "..."
        case (nil, let upper?): return "..<" + upper
        case (nil, nil): return nil
        }
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
