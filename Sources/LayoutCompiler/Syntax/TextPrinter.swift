/// The canonical formatter: any AST to its one text-form spelling (`TextSpelling`), comments
/// kept. Parsing the output gives the same AST back, and formatting it again gives the same text.
/// Recursive per nesting level: call it on a large stack (`LayoutSource` does).
public enum TextPrinter {
    /// The text, and what the text form cannot hold (then the text leaves it out).
    public static func print(_ file: LayoutFile) -> (text: String, problems: [Diagnostic]) {
        var printer = Printer()
        // What was printed last decides the blank line before the next: one before a layout and
        // before the file's closing comments, and before constants that follow a layout. Not
        // between constants documents: the text form reads `let`s in a row, blank lines or not,
        // as one document, so a blank line there would not survive formatting the output again.
        enum Printed { case nothing, layout, constants }
        var last = Printed.nothing
        // Comments of a document with no statements (`constants:` with no value), which has no
        // text of its own: they go before what follows, as reading the text again attaches
        // them (found by the YAML fuzz target: `constants:\n# a` gave a blank line first).
        var pending: [String] = []
        var constants = file.constantDocuments[...]
        func printConstants(before position: Int) {
            while let next = constants.first, next.position <= position {
                constants = constants.dropFirst()
                var statements = Printer()
                statements.scope(next.scope, indent: 0)
                printer.problems.append(contentsOf: statements.problems.diagnostics)
                guard !statements.out.isEmpty else {
                    pending += next.comments.leading + next.comments.trailing + next.comments.closing
                    continue
                }
                if last == .layout { printer.out += "\n" }
                for comment in pending + next.comments.leading { printer.comment(comment, indent: 0) }
                pending = []
                printer.out += statements.out
                for comment in next.comments.trailing + next.comments.closing { printer.comment(comment, indent: 0) }
                last = .constants
            }
        }
        for (index, document) in file.layouts.enumerated() {
            printConstants(before: index)
            if last != .nothing { printer.out += "\n" }
            for comment in pending { printer.comment(comment, indent: 0) }
            pending = []
            printer.document(document)
            last = .layout
        }
        printConstants(before: .max)
        let closing = pending + file.trailingComments
        if !closing.isEmpty {
            if last != .nothing { printer.out += "\n" }
            for comment in closing { printer.comment(comment, indent: 0) }
        }
        return (printer.out, printer.problems.diagnostics)
    }

    /// How a node's header is written: `kind name[count] dynamic|wrap optional .modifier(…) (key: value)`.
    static func header(_ node: Node) -> (text: String, problems: [Diagnostic]) {
        var printer = Printer()
        printer.header(node)
        return (printer.out, printer.problems.diagnostics)
    }

    private struct Printer {
        var out = ""
        var problems = DiagnosticBag()

        mutating func comment(_ text: String, indent: Int) {
            out += String(repeating: "  ", count: indent) + "//" + text + "\n"
        }

        /// The first trailing comment ends the line; more go on lines of their own.
        mutating func endLine(_ trailing: [String], indent: Int) {
            if let first = trailing.first { out += "  //" + first }
            out += "\n"
            for extra in trailing.dropFirst() { comment(extra, indent: indent) }
        }

        mutating func document(_ document: LayoutDocument) {
            for comment in document.comments.leading { self.comment(comment, indent: 0) }
            out += "layout"
            if let name = document.name {
                if let spelled = TextSpelling.name(name) {
                    out += " " + spelled
                } else {
                    problems.error(.invalidValue, TextFormMessages.unprintableLayoutName(name.summary), at: document.location)
                }
            }
            var attributes: [String] = []
            for property in [document.size, document.safeArea].compactMap({ $0 }) {
                attributes.append(attribute(property))
            }
            if let fit = document.fit {
                attributes.append(documentAttribute("fit", fit))
            }
            if !attributes.isEmpty { out += " (" + attributes.joined(separator: ", ") + ")" }
            if document.root == nil && document.comments.closing.isEmpty && document.comments.trailing.isEmpty && document.scope.isEmpty {
                out += " {}\n"
                return
            }
            out += " {"
            endLine(document.comments.trailing, indent: 1)
            scope(document.scope, indent: 1)
            if let root = document.root { node(root, indent: 1) }
            for comment in document.comments.closing { self.comment(comment, indent: 1) }
            out += "}\n"
        }

