/// Splits text-form source into tokens, one at a time, in one pass over the bytes. Columns
/// count Unicode scalars, as the YAML front end's do. Comments are not tokens: they collect in
/// `comments` for the parser to attach to nodes.
struct TextLexer {
    struct Comment {
        /// The text after `//` or `#`, trailing spaces removed.
        var text: String
        var location: SourceLocation
        /// Whether the comment shares its line with the token before it.
        var endsLine: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0
    private var line = 1
    private var column = 1
    /// The line of the last token returned (0 before the first).
    private var lastTokenLine = 0
    /// Comments passed since the parser last took them, in order.
    var comments: [Comment] = []
    /// Why the last `.invalid` token is not a token.
    private(set) var problem = ""
    /// The value of the last `.number` token, and of the first of a `.dimensions` token's two
    /// (`second` the other): kept here, not in every token, so a token is its kind and place
    /// (issue 22: each token is returned and copied to the parser's `previous`).
    private(set) var number = 0.0
    private(set) var isInteger = false
    private(set) var second = 0.0
    private(set) var secondIsInteger = false
    /// Where comments hold bytes that are not UTF-8 (the first bad byte of each): a `syntax`
    /// error, as in strings, rather than text that `format` would silently change to U+FFFD.
    private(set) var invalidCommentBytes: [SourceLocation] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not content.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    /// Where the file ends, for "expected … at the end of the file".
    var endLocation: SourceLocation { SourceLocation(line: line, column: column) }

    mutating func next() -> TextToken {
        // Most tokens follow another directly (`.height(44)`): the call into `skipTrivia`, which
        // stores its three positions back, is made only when a byte that starts trivia is
        // here (issue 22).
        if offset >= bytes.count || Self.mayStartTrivia(bytes[offset]) { skipTrivia() }
        let start = offset
        let location = SourceLocation(line: line, column: column)
        lastTokenLine = line
        let bytes = self.bytes
        guard start < bytes.count else { return TextToken(kind: .end, start: start, end: start, location: location) }
        let byte = bytes[start]
        // Words first, the commonest tokens, scanned in a local (issue 22): the stored offset
        // was written back at every byte.
        if Self.isIdentifierStart(byte) {
            var end = start + 1
            while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
            offset = end
            column += end - start
            return TextToken(kind: .identifier, start: start, end: end, location: location)
        }
        if Self.isDigitByte(byte), let integer = plainInteger(start: start, location: location) {
            return integer
        }
        let single: TextToken.Kind?
        switch byte {
        case UInt8(ascii: "{"): single = .leftBrace
        case UInt8(ascii: "}"): single = .rightBrace
        case UInt8(ascii: "("): single = .leftParen
        case UInt8(ascii: ")"): single = .rightParen
        case UInt8(ascii: "["): single = .leftBracket
        case UInt8(ascii: "]"): single = .rightBracket
        case UInt8(ascii: ","): single = .comma
        case UInt8(ascii: ":"): single = .colon
        case UInt8(ascii: "."): single = .dot
        case UInt8(ascii: "-"): single = isDigit(at: offset + 1) ? nil : .minus
        case UInt8(ascii: "/"): single = .slash  // `//` is a comment, skipped above
        case UInt8(ascii: "="): single = .equals
        default: single = nil
        }
        if byte == UInt8(ascii: "$") {
            offset += 1
            while offset < bytes.count, Self.isIdentifierByte(bytes[offset]) { offset += 1 }
            column += offset - start
            return TextToken(kind: .reference, start: start, end: offset, location: location)
        }
        if byte == UInt8(ascii: "."), offset + 2 < bytes.count, bytes[offset + 1] == UInt8(ascii: "."),
           bytes[offset + 2] == UInt8(ascii: "<") || bytes[offset + 2] == UInt8(ascii: ".") {
            let kind: TextToken.Kind = bytes[offset + 2] == UInt8(ascii: "<") ? .halfOpenRange : .rangeFrom
            offset += 3
            column += 3
            return TextToken(kind: kind, start: start, end: offset, location: location)
        }
        if let single {
            offset += 1
            column += 1
            return TextToken(kind: single, start: start, end: offset, location: location)
        }
        if byte == UInt8(ascii: "-") || Self.isDigitByte(byte) {
            return number(start: start, location: location)
        }
        if byte == UInt8(ascii: "\"") {
            return string(start: start, location: location)
        }
        // Anything else: one character (a whole UTF-8 sequence) that starts no token.
        offset += 1
        while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        column += 1
        let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        problem = byte < 0x20 || byte == 0x7F ? TextFormMessages.controlCharacter(byte)
            : byte == UInt8(ascii: "%") ? TextFormMessages.percentSign
            : TextFormMessages.unexpectedCharacter(shown)
        return TextToken(kind: .invalid, start: start, end: offset, location: location)
    }

