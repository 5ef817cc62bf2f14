/// The texts of the text form's diagnostics (`TextLexer`, `TextParser`, `TextPrinter`), one
/// function per message, grouped by the code they are reported with. Almost all are `syntax`:
/// each says how to write what the file wrote another way. Names and keys from the file are
/// passed shortened (`DiagnosticText.shortened`) where they can be long.
enum TextFormMessages {
    // MARK: How messages name things

    /// `layout Player`, or `the layout` when it has no name that can be written.
    static func layoutOwner(_ name: String?) -> String {
        name.map { "layout \($0)" } ?? "the layout"
    }

    /// `item 'title'`, or `the item at 3:5` when it has no name.
    static func nodeTitle(_ kind: NodeKind, name: String?, at location: SourceLocation) -> String {
        guard let name, !name.isEmpty else { return "the \(kind.rawValue) at \(location)" }
        return "\(kind.rawValue) '\(name)'"
    }

    static func unnamedNode(_ kind: NodeKind) -> String {
        "the \(kind.rawValue)"
    }

    static let endOfFile = "the end of the file"

    /// A token as "found …" shows it: at most 40 bytes of it.
    static func token(_ text: String, truncated: Bool) -> String {
        "'\(text)\(truncated ? "…" : "")'"
    }

    // MARK: syntax: tokens (TextLexer)

    static func controlCharacter(_ byte: UInt8) -> String {
        "unexpected control character (byte \(byte))"
    }

    static let percentSign = "unexpected character '%': a share of the free space is written .percent(50), a size as a plain number"

    static func unexpectedCharacter(_ shown: String) -> String {
        "unexpected character '\(shown)'"
    }

    /// `44pt`: `number` is the text without its unit.
    static func numberWithUnit(_ text: String, number: String) -> String {
        "'\(text)' is not a number: sizes are plain numbers, in points; write \(number)"
    }

    static func notANumber(_ text: String) -> String {
        "'\(text)' is not a number (numbers are like 44, -3, 1.5 or 1e3, at most 1e9 in size; sizes like 390x844)"
    }

    static let badUnicodeEscape = "'\\u' must be followed by {hex digits} naming a Unicode scalar, as in \\u{2028}"

    static func unknownEscape(_ escaped: Character) -> String {
        "unknown escape '\\\(escaped)' in a string; use \\\" \\\\ \\n \\t \\r \\0 or \\u{hex}"
    }

    static let unterminatedString = "this string has no closing '\"' on its line"
    static let stringNotUTF8 = "this string is not valid UTF-8"
    static let commentNotUTF8 = "this comment is not valid UTF-8"

    // MARK: syntax: what was expected

    /// `what`: one of the expectations below; `hint`: `keywordCase` or "".
    static func expected(_ what: String, found: String, hint: String) -> String {
        "expected \(what), found \(found)\(hint)"
    }

    /// `Layout`, `Item`: a keyword in other letter case.
    static func keywordCase(_ lowercased: String) -> String {
        "; keywords are lowercase: write '\(lowercased)'"
    }

    static let expectedLayout = "'layout' to start a layout, such as 'layout Player {'"

    static func expectedLayoutBody(_ owner: String, at location: SourceLocation) -> String {
        "'{' to open the body of \(owner) (at \(location))"
    }

    static func expectedNodeOrClose(_ owner: String, openedAt open: SourceLocation) -> String {
        "a node (item, spacer, hgroup, vgroup, flow or overlay) or '}' to close \(owner) opened at \(open)"
    }

    static func expectedCountClose(_ title: String, openedAt open: SourceLocation) -> String {
        "']' to close the count of \(title) opened at \(open)"
    }

    static func expectedAfterNodeHeader(_ title: String) -> String {
        "a modifier such as .height(44), an attribute list '(…)', '{' or the next node after \(title)"
    }

    static let expectedModifierName = "a modifier name after '.', such as .height(44)"

    static func expectedArgumentsClose(_ name: String, openedAt open: SourceLocation) -> String {
        "',' or ')' to close the arguments of '.\(name)' opened at \(open)"
    }

