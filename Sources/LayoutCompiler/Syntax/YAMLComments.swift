/// Comments of a YAML-form file, which libyaml does not report: found by a scan of the lines
/// and attached to the nearest node or layout by line, so that `convert --to text` keeps them.
/// Best effort: a `#` inside a multi-line quoted scalar may be taken for a comment.
enum YAMLComments {
    struct Found {
        var line: Int
        var text: String
        /// Alone on its line (else it ends a line of content).
        var ownLine: Bool
    }

    static func scan(_ bytes: [UInt8]) -> [Found] {
        var found: [Found] = []
        var line = 1
        var index = 0
        while index < bytes.count {
            var ownLine = true
            var quote: UInt8 = 0
            var previous: UInt8 = UInt8(ascii: " ")
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                let byte = bytes[index]
                if quote == UInt8(ascii: "\"") {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == quote { quote = 0 }
                } else if quote == UInt8(ascii: "'") {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
                    var end = index + 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                    var textEnd = end
                    while textEnd > index + 1, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[textEnd - 1]) { textEnd -= 1 }
                    found.append(Found(line: line, text: String(decoding: bytes[(index + 1)..<textEnd], as: UTF8.self), ownLine: ownLine))
                    index = end
                    break
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"),
                          [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(previous) {
                    quote = byte
                }
                if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { ownLine = false }
                previous = byte
                index += 1
            }
            index += 1
            line += 1
        }
        return found
    }

    /// Attaches the comments of `bytes` to `file`'s layouts and nodes.
    static func attach(_ bytes: [UInt8], to file: inout LayoutFile) {
        let comments = scan(bytes)
        guard !comments.isEmpty else { return }
        enum Target { case document(Int), node(Node) }
        var anchors: [(line: Int, target: Target)] = []
        for (index, document) in file.layouts.enumerated() {
            anchors.append((document.location.line, .document(index)))
            var stack: [Node] = document.root.map { [$0] } ?? []
            while let node = stack.popLast() {
                anchors.append((node.location.line, .node(node)))
                stack.append(contentsOf: node.children.reversed())
            }
        }
        // Stable by line: within a line, document order.
        anchors = anchors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        var next = 0  // first anchor after the comment's line
        for comment in comments {
            while next < anchors.count, anchors[next].line <= comment.line { next += 1 }
            if comment.ownLine || next == 0 {
                guard next < anchors.count else {
                    file.trailingComments.append(comment.text)
                    continue
                }
                switch anchors[next].target {
                case .document(let index): file.layouts[index].comments.leading.append(comment.text)
                case .node(let node): node.comments.leading.append(comment.text)
                }
            } else {
                switch anchors[next - 1].target {
                case .document(let index): file.layouts[index].comments.trailing.append(comment.text)
                case .node(let node): node.comments.trailing.append(comment.text)
                }
            }
        }
    }
}
