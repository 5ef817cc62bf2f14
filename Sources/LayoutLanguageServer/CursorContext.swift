import LayoutCompiler

/// What the text around the cursor is, for completion: read from the lines themselves, since a
/// file being typed rarely parses. YAML by indentation, the text form by braces and parentheses.
public struct CursorContext: Equatable, Sendable {
    public enum Slot: Equatable, Sendable {
        /// A key of a node (YAML `key:`, a text-form attribute or modifier).
        case key(kind: NodeKind?, place: NodePlace)
        /// The value of a key.
        case value(key: String)
        /// A new node in a list: `children` takes any kind, `items` only `item`.
        case nodeKind(list: NodeList.Key)
        /// A key of the layout document.
        case document
        case none
    }

    public var slot: Slot

    public static func at(_ position: Position, in document: OpenDocument) -> CursorContext {
        let lineText = document.lineText(position.line)
        let prefixUnits = Array(lineText.utf16.prefix(position.character))
        let prefix = String(decoding: prefixUnits, as: UTF16.self)
        // `key: partial` (YAML) or `(key: partial` / `, key: partial` (text attributes).
        if let value = valueKey(before: prefix) { return CursorContext(slot: .value(key: value)) }
        switch document.syntax {
        case .yaml: return yaml(prefix: prefix, line: position.line, document: document)
        case .text: return text(upTo: document.offset(of: position), document: document)
        }
    }

    /// The key whose value the cursor is in, if the text before it ends in `key: word`.
    static func valueKey(before prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.last, last.properties.isAlphabetic || last == "_" || ("0"..."9").contains(last) || last == "." { scalars.removeLast() }
        while scalars.last == " " { scalars.removeLast() }
        guard scalars.last == ":" else { return nil }
        scalars.removeLast()
        var key: [Unicode.Scalar] = []
        while let last = scalars.last, last.properties.isAlphabetic || last == "_" || ("0"..."9").contains(last) {
            key.insert(last, at: 0)
            scalars.removeLast()
        }
        let name = String(String.UnicodeScalarView(key))
        guard let entry = KeyDescriptions.description(of: name), !entry.values.isEmpty else { return nil }
        return name
    }

    /// A YAML line's indentation, whether it starts a list element (`- `), its first key and the
    /// column of that key.
    struct YAMLLine {
        var indent: Int
        var dash: Bool
        var keyColumn: Int
        var key: String
        var blank: Bool

        init(_ text: String) {
            let scalars = Array(text.unicodeScalars)
            var index = 0
            while index < scalars.count, scalars[index] == " " { index += 1 }
            indent = index
            dash = false
            if index < scalars.count, scalars[index] == "-", index + 1 == scalars.count || scalars[index + 1] == " " {
                dash = true
                index += 1
                while index < scalars.count, scalars[index] == " " { index += 1 }
            }
            keyColumn = index
            var end = index
            while end < scalars.count, scalars[end] != ":", scalars[end] != " ", scalars[end] != "#" { end += 1 }
            key = String(String.UnicodeScalarView(scalars[index..<end]))
            blank = index >= scalars.count || scalars[index] == "#"
        }
    }

    static func yaml(prefix: String, line: Int, document: OpenDocument) -> CursorContext {
        let current = YAMLLine(prefix)
        // Only a key being typed: no colon yet on this line before the cursor.
        guard !prefix.contains(":") else { return CursorContext(slot: .none) }
        if current.dash {
            return CursorContext(slot: .nodeKind(list: listKey(above: line, column: current.indent, document: document)))
        }
        if current.keyColumn == 0 { return CursorContext(slot: .document) }
        let (kind, nodeLine, nodeDash) = node(above: line, keyColumn: current.keyColumn, document: document)
        guard let nodeLine else { return CursorContext(slot: .key(kind: kind, place: .unknown)) }
        if nodeLine.isRoot { return CursorContext(slot: kind == nil ? .nodeKind(list: .children) : .key(kind: kind, place: .root)) }
        let list = listKey(above: nodeLine.index, column: nodeDash, document: document)
        let parent = list == .items ? NodePlace.flowItem : parentPlace(aboveList: nodeLine.index, column: nodeDash, document: document)
        return CursorContext(slot: .key(kind: kind, place: parent))
    }

    /// The node whose keys sit at `keyColumn` above `line`: its kind (nil when none is written
    /// yet), the line where it starts and the column of its `-`.
    static func node(above line: Int, keyColumn: Int, document: OpenDocument) -> (NodeKind?, (index: Int, isRoot: Bool)?, Int) {
        var kind: NodeKind?
        var index = line - 1
        while index >= 0 {
            let entry = YAMLLine(document.lineText(index))
            if entry.blank { index -= 1; continue }
            if entry.keyColumn == keyColumn {
                if let found = NodeKind(rawValue: entry.key) { kind = found }
                if entry.dash { return (kind, (index, false), entry.indent) }
            } else if entry.keyColumn < keyColumn {
                return (kind, (index, entry.key == "root"), entry.indent)
            }
            index -= 1
        }
        return (kind, nil, 0)
    }

