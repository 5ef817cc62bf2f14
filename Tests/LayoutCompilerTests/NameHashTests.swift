import Testing
@testable import LayoutCompiler

/// `NameHash` hashes ASCII names by their bytes for `NameTable`; anything else goes to
/// `String.hashValue`, which alone normalises canonically equal strings.
@Suite struct NameHashTests {
    @Test func asciiNamesHashByTheirBytesWhateverTheirStorage() {
        // Every length from 0 to 20 (the tail loads of 1, 2, 4 and 8 bytes, whole words), as a
        // small string and as a heap string of the same bytes.
        let letters = "abcdefghijklmnopqrstu"
        var seen = Set<Int>()
        for length in 0...20 {
            let name = String(letters.prefix(length))
            var stored = String()
            stored.reserveCapacity(64)
            stored += name
            let hash = NameHash.ofASCII(name)
            #expect(hash != nil)
            #expect(hash == NameHash.ofASCII(stored))
            if let hash { seen.insert(hash) }
        }
        #expect(seen.count == 21)
    }

    @Test func nonASCIINamesGetNone() {
        #expect(NameHash.ofASCII("é") == nil)
        #expect(NameHash.ofASCII("name_\u{212A}") == nil)
        #expect(NameHash.ofASCII("a_long_ascii_prefix_then_\u{E9}") == nil)
    }

    /// Canonically equal strings are one name even when one of them is ASCII (the Kelvin sign is
    /// `K`): the first non-ASCII name moves the table to `String.hashValue`, keeping every name.
    @Test func aNonASCIINameMovesTheTableToStringHashes() {
        var table = NameTable<Int>()
        for step in 0..<100 { table.updateValue(step, forKey: "n\(step)") }
        table.updateValue(100, forKey: "K")
        #expect(table.hashesBytes)
        #expect(table.updateValue(101, forKey: "\u{212A}") == 100)
        #expect(!table.hashesBytes)
        #expect(table.count == 101)
        for step in 0..<100 {
            let found = table["n\(step)"]
            #expect(found == step)
        }
        let kelvin = table["K"]
        #expect(kelvin == 101)
        #expect(table.keys.last == "K")
    }

    /// A look-up of a non-ASCII name finds the ASCII name it equals.
    @Test func aNonASCIILookUpFindsItsASCIIEqual() {
        var table = NameTable<Int>()
        table.updateValue(1, forKey: "K")
        let found = table["\u{212A}"]
        #expect(found == 1)
        #expect(!table.hashesBytes)
        var seen = NameTable<Void>()
        let addedK = seen.insert("K", ()), addedKelvin = seen.insert("\u{212A}", ())
        #expect(addedK)
        #expect(!addedKelvin)
        #expect(seen.count == 1)
    }
}
