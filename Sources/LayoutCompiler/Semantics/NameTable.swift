/// Values by name, for the tables every compile fills (a layout's named nodes, its layout
/// names): the part of `Dictionary`'s interface they use, kept in the order names were added.
///
/// Why not `[String: Value]`: a `Dictionary` or `Set` keyed by `String` needs its storage
/// class's metadata, which the Swift runtime builds from a mangled name and, the first time in
/// a process, answers "does String conform to Hashable?" by scanning every protocol
/// conformance record of the process: some 330 k instructions, a third of compiling a 1 KB
/// layout (BENCHMARKS.md, "The subset reader (issue 22)"). This table is generic over its value
/// only, so its arrays' metadata needs no conformance.
///
/// Names are ASCII in every table the validator fills (valid names); those are hashed by their
/// bytes, eight at a time with a per-process seed (`NameHash`), where `String`'s own hasher
/// (SipHash, some 230 instructions a name, issue 22) cost more than the rest of the look-up. The
/// first non-ASCII name, or a probe longer than `longestProbe` (names crafted to collide), moves
/// the table to `String.hashValue` for good: canonically equal strings (`"K"` and the Kelvin
/// sign) are one name as in a `Dictionary`, and crafted names cannot make it quadratic.
struct NameTable<Value> {
    /// The names in the order they were added, their hashes and their values.
    private(set) var keys: [String] = []
    private var hashes: [Int] = []
    private(set) var values: [Value] = []
    /// Open addressing over a power-of-two count: an index into `keys` plus one, 0 when empty.
    private var slots: [Int] = []
    /// Whether every name so far is ASCII and hashed by `NameHash`; false once the table moved
    /// to `String.hashValue`.
    private(set) var hashesBytes = true
    /// `NameHash`'s seed, read once per table (a static's every read is a `swift_once` check).
    private let seed = NameHash.seed

    /// Probes past this in the byte-hashed mode move the table to `String.hashValue`.
    static var longestProbe: Int { 64 }

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
    /// (`mutating`: a non-ASCII name moves the table to `String.hashValue`.)
    subscript(name: String) -> Value? {
        mutating get {
            var hash = self.hash(of: name)
            guard let index = find(name, hash: &hash).index else { return nil }
            return values[index]
        }
    }

    /// Sets the value of `name` and returns the one it replaces (nil for a new name): one hash.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey name: String) -> Value? {
        var hash = self.hash(of: name)
        let (slot, index) = find(name, hash: &hash)
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
        var hash = self.hash(of: name)
        let (slot, index) = find(name, hash: &hash)
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

    /// The hash of `name` in the table's mode; a non-ASCII name in the byte-hashed mode moves
    /// the table to `String.hashValue` first.
    private mutating func hash(of name: String) -> Int {
        if hashesBytes {
            if let hash = NameHash.ofASCII(name, seed: seed) { return hash }
            useStringHashes()
        }
        return name.hashValue
    }

    /// Rehashes every name with `String.hashValue`, for good.
    private mutating func useStringHashes() {
        hashesBytes = false
        hashes = keys.map(\.hashValue)
        if !slots.isEmpty { rebuild(slotCount: slots.count) }
    }

    /// The slot of `name`: where it is (with its index), or the empty slot where it would go.
    /// In the byte-hashed mode, a probe past `longestProbe` rehashes with `String.hashValue` and
    /// searches again (`hash` is then the name's new hash).
    @inline(__always)
    private mutating func find(_ name: String, hash: inout Int) -> (slot: Int, index: Int?) {
        let found = probe(name, hash: hash)
        guard found.isTooLong else { return (found.slot, found.index) }
        useStringHashes()
        hash = name.hashValue
        let again = probe(name, hash: hash)
        return (again.slot, again.index)
    }

    private func probe(_ name: String, hash: Int) -> (slot: Int, index: Int?, isTooLong: Bool) {
        guard !slots.isEmpty else { return (0, nil, false) }
        let mask = slots.count - 1
        let longest = hashesBytes ? Self.longestProbe : Int.max
        var slot = hash & mask
        var probes = 0
        while true {
            let entry = slots[slot]
            if entry == 0 { return (slot, nil, false) }
            if hashes[entry - 1] == hash && keys[entry - 1] == name { return (slot, entry - 1, false) }
            slot = (slot + 1) & mask
            probes += 1
            if probes > longest { return (slot, nil, true) }
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