    static let expectedRatio = "a ratio of two numbers such as .aspect(16/9)"

    static func expectedAttributeName(openedAt open: SourceLocation) -> String {
        "an attribute name such as padding, in the attribute list opened at \(open)"
    }

    static func expectedColon(after key: String) -> String {
        "':' after the attribute name '\(key)'"
    }

    static func expectedAttributesClose(openedAt open: SourceLocation) -> String {
        "',' or ')' to close the attribute list opened at \(open)"
    }

    static let expectedWordAfterDot = "a word after '.', such as .fit"
    static let expectedNumberAfterMinus = "a number after '-'"
    static let expectedValue = "a value (a number, a word, a \"string\", true, false, nil or a [list])"

    static let expectedWhenRange = "a width range such as 600..., ..<600 or 600..<1000"
    static let expectedWhenFlag = "'flag:' or 'unless:' after ',' in '.when' (.when(600..., flag: compact))"
    static let expectedWhenRangeOperator = "'...' or '..<' after the lower width of '.when' (600... or 600..<1000)"

    static func closedWhenRange(_ lower: String) -> String {
        "'.when' takes a half-open range, present for widths from \(lower) up to but not including the upper bound: write \(lower)..<b, or \(lower)... with no upper bound"
    }

    static func whenAsAttribute(_ range: String) -> String {
        "write this width range as the modifier .when(\(range)) before the attribute list"
    }

    static func expectedListClose(openedAt open: SourceLocation) -> String {
        "',' or ']' to close the list opened at \(open)"
    }

    // MARK: syntax: layouts and nodes

    static let nodeOutsideLayout = "a node must be inside a layout: write 'layout Name {' before it and '}' after it"
    static let layoutModifier = "a layout takes no modifiers; give the root node its modifiers, and the layout (size: …, safeArea: …, fit: …)"
    static let secondRoot = "a layout has exactly one root node; put these nodes in a vgroup or hgroup"

    static func tooDeep(maximum: Int) -> String {
        "nesting is deeper than \(maximum) levels of nodes; layoutc skips this block"
    }

    static func listsTooDeep(maximum: Int) -> String {
        "lists are nested deeper than \(maximum) levels"
    }

    static func unclosedAtEnd(_ owner: String, openedAt open: SourceLocation) -> String {
        "expected '}' to close \(owner) opened at \(open), found the end of the file"
    }

    static func unclosedBeforeLayout(_ owner: String, openedAt open: SourceLocation) -> String {
        "expected '}' to close \(owner) opened at \(open) before the next layout"
    }

    /// A block left open (at the end of the file, or `before` the next layout) whose `}` went,
    /// by indentation, to an inner block: that inner block is the one missing its `}`.
    static func likelyUnclosed(_ owner: String, closedAt close: SourceLocation, leftOpen outer: String,
                               openedAt open: SourceLocation, before next: SourceLocation?) -> String {
        "\(owner) probably misses its '}': the '}' at \(close), indented less than this line, closes it, so \(outer) opened at "
            + "\(open) is left open \(next.map { "before the next layout at \($0)" } ?? "at the end of the file"); "
            + "add a '}' after its last child"
    }

    static func unknownNodeKind(_ word: String, suggestion: String) -> String {
        "unknown node kind '\(word)'; did you mean '\(suggestion)'?"
    }

    static let modifierAfterAttributes = "modifiers come before the attribute list: move this one before '('"

    /// `place`: "the name" or "the count" (`PropertyCollector.WrapPlace`); nil for a node with
    /// neither, where `dynamic` and `optional` follow the kind.
    static func lateFlag(_ flag: String, of title: String, kind: NodeKind, place: String?) -> String {
        guard let place else {
            return "write '\(flag)' right after '\(kind.rawValue)' in \(title), before its modifiers and attributes"
        }
        return "write '\(flag)' right after \(place) of \(title), before its modifiers and attributes"
    }

    /// `item dynamic wrap`, `item .height(3) wrap`: `wrap` after a node with no name or count.
    static let wrapWithoutName = "'wrap' can follow only a name or a count ('item wrap' is an item named wrap); a node without either writes (dynamic: wrap) in its attribute list"

