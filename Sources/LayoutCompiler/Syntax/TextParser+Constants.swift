/// The text form's constants and imports (docs/format.md §7.5, grammar/layout.ebnf):
/// `let gutter = 16`, `let insets = [16, 8]`, `import "Tokens.layout.yaml"`, at the top level
/// (a document of file constants) or inside a layout's braces before its node; and a layout's
/// parameters (docs/format.md §8.1), `param inset = 16`, inside its braces among them.
extension TextParser {
    /// Whether the token starts a constant statement: the words `let`, `param` and `import` are
    /// statements only where a layout or a layout's node may start, so they are not reserved.
    var isConstantStatement: Bool {
        guard token.kind == .identifier else { return false }
        let text = lexer.text(of: token)
        return text == "let" || text == "import" || text == "param"
    }

    /// Consecutive `let` and `import` statements. At the top level (`fileConstants`) an `import`
    /// after a `let` ends the document: the printer writes each document's imports before its
    /// constants, so that is where a second document of file constants begins (read as one, a
    /// file converted from YAML's two documents moved the import when formatted again). So does
    /// an `import` next to one in brackets (`importInBrackets`).
    mutating func parseConstantStatements(into scope: inout ConstantScope, fileConstants: Bool = false) {
        while isConstantStatement {
            if fileConstants, lexer.text(of: token) == "import", scope.constantsLocation != nil || importInBrackets(after: scope) { return }
            let waiting = lexer.comments
            let comments = takeLeading()
            let location = token.location
            let word = lexer.text(of: token)
            if word == "param" {
                // In a document of file constants they are kept, for the resolution to report
                // as misplaced: parameters belong to a layout.
                if scope.parametersLocation == nil { scope.parametersLocation = location }
                advance()
                if var definition = parseDefinition(parameter: true) {
                    definition.comments = comments
                    definition.trailing = takeTrailing()
                    scope.parameters.append(definition)
                }
            } else if word == "let" {
                if scope.constantsLocation == nil { scope.constantsLocation = location }
                advance()
                if let definition = parseDefinition() {
                    // Completed in place: a definition is five fields to copy and destroy.
                    scope.constants.append(definition)
                    let last = scope.constants.count - 1
                    if !comments.isEmpty { scope.constants[last].comments = comments }
                    let trailing = takeTrailing()
                    if !trailing.isEmpty { scope.constants[last].trailing = trailing }
                }
            } else {
                if scope.importLocation == nil { scope.importLocation = location }
                advance()
                let first = scope.imports.count
                parseImportPaths(into: &scope)
                if first < scope.imports.count {
                    scope.imports[first].comments = comments
                    scope.imports[scope.imports.count - 1].trailing = takeTrailing()
                } else if !waiting.isEmpty {
                    // `import []` has no path to hold its comments: they go to what follows.
                    lexer.comments = waiting + lexer.comments
                }
            }
        }
    }

    /// `name = value` after `let` (or `param`); nil after reporting a syntax error.
    mutating func parseDefinition(parameter: Bool = false) -> ConstantDefinition? {
        let location = token.location
        let name: String
        switch token.kind {
        case .identifier:
            name = lexer.text(of: token)
        case .string:
            guard let text = lexer.string(of: token) else {
                syntaxError(TextFormMessages.stringNotUTF8, at: token.location)
                skipStatement()
                return nil
            }
            name = text
        default:
            expected(parameter ? TextFormMessages.expectedParameterName : TextFormMessages.expectedConstantName)
            skipStatement()
            return nil
        }
        advance()
        guard token.kind == .equals else {
            expected(TextFormMessages.expectedEquals(name, parameter: parameter))
            skipStatement()
            return nil
        }
        advance()
        guard let value = parseValue(.attribute, topLevel: false) else {
            skipStatement()
            return nil
        }
        return ConstantDefinition(name: name, value: value, location: location)
    }

    /// At the top level, whether the `import` at hand begins another document because of brackets:
    /// a list of paths written in brackets (`import ["A"]`, `import []`) is a document's whole
    /// `import`, as YAML's `import: [A]` is, so an `import` after one, or one in brackets after
    /// other imports, begins the next document. Read as one, YAML's `import: [A]` and
    /// `import: B` (two documents) came back as `import "A"` and `import "B"`, and `import: []`
    /// then `import: B` as `import ["B"]`: formatting the converted text gave other text (found
    /// by the YAML fuzz target).
    func importInBrackets(after scope: ConstantScope) -> Bool {
        guard scope.importLocation != nil else { return false }
        if scope.importIsList { return true }
        var lookahead = lexer
        lookahead.comments = []
        return lookahead.next().kind == .leftBracket
    }

    /// One path: a string is taken as written (always quoted, even when it is a word, unlike
    /// an attribute's string); anything else is read as a value and refused by the resolution.
    mutating func parseImportPath() -> Literal? {
        guard token.kind == .string else { return parseValue(.attribute, topLevel: false) }
        guard let text = lexer.string(of: token) else {
            syntaxError(TextFormMessages.stringNotUTF8, at: token.location)
            advance()
            return nil
        }
        advance()
        return .string(text)
    }

    /// `"path"` or `["a", "b"]` after `import`, each path located.
    mutating func parseImportPaths(into scope: inout ConstantScope) {
        guard token.kind == .leftBracket else {
            let location = token.location
            if let path = parseImportPath() {
                scope.imports.append(ImportPath(path: path, location: location))
            } else {
                skipStatement()
            }
            return
        }
        let open = token.location
        scope.importIsList = true
        advance()
        while token.kind != .rightBracket {
            let location = token.location
            guard let path = parseImportPath() else {
                skipStatement()
                return
            }
            scope.imports.append(ImportPath(path: path, location: location))
            if token.kind == .comma {
                advance()
            } else if token.kind != .rightBracket {
                expected(TextFormMessages.expectedListClose(openedAt: open))
                skipStatement()
                return
            }
        }
        advance()
    }

    /// After a bad statement: on to the next statement, layout, node or closing brace.
    mutating func skipStatement() {
        while token.kind != .end && token.kind != .rightBrace && !isConstantStatement && keyword != .layout && nodeKind == nil {
            if token.kind == .leftBrace { skipBalanced() } else { advance() }
        }
    }
}
