/// Arrays given back by the groups laid out, kept for the next ones to write over (one per
/// nesting level at most, up to `capacity`; a deeper chain's others are freed).
///
/// A plain buffer of arrays: popping from and appending to an array of arrays checked the outer
/// array's uniqueness and reserved capacity on every group, twice a group for its slots and its
/// rects (5% of the engine's instructions on the mixed tree).
struct SpareArrays<Element>: ~Copyable {
    private let base: UnsafeMutablePointer<[Element]>
    /// The arrays kept are `base[0..<count]`, each initialized.
    private var count = 0

    static var capacity: Int { 64 }

    init() {
        base = .allocate(capacity: Self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The array last given back, or a new empty one.
    mutating func pop() -> [Element] {
        guard count > 0 else { return [] }
        count -= 1
        return (base + count).move()
    }

    /// Keeps `array` for the next `pop`, unless `capacity` arrays are kept already.
    mutating func push(_ array: consuming [Element]) {
        guard count < Self.capacity else { return }
        (base + count).initialize(to: array)
        count += 1
    }
}
