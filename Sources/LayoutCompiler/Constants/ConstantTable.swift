/// The constants visible in one scope (docs/format.md §7.5), by name: each entry stored once,
/// in the order it was made visible, and the name's index into them. A dictionary of indices
/// (one word a slot) instead of one of whole entries, so that filling it with a 1,000-constant
/// import moves words, not entries, when it grows, and claiming a new name costs one hash.
struct ConstantTable {
    /// The entries in the order they were added (site order: see `ConstantResolution`).
    private(set) var entries: [ConstantResolution.Entry] = []
    private var index: [String: Int] = [:]

    init(capacity: Int = 0) {
        guard capacity > 0 else { return }
        entries.reserveCapacity(capacity)
        index.reserveCapacity(capacity)
    }

    /// `entries` named as `table`'s are, in the same order (an imported file's constants
    /// brought in at an import): the index is shared, not built again.
    init(sharingIndexOf table: ConstantTable, entries: [ConstantResolution.Entry]) {
        self.entries = entries
        self.index = table.index
    }

    /// `entries` with the index of their names made already (`ConstantScope.nameIndex`).
    init(entries: [ConstantResolution.Entry], index: [String: Int]) {
        self.entries = entries
        self.index = index
    }

    var isEmpty: Bool { entries.isEmpty }

    subscript(name: String) -> ConstantResolution.Entry? {
        guard let position = index[name] else { return nil }
        return entries[position]
    }

    /// What a `$NAME` takes of the constant it names (`ConstantResolution.substituted`).
    struct Reference {
        var value: Literal
        var isValid: Bool
        /// Where the file being compiled defines it (nil when imported): it is used.
        var definedHere: SourceLocation?
    }

    /// The constant `name` names, read in place rather than copying its entry out.
    func reference(_ name: String) -> Reference? {
        guard let position = index[name] else { return nil }
        return entries.withUnsafeBufferPointer { buffer in
            let constant = buffer[position].constant
            return Reference(value: constant.value, isValid: constant.isValid, definedHere: constant.file == nil ? constant.location : nil)
        }
    }

    /// Adds `entry` unless its name is there already: then nothing changes and the entry
    /// there comes back. One hash for a new name.
    mutating func claim(_ entry: ConstantResolution.Entry) -> ConstantResolution.Entry? {
        if let position = claimName(entry.constant.name) { return entries[position] }
        entries.append(entry)
        return nil
    }

    /// The index of the entry named `name`; nil when there is none, and then the next index
    /// is the name's, so the caller must `append` its entry right away. Lets a new entry be
    /// moved into the table instead of copied (a tokens file claims 1,000).
    mutating func claimName(_ name: String) -> Int? {
        // `updateValue` hashes once; the rare name already there gets its first index back.
        // (Through `subscript(_:default:)`'s modify accessor it cost two allocations a name.)
        guard let first = index.updateValue(entries.count, forKey: name) else { return nil }
        index[name] = first
        return first
    }

    /// Adds the entry whose name `claimName` just gave the next index.
    mutating func append(_ entry: consuming ConstantResolution.Entry) {
        entries.append(entry)
    }

    /// Puts `entry` in the place of the entry of the same name, or adds it.
    mutating func set(_ entry: ConstantResolution.Entry) {
        if let position = index[entry.constant.name] {
            entries[position] = entry
        } else {
            index[entry.constant.name] = entries.count
            entries.append(entry)
        }
    }

    /// The names, in the order their entries were added.
    var names: [String] { entries.map(\.constant.name) }
}
