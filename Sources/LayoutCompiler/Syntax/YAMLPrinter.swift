/// Any AST as YAML-form text (docs/format.md §2), comments kept, for `layoutc convert --to yaml`.
/// Reading the output with the YAML front end gives the same AST back.
/// Recursive per nesting level: call it on a large stack (`LayoutSource` does).
public enum YAMLPrinter {
    public static func print(_ file: LayoutFile) -> String {
        var printer = Printer()
        var printed = 0
        var constants = file.constantDocuments[...]
        func printConstants(before position: Int) {
            while let next = constants.first, next.position <= position {
                if printed > 0 { printer.out += "---\n" }
                printer.constantDocument(next)
                printed += 1
                constants = constants.dropFirst()
            }
        }
        for (index, document) in file.layouts.enumerated() {
            printConstants(before: index)
            if printed > 0 || document.name == nil { printer.out += "---\n" }
            printer.document(document)
            printed += 1
        }
        printConstants(before: .max)
        if !file.trailingComments.isEmpty {
            if printed > 0 { printer.out += "\n" }
            for comment in file.trailingComments { printer.comment(comment, indent: 0) }
        }
        return printer.out
    }

    /// A value as a YAML flow scalar or flow sequence.
    static func value(_ literal: Literal) -> String {
        switch literal {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let value, let isInteger):
            if value.isNaN { return ".nan" }
            if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
            return TextSpelling.number(value, isInteger: isInteger)
        case .string(let text):
            if TextSpelling.isWord(text), CoreSchema.resolve(text, isPlain: true) == .string(text), !text.hasPrefix("$") { return text }
            return quoted(text)
        case .list(let elements):
            return "[" + elements.map(value).joined(separator: ", ") + "]"
        case .mapping:
            return "{}"
        case .reference(let reference):
            return "$" + reference.name
        }
    }

    /// A property's value; a mapping that is read (`when`) as a flow mapping of its entries.
    static func value(_ property: Property) -> String {
        guard let entries = property.entries else { return value(property.value) }
        let keys = entries.map { entry in
            TextSpelling.isWord(entry.key) && CoreSchema.resolve(entry.key, isPlain: true) == .string(entry.key) ? entry.key : quoted(entry.key)
        }
        return "{" + zip(keys, entries).map { $0 + ": " + value($1.value) }.joined(separator: ", ") + "}"
    }

    /// A double-quoted YAML scalar; everything libyaml would not take as printable, and the
    /// line breaks NEL, LS and PS, are escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                let v = scalar.value
                let printable = (v >= 0x20 && v <= 0x7E) || (v >= 0xA0 && v <= 0xD7FF && v != 0x2028 && v != 0x2029) || (v >= 0xE000 && v <= 0xFFFD && v != 0xFEFF) || v >= 0x10000
                if printable {
                    out.unicodeScalars.append(scalar)
                } else if v <= 0xFFFF {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                }
            }
        }
        return out + "\""
    }

    private struct Printer {
        var out = ""

        func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

        mutating func comment(_ text: String, indent: Int) {
            out += spaces(indent) + "#" + text + "\n"
        }

        mutating func endLine(_ trailing: [String], indent: Int) {
            if let first = trailing.first { out += "  #" + first }
            out += "\n"
            for extra in trailing.dropFirst() { comment(extra, indent: indent) }
        }

        mutating func document(_ document: LayoutDocument) {
            for comment in document.comments.leading { self.comment(comment, indent: 0) }
            var trailing = document.comments.trailing[...]
            if let name = document.name {
                out += "layout: " + YAMLPrinter.value(name)
                endLine(Array(trailing), indent: 0)
                trailing = []
            }
            scope(document.scope)
            if let size = document.size { out += "size: " + YAMLPrinter.value(size.value) + "\n" }
            if let safeArea = document.safeArea { out += "safeArea: " + YAMLPrinter.value(safeArea.value) + "\n" }
            if let fit = document.fit { out += "fit: " + YAMLPrinter.value(fit.value) + "\n" }
            for comment in trailing { self.comment(comment, indent: 0) }
            if let root = document.root {
                out += "root:\n"
                node(root, keyIndent: 2, dash: false)
            }
            for comment in document.comments.closing { self.comment(comment, indent: 0) }
        }

        mutating func constantDocument(_ document: ConstantDocument) {
            for comment in document.comments.leading { self.comment(comment, indent: 0) }
            scope(document.scope)
            for comment in document.comments.trailing + document.comments.closing { self.comment(comment, indent: 0) }
        }

        /// `import` and `constants` of a document (docs/format.md §7.5).
        mutating func scope(_ scope: ConstantScope) {
            if scope.importLocation != nil {
                let paths = scope.imports.map { YAMLPrinter.value($0.path) }
                let commented = scope.imports.contains { !$0.comments.isEmpty || !$0.trailing.isEmpty }
                if commented && (scope.importIsList || paths.count != 1) {
                    // One path a line, so that each path's comments stay with it.
                    out += "import:\n"
                    for (path, text) in zip(scope.imports, paths) {
                        for comment in path.comments { self.comment(comment, indent: 2) }
                        out += "  - " + text
                        endLine(path.trailing, indent: 2)
                    }
                } else if scope.importIsList || paths.count != 1 {
                    out += "import: [" + paths.joined(separator: ", ") + "]\n"
                } else {
                    for comment in scope.imports[0].comments { self.comment(comment, indent: 0) }
                    out += "import: " + paths[0]
                    endLine(scope.imports[0].trailing, indent: 0)
                }
            }
            defer { parameters(scope) }
            guard scope.constantsLocation != nil else { return }
            if let value = scope.constantsNotAMapping {
                out += "constants: " + YAMLPrinter.value(value) + "\n"
            } else if scope.constants.isEmpty {
                out += "constants: {}\n"
            } else {
                out += "constants:\n"
                for constant in scope.constants {
                    for comment in constant.comments { self.comment(comment, indent: 2) }
                    out += "  " + YAMLPrinter.value(.string(constant.name)) + ": " + YAMLPrinter.value(constant.value)
                    endLine(constant.trailing, indent: 2)
                }
            }
        }

        /// A layout's `parameters` (docs/format.md §8.1), after its constants.
        mutating func parameters(_ scope: ConstantScope) {
            guard scope.parametersLocation != nil else { return }
            if let value = scope.parametersNotAMapping {
                out += "parameters: " + YAMLPrinter.value(value) + "\n"
            } else if scope.parameters.isEmpty {
                out += "parameters: {}\n"
            } else {
                out += "parameters:\n"
                for parameter in scope.parameters {
                    for comment in parameter.comments { self.comment(comment, indent: 2) }
                    out += "  " + YAMLPrinter.value(.string(parameter.name)) + ": " + YAMLPrinter.value(parameter.value)
                    endLine(parameter.trailing, indent: 2)
                }
            }
        }

        /// A node as a block mapping whose keys start at `keyIndent` (its first line after
        /// `- ` when `dash`).
        mutating func node(_ node: Node, keyIndent: Int, dash: Bool) {
            for comment in node.comments.leading { self.comment(comment, indent: dash ? keyIndent - 2 : keyIndent) }
            out += dash ? spaces(keyIndent - 2) + "- " : spaces(keyIndent)
            out += node.kind.rawValue + ":"
            if let name = node.name { out += " " + YAMLPrinter.value(name) }
            endLine(node.comments.trailing, indent: keyIndent)
            for property in node.properties {
                out += spaces(keyIndent) + property.key.rawValue + ": " + YAMLPrinter.value(property) + "\n"
            }
            if let list = node.list {
                out += spaces(keyIndent) + list.key.rawValue + ":"
                if list.nodes.isEmpty && node.comments.closing.isEmpty {
                    out += " []\n"
                    return
                }
                out += "\n"
                for child in list.nodes { self.node(child, keyIndent: keyIndent + 4, dash: true) }
                for comment in node.comments.closing { self.comment(comment, indent: keyIndent + 2) }
            } else {
                for comment in node.comments.closing { self.comment(comment, indent: keyIndent) }
            }
        }
    }
}
