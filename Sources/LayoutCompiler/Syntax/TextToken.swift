/// One token of the text form (grammar/layout.ebnf), located at its first character.
struct TextToken {
    enum Kind: UInt8 {
        case identifier
        /// `44`, `-3`, `1.5`, `1e-07`: the lexer's `number`, `isInteger` while it is the last token.
        case number
        /// `390x844`, `10x8`: two numbers written as one token (the lexer's `number`, `second`).
        case dimensions
        /// `"…"`; its decoded text is `TextLexer.string(of:)`.
        case string
        case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
        case comma, colon, dot
        /// `/` (not `//`): only in a ratio, `.aspect(16/9)`.
        case slash
        /// `-` not followed by a digit (only `-.infinity` uses it).
        case minus
        /// `$gutter`: a constant (docs/format.md §7.5); `$` alone too (its name is empty).
        case reference
        /// `=` of `let name = value`.
        case equals
        /// `..<` and `...`: only in `.when(600..<1000)`, `.when(600...)` (docs/format.md §7.4).
        case halfOpenRange, rangeFrom
        /// Bytes that make no token; `TextLexer.problem` says why.
        case invalid
        case end
    }

    var kind: Kind
    /// Byte range in the source.
    var start: Int
    var end: Int
    var location: SourceLocation

    init(kind: Kind, start: Int, end: Int, location: SourceLocation) {
        self.kind = kind
        self.start = start
        self.end = end
        self.location = location
    }
}

/// The reserved words of the text form: node kinds, `layout`, `dynamic`, `optional`, and the literals.
/// A node or layout name that is one of them is written in quotes.
enum TextKeyword: UInt8 {
    case layout, item, spacer, hgroup, vgroup, flow, overlay, dynamic, optional
    case `true`, `false`, `nil`
    /// Not reserved, but special after a dot: `.infinity`, `.nan` are numbers, `.fit` a modifier.
    case infinity, nan
    /// Not reserved: a header word (`dynamic: wrap`) only after a node's name or count, so
    /// `item wrap` is an item named wrap (`TextParser.parseHeaderWords`).
    case wrap

    var nodeKind: NodeKind? {
        switch self {
        case .item: return .item
        case .spacer: return .spacer
        case .hgroup: return .hgroup
        case .vgroup: return .vgroup
        case .flow: return .flow
        case .overlay: return .overlay
        default: return nil
        }
    }

    /// Reserved: cannot be a bare name.
    var isReserved: Bool { self != .infinity && self != .nan && self != .wrap }

    static func of(_ text: String) -> TextKeyword? {
        var copy = text
        return copy.withUTF8 { of(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    /// Matches by length and bytes, without building a String.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> TextKeyword? {
        @inline(__always) func equals(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == bytes.count else { return false }
            let w = word.utf8Start
            for i in 0..<bytes.count where bytes[i] != w[i] { return false }
            return true
        }
        switch bytes.count {
        case 3: return equals("nil") ? .nil : equals("nan") ? .nan : nil
        case 4: return equals("item") ? .item : equals("flow") ? .flow : equals("true") ? .true : equals("wrap") ? .wrap : nil
        case 5: return equals("false") ? .false : nil
        case 6:
            if equals("layout") { return .layout }
            if equals("spacer") { return .spacer }
            if equals("hgroup") { return .hgroup }
            if equals("vgroup") { return .vgroup }
            return nil
        case 7: return equals("overlay") ? .overlay : equals("dynamic") ? .dynamic : nil
        case 8: return equals("infinity") ? .infinity : equals("optional") ? .optional : nil
        default: return nil
        }
    }
}
