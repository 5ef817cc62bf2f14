import LayoutCompiler

/// The outline of a document: each layout with its node tree (named and anonymous nodes).
enum DocumentSymbols {
    static func symbols(of file: LayoutFile, in document: OpenDocument) -> [DocumentSymbol] {
        file.layouts.map { layout in
            var name = "layout"
            if case .string(let text)? = layout.name { name = text }
            let selection = document.range(at: layout.location)
            var children: [DocumentSymbol] = []
            var end = selection.end
            if let root = layout.root {
                let symbol = self.symbol(of: root, in: document)
                end = max(end, symbol.range.end)
                children = [symbol]
            }
            return DocumentSymbol(name: name, detail: "layout", kind: 5, range: Range(start: selection.start, end: end),
                                  selectionRange: selection, children: children)
        }
    }

    /// One node and its subtree; deep trees are walked with an explicit stack of pending
    /// symbols so that nesting depth costs no call stack.
    static func symbol(of root: Node, in document: OpenDocument) -> DocumentSymbol {
        struct Pending {
            var node: Node
            var symbol: DocumentSymbol
            var next = 0
        }
        func make(_ node: Node) -> DocumentSymbol {
            var name = node.kind.rawValue
            if case .string(let text)? = node.name { name = text }
            let kind: Int
            switch node.kind {
            case .item: kind = 13
            case .spacer: kind = 7
            case .flow: kind = 18
            case .hgroup, .vgroup, .overlay: kind = 3
            }
            let selection = document.range(at: node.location)
            // A node's range runs to the end of its own line at least (its keys and children extend it).
            let lineEnd = Position(line: selection.start.line, character: document.lineText(selection.start.line).utf16.count)
            var end = max(selection.end, lineEnd)
            for property in node.properties {
                let position = document.range(at: property.location).end
                end = max(end, Position(line: position.line, character: document.lineText(position.line).utf16.count))
            }
            return DocumentSymbol(name: name, detail: node.kind.rawValue, kind: kind, range: Range(start: selection.start, end: end),
                                  selectionRange: selection, children: node.children.isEmpty ? nil : [])
        }
        var stack = [Pending(node: root, symbol: make(root))]
        while true {
            let top = stack.count - 1
            let children = stack[top].node.children
            if stack[top].next < children.count {
                let child = children[stack[top].next]
                stack[top].next += 1
                stack.append(Pending(node: child, symbol: make(child)))
                continue
            }
            let done = stack.removeLast().symbol
            guard !stack.isEmpty else { return done }
            let parent = stack.count - 1
            stack[parent].symbol.children?.append(done)
            stack[parent].symbol.range.end = max(stack[parent].symbol.range.end, done.range.end)
        }
    }
}
