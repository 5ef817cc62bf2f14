/// The properties of the nodes a front end is reading, the innermost node's last: one buffer,
/// grown to the most any nesting needs and used again for every node, so that a node's
/// properties end up in an array of exactly their count.
///
/// Why: a node's `[Property]` grown as its properties came (or reserved four at the first, as
/// the front ends did) is 224 bytes for the one or two properties most nodes have, against 80
/// or 128 exact; the AST's memory is what the first compile of a large file pays for, page by
/// page (issue 22, BENCHMARKS.md "Memory and the 50 MB input"). Properties are moved in and out,
/// never copied, so neither their values nor their boxes are retained on the way.
///
/// A class so that a text node's `PropertyCollector` and its parser can share it while the
/// parser's methods change both.
final class PropertyStack {
    // Reads and writes of a class's `var`s are run-time exclusivity checks otherwise; nothing
    // here calls out while changing them.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Property>
    @exclusivity(unchecked) private var capacity: Int
    /// How many properties are held, of all the nodes being read.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = UnsafeMutablePointer<Property>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds a property on top (moved in).
    func push(_ property: consuming Property) {
        if count == capacity { grow() }
        (base + count).initialize(to: property)
        count += 1
    }

    /// The key of the property at `index` (`0 ..< count`).
    func key(at index: Int) -> PropertyKey {
        precondition(index >= 0 && index < count, "PropertyStack.key(at:) out of range")
        return base[index].key
    }

    /// A copy of the property at `index` (`0 ..< count`).
    func property(at index: Int) -> Property {
        precondition(index >= 0 && index < count, "PropertyStack.property(at:) out of range")
        return base[index]
    }

    /// Where the property at `index` (`0 ..< count`) is written.
    func location(at index: Int) -> SourceLocation {
        precondition(index >= 0 && index < count, "PropertyStack.location(at:) out of range")
        return base[index].location
    }

    /// The properties from `start` on (a `count` read before the node's first push), moved into
    /// an array of exactly their count, and no longer here.
    func pop(from start: Int) -> [Property] {
        precondition(start >= 0 && start <= count, "PropertyStack.pop(from:) out of range")
        let taken = count - start
        guard taken > 0 else { return [] }
        count = start
        // `reserveCapacity` and `append`, which this module specializes for `Property`:
        // `init(unsafeUninitializedCapacity:)` went through the standard library's generic code
        // and looked up the array's metadata for every node.
        var properties: [Property] = []
        properties.reserveCapacity(taken)
        for index in start..<start + taken {
            properties.append((base + index).move())
        }
        return properties
    }

    private func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<Property>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
