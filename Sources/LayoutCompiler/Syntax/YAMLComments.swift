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

    /// Where a comment can go: a layout, a node, a document of file constants, or one
    /// definition or import path of a document's constants (docs/format.md §7.5).
    enum Target {
        case document(Int), node(Node), constantDocument(Int)
        case definition(Scope, Int), parameter(Scope, Int), importPath(Scope, Int)
    }

    /// A layout's own scope, or a document of file constants'.
    enum Scope { case layout(Int), constants(Int) }

    /// Attaches the comments of `bytes` to `file`'s layouts, nodes, constants and imports.
    static func attach(_ bytes: [UInt8], to file: inout LayoutFile) {
        let comments = scan(bytes)
        guard !comments.isEmpty else { return }
        var anchors: [(line: Int, target: Target)] = []
        func scopeAnchors(_ scope: ConstantScope, _ owner: Scope) {
            for (index, path) in scope.imports.enumerated() { anchors.append((path.location.line, .importPath(owner, index))) }
            for (index, constant) in scope.constants.enumerated() { anchors.append((constant.location.line, .definition(owner, index))) }
            for (index, parameter) in scope.parameters.enumerated() { anchors.append((parameter.location.line, .parameter(owner, index))) }
        }
        for (index, document) in file.constantDocuments.enumerated() {
            anchors.append((document.location.line, .constantDocument(index)))
            scopeAnchors(document.scope, .constants(index))
        }
        for (index, document) in file.layouts.enumerated() {
            anchors.append((document.location.line, .document(index)))
            scopeAnchors(document.scope, .layout(index))
            var stack: [Node] = document.root.map { [$0] } ?? []
            while let node = stack.popLast() {
                anchors.append((node.location.line, .node(node)))
                stack.append(contentsOf: node.children.reversed())
            }
        }
        // Stable by line: within a line, the order above (a document before what it holds).
        anchors = anchors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        var next = 0  // first anchor after the comment's line
        for comment in comments {
            while next < anchors.count, anchors[next].line <= comment.line { next += 1 }
            if comment.ownLine || next == 0 {
                guard next < anchors.count else {
                    file.trailingComments.append(comment.text)
                    continue
                }
                add(comment.text, leading: true, to: anchors[next].target, in: &file)
            } else {
                add(comment.text, leading: false, to: anchors[next - 1].target, in: &file)
            }
        }
    }

    /// A comment before (`leading`) or at the end of the target's line.
    private static func add(_ text: String, leading: Bool, to target: Target, in file: inout LayoutFile) {
        switch target {
        case .document(let index):
            if leading { file.layouts[index].comments.leading.append(text) } else { file.layouts[index].comments.trailing.append(text) }
        case .node(let node):
            if leading { node.comments.leading.append(text) } else { node.comments.trailing.append(text) }
        case .constantDocument(let index):
            // A document of file constants has no header line of its own in the text form:
            // a comment on its first key's line is one before its content.
            file.constantDocuments[index].comments.leading.append(text)
        case .definition(let scope, let index):
            modify(scope, in: &file) { scope in
                if leading { scope.constants[index].comments.append(text) } else { scope.constants[index].trailing.append(text) }
            }
        case .parameter(let scope, let index):
            modify(scope, in: &file) { scope in
                if leading { scope.parameters[index].comments.append(text) } else { scope.parameters[index].trailing.append(text) }
            }
        case .importPath(let scope, let index):
            modify(scope, in: &file) { scope in
                if leading { scope.imports[index].comments.append(text) } else { scope.imports[index].trailing.append(text) }
            }
        }
    }

    private static func modify(_ scope: Scope, in file: inout LayoutFile, _ change: (inout ConstantScope) -> Void) {
        switch scope {
        case .layout(let index): change(&file.layouts[index].scope)
        case .constants(let index): change(&file.constantDocuments[index].scope)
        }
    }
}
