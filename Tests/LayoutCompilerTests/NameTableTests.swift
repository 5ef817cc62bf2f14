import Testing
@testable import LayoutCompiler

/// `NameTable` stands in for `[String: Value]` in the validator: same answers as a dictionary,
/// names in the order they came.
@Suite struct NameTableTests {
    @Test func agreesWithADictionary() {
        var table = NameTable<Int>()
        var dictionary: [String: Int] = [:]
        // Many names (several growths), repeats, and names that differ only late or in case.
        for step in 0..<5_000 {
            let name = step % 3 == 0 ? "n\(step / 3)" : step % 3 == 1 ? "N\(step % 700)" : "name_with_a_long_prefix_\(step % 1_300)"
            let old = table.updateValue(step, forKey: name)
            let expected = dictionary.updateValue(step, forKey: name)
            #expect(old == expected)
        }
        #expect(table.count == dictionary.count)
        // (`let`s: the subscript is `mutating`, which `#expect` cannot call.)
        for (name, value) in dictionary {
            let found = table[name]
            #expect(found == value)
        }
        let absent = table["absent"], empty = table[""]
        #expect(absent == nil)
        #expect(empty == nil)
    }

    @Test func keepsTheOrderNamesCameIn() {
        var table = NameTable<String>()
        table.reserveCapacity(3)
        for name in ["zeta", "alpha", "mid", "alpha", "émile", "zeta"] { table.updateValue(name.uppercased(), forKey: name) }
        #expect(table.keys == ["zeta", "alpha", "mid", "émile"])
        #expect(table.entries.map { "\($0)=\($1)" } == ["zeta=ZETA", "alpha=ALPHA", "mid=MID", "émile=ÉMILE"])
    }

    @Test func insertAddsOnce() {
        var seen = NameTable<Void>()
        let added = ["a", "a", "b", "e\u{301}", "\u{E9}"].map { seen.insert($0, ()) }
        // Canonically equal strings are one name, as in a `Set<String>`.
        #expect(added == [true, false, true, true, false])
        #expect(seen.count == 3)
    }

    /// The known-key table's first multiplier is perfect (else every process searches again).
    @Test func keyTableMultiplierIsPerfectForTheKnownKeys() {
        #expect(KeyCatalog.keyTable.isKnownMultiplier)
        #expect(KeyCatalog.keyTable.multiplier == KeyCatalog.KeyTable.knownMultiplier)
        for key in KeyCatalog.allKeys { #expect(KeyCatalog.lookup(key).keyClass != .unknown, "\(key)") }
    }
}
