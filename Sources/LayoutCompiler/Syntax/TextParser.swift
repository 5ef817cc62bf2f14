/// The text form's front end (docs/format.md §3, grammar/layout.ebnf): a hand-written recursive-descent
/// parser over `TextLexer`'s tokens that builds the same AST as the YAML front end, with every
/// node and property located. After a syntax error it resynchronises at the next node or
/// closing brace and reads on, so one run reports every problem of the file.
public enum TextFrontEnd {
    /// Deepest nesting of nodes, as in the YAML form (docs/choices.md): a block deeper than
    /// this is a `syntax` error and is skipped, never a stack overflow.
    public static let maximumDepth = 2_050

    public static func parse(_ bytes: [UInt8]) -> (file: LayoutFile, diagnostics: [Diagnostic]) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = TextParser(lexer: TextLexer(bytes: buffer))
            return parser.parseFile()
        }
    }
}

struct TextParser {
    var lexer: TextLexer
    /// The token being looked at.
    var token: TextToken
    /// Where the last token consumed starts, and the offset after its last byte: all that is
    /// asked of it, so `advance` copies two words, not the whole token (issue 22).
    var previousLocation: SourceLocation
    var previousEnd = 0
    var diagnostics = DiagnosticBag()
    /// Blocks (`{ … }`) open, and lists (`[ … ]`) open.
    var depth = 0
    var listDepth = 0
    /// Nodes of the current layout so far.
    var nodeCount = 0
    /// Where the last syntax error was, so one bad token gets one message.
    var lastErrorLocation: SourceLocation?
    /// The first block closed by a `}` indented less than the line that opened it: when a
    /// block is left open at the end, this is the one that most likely misses its `}`.
    var misindentedClose: MisindentedClose?
    /// The entries of the `when` dictionary being added (`TextParser+When`).
    var pendingEntries: [MappingEntry]?
    /// Whether a `$NAME` reference was read (`LayoutFile.hasNoReferences`).
    var sawReference = false
    /// `keyword`'s memo: the offset of the token it was worked out for, and the answer.
    var keywordStart = -1
    var currentKeyword: TextKeyword?
    /// Where a node's header collects its properties (`PropertyCollector`).
    let propertyStack = ListStack<Property>()
    /// Where a block collects its nodes (`parseBlock`).
    let nodeStack = ListStack<Node>()

    init(lexer: TextLexer) {
        self.lexer = lexer
        token = self.lexer.next()
        previousLocation = token.location
        previousEnd = token.end
    }

    // MARK: File and layouts

    mutating func parseFile() -> (file: LayoutFile, diagnostics: [Diagnostic]) {
        var file = LayoutFile()
        file.isTextForm = true
        while token.kind != .end {
            if keyword == .layout {
                file.layouts.append(parseLayout())
                continue
            }
            if isConstantStatement {
                var document = ConstantDocument(scope: ConstantScope(), location: token.location, position: file.layouts.count)
                // Comments before the first statement are the document's (a tokens file's header).
                document.comments.leading = takeLeading()
                parseConstantStatements(into: &document.scope, fileConstants: true)
                file.constantDocuments.append(document)
                continue
            }
            if nodeKind != nil {
                syntaxError(TextFormMessages.nodeOutsideLayout, at: token.location)
            } else {
                expected(TextFormMessages.expectedLayout)
            }
            repeat {
                if token.kind == .leftBrace { skipBalanced() } else { advance() }
            } while keyword != .layout && token.kind != .end && !isConstantStatement
        }
        file.trailingComments = takeLeading()
        if !lexer.invalidCommentBytes.isEmpty {
            for location in lexer.invalidCommentBytes {
                diagnostics.error(.syntax, TextFormMessages.commentNotUTF8, at: location)
            }
            let ordered = diagnostics.sorted
            diagnostics = DiagnosticBag()
            diagnostics.append(contentsOf: ordered)
        }
        if file.layouts.isEmpty && file.constantDocuments.isEmpty && diagnostics.diagnostics.isEmpty {
            diagnostics.error(.missingKey, TextFormMessages.noLayout, at: .fileStart)
        }
        file.hasNoReferences = !sawReference
        return (file, diagnostics.diagnostics)
    }