    /// `dynamic wrap`: both values of `dynamic` as words.
    static func dynamicAndWrap(_ first: String, _ second: String, first location: SourceLocation) -> String {
        "'\(first)' (at \(location)) and '\(second)' are two values of 'dynamic': write one of them (dynamic: its size comes at run time; wrap: its text wraps at the width it gets)"
    }

    static func flagOrder(_ flag: String, before other: String) -> String {
        "write '\(flag)' before '\(other)'"
    }

    /// `close-button`: `camel` is its lowerCamelCase spelling.
    static func hyphenatedName(_ text: String, camel: String) -> String {
        "'\(text)' is not a name: names are identifiers (letters, digits and _, not starting with a digit), so no '-'; write \(camel)"
    }

    static func quotedName(_ name: String) -> String {
        "write the name \(name) without quotes"
    }

    // MARK: syntax: modifiers

    static let fitWithValue = "'.fit' takes no value: it makes both width and height fit; for one axis write .width(.fit) or .height(.fit)"

    /// `dynamic`, `optional` (a key also written as a word) as a modifier: `.optional` and
    /// `.optional(true)` are the word, `.optional(false)` the attribute. `place`: `flagPlace`.
    static func flagAsModifier(_ name: String, value: String?, place: String) -> String {
        guard let value, value != "true" else { return "'.\(name)' is not a modifier: write '\(name)' \(place)" }
        return "'.\(name)' is not a modifier: write (\(name): \(value)) in the attribute list"
    }

    /// A key of the attribute list written as a modifier; `value`: its argument as the
    /// attribute list writes it, if it had one.
    static func attributeAsModifier(_ name: String, value: String?) -> String {
        "'\(name)' is not a modifier: write it in the attribute list, (\(name): \(value ?? "…"))"
    }

    /// "after the name", "after the count", or for a node with neither "right after 'item'".
    static func flagPlace(_ place: String?, kind: String) -> String {
        place.map { "after \($0)" } ?? "right after '\(kind)'"
    }

    /// `.wrap`, `.dynamic(.wrap)`: `written` as written; `place` as in `wrapAsAttribute`, nil
    /// for a node with neither a name nor a count.
    static func wrapAsModifier(_ written: String, place: String?) -> String {
        "'\(written)' is not a modifier: " + (place.map { "write 'wrap' after \($0)" } ?? "write (dynamic: wrap) in the attribute list")
    }

    static let countAsModifier = "'count' is not a modifier: write the count after the name, as in item chip[12]"

    static func modifierNeedsValue(_ name: String, key: PropertyKey) -> String {
        "'.\(name)' needs a value in parentheses, such as .\(name)(\(example(key)))"
    }

    /// `spelled`: the value as the modifier's argument would write it.
    static func bareModifierWithValue(_ name: String, spelled: String) -> String {
        "write '.\(name)' without '(\(spelled))'"
    }

    static let longFit = "write '.fit' instead of '.width(.fit) .height(.fit)'"

    static func notAModifier(_ name: String, modifiers: [String]) -> String {
        "'.\(name)' is not a modifier; modifiers are \(modifiers.map { "." + $0 }.joined(separator: ", "))"
    }

    static func emptyArguments(_ name: String) -> String {
        "'.\(name)()' needs a value in its parentheses"
    }

    static func bracketedArguments(_ name: String) -> String {
        "write the list's elements as the arguments, .\(name)(a, b), without '[ ]'"
    }

    static func ratioOutsideAspect(_ name: String) -> String {
        "'/' writes a ratio only in .aspect(16/9); write '.\(name)' a number"
    }

    // MARK: syntax: attributes

    static let emptyAttributes = "an empty attribute list: leave out the '( )'"
    static let trailingComma = "no ',' after the last attribute"

    /// `place`: `flagPlace`.
    static func flagAsAttribute(_ key: String, place: String) -> String {
        "write '\(key)' \(place) instead of (\(key): true)"
    }

