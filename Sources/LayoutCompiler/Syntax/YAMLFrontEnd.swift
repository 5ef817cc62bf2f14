/// The YAML form's front end: bytes → `YAMLReader` trees → the shared AST.
///
/// It reports what the YAML form itself gets wrong (syntax, unknown keys, a node without a kind
/// key, keys of the document inside a node); what the tree means is left to `Validator`.
public enum YAMLFrontEnd {
    public static func parse(_ bytes: [UInt8]) -> (file: LayoutFile, diagnostics: [Diagnostic]) {
        let read = YAMLReader.read(bytes)
        var converter = Converter()
        converter.diagnostics = read.diagnostics
        var file = LayoutFile()
        for (tree, readerFoundErrors) in read.documents {
            converter.tree = tree
            let errorsBefore = converter.diagnostics.diagnostics.count
            if var document = converter.document() {
                document.hasSyntaxErrors = readerFoundErrors || converter.diagnostics.diagnostics.count > errorsBefore
                file.layouts.append(document)
            }
        }
        if read.documents.isEmpty && !converter.diagnostics.hasErrors {
            converter.diagnostics.error(.missingKey, "the file holds no layout; a layout starts with a 'layout:' key", at: .fileStart)
        }
        return (file, converter.diagnostics.diagnostics)
    }
}

private struct Converter {
    var tree = YAMLTree()
    var diagnostics = DiagnosticBag()

    mutating func document() -> LayoutDocument? {
        guard tree.root >= 0 else { return nil }
        let root = tree[tree.root]
        guard root.kind == .mapping else {
            if root.kind == .scalar, root.isPlain, root.text.isEmpty {
                diagnostics.error(.missingKey, "this YAML document is empty; a layout needs 'layout:' and 'root:' keys", at: root.location)
            } else {
                diagnostics.error(.invalidValue, "a layout must be a mapping with 'layout:' and 'root:' keys, not \(literal(tree.root).summary)", at: root.location)
            }
            return nil
        }
        var document = LayoutDocument(location: root.location)
        var hasName = false
        var hasRoot = false
        for (keyIndex, valueIndex) in tree.pairs(of: tree.root) {
            guard let key = keyText(keyIndex) else { continue }
            let location = tree[keyIndex].location
            switch key {
            case "layout":
                hasName = true
                document.location = location
                let value = literal(valueIndex)
                if value != .null { document.name = value }
            case "size":
                document.size = Property(key: .size, value: literal(valueIndex), location: location)
            case "safeArea":
                document.safeArea = Property(key: .safeArea, value: literal(valueIndex), location: location)
            case "root":
                hasRoot = true
                if tree[valueIndex].kind == .scalar, tree[valueIndex].isPlain, tree[valueIndex].text.isEmpty {
                    diagnostics.error(.missingKey, "'root' is empty; a layout needs exactly one root node", at: location)
                } else {
                    document.root = node(valueIndex, depth: 1)
                }
            default:
                if NodeKind(rawValue: key) != nil || PropertyKey(rawValue: key) != nil || KeyCatalog.listKeys.contains(key) {
                    diagnostics.error(.misplacedKey, "'\(key)' belongs to a node, not to the layout; put it under 'root:'", at: location)
                } else {
                    unknownKey(key, at: location)
                }
            }
        }
        if !hasName {
            diagnostics.error(.missingKey, "missing key 'layout': every layout needs a name (layout: MyLayout)", at: root.location)
        } else if document.name == nil {
            diagnostics.error(.missingKey, "'layout' is empty: every layout needs a name (layout: MyLayout)", at: document.location)
        }
        if !hasRoot {
            diagnostics.error(.missingKey, "missing key 'root': every layout needs exactly one root node", at: root.location)
        }
        return document
    }