    mutating func parseLayout() -> LayoutDocument {
        var document = LayoutDocument(location: token.location)
        document.comments.leading = takeLeading()
        let errorsBefore = diagnostics.diagnostics.count
        nodeCount = 0
        advance()
        document.name = parseName()
        let ownerName = document.name
        func owner() -> String { TextFormMessages.layoutOwner(ownerName.flatMap(TextSpelling.name)) }
        if token.kind == .leftParen {
            parseAttributes { parser, keyToken, location, value in
                let key = parser.lexer.text(of: keyToken)
                parser.addDocumentAttribute(key, value, at: location, to: &document)
            }
        }
        while token.kind == .dot {
            syntaxError(TextFormMessages.layoutModifier, at: token.location)
            var ignored = PropertyCollector(on: propertyStack)
            parseModifier(into: &ignored)
            _ = ignored.take()
        }
        if token.kind != .leftBrace {
            expected(TextFormMessages.expectedLayoutBody(owner(), at: document.location))
            while token.kind != .leftBrace && token.kind != .end && keyword != .layout && nodeKind == nil {
                advance()
            }
        }
        if let kind = nodeKind {
            // `layout L item a`: the one node without braces is still read as the root
            document.comments.trailing = takeTrailing()
            depth += 1
            document.root = parseNode(kind)
            depth -= 1
        } else if token.kind == .leftBrace {
            advance()
            document.comments.trailing = takeTrailing()
            parseConstantStatements(into: &document.scope)
            let (nodes, closing) = parseBlock(owner: owner(), openedAt: document.location)
            document.comments.closing = closing
            document.root = nodes.first
            for extra in nodes.dropFirst() {
                syntaxError(TextFormMessages.secondRoot, at: extra.location)
            }
        } else {
            document.comments.trailing = takeTrailing()
        }
        if document.name == nil {
            diagnostics.error(.missingKey, TextFormMessages.missingName, at: document.location)
        }
        if document.root == nil && diagnostics.diagnostics.count == errorsBefore {
            diagnostics.error(.missingKey, TextFormMessages.missingRoot(owner()), at: document.location)
        }
        document.nodeCount = nodeCount
        document.hasSyntaxErrors = diagnostics.diagnostics.count > errorsBefore
        return document
    }

    // MARK: Nodes

    /// `{ node* }` after its `{`: the nodes, and the comments before the `}`. `open` is where
    /// the construct owning the block starts (its keyword), for "… opened at" messages.
    mutating func parseBlock(owner: @autoclosure () -> String, openedAt open: SourceLocation) -> ([Node], [String]) {
        depth += 1
        defer { depth -= 1 }
        if depth > TextFrontEnd.maximumDepth {
            syntaxError(TextFormMessages.tooDeep(maximum: TextFrontEnd.maximumDepth), at: previousLocation)
            skipToBlockEnd()
            return ([], takeLeading())
        }
        let firstChild = nodeStack.count
        while true {
            if let kind = nodeKind {
                nodeStack.push(parseNode(kind))
                continue
            }
            switch token.kind {
            case .rightBrace:
                if misindentedClose == nil, token.location.column < open.column {
                    misindentedClose = MisindentedClose(owner: owner(), open: open, close: token.location)
                }
                let closing = takeLeading()
                advance()
                return (nodeStack.pop(from: firstChild), closing)
            case .end:
                // Every construct still open says so, innermost first; the first at the block
                // that indentation says lacks its `}`, when one does.
                if let likely = misindentedClose.take() {
                    diagnostics.error(.syntax, TextFormMessages.likelyUnclosed(likely.owner, closedAt: likely.close, leftOpen: owner(),
                                                                               openedAt: open, before: nil), at: likely.open)
                } else {
                    diagnostics.error(.syntax, TextFormMessages.unclosedAtEnd(owner(), openedAt: open), at: token.location)
                }
                lastErrorLocation = token.location
                return (nodeStack.pop(from: firstChild), takeLeading())
            default:
                if keyword == .layout {
                    if let likely = misindentedClose.take() {
                        diagnostics.error(.syntax, TextFormMessages.likelyUnclosed(likely.owner, closedAt: likely.close, leftOpen: owner(),
                                                                                   openedAt: open, before: token.location), at: likely.open)
                    } else {
                        diagnostics.error(.syntax, TextFormMessages.unclosedBeforeLayout(owner(), openedAt: open), at: token.location)
                    }
                    lastErrorLocation = token.location
                    return (nodeStack.pop(from: firstChild), takeLeading())
                }
                if token.kind == .identifier, lexer.text(of: token) == "param" {
                    // docs/format.md §8.1: parameters are the layout's, before its node.
                    diagnostics.error(.misplacedKey, TextFormMessages.parameterInNode, at: token.location)
                    lastErrorLocation = token.location
                    advance()
                    skipStatement()
                    continue
                }
                if token.kind == .identifier, let kind = Self.nearestKind(lexer.text(of: token)) {
                    syntaxError(TextFormMessages.unknownNodeKind(lexer.text(of: token), suggestion: kind), at: token.location)
                } else {
                    expected(TextFormMessages.expectedNodeOrClose(owner(), openedAt: open))
                }
                skipToNodeBoundary()
            }
        }
    }

