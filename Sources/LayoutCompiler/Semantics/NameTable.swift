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
    /// The names in the order they were added, each with its hash and value: one array, so
    /// that a new name is one append (three arrays were three, a third of a claim, issue 22).
    private var records: [Record] = []
    /// Open addressing over a power-of-two count: an index into `records` plus one, 0 when empty.
    private var slots: [Int] = []
    /// Whether every name so far is ASCII and hashed by `NameHash`; false once the table moved
    /// to `String.hashValue`.
    private(set) var hashesBytes = true
    /// `NameHash`'s seed, read once per table (a static's every read is a `swift_once` check).
    private let seed = NameHash.seed

    /// Probes past this in the byte-hashed mode move the table to `String.hashValue`.
    static var longestProbe: Int { 64 }

    private struct Record {
        let key: String
        var hash: Int
        var value: Value
    }

    init() {}

    var count: Int { records.count }
    var isEmpty: Bool { records.isEmpty }
    /// The names in the order they were added.
    var keys: [String] { records.map(\.key) }

    /// Room for `capacity` names without growing.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > records.count else { return }
        records.reserveCapacity(capacity)
        if Self.slotCount(for: capacity) > slots.count { rebuild(slotCount: Self.slotCount(for: capacity)) }
    }

    /// The value of `name`, nil when it has none. (Names are set with `updateValue` and never
    /// removed.)
    /// (`mutating`: a non-ASCII name moves the table to `String.hashValue`.)
    subscript(name: String) -> Value? {
        mutating get {
            var hash = self.hash(of: name)
            guard let index = find(name, hash: &hash).index else { return nil }
            return records[index].value
        }
    }

    /// Sets the value of `name` and returns the one it replaces (nil for a new name): one hash.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey name: String) -> Value? {
        var hash = self.hash(of: name)
        let (slot, index) = find(name, hash: &hash)
        if let index {
            let old = records[index].value
            records[index].value = value
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
        records.append(Record(key: name, hash: hash, value: value))
        if records.count * 4 > slots.count * 3 {
            rebuild(slotCount: Self.slotCount(for: records.count))
        } else {
            slots[slot] = records.count
        }
    }

    /// The names and values in the order the names were added.
    var entries: [(key: String, value: Value)] { records.map { ($0.key, $0.value) } }

    /// The name added `index`-th (from 0), and its value: a walk over the table by position
    /// builds nothing and copies a name only when it is asked for.
    func key(at index: Int) -> String { records[index].key }
    func value(at index: Int) -> Value { records[index].value }

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
        for index in records.indices { records[index].hash = records[index].key.hashValue }
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
            if records[entry - 1].hash == hash && records[entry - 1].key == name { return (slot, entry - 1, false) }
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
        for index in records.indices {
            var slot = records[index].hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = index + 1
        }
    }
}
