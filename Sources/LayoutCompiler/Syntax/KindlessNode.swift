/// A YAML mapping with no kind key is `missingKey`; what it holds is still checked, so that one
/// run shows every error of a file. It is read as an anonymous stand-in of the kind its keys
/// suggest (a flow for `items`, an overlay for children with anchors, a vgroup for other
/// `children`, else an item), without the keys whose meaning depends on the kind it lacks.
/// The layout has an error either way, so the stand-in never reaches the engine.
enum KindlessNode {
    static func standIn(at location: SourceLocation, properties: [Property], list: NodeList?) -> Node {
        let kind: NodeKind
        switch list?.key {
        case .items?:
            kind = .flow
        case .children?:
            let anchored = list?.nodes.contains { child in child.properties.contains { anchorKeys.contains($0.key) } } ?? false
            kind = anchored ? .overlay : .vgroup
        case nil:
            kind = .item
        }
        let kept = properties.filter { property in
            guard !kindKeys.contains(property.key) else { return false }
            // Whether `fit` can be measured depends on the kind.
            if property.value == .string("fit") { return false }
            return true
        }
        return Node(kind: kind, location: location, properties: kept, list: list)
    }

    static let anchorKeys: Set<PropertyKey> = [.top, .bottom, .leading, .trailing, .centerX, .centerY, .center]

    /// Keys that apply to some kinds only: on a stand-in they would say more about the guess
    /// than about the file (`optional`: the stand-in is anonymous, which an optional node cannot be).
    static let kindKeys: Set<PropertyKey> = [.padding, .spacing, .margin, .align, .justify, .count, .dynamic, .optional]
}