    /// `kind name? ([value])? (dynamic | wrap)? optional? modifier* attributes? block?`, at its kind keyword.
    mutating func parseNode(_ kind: NodeKind) -> Node {
        let location = token.location
        var comments = Comments(leading: takeLeading())
        advance()
        nodeCount += 1
        var name = parseName()
        if case .string(let first)? = name, token.kind == .minus || token.kind == .number, token.start == previousEnd,
           lexer.bytes[token.start] == UInt8(ascii: "-") {
            name = .string(hyphenatedName(first))
        }
        // Only a message says the title: built on demand, not for every node that parses (issue 22).
        let titleName = name
        func title() -> String { TextFormMessages.nodeTitle(kind, name: titleName.flatMap(TextSpelling.name), at: location) }
        var properties = PropertyCollector(on: propertyStack)
        properties.wrapPlace = name != nil ? .afterName : token.kind == .leftBracket ? .afterCount : .attribute
        properties.kindWord = kind.rawValue
        if token.kind == .leftBracket {
            let open = token.location
            advance()
            if let value = parseValue(.attribute, topLevel: false) {
                add(.count, value, at: open, to: &properties)
            }
            if token.kind == .rightBracket {
                advance()
            } else {
                expected(TextFormMessages.expectedCountClose(title(), openedAt: open))
                if token.kind != .dot && token.kind != .leftParen && token.kind != .leftBrace && headerWord == nil {
                    skip(until: [.rightBracket], consumingStop: true)
                }
            }
        }
        parseHeaderWords(into: &properties)
        while token.kind == .dot {
            parseModifier(into: &properties)
        }
        if token.kind == .leftParen {
            parseAttributes { parser, keyToken, location, value in
                parser.addNodeAttribute(keyToken, value, at: location, to: &properties)
            }
            while token.kind == .dot {
                syntaxError(TextFormMessages.modifierAfterAttributes, at: token.location)
                parseModifier(into: &properties)
            }
        }
        if let word = headerWord {
            if word != TextSpelling.wrapWord || properties.wrapPlace != .attribute {
                syntaxError(TextFormMessages.lateFlag(word.word, of: title(), kind: kind, place: properties.wrapPlace.placeName), at: token.location)
            }
            parseHeaderWords(into: &properties)
        }
        // Taken before the children, which collect on the same stack.
        let nodeProperties = properties.take()
        var list: NodeList?
        if token.kind != .leftBrace && !isAtNodeBoundary {
            comments.trailing = takeTrailing()
            expected(TextFormMessages.expectedAfterNodeHeader(title()))
            while token.kind != .leftBrace && !isAtNodeBoundary {
                if token.kind == .leftParen || token.kind == .leftBracket {
                    skip(until: token.kind == .leftParen ? [.rightParen] : [.rightBracket], consumingStop: true)
                } else {
                    advance()
                }
            }
        }
        if token.kind == .leftBrace {
            let open = token.location
            advance()
            addTrailing(to: &comments)
            let (nodes, closing) = parseBlock(owner: titleName == nil ? TextFormMessages.unnamedNode(kind) : title(), openedAt: location)
            list = NodeList(key: kind == .flow ? .items : .children, location: open, nodes: nodes)
            comments.closing = closing
        } else {
            addTrailing(to: &comments)
        }
        let node = Node(kind: kind, location: location, name: name, properties: nodeProperties, list: list)
        node.comments = comments
        return node
    }

