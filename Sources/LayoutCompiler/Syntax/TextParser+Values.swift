/// The text parser's modifiers (`.height(44)`), attribute lists (`(padding: 10)`) and values.
/// Each value has one spelling (`TextSpelling`); any other spelling of the same value is a
/// `syntax` error that says how to write it, and the value is still kept for validation.
extension TextParser {
    // MARK: Modifiers

    /// `.name` or `.name(arguments)`, at its dot.
    mutating func parseModifier(into properties: inout PropertyCollector) {
        let location = token.location
        advance()
        guard token.kind == .identifier else {
            expected(TextFormMessages.expectedModifierName)
            if token.kind == .leftParen { skip(until: [.rightParen], consumingStop: true) }
            return
        }
        // The name is looked up from its bytes; its String is made only for a message (issue 22).
        let nameToken = token
        let source = lexer.bytes
        func nameText() -> String {
            String(decoding: UnsafeBufferPointer(rebasing: source[nameToken.start..<nameToken.end]), as: UTF8.self)
        }
        let keyClass = KeyCatalog.lookup(lexer.slice(of: nameToken)).keyClass
        advance()
        let afterLongWidthFit = properties.lastModifierWasLongWidthFit
        properties.lastModifierWasLongWidthFit = false
        var hasArguments = false
        var argument: Literal?
        if keyClass == .property(.when), token.kind == .leftParen, !isAtAttributeList || isAtWhenFlags {
            if let property = parseWhenRange(at: location) { add(property, to: &properties) }
            return
        }
        if token.kind == .leftParen && !isAtAttributeList {
            hasArguments = true
            argument = parseArguments(of: nameToken)
        }
        if keyClass == .fit {
            if hasArguments {
                syntaxError(TextFormMessages.fitWithValue, at: location)
            } else {
                add(.width, .string("fit"), at: location, to: &properties)
                add(.height, .string("fit"), at: location, to: &properties)
            }
            return
        }
        switch keyClass {
        case .property(let key):
            switch TextSpelling.home(of: key) {
            case .modifier:
                break
            case .attribute:
                let name = nameText()
                if key == .dynamic, argument == TextSpelling.wrapWord.value {
                    syntaxError(TextFormMessages.wrapAsModifier(".\(name)(.wrap)", place: properties.wrapPlace.placeName), at: location)
                } else if TextSpelling.headerFlags.contains(key) {
                    syntaxError(TextFormMessages.flagAsModifier(name, value: argument.flatMap { TextSpelling.value($0, .attribute, topLevel: false) },
                                                                place: properties.flagPlace), at: location)
                } else {
                    syntaxError(TextFormMessages.attributeAsModifier(name, value: argument.flatMap { TextSpelling.value($0, .attribute, topLevel: false) }),
                                at: location)
                }
                if let argument { add(key, argument, at: location, to: &properties) }
                return
            case .count:
                syntaxError(TextFormMessages.countAsModifier, at: location)
                if let argument { add(key, argument, at: location, to: &properties) }
                return
            }
            guard hasArguments else {
                if let bare = TextSpelling.bareValue(of: key) {
                    add(key, bare, at: location, to: &properties)
                } else {
                    syntaxError(TextFormMessages.modifierNeedsValue(nameText(), key: key), at: location)
                }
                return
            }
            guard let argument else { return }
            if let bare = TextSpelling.bareValue(of: key), bare == argument {
                syntaxError(TextFormMessages.bareModifierWithValue(nameText(), spelled: TextSpelling.value(argument, .modifier, topLevel: false) ?? ""), at: location)
            }
            if key == .height, argument == .string("fit"), afterLongWidthFit {
                syntaxError(TextFormMessages.longFit, at: location)
            }
            add(key, argument, at: location, to: &properties)
            properties.lastModifierWasLongWidthFit = key == .width && argument == .string("fit")
        case .unknown where !hasArguments && nameText() == TextSpelling.wrapWord.word:
            // `.wrap`: dynamic: wrap written as a modifier
            syntaxError(TextFormMessages.wrapAsModifier(".wrap", place: properties.wrapPlace.placeName), at: location)
            add(.dynamic, TextSpelling.wrapWord.value, at: location, to: &properties)
        case .unknown:
            let name = nameText()
            let known = TextSpelling.modifierNames.map { ($0, KeyCatalog.editDistance(name.lowercased(), $0.lowercased())) }
                .filter { $0.1 <= max(1, $0.0.count / 3) }.min { $0.1 < $1.1 }
            if name.utf8.count <= 64, let known {
                diagnostics.error(.unknownKey, TextFormMessages.unknownModifier(name, suggestion: known.0), at: location)
            } else if let word = KeyCatalog.foreignWords[name.lowercased()], TextSpelling.modifierNames.contains(word) {
                // Another framework's word (SwiftUI's `.frame`): the modifier that does its job.
                diagnostics.error(.unknownKey, TextFormMessages.unknownModifier(name, suggestion: word), at: location)
            } else if name.utf8.count <= 64, let attribute = KeyCatalog.suggestion(for: name), TextSpelling.attributeNames.contains(attribute) {
                if let key = PropertyKey(rawValue: attribute), TextSpelling.headerFlags.contains(key), argument == nil || argument == .bool(true) {
                    // `.optinal`: the word, since (optional: true) is written 'optional'
                    diagnostics.error(.unknownKey, TextFormMessages.unknownModifier(name, flag: attribute, place: properties.flagPlace), at: location)
                } else {
                    diagnostics.error(.unknownKey, TextFormMessages.unknownModifier(name, attribute: attribute), at: location)
                }
            } else {
                diagnostics.error(.unknownKey, TextFormMessages.unknownModifier(Self.shown(name)), at: location)
            }
        case .kind, .list, .layout, .root, .fit, .constants, .imports, .parameters:
            syntaxError(TextFormMessages.notAModifier(nameText(), modifiers: TextSpelling.modifierNames), at: location)
        }
    }