    /// `(dynamic: wrap)` on a node with a name (or a count): `place` is "the name" or "the count".
    static func wrapAsAttribute(after place: String) -> String {
        "write 'wrap' after \(place) instead of (dynamic: wrap)"
    }

    /// `(wrap: …)` on a node.
    static func wrapAttribute(place: String?) -> String {
        "unknown attribute 'wrap'; for text that wraps " + (place.map { "(dynamic: wrap) write 'wrap' after \($0)" } ?? "write (dynamic: wrap)")
    }

    /// `layout`'s `fit` in a node's attributes; `spelled`: its value as written there.
    static func layoutAttributeInNode(_ key: String, spelled: String?) -> String {
        "'\(key)' belongs to the layout: write it in the layout's attribute list, layout Name (\(key): \(spelled ?? "height")) {; a node that fits its content writes .width(.fit), .height(.fit) or .fit"
    }

    /// `isBare`: the value is the one the modifier means without parentheses; `spelled`: the
    /// value as a modifier writes it, nil when it cannot.
    static func modifierAsAttribute(_ key: String, isBare: Bool, spelled: String?) -> String {
        "'\(key)' is a modifier: write .\(key)\(isBare ? "" : "(\(spelled ?? "…"))") before the attribute list"
    }

    static func countAsAttribute(_ spelled: String?) -> String {
        "write the count after the name, as in item chip[\(spelled ?? "12")]"
    }

    static func kindAsAttribute(_ key: String) -> String {
        "'\(key)' is a node kind, not an attribute; a node has one kind"
    }

    static func listAsAttribute(_ key: String) -> String {
        "'\(key)' is not an attribute: a node's \(key) go in braces { … } after it"
    }

    static func layoutKeyAsAttribute(_ key: String) -> String {
        "'\(key)' belongs to the layout itself: 'layout Name { root node }'"
    }

    static func duplicateLayoutAttribute(_ key: String, first: SourceLocation) -> String {
        "duplicate attribute '\(key)' (first at \(first))"
    }

    static let layoutNameAsAttribute = "the layout's name follows the word 'layout': 'layout Name (size: …) {'"
    static let rootAsAttribute = "the root node goes in the layout's braces: 'layout Name { vgroup main { … } }'"

    static func duplicateProperty(_ key: String, first: SourceLocation) -> String {
        "duplicate '\(key)' on this node (first at \(first))"
    }

    // MARK: syntax: values

    static func insetCount(_ count: Int) -> String {
        "insets are four numbers, top leading bottom trailing (such as 59 0 34 0), or one number for all four; here are \(count)"
    }

    /// `390x844` where it is not an attribute's value.
    static func dimensionsAsArguments(_ width: String, _ height: String) -> String {
        "write the two numbers as arguments, (\(width), \(height)); 'WxH' is for attributes"
    }

    static func dimensionsInList(_ width: String, _ height: String) -> String {
        "write this pair as [\(width), \(height)] inside a list"
    }

    /// `spelled`: the word as it is written in its place.
    static func quotedWord(_ spelled: String) -> String {
        "write \(spelled) without quotes"
    }

    static func wordWithoutDot(_ word: String) -> String {
        "inside a modifier a word is written with a dot: .\(word)"
    }

    static func wordWithDot(_ word: String) -> String {
        "in an attribute a word is written without a dot: \(word)"
    }

    static func longList(_ short: String) -> String {
        "write this list as \(short)"
    }

    // MARK: missingKey

    static let noLayout = "the file holds no layout; a layout starts with 'layout Name {'"
    static let missingName = "a layout needs a name: 'layout MyLayout {'"

    static func missingRoot(_ owner: String) -> String {
        "\(owner) has no root node; put exactly one node in its braces"
    }

    // MARK: misplacedKey

    static func nodeKeyInLayout(_ key: String) -> String {
        "'\(key)' belongs to a node, not to the layout; put it on the root node"
    }

    // MARK: unknownKey

    static func unknownModifier(_ name: String, suggestion: String) -> String {
        "unknown modifier '.\(name)'; did you mean '.\(suggestion)'?"
    }

