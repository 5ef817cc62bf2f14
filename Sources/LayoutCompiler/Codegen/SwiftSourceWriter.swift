/// Indented lines of Swift.
struct SwiftSourceWriter {
    private(set) var text = ""
    var indent = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: indent) + content + "\n"
        }
    }

    /// The lines `other` wrote, at the indentation it wrote them.
    mutating func append(_ other: SwiftSourceWriter) {
        text += other.text
    }

    /// Whether `name` stands in the text as a whole identifier (not inside another, not a member).
    func mentions(identifier name: String) -> Bool {
        let bytes = text.utf8
        var rest = bytes[...]
        while let found = rest.firstRange(of: name.utf8) {
            let before = found.lowerBound > bytes.startIndex ? bytes[bytes.index(before: found.lowerBound)] : UInt8(ascii: " ")
            let after = found.upperBound < bytes.endIndex ? bytes[found.upperBound] : UInt8(ascii: " ")
            if !TextLexer.isIdentifierByte(before), before != UInt8(ascii: "."), !TextLexer.isIdentifierByte(after) { return true }
            rest = bytes[found.upperBound...]
        }
        return false
    }

    mutating func block(_ header: String, _ body: (inout SwiftSourceWriter) -> Void) {
        line(header + " {")
        indent += 1
        body(&self)
        indent -= 1
        line("}")
    }
}
