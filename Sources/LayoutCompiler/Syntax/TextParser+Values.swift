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
            expected("a modifier name after '.', such as .height(44)")
            if token.kind == .leftParen { skip(until: [.rightParen], consumingStop: true) }
            return
        }
        let name = lexer.text(of: token)
        advance()
        let afterLongWidthFit = properties.lastModifierWasLongWidthFit
        properties.lastModifierWasLongWidthFit = false
        var hasArguments = false
        var argument: Literal?
        if token.kind == .leftParen && !isAtAttributeList {
            hasArguments = true
            argument = parseArguments(of: name)
        }
        if name == "fit" {
            if hasArguments {
                syntaxError("'.fit' takes no value: it makes both width and height fit; for one axis write .width(.fit) or .height(.fit)", at: location)
            } else {
                add(.width, .string("fit"), at: location, to: &properties)
                add(.height, .string("fit"), at: location, to: &properties)
            }
            return
        }
        switch KeyCatalog.lookup(name).keyClass {
        case .property(let key):
            switch TextSpelling.home(of: key) {
            case .modifier:
                break
            case .attribute:
                syntaxError("'\(name)' is not a modifier: write it in the attribute list, (\(name): …)\(TextSpelling.headerFlags.contains(key) ? ", or '\(name)' after the name" : "")", at: location)
                if let argument { add(key, argument, at: location, to: &properties) }
                return
            case .count:
                syntaxError("'count' is not a modifier: write the count after the name, as in item chip[12]", at: location)
                if let argument { add(key, argument, at: location, to: &properties) }
                return
            }
            guard hasArguments else {
                if let bare = TextSpelling.bareValue(of: key) {
                    add(key, bare, at: location, to: &properties)
                } else {
                    syntaxError("'.\(name)' needs a value in parentheses, such as .\(name)(\(Self.example(key)))", at: location)
                }
                return
            }
            guard let argument else { return }
            if let bare = TextSpelling.bareValue(of: key), bare == argument {
                syntaxError("write '.\(name)' without '(\(TextSpelling.value(argument, .modifier, topLevel: false) ?? ""))'", at: location)
            }
            if key == .height, argument == .string("fit"), afterLongWidthFit {
                syntaxError("write '.fit' instead of '.width(.fit) .height(.fit)'", at: location)
            }
            add(key, argument, at: location, to: &properties)
            properties.lastModifierWasLongWidthFit = key == .width && argument == .string("fit")
        case .unknown:
            let known = TextSpelling.modifierNames.map { ($0, KeyCatalog.editDistance(name.lowercased(), $0.lowercased())) }
                .filter { $0.1 <= max(1, $0.0.count / 3) }.min { $0.1 < $1.1 }
            if name.utf8.count <= 64, let known {
                diagnostics.error(.unknownKey, "unknown modifier '.\(name)'; did you mean '.\(known.0)'?", at: location)
            } else if name.utf8.count <= 64, let attribute = KeyCatalog.suggestion(for: name), TextSpelling.attributeNames.contains(attribute) {
                diagnostics.error(.unknownKey, "unknown modifier '.\(name)'; did you mean the attribute (\(attribute): …)?", at: location)
            } else {
                diagnostics.error(.unknownKey, "unknown modifier '.\(Self.shown(name))'", at: location)
            }
        case .kind, .list, .layout, .root:
            syntaxError("'.\(name)' is not a modifier; modifiers are \(TextSpelling.modifierNames.map { "." + $0 }.joined(separator: ", "))", at: location)
        }
    }

    /// Whether the `(` here opens an attribute list (`(name:`) rather than a modifier's
    /// arguments: so `.safeArea (padding: 10)` is a bare modifier and then attributes.
    var isAtAttributeList: Bool {
        guard token.kind == .leftParen else { return false }
        var lookahead = lexer
        lookahead.comments = []  // so the copy never copies the pending comments
        let first = lookahead.next()
        guard first.kind == .identifier else { return false }
        return lookahead.next().kind == .colon
    }

    /// `( value (, value)* )` after a modifier's name: one value is itself, several a list.
    mutating func parseArguments(of name: String) -> Literal? {
        let open = token.location
        advance()
        if token.kind == .rightParen {
            syntaxError("'.\(name)()' needs a value in its parentheses", at: token.location)
            advance()
            return nil
        }
        var values: [Literal] = []
        var failed = false
        let firstIsBracketed = token.kind == .leftBracket
        while true {
            if var value = parseValue(.modifier, topLevel: false) {
                if token.kind == .slash {
                    value = parseRatio(value, of: name)
                }
                values.append(value)
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
            expected("',' or ')' to close the arguments of '.\(name)' opened at \(open)")
            skip(until: [.rightParen], consumingStop: true)
            failed = true
            break
        }
        guard !failed, let first = values.first else { return nil }
        if values.count == 1 {
            if firstIsBracketed, case .list(let elements) = first, elements.count >= 2 {
                syntaxError("write the list's elements as the arguments, .\(name)(a, b), without '[ ]'", at: open)
            }
            return first
        }
        return .list(values)
    }

    /// `p/q` after its numerator, at the `/`: the number p ÷ q, written so only in `.aspect(16/9)`.
    mutating func parseRatio(_ numerator: Literal, of name: String) -> Literal {
        let slash = token.location
        advance()
        guard case .number(let p, _) = numerator, token.kind == .number else {
            expected("a ratio of two numbers such as .aspect(16/9)")
            return numerator
        }
        let q = token.number
        advance()
        if name != PropertyKey.aspect.rawValue {
            syntaxError("'/' writes a ratio only in .aspect(16/9); write '.\(name)' a number", at: slash)
        }
        return .number(p / q, isInteger: false)
    }

    static func example(_ key: PropertyKey) -> String {
        switch key {
        case .size: return "80, 30"
        case .percent: return "33"
        case .aspect: return "16/9"
        case .width, .height: return "44"
        default: return "8"
        }
    }

    static func shown(_ text: String) -> String {
        DiagnosticText.shortened(text)
    }

    // MARK: Attributes

    /// `( key: value (, key: value)* )`; `add` files each attribute where it belongs.
    mutating func parseAttributes(_ add: (inout TextParser, String, SourceLocation, Literal) -> Void) {
        let open = token.location
        advance()
        if token.kind == .rightParen {
            syntaxError("an empty attribute list: leave out the '( )'", at: open)
            advance()
            return
        }
        while true {
            guard token.kind == .identifier else {
                expected("an attribute name such as padding, in the attribute list opened at \(open)")
                skip(until: [.comma, .rightParen], consumingStop: false)
                if token.kind == .comma { advance(); continue }
                if token.kind == .rightParen { advance() }
                return
            }
            let key = lexer.text(of: token)
            let location = token.location
            advance()
            if token.kind == .colon {
                advance()
                if let value = parseValue(.attribute, topLevel: true) {
                    add(&self, key, location, value)
                } else {
                    skip(until: [.comma, .rightParen], consumingStop: false)
                }
            } else {
                expected("':' after the attribute name '\(Self.shown(key))'")
                skip(until: [.comma, .rightParen], consumingStop: false)
            }
            if token.kind == .comma {
                advance()
                if token.kind == .rightParen {
                    syntaxError("no ',' after the last attribute", at: previous.location)
                    advance()
                    return
                }
                continue
            }
            if token.kind == .rightParen {
                advance()
                return
            }
            expected("',' or ')' to close the attribute list opened at \(open)")
            skip(until: [.rightParen], consumingStop: true)
            return
        }
    }

    mutating func addNodeAttribute(_ key: String, _ value: Literal, at location: SourceLocation, to properties: inout PropertyCollector) {
        switch KeyCatalog.lookup(key).keyClass {
        case .property(let propertyKey):
            switch TextSpelling.home(of: propertyKey) {
            case .attribute:
                if TextSpelling.headerFlags.contains(propertyKey), value == .bool(true) {
                    syntaxError("write '\(key)' after the name instead of (\(key): true)", at: location)
                }
            case .modifier:
                let spelled = TextSpelling.bareValue(of: propertyKey) == value ? "" : "(\(TextSpelling.value(value, .modifier, topLevel: false) ?? "…"))"
                syntaxError("'\(key)' is a modifier: write .\(key)\(spelled) before the attribute list", at: location)
            case .count:
                syntaxError("write the count after the name, as in item chip[\(TextSpelling.value(value, .attribute, topLevel: false) ?? "12")]", at: location)
            }
            add(propertyKey, value, at: location, to: &properties)
        case .kind:
            syntaxError("'\(key)' is a node kind, not an attribute; a node has one kind", at: location)
        case .list:
            syntaxError("'\(key)' is not an attribute: a node's \(key) go in braces { … } after it", at: location)
        case .layout, .root:
            syntaxError("'\(key)' belongs to the layout itself: 'layout Name { root node }'", at: location)
        case .unknown:
            unknownAttribute(key, at: location)
        }
    }

    mutating func addDocumentAttribute(_ key: String, _ value: Literal, at location: SourceLocation, to document: inout LayoutDocument) {
        switch KeyCatalog.lookup(key).keyClass {
        case .property(.size):
            if let first = document.size {
                syntaxError("duplicate attribute 'size' (first at \(first.location))", at: location)
            } else {
                document.size = Property(key: .size, value: value, location: location)
            }
        case .property(.safeArea):
            if let first = document.safeArea {
                syntaxError("duplicate attribute 'safeArea' (first at \(first.location))", at: location)
            } else {
                document.safeArea = Property(key: .safeArea, value: value, location: location)
            }
        case .property, .kind, .list:
            diagnostics.error(.misplacedKey, "'\(key)' belongs to a node, not to the layout; put it on the root node", at: location)
        case .layout:
            syntaxError("the layout's name follows the word 'layout': 'layout Name (size: …) {'", at: location)
        case .root:
            syntaxError("the root node goes in the layout's braces: 'layout Name { vgroup main { … } }'", at: location)
        case .unknown:
            unknownAttribute(key, at: location)
        }
    }

    mutating func unknownAttribute(_ key: String, at location: SourceLocation) {
        if let suggestion = KeyCatalog.suggestion(for: key) {
            let spelled = PropertyKey(rawValue: suggestion).map { TextSpelling.home(of: $0) == .modifier ? "the modifier .\(suggestion)" : "'\(suggestion)'" } ?? "'\(suggestion)'"
            diagnostics.error(.unknownKey, "unknown attribute '\(Self.shown(key))'; did you mean \(spelled)?", at: location)
        } else {
            diagnostics.error(.unknownKey, "unknown attribute '\(Self.shown(key))'", at: location)
        }
    }

    /// Adds a property unless the node already has one with this key.
    mutating func add(_ key: PropertyKey, _ value: Literal, at location: SourceLocation, to properties: inout PropertyCollector) {
        if let first = properties.existing(key) {
            syntaxError("duplicate '\(key.rawValue)' on this node (first at \(first.location))", at: location)
            return
        }
        properties.append(Property(key: key, value: value, location: location))
    }

    // MARK: Values

    /// One value in its context, or nil after reporting what is wrong (having consumed the bad
    /// token unless it closes something).
    mutating func parseValue(_ context: TextSpelling.Context, topLevel: Bool) -> Literal? {
        switch token.kind {
        case .number:
            let first = Literal.number(token.number, isInteger: token.isInteger)
            let location = token.location
            advance()
            guard topLevel, context == .attribute, token.kind == .number else { return first }
            var elements = [first]
            while token.kind == .number {
                elements.append(.number(token.number, isInteger: token.isInteger))
                advance()
            }
            if elements.count != 4 {
                syntaxError("insets are four numbers, top leading bottom trailing (such as 59 0 34 0), or one number for all four; here are \(elements.count)", at: location)
            }
            return .list(elements)
        case .dimensions:
            let value = Literal.list([.number(token.number, isInteger: token.isInteger), .number(token.second, isInteger: token.secondIsInteger)])
            if !(topLevel && context == .attribute) {
                let spelled = TextSpelling.number(token.number, isInteger: token.isInteger) + ", " + TextSpelling.number(token.second, isInteger: token.secondIsInteger)
                syntaxError(context == .modifier && !topLevel && listDepth == 0
                            ? "write the two numbers as arguments, (\(spelled)); 'WxH' is for attributes"
                            : "write this pair as [\(spelled)] inside a list", at: token.location)
            }
            advance()
            return value
        case .string:
            guard let text = lexer.string(of: token) else {
                syntaxError("this string is not valid UTF-8", at: token.location)
                advance()
                return nil
            }
            if TextSpelling.isWordSpelled(text, context) {
                syntaxError("write \(TextSpelling.string(text, context)) without quotes", at: token.location)
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
                    syntaxError("inside a modifier a word is written with a dot: .\(Self.shown(text))", at: token.location)
                }
                advance()
                return .string(text)
            }
        case .dot:
            let location = token.location
            advance()
            guard token.kind == .identifier else {
                expected("a word after '.', such as .fit")
                return nil
            }
            let text = lexer.text(of: token)
            advance()
            if text == "infinity" { return .number(.infinity, isInteger: false) }
            if text == "nan" { return .number(.nan, isInteger: false) }
            if context == .attribute {
                syntaxError("in an attribute a word is written without a dot: \(Self.shown(text))", at: location)
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
            expected("a number after '-'")
            return nil
        case .leftBracket:
            return parseList(context, topLevel: topLevel)
        default:
            expected("a value (a number, a word, a \"string\", true, false, nil or a [list])")
            switch token.kind {
            case .comma, .rightParen, .rightBracket, .rightBrace, .leftBrace, .end: break
            default: if !isAtNodeBoundary { advance() }
            }
            return nil
        }
    }

    /// `[ value (, value)* ]`
    mutating func parseList(_ context: TextSpelling.Context, topLevel: Bool) -> Literal? {
        let open = token.location
        listDepth += 1
        defer { listDepth -= 1 }
        if listDepth > TextFrontEnd.maximumDepth {
            syntaxError("lists are nested deeper than \(TextFrontEnd.maximumDepth) levels", at: open)
            skip(until: [], consumingStop: false)
            return nil
        }
        advance()
        var elements: [Literal] = []
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
            expected("',' or ']' to close the list opened at \(open)")
            skip(until: [.rightBracket], consumingStop: true)
            return nil
        }
        if topLevel, context == .attribute, let short = TextSpelling.shortForm(elements) {
            syntaxError("write this list as \(short)", at: open)
        }
        return .list(elements)
    }
}