    /// The words after a node's name that set a key: `dynamic` or `wrap`, then `optional`.
    mutating func parseHeaderWords(into properties: inout PropertyCollector) {
        var last: TextSpelling.HeaderWord?
        while let word = headerWord {
            let location = token.location
            advance()
            if let last, word.rank < last.rank {
                syntaxError(TextFormMessages.flagOrder(word.word, before: last.word), at: location)
            }
            last = word
            if let first = properties.existing(word.key), first.value != word.value,
               let firstWord = TextSpelling.headerWords.first(where: { $0.key == word.key && $0.value == first.value }) {
                // `dynamic wrap`: two values of one key
                syntaxError(TextFormMessages.dynamicAndWrap(firstWord.word, word.word, first: first.location), at: location)
                continue
            }
            if word == TextSpelling.wrapWord && properties.wrapPlace == .attribute {
                // `item dynamic wrap`, `item .width(3) wrap`: `wrap` cannot follow a node that
                // has no name or count (`item wrap` is an item named wrap); still read as meant
                syntaxError(TextFormMessages.wrapWithoutName, at: location)
            }
            add(word.key, word.value, at: location, to: &properties)
        }
    }

    /// The header word at the current token: `dynamic`, `optional`, and `wrap` (which is not
    /// reserved: read here only after the name's place, where it cannot be the name).
    var headerWord: TextSpelling.HeaderWord? {
        mutating get {
            switch keyword {
            case .dynamic?: return TextSpelling.dynamicWord
            case .wrap?: return TextSpelling.wrapWord
            case .optional?: return TextSpelling.optionalWord
            default: return nil
            }
        }
    }