    /// Whether the `(` here opens an attribute list (`(name:`) rather than a modifier's
    /// arguments: so `.safeArea (padding: 10)` is a bare modifier and then attributes.
    var isAtAttributeList: Bool {
        token.kind == .leftParen && lexer.nextIsIdentifierAndColon()
    }

    /// `( value (, value)* )` after a modifier's name (`nameToken`): one value is itself,
    /// several a list.
    mutating func parseArguments(of nameToken: TextToken) -> Literal? {
        var name: String { lexer.text(of: nameToken) }
        let open = token.location
        advance()
        if token.kind == .rightParen {
            syntaxError(TextFormMessages.emptyArguments(name), at: token.location)
            advance()
            return nil
        }
        // One argument is the common case: it is kept alone, and an array is made only for a
        // second (an array per modifier was a tenth of the parse, issue 22).
        var only: Literal?
        var values: [Literal] = []
        var failed = false
        let firstIsBracketed = token.kind == .leftBracket
        while true {
            if var value = parseValue(.modifier, topLevel: false) {
                if token.kind == .slash {
                    value = parseRatio(value, of: nameToken)
                }
                if let held = only {
                    // An array of two made at once, the common case (`.size(28, 30)`):
                    // `reserveCapacity` on an empty array went through the general path that
                    // grows one, some 170 instructions more (issue 22).
                    values = [held, value]
                    only = nil
                } else if values.isEmpty {
                    only = value
                } else {
                    values.append(value)
                }
            } else {
                failed = true
                skip(until: [.comma, .rightParen], consumingStop: false)
            }
            if token.kind == .comma {
                advance()
                continue
            }
            if token.kind == .rightParen {
                advance()
                break
            }
            expected(TextFormMessages.expectedArgumentsClose(name, openedAt: open))
            skip(until: [.rightParen], consumingStop: true)
            failed = true
            break
        }
        guard !failed else { return nil }
        if let only {
            if firstIsBracketed, case .list(let elements) = only, elements.count >= 2 {
                syntaxError(TextFormMessages.bracketedArguments(name), at: open)
            }
            return only
        }
        return values.isEmpty ? nil : .list(values)
    }

    /// `p/q` after its numerator, at the `/`: the number p ÷ q, written so only in `.aspect(16/9)`.
    mutating func parseRatio(_ numerator: Literal, of nameToken: TextToken) -> Literal {
        let slash = token.location
        advance()
        guard case .number(let p, _) = numerator, token.kind == .number else {
            expected(TextFormMessages.expectedRatio)
            return numerator
        }
        let q = lexer.number
        advance()
        let name = lexer.text(of: nameToken)
        if name != PropertyKey.aspect.rawValue {
            syntaxError(TextFormMessages.ratioOutsideAspect(name), at: slash)
        }
        return .number(p / q, isInteger: false)
    }

    static func shown(_ text: String) -> String {
        DiagnosticText.shortened(text)
    }

    // MARK: Attributes