        /// `import` and `let` statements (docs/format.md §7.5): one import per path (a list
        /// of one path keeps its brackets), then the constants in order.
        mutating func scope(_ scope: ConstantScope, indent: Int) {
            let spaces = String(repeating: "  ", count: indent)
            if scope.importIsList && scope.imports.isEmpty {
                // Imports nothing, but written: left out, the document would go with it, and
                // formatting the output again would give other text (found by the text fuzz target).
                out += spaces + "import []\n"
            } else if scope.importIsList && scope.imports.count == 1, let only = scope.imports.first {
                for comment in only.comments { self.comment(comment, indent: indent) }
                if case .string = only.path {} else if TextSpelling.value(only.path, .attribute, topLevel: false) == nil {
                    problems.error(.invalidValue, TextFormMessages.unprintableImport(only.path.summary), at: only.location)
                }
                out += spaces + "import [" + importPath(only.path) + "]"
                endLine(only.trailing, indent: indent)
            } else {
                for path in scope.imports {
                    for comment in path.comments { self.comment(comment, indent: indent) }
                    // A mapping (or a list holding one) has no spelling: reported, not written as `import {}`.
                    if case .string = path.path {} else if TextSpelling.value(path.path, .attribute, topLevel: false) == nil {
                        problems.error(.invalidValue, TextFormMessages.unprintableImport(path.path.summary), at: path.location)
                    }
                    // A path that is itself a list keeps brackets of its own: `import [b]` would
                    // read again as a list of paths, importing "b" (found by the YAML fuzz target:
                    // `import: [a, [b]]`).
                    if case .list = path.path {
                        out += spaces + "import [" + importPath(path.path) + "]"
                    } else {
                        out += spaces + "import " + importPath(path.path)
                    }
                    endLine(path.trailing, indent: indent)
                }
            }
            if let value = scope.constantsNotAMapping, let location = scope.constantsLocation {
                problems.error(.invalidValue, TextFormMessages.unprintableConstants(value.summary), at: location)
            }
            for constant in scope.constants {
                definition(constant, keyword: "let", indent: indent)
            }
            if let value = scope.parametersNotAMapping, let location = scope.parametersLocation {
                problems.error(.invalidValue, TextFormMessages.unprintableParameters(value.summary), at: location)
            }
            for parameter in scope.parameters {
                definition(parameter, keyword: "param", indent: indent)
            }
        }

        /// `let name = value` or `param name = value`, with its comments.
        mutating func definition(_ definition: ConstantDefinition, keyword: String, indent: Int) {
            for comment in definition.comments { self.comment(comment, indent: indent) }
            let name = TextSpelling.isWord(definition.name) ? definition.name : TextSpelling.quoted(definition.name)
            // A mapping (or a list holding one) has no spelling: reported, not written as `{}`.
            if TextSpelling.value(definition.value, .attribute, topLevel: false) == nil {
                unprintable(definition.name, definition.value, at: definition.location)
            }
            out += String(repeating: "  ", count: indent) + keyword + " " + name + " = " + constantValue(definition.value)
            endLine(definition.trailing, indent: indent)
        }

        /// An import's path: a string always in quotes (`import "Tokens"`, not a word).
        func importPath(_ path: Literal) -> String {
            if case .string(let text) = path { return TextSpelling.quoted(text) }
            return constantValue(path)
        }

        /// A constant's value: lists in brackets (never `16x8`).
        func constantValue(_ value: Literal) -> String {
            TextSpelling.value(value, .attribute, topLevel: false) ?? "{}"
        }

        mutating func node(_ node: Node, indent: Int) {
            for comment in node.comments.leading { self.comment(comment, indent: indent) }
            out += String(repeating: "  ", count: indent)
            header(node)
            guard let list = node.list else {
                endLine(node.comments.trailing, indent: indent)
                return
            }
            let natural: NodeList.Key = node.kind == .flow ? .items : .children
            if list.key != natural {
                problems.error(.invalidValue, TextFormMessages.unprintableList(list.key.rawValue, on: node.kind, natural: natural.rawValue), at: list.location)
            }
            if list.nodes.isEmpty && node.comments.closing.isEmpty && node.comments.trailing.isEmpty {
                out += " {}\n"
                return
            }
            out += " {"
            endLine(node.comments.trailing, indent: indent + 1)
            for child in list.nodes { self.node(child, indent: indent + 1) }
            for comment in node.comments.closing { self.comment(comment, indent: indent + 1) }
            out += String(repeating: "  ", count: indent) + "}\n"
        }

