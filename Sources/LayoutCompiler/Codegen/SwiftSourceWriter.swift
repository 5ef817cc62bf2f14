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

    mutating func block(_ header: String, _ body: (inout SwiftSourceWriter) -> Void) {
        line(header + " {")
        indent += 1
        body(&self)
        indent -= 1
        line("}")
    }
}
