/// How messages name a node, built only when a message needs it.
struct NodeTitle: CustomStringConvertible {
    var kind: NodeKind
    var name: String?

    var description: String { PlanNode.title(kind: kind, name: name) }
}