    static func unknownModifier(_ name: String, attribute: String) -> String {
        "unknown modifier '.\(name)'; did you mean the attribute (\(attribute): …)?"
    }

    /// A near miss of `dynamic` or `optional` without a value: the word. `place`: `flagPlace`.
    static func unknownModifier(_ name: String, flag: String, place: String) -> String {
        "unknown modifier '.\(name)'; did you mean '\(flag)' \(place)?"
    }

    static func unknownModifier(_ name: String) -> String {
        "unknown modifier '.\(name)'"
    }

    /// `suggestion`: a key, and whether the text form writes it as a modifier; `modifier`: that
    /// modifier written with the attribute's value (`.height(20)`, `.safeArea`), where it can be.
    static func unknownAttribute(_ key: String, suggestion: (key: String, isModifier: Bool)?, modifier: String? = nil) -> String {
        guard let suggestion else { return "unknown attribute '\(key)'" }
        let spelled = suggestion.isModifier ? "the modifier \(modifier ?? "." + suggestion.key)" : "'\(suggestion.key)'"
        return "unknown attribute '\(key)'; did you mean \(spelled)?"
    }

    // MARK: invalidValue (printing the text form, `layoutc convert`)

    /// `literal`: the name as the file wrote it (`Literal.summary`).
    static func constantsAsAttribute(_ key: String) -> String {
        key == "parameters"
            ? "'parameters' is no attribute: write 'param name = number' inside the layout's braces, before its node"
            : "'\(key)' is no attribute: write 'let name = value' or 'import \"File.layout\"' inside the layout's braces, before its node"
    }

    static let expectedConstantName = "a constant's name after 'let', such as 'let gutter = 16'"
    static let expectedParameterName = "a parameter's name after 'param', such as 'param inset = 16'"

    static func expectedEquals(_ name: String, parameter: Bool = false) -> String {
        parameter ? "'=' after the parameter's name, as in 'param \(name) = 16'" : "'=' after the constant's name, as in 'let \(name) = 16'"
    }

    static func unprintableParameters(_ literal: String) -> String {
        "'parameters' holding \(literal) cannot be written in the text form (it writes 'param name = number')"
    }

    static func unprintableConstants(_ literal: String) -> String {
        "'constants' holding \(literal) cannot be written in the text form (it writes 'let name = value')"
    }

    static func unprintableImport(_ literal: String) -> String {
        "an import holding \(literal) cannot be written in the text form; an import is a file's path, as in 'import \"Tokens.layout\"'"
    }

    static func unprintableLayoutName(_ literal: String) -> String {
        "the layout name \(literal) cannot be written in the text form"
    }

    static func unprintableNodeName(_ literal: String) -> String {
        "the node name \(literal) cannot be written in the text form"
    }

    /// `children` on a flow or `items` on a group: the text form's braces hold only `natural`.
    static func unprintableList(_ key: String, on kind: NodeKind, natural: String) -> String {
        "'\(key)' on \(DiagnosticMessages.withArticle(kind)) cannot be written in the text form, where a \(kind.rawValue)'s braces hold its \(natural)"
    }

    static func unprintableReference(_ key: String, name: String) -> String {
        "'\(key)' holds '$\(DiagnosticText.shortened(name))', which the text form cannot write: "
            + "a constant's name is letters, digits and '_' right after the '$'"
    }

    static func unprintableMapping(_ key: String) -> String {
        "'\(key)' holds a mapping, which the text form cannot write"
    }

    // MARK: -

    /// A value for `key` in a modifier's parentheses, for "such as .padding(8)".
    private static func example(_ key: PropertyKey) -> String {
        switch key {
        case .size: return "80, 30"
        case .percent: return "33"
        case .aspect: return "16/9"
        case .shrink: return "1"
        case .alignSelf: return ".center"
        case .width, .height: return "44"
        default: return "8"
        }
    }

    static let parameterInNode = "a parameter belongs to its layout: write 'param NAME = NUMBER' right after the layout's '{', before its node"

}
