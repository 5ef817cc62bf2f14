/// The elements of the lists a front end is reading, the innermost list's last: a node's
/// properties, or its children, which nest (a YAML node's properties may come after its
/// `children`, each child with its own). One buffer, grown to the most any nesting needs and
/// used again for every node, so that each list ends up in an array of exactly its count.
///
/// Why: a node's arrays grown as their elements came, or reserved four at the first property
/// as the front ends did, were reallocated on the way (a block of eight children had been
/// arrays of one, two, four and eight) and left with spare room: a `[Property]` of 224 bytes
/// for the one or two properties most nodes have, against 80 or 128 exact. The AST's memory is
/// what the first compile of a large file pays for, page by page (issue 22, BENCHMARKS.md
/// "The YAML front end"). Elements are moved in and out, never copied, so neither
/// properties' values nor nodes are retained on the way.
///
/// A class so that a text node's `PropertyCollector` and its parser can share one while the
/// parser's methods change both.
final class ListStack<Element> {
    // Reads and writes of a class's `var`s are run-time exclusivity checks otherwise; nothing
    // here calls out while changing them.
    @exclusivity(unchecked) fileprivate var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    /// How many elements are held, of all the lists being read.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds an element on top (moved in).
    func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// A copy of the element at `index` (`0 ..< count`).
    func element(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "ListStack.element(at:) out of range")
        return base[index]
    }

    /// The elements from `start` on (a `count` read before the list's first push), moved into
    /// an array of exactly their count, and no longer here.
    func pop(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "ListStack.pop(from:) out of range")
        let taken = count - start
        guard taken > 0 else { return [] }
        count = start
        // `reserveCapacity` and `append`, which this module specializes for its element types:
        // `init(unsafeUninitializedCapacity:)` went through the standard library's generic code
        // and looked up the array's metadata for every node.
        var elements: [Element] = []
        elements.reserveCapacity(taken)
        for index in start..<start + taken {
            elements.append((base + index).move())
        }
        return elements
    }

    private func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}

extension ListStack where Element == Property {
    /// The key of the property at `index` (`0 ..< count`), read without copying the property.
    func key(at index: Int) -> PropertyKey {
        precondition(index >= 0 && index < count, "ListStack.key(at:) out of range")
        return base[index].key
    }

    /// Where the property at `index` (`0 ..< count`) is written.
    func location(at index: Int) -> SourceLocation {
        precondition(index >= 0 && index < count, "ListStack.location(at:) out of range")
        return base[index].location
    }
}
