import LayoutCompiler

/// Completion items for the cursor's context: the keys valid for the node's kind and place, the
/// values of enum keys, node kinds in a list of children.
enum Completion {
    static func items(at position: Position, in document: OpenDocument) -> [CompletionItem] {
        guard document.isLayout else { return [] }
        let context = CursorContext.at(position, in: document)
        let text = document.syntax == .text
        switch context.slot {
        case .value(let key):
            let values = KeyDescriptions.description(of: key)?.values ?? []
            return values.map { CompletionItem(label: $0, kind: 20, detail: "\(key) value", documentation: nil, insertText: nil) }
        case .key(let kind, let place):
            return KeyDescriptions.keys(for: kind, place: place).compactMap { key in
                // The text form writes children in braces, not as a key.
                if text && (key == "children" || key == "items") { return nil }
                let entry = KeyDescriptions.description(of: key)
                return CompletionItem(label: key, kind: 10, detail: entry?.on, documentation: entry?.meaning, insertText: text ? nil : key + ": ")
            }
        case .nodeKind(let list):
            let kinds: [NodeKind] = list == .items ? [.item] : NodeKind.allCases
            return kinds.map { kind in
                CompletionItem(label: kind.rawValue, kind: 14, detail: "node kind", documentation: KeyDescriptions.kinds[kind],
                               insertText: text ? nil : kind.rawValue + ": ")
            }
        case .document:
            let keys = text ? ["size", "safeArea", "fit"] : KeyDescriptions.documentKeys
            return keys.map { key in
                let entry = KeyDescriptions.description(of: key)
                return CompletionItem(label: key, kind: 10, detail: "layout", documentation: entry?.meaning, insertText: text ? nil : key + ": ")
            }
        case .none:
            return []
        }
    }
}
