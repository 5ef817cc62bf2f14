/// The keys a node writes, as one bit each: read once per node, so that asking whether it has
/// `when`, `dynamic` or `count` (asked of every node or item) costs no walk over its
/// properties (issue 22: `Node.property` walked them two or three times a node).
struct PropertyKeySet {
    private var bits: UInt64 = 0

    @inline(__always)
    init(_ properties: [Property]) {
        properties.withUnsafeBufferPointer { properties in
            for index in properties.indices { bits |= 1 << UInt64(properties[index].key.ordinal) }
        }
    }

    @inline(__always)
    func contains(_ key: PropertyKey) -> Bool { bits & (1 << UInt64(key.ordinal)) != 0 }
}