    /// The list (`children:` or `items:`) whose element starts with a `-` at `column`.
    static func listKey(above line: Int, column: Int, document: OpenDocument) -> NodeList.Key {
        var index = line - 1
        while index >= 0 {
            let entry = YAMLLine(document.lineText(index))
            if !entry.blank, entry.keyColumn <= column, !(entry.dash && entry.indent == column) {
                return entry.key == "items" ? .items : .children
            }
            index -= 1
        }
        return .children
    }

    /// Where a node whose `-` is at `column` sits: a child of the group, flow or overlay that
    /// holds the list above it.
    static func parentPlace(aboveList line: Int, column: Int, document: OpenDocument) -> NodePlace {
        var index = line - 1
        while index >= 0 {
            let entry = YAMLLine(document.lineText(index))
            if !entry.blank, entry.keyColumn < column || (entry.keyColumn <= column && !entry.dash) {
                // The list key; its node's kind is at its column.
                let (kind, _, _) = node(above: index + 1, keyColumn: entry.keyColumn, document: document)
                switch kind {
                case .overlay?: return .overlayChild
                case .hgroup?, .vgroup?: return .groupChild
                case .flow?: return .flowItem
                default: return .unknown
                }
            }
            index -= 1
        }
        return .unknown
    }

    /// The text form: the braces open before the cursor say which node's children it is among,
    /// an open parenthesis that it is in a node's attributes, a `.` a modifier.
    static func text(upTo offset: Int, document: OpenDocument) -> CursorContext {
        let bytes = document.bytes
        var stack: [String] = []
        var statementKind: String?
        var parens = 0
        var index = 0
        var inString = false
        var inComment = false
        var word: [UInt8] = []
        var atStatementStart = true
        func isWordByte(_ b: UInt8) -> Bool { b == 95 || (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b >= 128 }
        func endWord() {
            if !word.isEmpty {
                let text = String(decoding: word, as: UTF8.self)
                if atStatementStart, parens == 0 {
                    statementKind = text
                    atStatementStart = false
                }
                word.removeAll(keepingCapacity: true)
            }
        }
        while index < offset, index < bytes.count {
            let byte = bytes[index]
            if inComment {
                if byte == 10 { inComment = false; endWord(); if parens == 0 { atStatementStart = true } }
            } else if inString {
                if byte == 92 { index += 1 } else if byte == 34 { inString = false }
            } else if isWordByte(byte) {
                word.append(byte)
            } else {
                endWord()
                switch byte {
                case 34: inString = true
                case 47 where index + 1 < bytes.count && bytes[index + 1] == 47: inComment = true
                case 35: inComment = true
                case 40: parens += 1
                case 41: parens = max(0, parens - 1)
                case 123:
                    stack.append(statementKind ?? "")
                    statementKind = nil
                    atStatementStart = true
                    parens = 0
                case 125:
                    _ = stack.popLast()
                    statementKind = nil
                    atStatementStart = true
                case 10:
                    // A node's attributes are on its line: a newline closes what was left open.
                    parens = 0
                    statementKind = nil
                    atStatementStart = true
                default: break
                }
            }
            index += 1
        }
        if inString || inComment { return CursorContext(slot: .none) }
        let typing = String(decoding: word, as: UTF8.self)
        let beforeWord = index - word.count - 1
        let isModifier = beforeWord >= 0 && beforeWord < bytes.count && bytes[beforeWord] == 46
        let kind = statementKind.flatMap(NodeKind.init(rawValue:))
        let parentKind = stack.last.flatMap(NodeKind.init(rawValue:))
        let place: NodePlace
        switch parentKind {
        case .overlay?: place = .overlayChild
        case .hgroup?, .vgroup?: place = .groupChild
        case .flow?: place = .flowItem
        default: place = stack.last == "layout" ? .root : .unknown
        }
        if parens > 0 || isModifier {
            if statementKind == "layout" { return CursorContext(slot: .document) }
            return CursorContext(slot: .key(kind: kind, place: place))
        }
        if statementKind == nil || (statementKind == typing && atStatementStart == false && kind == nil) {
            if stack.isEmpty { return CursorContext(slot: .document) }
            return CursorContext(slot: .nodeKind(list: parentKind == .flow ? .items : .children))
        }
        return CursorContext(slot: .none)
    }
}
