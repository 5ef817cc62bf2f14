/// Values by name, for the tables every compile fills (a layout's named nodes, its layout
/// names): the part of `Dictionary`'s interface they use, kept in the order names were added.
///
/// Why not `[String: Value]`: a `Dictionary` or `Set` keyed by `String` needs its storage
/// class's metadata, which the Swift runtime builds from a mangled name and, the first time in
/// a process, answers "does String conform to Hashable?" by scanning every protocol
/// conformance record of the process: some 330 k instructions, a third of compiling a 1 KB
/// layout (BENCHMARKS.md, "The subset reader (issue 22)"). This table is generic over its value
/// only, so its arrays' metadata needs no conformance. Names are hashed with `String`'s own
/// seeded hasher, so crafted names cannot make it quadratic any more than a `Dictionary`.
struct NameTable<Value> {
    /// The names in the order they were added, their hashes and their values.
    private(set) var keys: [String] = []
    private var hashes: [Int] = []
    private(set) var values: [Value] = []
    /// Open addressing over a power-of-two count: an index into `keys` plus one, 0 when empty.
    private var slots: [Int] = []

    init() {}

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// Room for `capacity` names without growing.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > keys.count else { return }
        keys.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        if Self.slotCount(for: capacity) > slots.count { rebuild(slotCount: Self.slotCount(for: capacity)) }
    }

    /// The value of `name`, nil when it has none. (Names are set with `updateValue` and never
    /// removed.)
    subscript(name: String) -> Value? {
        guard let index = find(name, hash: name.hashValue).index else { return nil }
        return values[index]
    }

    /// Sets the value of `name` and returns the one it replaces (nil for a new name): one hash.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey name: String) -> Value? {
        let hash = name.hashValue
        let (slot, index) = find(name, hash: hash)
        if let index {
            let old = values[index]
            values[index] = value
            return old
        }
        add(name, hash: hash, value: value, at: slot)
        return nil
    }

    /// Adds `name` with `value` unless it is there; true when it was added.
    mutating func insert(_ name: String, _ value: Value) -> Bool {
        let hash = name.hashValue
        let (slot, index) = find(name, hash: hash)
        guard index == nil else { return false }
        add(name, hash: hash, value: value, at: slot)
        return true
    }

    /// A new name at the empty slot `find` gave for it.
    private mutating func add(_ name: String, hash: Int, value: Value, at slot: Int) {
        keys.append(name)
        hashes.append(hash)
        values.append(value)
        if keys.count * 4 > slots.count * 3 {
            rebuild(slotCount: Self.slotCount(for: keys.count))
        } else {
            slots[slot] = keys.count
        }
    }

    /// The names and values in the order the names were added.
    var entries: Zip2Sequence<[String], [Value]> { zip(keys, values) }

    /// The slot of `name`: where it is (with its index), or the empty slot where it would go.
    private func find(_ name: String, hash: Int) -> (slot: Int, index: Int?) {
        guard !slots.isEmpty else { return (0, nil) }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return (slot, nil) }
            if hashes[entry - 1] == hash && keys[entry - 1] == name { return (slot, entry - 1) }
            slot = (slot + 1) & mask
        }
    }

    /// Slots kept at most three quarters full, so probes stay short.
    private static func slotCount(for count: Int) -> Int {
        var slotCount = 8
        while slotCount * 3 < count * 4 { slotCount *= 2 }
        return slotCount
    }

    private mutating func rebuild(slotCount: Int) {
        slots = [Int](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for (index, hash) in hashes.enumerated() {
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = index + 1
        }
    }
}
