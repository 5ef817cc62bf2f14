/// A YAML document as libyaml's events describe it, stored flat: every node is an index into
/// `nodes`, children are linked through `firstChild` / `nextSibling`. Mappings hold keys and
/// values alternately. Kept flat so that a 50 MB file costs a few arrays, not millions of objects.
struct YAMLTree {
    enum Kind: UInt8 {
        case scalar, mapping, sequence
    }

    struct Entry {
        var kind: Kind
        /// A scalar written without quotes or block indicators, so the core schema resolves it.
        var isPlain: Bool
        var location: SourceLocation
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var childCount: Int32 = 0
        /// A scalar's text; empty for collections.
        var text: String = ""
    }

    var entries: [Entry] = []
    var root: Int32 = -1

    subscript(_ index: Int32) -> Entry { entries[Int(index)] }

    /// The indexes of a collection's children, in order.
    func children(of index: Int32) -> YAMLChildren {
        YAMLChildren(tree: self, cursor: entries[Int(index)].firstChild)
    }

    /// A mapping's key/value pairs, in order.
    func pairs(of index: Int32) -> [(key: Int32, value: Int32)] {
        var result: [(key: Int32, value: Int32)] = []
        result.reserveCapacity(Int(entries[Int(index)].childCount) / 2)
        var child = entries[Int(index)].firstChild
        while child >= 0 {
            let value = entries[Int(child)].nextSibling
            guard value >= 0 else { break }
            result.append((child, value))
            child = entries[Int(value)].nextSibling
        }
        return result
    }
}

struct YAMLChildren: Sequence, IteratorProtocol {
    let tree: YAMLTree
    var cursor: Int32

    mutating func next() -> Int32? {
        guard cursor >= 0 else { return nil }
        let current = cursor
        cursor = tree.entries[Int(current)].nextSibling
        return current
    }
}