    /// `( key: value (, key: value)* )`; `add` files each attribute where it belongs, given the
    /// key's token (its String is made only where needed, issue 22).
    mutating func parseAttributes(_ add: (inout TextParser, TextToken, SourceLocation, Literal) -> Void) {
        let open = token.location
        advance()
        if token.kind == .rightParen {
            syntaxError(TextFormMessages.emptyAttributes, at: open)
            advance()
            return
        }
        while true {
            guard token.kind == .identifier else {
                expected(TextFormMessages.expectedAttributeName(openedAt: open))
                skip(until: [.comma, .rightParen], consumingStop: false)
                if token.kind == .comma { advance(); continue }
                if token.kind == .rightParen { advance() }
                return
            }
            let key = token
            let location = token.location
            advance()
            if token.kind == .colon {
                advance()
                if KeyCatalog.lookup(lexer.slice(of: key)).keyClass == .property(.when), isAtDictionary {
                    // `(when: [maxWidth: 1000, minWidth: 600])`: what a range cannot spell
                    if let entries = parseDictionary() {
                        pendingEntries = entries
                        add(&self, key, location, .mapping)
                        pendingEntries = nil
                    }
                } else if let value = parseValue(.attribute, topLevel: true) {
                    add(&self, key, location, value)
                } else {
                    skip(until: [.comma, .rightParen], consumingStop: false)
                }
            } else {
                expected(TextFormMessages.expectedColon(after: Self.shown(lexer.text(of: key))))
                skip(until: [.comma, .rightParen], consumingStop: false)
            }
            if token.kind == .comma {
                advance()
                if token.kind == .rightParen {
                    syntaxError(TextFormMessages.trailingComma, at: previousLocation)
                    advance()
                    return
                }
                continue
            }
            if token.kind == .rightParen {
                advance()
                return
            }
            expected(TextFormMessages.expectedAttributesClose(openedAt: open))
            skip(until: [.rightParen], consumingStop: true)
            return
        }
    }

    mutating func addNodeAttribute(_ keyToken: TextToken, _ value: Literal, at location: SourceLocation, to properties: inout PropertyCollector) {
        var key: String { lexer.text(of: keyToken) }
        switch KeyCatalog.lookup(lexer.slice(of: keyToken)).keyClass {
        case .property(let propertyKey):
            switch TextSpelling.home(of: propertyKey) {
            case .attribute:
                if TextSpelling.headerFlags.contains(propertyKey), value == .bool(true) {
                    syntaxError(TextFormMessages.flagAsAttribute(key, place: properties.flagPlace), at: location)
                } else if propertyKey == .dynamic, value == TextSpelling.wrapWord.value, let place = properties.wrapPlace.placeName {
                    // `(dynamic: wrap)` only on a node without a name or count
                    syntaxError(TextFormMessages.wrapAsAttribute(after: place), at: location)
                }
            case .modifier where propertyKey == .when:
                // the attribute form only for what `.when(range)` cannot spell
                var property = Property(key: .when, value: value, location: location)
                property.entries = pendingEntries
                if let range = TextSpelling.whenRange(property) {
                    syntaxError(TextFormMessages.whenAsAttribute(range), at: location)
                }
                add(property, to: &properties)
                return
            case .modifier:
                syntaxError(TextFormMessages.modifierAsAttribute(key, isBare: TextSpelling.bareValue(of: propertyKey) == value,
                                                                 spelled: TextSpelling.value(value, .modifier, topLevel: false)),
                            at: location)
            case .count:
                syntaxError(TextFormMessages.countAsAttribute(TextSpelling.value(value, .attribute, topLevel: false)), at: location)
            }
            if propertyKey == .dynamic {
                var property = Property(key: propertyKey, value: value, location: location)
                property.wordPlaces = (properties.flagPlace, properties.wrapPlace.placeName.map { "after " + $0 })
                add(property, to: &properties)
            } else {
                add(propertyKey, value, at: location, to: &properties)
            }
        case .kind:
            syntaxError(TextFormMessages.kindAsAttribute(key), at: location)
        case .list:
            syntaxError(TextFormMessages.listAsAttribute(key), at: location)
        case .layout, .root:
            syntaxError(TextFormMessages.layoutKeyAsAttribute(key), at: location)
        case .fit, .constants, .imports, .parameters:
            // docs/format.md §7.3, §7.5: a document key inside a node, as in the YAML form
            diagnostics.error(.misplacedKey, TextFormMessages.layoutAttributeInNode(key, spelled: TextSpelling.value(value, .attribute, topLevel: true)),
                              at: location)
        case .unknown where key == TextSpelling.wrapWord.word:
            // `(wrap: true)`: dynamic: wrap, which has its own spelling
            diagnostics.error(.unknownKey, TextFormMessages.wrapAttribute(place: properties.wrapPlace.placeName), at: location)
        case .unknown:
            unknownAttribute(key, value: value, at: location)
        }
    }

