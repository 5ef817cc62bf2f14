/// A seeded hash of an ASCII name's bytes, for `NameTable`: a name is read eight bytes at a time
/// and each word mixed by a multiply and a shift, some 30 instructions for a short name where
/// `String.hashValue` (SipHash, through `Hasher`'s byte buffer) took about 230 (issue 22).
/// Non-ASCII names get no hash here: canonically equal strings must hash alike, and only
/// `String`'s own hasher normalises them.
enum NameHash {
    /// Per process, from `Hasher`'s random seed (fixed under `SWIFT_DETERMINISTIC_HASHING`, so
    /// instruction counts stay exact).
    static let seed = UInt64(truncatingIfNeeded: 0x6E61_6D65.hashValue)

    /// The hash of `name`, or nil when it is not all ASCII (or not stored contiguously).
    static func ofASCII(_ name: String, seed: UInt64 = NameHash.seed) -> Int? {
        // (Every native string is contiguous; a bridged one gets nil, and `String.hashValue`.)
        name.utf8.withContiguousStorageIfAvailable { bytes in ofASCII(UnsafeRawBufferPointer(bytes), seed: seed) } ?? nil
    }

    static func ofASCII(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> Int? {
        let count = bytes.count
        var hash = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        var seen: UInt64 = 0
        var offset = 0
        while offset + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            seen |= word
            hash = mix(hash ^ word)
            offset += 8
        }
        if offset < count {
            // The last bytes in at most three loads, not a loop a byte: a word ending at the end
            // when the name has eight bytes or more (overlapping the last whole word; the count
            // is in the hash), else four, two and one.
            var word: UInt64 = 0
            if count >= 8 {
                word = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                var shift: UInt64 = 0
                if count - offset >= 4 {
                    word = UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                    offset += 4
                    shift = 32
                }
                if count - offset >= 2 {
                    word |= UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << shift
                    offset += 2
                    shift += 16
                }
                if count - offset >= 1 {
                    word |= UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self)) << shift
                }
            }
            seen |= word
            hash = mix(hash ^ word)
        }
        guard seen & 0x8080_8080_8080_8080 == 0 else { return nil }
        // The table takes the low bits: fold the high ones in.
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return Int(truncatingIfNeeded: hash)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }
}
