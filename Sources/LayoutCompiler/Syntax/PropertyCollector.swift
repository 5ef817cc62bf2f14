/// A node's properties in the order written; a second property with one key is a `syntax`
/// error (as a duplicate key is in the YAML form) and is left out.
struct PropertyCollector {
    /// The node's properties are the parser's stack from `start` on until `take()`: no array of
    /// their own while they come, one of exactly their count at the end.
    private let stack: ListStack<Property>
    private let start: Int
    private var seen: UInt32 = 0
    /// Where this node writes `dynamic: wrap` (`TextSpelling.wrapIsWord`).
    var wrapPlace = WrapPlace.attribute
    /// The node's kind as written (`item`), where a node with neither a name nor a count writes
    /// `dynamic` and `optional`.
    var kindWord = "item"

    /// Where `dynamic` or `optional` goes when true: "after the name", "after the count",
    /// "right after 'item'".
    var flagPlace: String { TextFormMessages.flagPlace(wrapPlace.placeName, kind: kindWord) }

    enum WrapPlace {
        /// `item bio wrap`, `item[3] wrap`
        case afterName, afterCount
        /// A node with neither: `item (dynamic: wrap)`, since `item wrap` is an item named wrap.
        case attribute

        /// "the name", "the count", nil.
        var placeName: String? {
            switch self {
            case .afterName: return "the name"
            case .afterCount: return "the count"
            case .attribute: return nil
            }
        }
    }
    /// Whether the last modifier was `.width(.fit)` (then `.height(.fit)` must be `.fit`).
    var lastModifierWasLongWidthFit = false

    /// Collects on top of `stack`; nothing else may push there until `take()`.
    init(on stack: ListStack<Property>) {
        self.stack = stack
        start = stack.count
    }

    /// The first property with this key, if there is one.
    func existing(_ key: PropertyKey) -> Property? {
        guard let index = firstIndex(of: key) else { return nil }
        return stack.element(at: index)
    }

    /// Where the first property with this key is, if there is one: the bit test inline, and
    /// neither a call nor a copy of the property (its value retained) for every property added,
    /// as `existing` made (issue 22).
    @inline(__always)
    func firstLocation(of key: PropertyKey) -> SourceLocation? {
        guard seen & 1 << UInt32(key.ordinal) != 0 else { return nil }
        return firstIndex(of: key).map(stack.location(at:))
    }

    private func firstIndex(of key: PropertyKey) -> Int? {
        guard seen & 1 << UInt32(key.ordinal) != 0 else { return nil }
        for index in start..<stack.count where stack.key(at: index) == key {
            return index
        }
        return nil
    }

    /// Takes the property (moved in, not copied: a copy retained its value, issue 22).
    mutating func append(_ property: consuming Property) {
        seen |= 1 << UInt32(property.key.ordinal)
        stack.push(property)
    }

    /// The properties collected, in the order written; the collector is empty after.
    mutating func take() -> [Property] {
        seen = 0
        return stack.pop(from: start)
    }
}