    mutating func addDocumentAttribute(_ key: String, _ value: Literal, at location: SourceLocation, to document: inout LayoutDocument) {
        // one spelling: size, safeArea, fit in that order (the order the printers write)
        let later: [(String, SourceLocation?)] = switch KeyCatalog.lookup(key).keyClass {
        case .property(.size): [("safeArea", document.safeArea?.location), ("fit", document.fit?.location)]
        case .property(.safeArea): [("fit", document.fit?.location)]
        default: []
        }
        if let first = later.first(where: { $0.1 != nil }) {
            syntaxError(TextFormMessages.flagOrder(key, before: first.0), at: location)
        }
        switch KeyCatalog.lookup(key).keyClass {
        case .property(.size):
            if let first = document.size {
                syntaxError(TextFormMessages.duplicateLayoutAttribute("size", first: first.location), at: location)
            } else {
                document.size = Property(key: .size, value: value, location: location)
            }
        case .property(.safeArea):
            if let first = document.safeArea {
                syntaxError(TextFormMessages.duplicateLayoutAttribute("safeArea", first: first.location), at: location)
            } else {
                document.safeArea = Property(key: .safeArea, value: value, location: location)
            }
        case .fit:
            if let first = document.fit {
                syntaxError(TextFormMessages.duplicateLayoutAttribute("fit", first: first.location), at: location)
            } else {
                document.fit = DocumentSetting(value: value, location: location)
            }
        case .property, .kind, .list:
            diagnostics.error(.misplacedKey, TextFormMessages.nodeKeyInLayout(key), at: location)
        case .layout:
            syntaxError(TextFormMessages.layoutNameAsAttribute, at: location)
        case .constants, .imports, .parameters:
            syntaxError(TextFormMessages.constantsAsAttribute(key), at: location)
        case .root:
            syntaxError(TextFormMessages.rootAsAttribute, at: location)
        case .unknown:
            unknownAttribute(key, at: location)
        }
    }

    /// `value`: the attribute's value, so that a modifier suggested for it is written whole
    /// (`(heigth: 20)`: `.height(20)`; `(safearea: true)`: `.safeArea`).
    mutating func unknownAttribute(_ key: String, value: Literal? = nil, at location: SourceLocation) {
        let suggestion = KeyCatalog.suggestion(for: key).map {
            (key: $0, isModifier: PropertyKey(rawValue: $0).map { TextSpelling.home(of: $0) == .modifier } ?? false)
        }
        var modifier: String?
        if let suggestion, suggestion.isModifier, let propertyKey = PropertyKey(rawValue: suggestion.key), let value {
            if TextSpelling.bareValue(of: propertyKey) == value {
                modifier = "." + suggestion.key
            } else if let spelled = TextSpelling.value(value, .modifier, topLevel: false) {
                modifier = ".\(suggestion.key)(\(spelled))"
            }
        }
        diagnostics.error(.unknownKey, TextFormMessages.unknownAttribute(Self.shown(key), suggestion: suggestion, modifier: modifier), at: location)
    }

    /// Adds a property unless the node already has one with this key.
    mutating func add(_ key: PropertyKey, _ value: Literal, at location: SourceLocation, to properties: inout PropertyCollector) {
        add(Property(key: key, value: value, location: location), to: &properties)
    }

    mutating func add(_ property: consuming Property, to properties: inout PropertyCollector) {
        if let first = properties.firstLocation(of: property.key) {
            syntaxError(TextFormMessages.duplicateProperty(property.key.rawValue, first: first), at: property.location)
            return
        }
        properties.append(property)
    }

    // MARK: Values