    mutating func node(_ index: Int32, depth: Int) -> Node? {
        let entry = tree[index]
        guard entry.kind == .mapping else {
            diagnostics.error(.invalidValue, "expected a node (a mapping with one of item, spacer, hgroup, vgroup, flow, overlay), found \(literal(index).summary)", at: entry.location)
            return nil
        }
        let pairs = tree.pairs(of: index)
        var kind: (kind: NodeKind, key: Int32, value: Int32)?
        for (keyIndex, valueIndex) in pairs {
            guard tree[keyIndex].kind == .scalar, let nodeKind = NodeKind(rawValue: tree[keyIndex].text) else { continue }
            if let first = kind {
                diagnostics.error(.misplacedKey, "a node has one kind: this mapping is already \(first.kind == .item ? "an" : "a") \(first.kind.rawValue) (at \(tree[first.key].location))", at: tree[keyIndex].location)
            } else {
                kind = (nodeKind, keyIndex, valueIndex)
            }
        }
        guard let kind else {
            diagnostics.error(.missingKey, "this node has no kind key; start it with one of item, spacer, hgroup, vgroup, flow, overlay", at: entry.location)
            return nil
        }
        let node = Node(kind: kind.kind, location: tree[kind.key].location)
        let nameValue = literal(kind.value)
        if nameValue != .null { node.name = nameValue }
        for (keyIndex, valueIndex) in pairs where keyIndex != kind.key {
            guard let key = keyText(keyIndex) else { continue }
            let location = tree[keyIndex].location
            if NodeKind(rawValue: key) != nil { continue }  // a second kind key, reported above
            if let propertyKey = PropertyKey(rawValue: key) {
                node.properties.append(Property(key: propertyKey, value: literal(valueIndex), location: location))
            } else if let listKey = NodeList.Key(rawValue: key) {
                node.list = list(listKey, valueIndex, at: location, depth: depth)
            } else if key == "layout" || key == "root" {
                diagnostics.error(.misplacedKey, "'\(key)' belongs at the top of a layout, not inside a node", at: location)
            } else {
                unknownKey(key, at: location)
            }
        }
        return node
    }

    mutating func list(_ key: NodeList.Key, _ index: Int32, at location: SourceLocation, depth: Int) -> NodeList {
        var list = NodeList(key: key, location: location, nodes: [])
        let entry = tree[index]
        switch entry.kind {
        case .sequence:
            list.nodes.reserveCapacity(Int(entry.childCount))
            for child in tree.children(of: index) {
                if let node = node(child, depth: depth + 1) {
                    list.nodes.append(node)
                }
            }
        case .scalar where entry.isPlain && CoreSchema.resolve(entry.text, isPlain: true) == .null:
            break  // `children:` with nothing after it: an empty list
        default:
            diagnostics.error(.invalidValue, "'\(key.rawValue)' must be a list of nodes, not \(literal(index).summary)", at: location)
        }
        return list
    }

    mutating func keyText(_ index: Int32) -> String? {
        let entry = tree[index]
        guard entry.kind == .scalar else {
            diagnostics.error(.invalidValue, "a key must be a plain name, not \(entry.kind == .mapping ? "a mapping" : "a list")", at: entry.location)
            return nil
        }
        return entry.text
    }

    mutating func unknownKey(_ key: String, at location: SourceLocation) {
        let shown = key.utf8.count > 60 ? String(key.prefix(40)) + "…" : key
        if let suggestion = KeyCatalog.suggestion(for: key) {
            diagnostics.error(.unknownKey, "unknown key '\(shown)'; did you mean '\(suggestion)'?", at: location)
        } else {
            diagnostics.error(.unknownKey, "unknown key '\(shown)'", at: location)
        }
    }

    /// A value as a literal; lists keep their elements, deeper structure is only "a mapping".
    func literal(_ index: Int32) -> Literal {
        let entry = tree[index]
        switch entry.kind {
        case .scalar:
            return CoreSchema.resolve(entry.text, isPlain: entry.isPlain)
        case .mapping:
            return .mapping
        case .sequence:
            var elements: [Literal] = []
            elements.reserveCapacity(min(Int(entry.childCount), 16))
            for child in tree.children(of: index) {
                elements.append(literal(child))
            }
            return .list(elements)
        }
    }
}
