/// Spelling of Swift identifiers and literals.
enum SwiftSpelling {
    /// Keywords, and the contextual words that cannot stand alone as a member name.
    static let reserved: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "some", "any",
    ]

    /// The name as a Swift identifier, in backticks where it is a keyword.
    static func identifier(_ name: String) -> String {
        reserved.contains(name) || name == "_" ? "`\(name)`" : name
    }

    /// The name as the argument label of a parameter: `inout`, `var` and `let` need backticks
    /// there, and so does `_`, which unescaped means "no label" (`` `_` `` is the label `_`).
    static func label(_ name: String) -> String {
        ["inout", "var", "let", "_"].contains(name) ? "`\(name)`" : name
    }

    /// The name as the argument label of a call: only `inout` and `_` need backticks there
    /// (escaping `var` or `let` draws a warning).
    static func argumentLabel(_ name: String) -> String {
        ["inout", "_"].contains(name) ? "`\(name)`" : name
    }

    /// A Double literal that reads back as exactly `value`.
    static func literal(_ value: Double) -> String {
        if value.isNaN { return "Swift.Double.nan" }
        if value.isInfinite { return value < 0 ? "(-Swift.Double.infinity)" : "Swift.Double.infinity" }
        let text = "\(value)"
        return value.sign == .minus ? "(\(text))" : text
    }

    /// A string literal.
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