        mutating func header(_ node: Node) {
            out += node.kind.rawValue
            if let name = node.name {
                if let spelled = TextSpelling.name(name) {
                    out += " " + spelled
                } else {
                    problems.error(.invalidValue, TextFormMessages.unprintableNodeName(name.summary), at: node.location)
                }
            }
            let properties = node.properties
            if let count = properties.first(where: { $0.key == .count }) {
                out += "[" + value(count, .attribute, topLevel: false) + "]"
            }
            var attributes: [String] = []
            // `when` is a modifier when a range spells it, else an attribute (TextParser+When)
            let isWhenAttribute = { (property: Property) in property.key == .when && TextSpelling.whenRange(property) == nil }
            var modifiers = properties.filter { TextSpelling.home(of: $0.key) == .modifier && !isWhenAttribute($0) }[...]
            let wrapIsWord = TextSpelling.wrapIsWord(node)
            let words = properties.compactMap { TextSpelling.headerWord(for: $0, wrapIsWord: wrapIsWord) }
            for word in words.sorted(by: { $0.rank < $1.rank }) {
                out += " " + word.word
            }
            while let property = modifiers.popFirst() {
                if property.key == .width, property.value == .string("fit"), let next = modifiers.first,
                   next.key == .height, next.value == .string("fit") {
                    modifiers.removeFirst()
                    out += " .fit"
                    continue
                }
                if property.key == .when, let range = TextSpelling.whenRange(property) {
                    out += " .when(" + range + ")"
                    continue
                }
                out += " ." + property.key.rawValue
                if TextSpelling.bareValue(of: property.key) == property.value { continue }
                if property.key == .aspect, case .number(let ratio, false) = property.value, let spelled = TextSpelling.ratio(ratio) {
                    out += "(" + spelled + ")"
                } else if case .list(let elements) = property.value, elements.count >= 2 {
                    out += "(" + elements.map { value($0, property, .modifier) }.joined(separator: ", ") + ")"
                } else {
                    out += "(" + value(property, .modifier, topLevel: false) + ")"
                }
            }
            for property in properties where TextSpelling.home(of: property.key) == .attribute || isWhenAttribute(property) {
                if property.key == .when {
                    if let spelled = TextSpelling.whenAttribute(property) {
                        attributes.append("when: " + spelled)
                    } else {
                        problems.error(.invalidValue, TextFormMessages.unprintableMapping(property.key.rawValue), at: property.location)
                        attributes.append("when: nil")
                    }
                    continue
                }
                if TextSpelling.headerWord(for: property, wrapIsWord: wrapIsWord) != nil { continue }
                attributes.append(attribute(property))
            }
            if !attributes.isEmpty { out += " (" + attributes.joined(separator: ", ") + ")" }
        }

        mutating func documentAttribute(_ key: String, _ setting: DocumentSetting) -> String {
            if let spelled = TextSpelling.value(setting.value, .attribute, topLevel: true) { return key + ": " + spelled }
            unprintable(key, setting.value, at: setting.location)
            return key + ": nil"
        }

        mutating func attribute(_ property: Property) -> String {
            property.key.rawValue + ": " + value(property, .attribute, topLevel: true)
        }

        mutating func value(_ property: Property, _ context: TextSpelling.Context, topLevel: Bool) -> String {
            value(property.value, property, context, topLevel: topLevel)
        }

        mutating func value(_ literal: Literal, _ property: Property, _ context: TextSpelling.Context, topLevel: Bool = false) -> String {
            if let spelled = TextSpelling.value(literal, context, topLevel: topLevel) { return spelled }
            unprintable(property.key.rawValue, literal, at: property.location)
            return "nil"
        }

        /// Reports a value the text form cannot write: at a reference it cannot spell, or at
        /// the key of a mapping.
        mutating func unprintable(_ key: String, _ literal: Literal, at location: SourceLocation) {
            if let reference = TextSpelling.unprintableReference(in: literal) {
                problems.error(.invalidValue, TextFormMessages.unprintableReference(key, name: reference.name), at: reference.location)
            } else {
                problems.error(.invalidValue, TextFormMessages.unprintableMapping(key), at: location)
            }
        }
    }
}