    /// A node's or layout's name, if one follows: a word, a quoted string, a number, a boolean.
    /// `close-button`: the rest of a name written with hyphens, reported once (names are
    /// identifiers) and read as its lowerCamelCase spelling, which the message suggests.
    mutating func hyphenatedName(_ first: String) -> String {
        let location = previousLocation
        var text = first
        var end = previousEnd
        while token.start == end, token.kind == .minus || token.kind == .number || token.kind == .identifier {
            text += lexer.text(of: token)
            end = token.end
            advance()
        }
        let parts = text.split(separator: "-").map(String.init)
        let camel = (parts.first ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        syntaxError(TextFormMessages.hyphenatedName(text, camel: camel), at: location)
        return camel
    }

    mutating func parseName() -> Literal? {
        switch token.kind {
        case .identifier:
            switch keyword {
            case .true?:
                advance()
                return .bool(true)
            case .false?:
                advance()
                return .bool(false)
            case let word? where word.isReserved:
                return nil
            default:
                let text = lexer.text(of: token)
                advance()
                return .string(text)
            }
        case .string:
            guard let text = lexer.string(of: token) else {
                syntaxError(TextFormMessages.stringNotUTF8, at: token.location)
                advance()
                return nil
            }
            if TextSpelling.name(.string(text)) != TextSpelling.quoted(text) {
                syntaxError(TextFormMessages.quotedName(text), at: token.location)
            }
            advance()
            return .string(text)
        case .number:
            let value = Literal.number(lexer.number, isInteger: lexer.isInteger)
            advance()
            return value
        default:
            return nil
        }
    }

    // MARK: Tokens

    mutating func advance() {
        previousLocation = token.location
        previousEnd = token.end
        token = lexer.next()
    }

    /// The current token's keyword, worked out once for it: a node's first token was asked
    /// four times (the header words, the boundary, the block's next node; issue 22).
    var keyword: TextKeyword? {
        @inline(__always) mutating get {
            guard token.kind == .identifier else { return nil }
            if keywordStart != token.start {
                keywordStart = token.start
                currentKeyword = lexer.keyword(of: token)
            }
            return currentKeyword
        }
    }

    var nodeKind: NodeKind? {
        @inline(__always) mutating get { keyword?.nodeKind }
    }

    /// Where a node's header may end: the next node, a closing brace, a layout, the end.
    var isAtNodeBoundary: Bool {
        mutating get {
            switch token.kind {
            case .rightBrace, .end: return true
            case .identifier:
                let word = keyword
                // `param` after a node: misplaced (docs/format.md §8.1), reported by the block.
                return word?.nodeKind != nil || word == .layout || word == nil && lexer.text(of: token) == "param"
            default: return false
            }
        }
    }

    /// How the current token is named in messages.
    var found: String {
        switch token.kind {
        case .end: return TextFormMessages.endOfFile
        default:
            let text = String(decoding: UnsafeBufferPointer(rebasing: lexer.bytes[token.start..<min(token.end, token.start + 40)]), as: UTF8.self)
            return TextFormMessages.token(text, truncated: token.end - token.start > 40)
        }
    }

    // MARK: Diagnostics and recovery

    mutating func syntaxError(_ message: String, at location: SourceLocation) {
        guard location != lastErrorLocation else { return }
        lastErrorLocation = location
        diagnostics.error(.syntax, message, at: location)
    }

    /// "expected X, found Y" at the current token; an invalid token says what is wrong with it.
    mutating func expected(_ what: String) {
        if token.kind == .invalid {
            syntaxError(lexer.problem, at: token.location)
        } else {
            // `Layout`, `Item`: the keyword in other letter case.
            let word = token.kind == .identifier ? lexer.text(of: token) : ""
            let hint = word != word.lowercased() && TextKeyword.of(word.lowercased()) != nil ? TextFormMessages.keywordCase(word.lowercased()) : ""
            syntaxError(TextFormMessages.expected(what, found: found, hint: hint), at: token.location)
        }
    }

    /// Skips at least one token, then up to the next node, closing brace, layout or the end;
    /// a `{ … }` on the way is skipped whole.
    mutating func skipToNodeBoundary() {
        repeat {
            if token.kind == .leftBrace { skipBalanced() } else { advance() }
        } while !isAtNodeBoundary
    }

    /// Skips a `{ … }` from its `{`, counting braces (no recursion).
    mutating func skipBalanced() {
        var level = 0
        repeat {
            if token.kind == .leftBrace { level += 1 }
            if token.kind == .rightBrace { level -= 1 }
            advance()
        } while level > 0 && token.kind != .end
    }

    /// Skips the rest of a block just opened, up to and including its `}`.
    mutating func skipToBlockEnd() {
        var level = 1
        while token.kind != .end {
            if token.kind == .leftBrace { level += 1 }
            if token.kind == .rightBrace {
                level -= 1
                if level == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
    }

    /// Skips to one of `stops` (nested brackets and parentheses skipped whole), stopping
    /// early at a brace, node or layout; consumes the stop when asked.
    mutating func skip(until stops: Set<TextToken.Kind>, consumingStop: Bool) {
        var nesting = 0
        while true {
            if nesting == 0 && stops.contains(token.kind) {
                if consumingStop { advance() }
                return
            }
            if token.kind == .leftBrace || token.kind == .rightBrace || isAtNodeBoundary { return }
            // an unmatched closer belongs to an enclosing construct
            if nesting == 0 && (token.kind == .rightParen || token.kind == .rightBracket) { return }
            switch token.kind {
            case .leftParen, .leftBracket: nesting += 1
            case .rightParen, .rightBracket: nesting = max(0, nesting - 1)
            default: break
            }
            advance()
        }
    }

    // MARK: Comments

    /// Every comment passed since the last construct: whole-line comments before a node.
    mutating func takeLeading() -> [String] {
        guard !lexer.comments.isEmpty else { return [] }
        let texts = lexer.comments.map(\.text)
        lexer.comments.removeAll(keepingCapacity: true)
        return texts
    }

    /// The comments inside the header just read and on its last line.
    mutating func takeTrailing() -> [String] {
        guard !lexer.comments.isEmpty else { return [] }
        let line = previousLocation.line
        var count = 0
        while count < lexer.comments.count, lexer.comments[count].location.line <= line { count += 1 }
        let texts = lexer.comments.prefix(count).map(\.text)
        lexer.comments.removeFirst(count)
        return texts
    }

    /// Adds the comments `takeTrailing` takes to a node's trailing ones. Most nodes have none:
    /// `+=` of an empty array still cost some 150 instructions a node (issue 22).
    mutating func addTrailing(to comments: inout Comments) {
        guard !lexer.comments.isEmpty else { return }
        let taken = takeTrailing()
        if comments.trailing.isEmpty {
            comments.trailing = taken
        } else {
            comments.trailing += taken
        }
    }

    /// The node kind `word` probably meant: the same word in other letter case (`Item`), a typo
    /// (the closest kind), or another framework's word (`VStack`).
    static func nearestKind(_ word: String) -> String? {
        guard word.utf8.count <= 12, word.utf8.count >= 3 else { return nil }
        let lowered = word.lowercased()
        if let foreign = KeyCatalog.foreignWords[lowered], NodeKind(rawValue: foreign) != nil { return foreign }
        let kinds = NodeKind.allCases.map(\.rawValue).map { ($0, KeyCatalog.editDistance(lowered, $0)) }
        guard let best = kinds.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }
}
