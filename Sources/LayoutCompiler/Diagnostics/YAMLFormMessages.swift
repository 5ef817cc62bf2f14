/// The texts of the YAML form's diagnostics (`YAMLFrontEnd`, `YAMLEventStream`, `YAMLNode`,
/// `YAMLSyntaxMessage`), one function per message, grouped by the code they are reported with.
/// Keys are passed as the file wrote them, shortened (`DiagnosticText.shortened`) where long.
enum YAMLFormMessages {
    // MARK: syntax

    static let parserDidNotStart = "could not start the YAML parser"
    /// libyaml stopped without saying why.
    static let invalidYAML = "invalid YAML"

    static func tooDeep(maximum: Int) -> String {
        "nesting is deeper than \(maximum) levels; layoutc stops reading here"
    }

    /// A reader error (bad UTF-8, a control character), for which libyaml gives only the byte offset.
    static func notUTF8(_ problem: String, byte offset: Int) -> String {
        "\(problem) (byte \(offset)); a layout file must be UTF-8 text"
    }

    static func duplicateKey(_ key: String) -> String {
        "duplicate key '\(key)' in this mapping"
    }

    static let tagInLayout = "YAML tags are not supported in layout files"
    static let aliasInLayout = "YAML aliases are not supported in layout files; write the value out"
    /// In other YAML files than layouts (`.layoutlint.yml`).
    static let tag = "YAML tags are not supported here"
    static let alias = "YAML aliases are not supported here; write the value out"

    // libyaml's problem (`problem`, its own words) explained by where the line starts.

    static func tabIndentation(_ problem: String) -> String {
        "a tab is used for indentation here; YAML indents with spaces only (\(problem))"
    }

    /// A line indented unlike the items of the list that began at `list`; `keyColumn`: where the
    /// keys of its items start, when known.
    static func listIndentation(_ problem: String, column: Int, list: SourceLocation, dash: Int, keyColumn: Int?) -> String {
        var hint = "\(problem): this line starts at column \(column), but the list that began at \(list) has its '-' at column \(dash)"
        if let keyColumn {
            hint += "; indent it to column \(dash) for a new item, or to column \(keyColumn) for a key of the item above"
        } else {
            hint += "; indent it to column \(dash) for a new item"
        }
        return hint
    }

    /// libyaml broke a line at a Unicode line break (in a comment, it ends the comment there).
    static func unicodeLineBreak(_ problem: String, scalar: UInt32, at location: SourceLocation) -> String {
        let (name, escape) = switch scalar {
        case 0x85: ("U+0085 (NEXT LINE)", "\\u0085")
        case 0x2028: ("U+2028 (LINE SEPARATOR)", "\\u2028")
        default: ("U+2029 (PARAGRAPH SEPARATOR)", "\\u2029")
        }
        return "\(problem): YAML reads the \(name) at \(location) as a line break, so a comment ends there and what follows it is read as YAML; remove the character (in a double-quoted string, write it as \(escape))"
    }

    static func keyIndentation(_ problem: String, column: Int, mapping: SourceLocation, keyColumn: Int) -> String {
        "\(problem): this line starts at column \(column), but the keys of the mapping that began at \(mapping) start at column \(keyColumn)"
    }

    // MARK: missingKey

    static let noLayout = "the file holds no layout; a layout starts with a 'layout:' key"
    static let emptyDocument = "this YAML document is empty; a layout needs 'layout:' and 'root:' keys"
    static let emptyRoot = "'root' is empty; a layout needs exactly one root node"
    static let missingName = "missing key 'layout': every layout needs a name (layout: MyLayout)"
    static let emptyName = "'layout' is empty: every layout needs a name (layout: MyLayout)"
    static let missingRoot = "missing key 'root': every layout needs exactly one root node"
    static let missingKind = "this node has no kind key; start it with one of item, spacer, hgroup, vgroup, flow, overlay"

    // MARK: invalidValue

    /// `found`: the value's summary (`Literal.summary`).
    static func layoutNotAMapping(_ found: String) -> String {
        "a layout must be a mapping with 'layout:' and 'root:' keys, not \(found)"
    }

    static func notANode(_ found: String) -> String {
        "expected a node (a mapping with one of item, spacer, hgroup, vgroup, flow, overlay), found \(found)"
    }

    static func notANodeList(_ key: String, found: String) -> String {
        "'\(key)' must be a list of nodes, not \(found)"
    }

    static let keyNotAName = "a key must be a plain name"

    // MARK: misplacedKey

    static func nodeKeyInLayout(_ key: String) -> String {
        "'\(key)' belongs to a node, not to the layout; put it under 'root:'"
    }

    static func layoutKeyInConstants(_ key: String) -> String {
        "'\(key)' belongs to a layout; a document of only 'constants' and 'import' holds file constants and nothing else"
    }

    static func layoutKeyInNode(_ key: String) -> String {
        "'\(key)' belongs at the top of a layout, not inside a node"
    }

    static func secondKind(_ first: NodeKind, at location: SourceLocation) -> String {
        "a node has one kind: this mapping is already \(DiagnosticMessages.withArticle(first)) (at \(location))"
    }

    // MARK: unknownKey

    static func unknownKey(_ key: String, suggestion: String?) -> String {
        guard let suggestion else { return "unknown key '\(key)'" }
        return "unknown key '\(key)'; did you mean '\(suggestion)'?"
    }
}
