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
        var rest = text[...]
        while let found = rest.firstRange(of: name) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : " "
            let isPart = { (c: Character) in c.isLetter || c.isNumber || c == "_" }
            if !isPart(before), before != ".", !isPart(after) { return true }
            rest = text[found.upperBound...]
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