    /// The text of an identifier token.
    func text(of token: TextToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    /// The token's text after its first `count` bytes: the name of a `$NAME`, decoded once
    /// from the bytes rather than cut from a `String` at its first `Character`.
    func text(of token: TextToken, droppingBytes count: Int) -> String {
        let start = min(token.start + count, token.end)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<token.end]), as: UTF8.self)
    }

    /// The bytes of a token, for lookups that need no String.
    func slice(of token: TextToken) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
    }

    /// Whether the next two tokens would be an identifier and a `:`, read from the bytes: what
    /// two calls of `next()` on a copy would say, without the copy (its comments and messages
    /// retained and released) or the tokens. Asked at every modifier's `(` (issue 22).
    func nextIsIdentifierAndColon() -> Bool {
        var i = Self.pastTrivia(bytes, from: offset)
        guard i < bytes.count, Self.isIdentifierStart(bytes[i]) else { return false }
        i += 1
        while i < bytes.count, Self.isIdentifierByte(bytes[i]) { i += 1 }
        i = Self.pastTrivia(bytes, from: i)
        return i < bytes.count && bytes[i] == UInt8(ascii: ":")
    }

    /// The first offset from `start` that is not white space or in a comment (as `skipTrivia`).
    private static func pastTrivia(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                i += 1
            case UInt8(ascii: "#"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            default:
                return i
            }
        }
        return i
    }

    func keyword(of token: TextToken) -> TextKeyword? {
        guard token.kind == .identifier else { return nil }
        return TextKeyword.of(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
    }

    /// The decoded content of a string token, or nil when it is not valid UTF-8.
    func string(of token: TextToken) -> String? {
        var out: [UInt8] = []
        var i = token.start + 1
        let end = token.end - 1
        out.reserveCapacity(end - i)
        while i < end {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            i += 1
            switch bytes[i] {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0"): out.append(0x00)
            case UInt8(ascii: "u"):
                // \u{hex}: validated by the lexer
                i += 2
                var value: UInt32 = 0
                while bytes[i] != UInt8(ascii: "}") {
                    value = value * 16 + UInt32(Self.hexValue(bytes[i]) ?? 0)
                    i += 1
                }
                if let scalar = Unicode.Scalar(value) { out.append(contentsOf: Array(String(Character(scalar)).utf8)) }
            default: out.append(bytes[i])  // \" and \\
            }
            i += 1
        }
        return String(validating: out, as: UTF8.self)
    }

    // MARK: Scanning

    /// Runs in locals, stored back only around a comment and at the end (issue 22).
    private mutating func skipTrivia() {
        let bytes = self.bytes
        var i = offset
        var column = self.column
        var line = self.line
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i += 1
                column += 1
            case UInt8(ascii: "\n"):
                i += 1
                line += 1
                column = 1
            case UInt8(ascii: "#"):
                (offset, self.column, self.line) = (i, column, line)
                comment(markerLength: 1)
                (i, column, line) = (offset, self.column, self.line)
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                (offset, self.column, self.line) = (i, column, line)
                comment(markerLength: 2)
                (i, column, line) = (offset, self.column, self.line)
            default:
                (offset, self.column, self.line) = (i, column, line)
                return
            }
        }
        (offset, self.column, self.line) = (i, column, line)
    }

    private mutating func comment(markerLength: Int) {
        let location = SourceLocation(line: line, column: column)
        let textStart = offset + markerLength
        var end = textStart
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
            if bytes[end] & 0xC0 != 0x80 { column += 1 }
            end += 1
        }
        column += markerLength
        offset = end
        var textEnd = end
        while textEnd > textStart, bytes[textEnd - 1] == UInt8(ascii: " ") || bytes[textEnd - 1] == UInt8(ascii: "\t") || bytes[textEnd - 1] == UInt8(ascii: "\r") {
            textEnd -= 1
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[textStart..<textEnd])
        if let bad = Self.firstInvalidUTF8(slice) {
            let scalarsBefore = slice[..<bad].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            invalidCommentBytes.append(SourceLocation(line: location.line, column: location.column + markerLength + scalarsBefore))
        }
        let text = String(decoding: slice, as: UTF8.self)
        comments.append(Comment(text: text, location: location, endsLine: lastTokenLine == location.line))
    }

    /// The offset of the first byte that starts no valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// A plain integer (`44`), most numbers: read in one loop, as `number` would read it (up
    /// to 15 digits are exact in a Double), inlined into `next` with neither a call nor
    /// `scanNumber`'s optional tuple and its tests for a fraction, an exponent and `x`, which
    /// cost some 90 instructions a number (issue 22). Nil when anything else follows the
    /// digits (a `.`, a letter, a 16th digit): `number` then reads it from the start.
    @inline(__always)
    private mutating func plainInteger(start: Int, location: SourceLocation) -> TextToken? {
        let bytes = self.bytes
        var i = start
        var value = 0
        while i < bytes.count, i - start < 15, Self.isDigitByte(bytes[i]) {
            value = value &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0"))
            i += 1
        }
        guard i > start, i == bytes.count || !(Self.isIdentifierByte(bytes[i]) || bytes[i] == UInt8(ascii: ".")) else {
            return nil
        }
        number = Double(value)
        isInteger = true
        offset = i
        column += i - start
        return TextToken(kind: .number, start: start, end: i, location: location)
    }

    /// `-`? digits (`.` digits)? ([eE] [+-]? digits)?, optionally `x` and a second such number.
    private mutating func number(start: Int, location: SourceLocation) -> TextToken {
        var token = TextToken(kind: .number, start: start, end: start, location: location)
        guard let (first, firstInteger) = scanNumber() else { return invalidRun(start: start, location: location) }
        number = first
        isInteger = firstInteger
        if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "x"),
           isDigit(at: offset + 1) || (bytes[offset + 1] == UInt8(ascii: "-") && isDigit(at: offset + 2)) {
            offset += 1
            guard let (second, secondInteger) = scanNumber() else { return invalidRun(start: start, location: location) }
            token.kind = .dimensions
            self.second = second
            self.secondIsInteger = secondInteger
        }
        if offset < bytes.count, Self.isIdentifierByte(bytes[offset]) || (bytes[offset] == UInt8(ascii: ".") && isDigit(at: offset + 1)) {
            return invalidRun(start: start, location: location)
        }
        token.end = offset
        column += offset - start
        return token
    }

    /// One number at `offset`, or nil when it does not fit in a Double. Scans in a local
    /// index, stored once at the end (issue 22).
    private mutating func scanNumber() -> (Double, Bool)? {
        let bytes = self.bytes
        let start = offset
        var i = start
        var negative = false
        if bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var integer = 0.0
        let digitsStart = i
        while i < bytes.count, Self.isDigitByte(bytes[i]) {
            integer = integer * 10 + Double(bytes[i] - UInt8(ascii: "0"))
            i += 1
        }
        let digits = i - digitsStart
        var isInteger = true
        if i < bytes.count, bytes[i] == UInt8(ascii: "."), isDigit(at: i + 1) {
            isInteger = false
            i += 1
            while i < bytes.count, Self.isDigitByte(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var probe = i + 1
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") { probe += 1 }
            if isDigit(at: probe) {
                isInteger = false
                i = probe
                while i < bytes.count, Self.isDigitByte(bytes[i]) { i += 1 }
            }
        }
        offset = i
        if isInteger && digits <= 15 {
            let value = negative ? -integer : integer
            return (value, true)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return (value, isInteger)
    }

    /// Why a run of number-like bytes is no number, with what to write instead.
    static func numberProblem(_ text: String) -> String {
        let lowered = text.lowercased()
        for unit in ["pt", "px", "dp"] where lowered.hasSuffix(unit) && Double(text.dropLast(unit.count)) != nil {
            return TextFormMessages.numberWithUnit(text, number: String(text.dropLast(unit.count)))
        }
        return TextFormMessages.notANumber(text)
    }

    /// A run of number-like bytes that is no number (`10px`, `1.2.3`, `1e999`).
    private mutating func invalidRun(start: Int, location: SourceLocation) -> TextToken {
        offset = start + 1
        while offset < bytes.count, Self.isIdentifierByte(bytes[offset]) || bytes[offset] == UInt8(ascii: ".")
                || ((bytes[offset] == UInt8(ascii: "-") || bytes[offset] == UInt8(ascii: "+")) && (bytes[offset - 1] | 0x20) == UInt8(ascii: "e")) {
            offset += 1
        }
        column += offset - start
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(offset, start + 40)]), as: UTF8.self)
        problem = Self.numberProblem(text)
        return TextToken(kind: .invalid, start: start, end: offset, location: location)
    }

    /// `"…"` on one line, with escapes \" \\ \n \t \r \0 \u{…}.
    private mutating func string(start: Int, location: SourceLocation) -> TextToken {
        offset += 1
        column += 1
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                column += 1
                return TextToken(kind: .string, start: start, end: offset, location: location)
            }
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\\") {
                guard offset + 1 < bytes.count else { break }
                let escaped = bytes[offset + 1]
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "0"):
                    offset += 2
                    column += 2
                    continue
                case UInt8(ascii: "u"):
                    // \u{1 to 8 hex digits naming a scalar}
                    var i = offset + 2
                    var value: UInt32 = 0
                    var count = 0
                    if i < bytes.count, bytes[i] == UInt8(ascii: "{") {
                        i += 1
                        while i < bytes.count, let digit = Self.hexValue(bytes[i]), count < 8 {
                            value = value &* 16 &+ UInt32(digit)
                            count += 1
                            i += 1
                        }
                    }
                    if count > 0, i < bytes.count, bytes[i] == UInt8(ascii: "}"), Unicode.Scalar(value) != nil {
                        column += i + 1 - offset
                        offset = i + 1
                        continue
                    }
                    return badString(start: start, location: location, TextFormMessages.badUnicodeEscape)
                default:
                    return badString(start: start, location: location, TextFormMessages.unknownEscape(Character(Unicode.Scalar(escaped))))
                }
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        problem = TextFormMessages.unterminatedString
        return TextToken(kind: .invalid, start: start, end: offset, location: location)
    }

    /// A string with a bad escape: skips to its end (or the line's) so the rest reads on.
    private mutating func badString(start: Int, location: SourceLocation, _ message: String) -> TextToken {
        offset += 1
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            if bytes[offset] == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] != UInt8(ascii: "\n") {
                offset += 2
                column += 2
                continue
            }
            if bytes[offset] & 0xC0 != 0x80 { column += 1 }
            offset += 1
            if bytes[offset - 1] == UInt8(ascii: "\"") { break }
        }
        problem = message
        return TextToken(kind: .invalid, start: start, end: offset, location: location)
    }

    // MARK: Bytes

    private func isDigit(at index: Int) -> Bool {
        index < bytes.count && Self.isDigitByte(bytes[index])
    }

    /// Space, tab, CR, LF, `#` and `/` (which starts `//`): every byte that `skipTrivia`
    /// might skip.
    @inline(__always)
    static func mayStartTrivia(_ byte: UInt8) -> Bool {
        TextByteClass.test(byte, TextByteClass.trivia)
    }

    @inline(__always)
    static func isDigitByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// A letter in either case or `_`.
    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        TextByteClass.test(byte, TextByteClass.identifierStart)
    }

    /// Letters, digits and `_`.
    @inline(__always)
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        TextByteClass.test(byte, TextByteClass.identifier)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