    /// One value in its context, or nil after reporting what is wrong (having consumed the bad
    /// token unless it closes something).
    mutating func parseValue(_ context: TextSpelling.Context, topLevel: Bool) -> Literal? {
        switch token.kind {
        case .number:
            let first = Literal.number(lexer.number, isInteger: lexer.isInteger)
            let location = token.location
            advance()
            guard topLevel, context == .attribute, token.kind == .number else { return first }
            return .list(parseInsetNumbers(first, at: location))
        case .dimensions:
            let value = Literal.list([.number(lexer.number, isInteger: lexer.isInteger), .number(lexer.second, isInteger: lexer.secondIsInteger)])
            if !(topLevel && context == .attribute) {
                let spelled = (TextSpelling.number(lexer.number, isInteger: lexer.isInteger), TextSpelling.number(lexer.second, isInteger: lexer.secondIsInteger))
                syntaxError(context == .modifier && !topLevel && listDepth == 0
                            ? TextFormMessages.dimensionsAsArguments(spelled.0, spelled.1)
                            : TextFormMessages.dimensionsInList(spelled.0, spelled.1), at: token.location)
            }
            advance()
            return value
        case .string:
            guard let text = lexer.string(of: token) else {
                syntaxError(TextFormMessages.stringNotUTF8, at: token.location)
                advance()
                return nil
            }
            if TextSpelling.isWordSpelled(text, context) {
                syntaxError(TextFormMessages.quotedWord(TextSpelling.string(text, context)), at: token.location)
            }
            advance()
            return .string(text)
        case .identifier:
            switch keyword {
            case .true?:
                advance()
                return .bool(true)
            case .false?:
                advance()
                return .bool(false)
            case .nil?:
                advance()
                return .null
            default:
                let text = lexer.text(of: token)
                if context == .modifier {
                    syntaxError(TextFormMessages.wordWithoutDot(Self.shown(text)), at: token.location)
                }
                advance()
                return .string(text)
            }
        case .dot:
            let location = token.location
            advance()
            guard token.kind == .identifier else {
                expected(TextFormMessages.expectedWordAfterDot)
                return nil
            }
            let text = lexer.text(of: token)
            advance()
            if text == "infinity" { return .number(.infinity, isInteger: false) }
            if text == "nan" { return .number(.nan, isInteger: false) }
            if context == .attribute {
                syntaxError(TextFormMessages.wordWithDot(Self.shown(text)), at: location)
            }
            return .string(text)
        case .minus:
            advance()
            if token.kind == .dot {
                advance()
                if token.kind == .identifier, lexer.text(of: token) == "infinity" {
                    advance()
                    return .number(-.infinity, isInteger: false)
                }
            }
            expected(TextFormMessages.expectedNumberAfterMinus)
            return nil
        case .leftBracket:
            return parseList(context, topLevel: topLevel)
        case .reference:
            let reference = ConstantReference(name: lexer.text(of: token, droppingBytes: 1), location: token.location)
            advance()
            sawReference = true
            return .reference(reference)
        default:
            expected(TextFormMessages.expectedValue)
            switch token.kind {
            case .comma, .rightParen, .rightBracket, .rightBrace, .leftBrace, .end: break
            default: if !isAtNodeBoundary { advance() }
            }
            return nil
        }
    }

    /// The numbers after the first of `padding: 4 8 4 8` (four are insets; another count is
    /// a `syntax` error, the numbers still kept). Up to four are held in locals and made one
    /// array of their count: an array grown from one element reallocated twice for four,
    /// some 1,100 instructions (issue 22).
    mutating func parseInsetNumbers(_ first: Literal, at location: SourceLocation) -> [Literal] {
        var (second, third, fourth) = (Literal.null, Literal.null, Literal.null)
        var count = 1
        var more: [Literal] = []  // from a fifth on
        while token.kind == .number {
            let value = Literal.number(lexer.number, isInteger: lexer.isInteger)
            switch count {
            case 1: second = value
            case 2: third = value
            case 3: fourth = value
            case 4: more = [first, second, third, fourth, value]
            default: more.append(value)
            }
            count += 1
            advance()
        }
        if count != 4 {
            syntaxError(TextFormMessages.insetCount(count), at: location)
        }
        switch count {
        case 2: return [first, second]
        case 3: return [first, second, third]
        case 4: return [first, second, third, fourth]
        default: return more
        }
    }

    /// `[ value (, value)* ]`
    mutating func parseList(_ context: TextSpelling.Context, topLevel: Bool) -> Literal? {
        let open = token.location
        listDepth += 1
        defer { listDepth -= 1 }
        if listDepth > TextFrontEnd.maximumDepth {
            syntaxError(TextFormMessages.listsTooDeep(maximum: TextFrontEnd.maximumDepth), at: open)
            skip(until: [], consumingStop: false)
            return nil
        }
        advance()
        var elements: [Literal] = []
        elements.reserveCapacity(4)  // sizes, spacings and insets: 2 or 4 numbers
        if token.kind == .rightBracket {
            advance()
            return .list([])
        }
        while true {
            if let value = parseValue(context, topLevel: false) {
                elements.append(value)
            } else {
                skip(until: [.comma, .rightBracket], consumingStop: false)
            }
            if token.kind == .comma {
                advance()
                continue
            }
            if token.kind == .rightBracket {
                advance()
                break
            }
            expected(TextFormMessages.expectedListClose(openedAt: open))
            skip(until: [.rightBracket], consumingStop: true)
            return nil
        }
        if topLevel, context == .attribute, let short = TextSpelling.shortForm(elements) {
            syntaxError(TextFormMessages.longList(short), at: open)
        }
        return .list(elements)
    }
}
