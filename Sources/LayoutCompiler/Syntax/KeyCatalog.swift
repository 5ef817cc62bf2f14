/// Every key the YAML form knows, by role, and the "did you mean" suggestion for the rest.
enum KeyCatalog {
    /// What a mapping key is.
    enum KeyClass: Equatable, Sendable {
        case kind(NodeKind)
        case property(PropertyKey)
        case list(NodeList.Key)
        case layout
        case root
        /// The layout document's `fit` (docs/format.md §7.3).
        case fit
        /// docs/format.md §7.5: a document's `constants` mapping and its `import` paths.
        case constants
        case imports
        /// docs/format.md §8.1: a layout's `parameters` mapping.
        case parameters
        case unknown
    }

    /// The key's class and its position among the known keys (nil for an unknown key). Every
    /// known key is at most 16 bytes, so a key is packed into two integers and matched against
    /// packed constants: this runs for every key of every file.
    static func lookup(_ key: String) -> (keyClass: KeyClass, ordinal: Int?) {
        guard let packed = pack(key) else { return (.unknown, nil) }
        return lookup(packed)
    }

    /// `lookup` on a key's bytes, so that a front end reading bytes makes no String for a
    /// key it knows.
    static func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> (keyClass: KeyClass, ordinal: Int?) {
        guard let packed = pack(bytes) else { return (.unknown, nil) }
        return lookup(packed)
    }

    /// The packed key's slot in the perfect-hash table, if the key there is this one.
    @inline(__always)
    private static func lookup(_ packed: PackedKey) -> (keyClass: KeyClass, ordinal: Int?) {
        let slot = keyTable.slots[keyTable.slot(packed)]
        return slot.packed == packed ? (slot.keyClass, slot.ordinal) : (.unknown, nil)
    }

    /// A key's UTF-8 bytes, little-endian: bytes 0–7 in `low`, 8–15 in `high`.
    struct PackedKey: Equatable, Sendable {
        var low: UInt64
        var high: UInt64
    }

    /// The UTF-8 bytes of a key of 1 to 16 bytes.
    static func pack(_ key: String) -> PackedKey? {
        // Over the contiguous bytes: iterating `String.UTF8View` cost some 40 instructions a byte,
        // and both front ends pack every key they read (issue 22).
        var key = key
        return key.withUTF8 { pack($0) }
    }

    /// The bytes of a key of 1 to 16 bytes.
    static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> PackedKey? {
        let count = bytes.count
        guard count > 0, count <= 16, let base = bytes.baseAddress else { return nil }
        // Whole words read inside the key's bytes (two overlapping loads where it is not a
        // multiple of the word), not a shift and an or a byte with bounds checks (issue 22).
        // A byte read twice by overlapping loads lands in the same place both times.
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            guard count > 8 else { return PackedKey(low: low, high: 0) }
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            return PackedKey(low: low, high: last >> UInt64((16 - count) * 8))
        }
        if count >= 4 {
            let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return PackedKey(low: first | last << UInt64((count - 4) * 8), high: 0)
        }
        var low = UInt64(base[0])
        if count > 1 { low |= UInt64(base[1]) << 8 }
        if count > 2 { low |= UInt64(base[2]) << 16 }
        return PackedKey(low: low, high: 0)
    }

    /// A perfect hash of the known keys: a multiplier that sends each packed key to its own
    /// slot of 256, so a lookup is one multiply and one compare.
    struct KeyTable: Sendable {
        struct Slot: Sendable {
            var packed: PackedKey
            var keyClass: KeyClass
            var ordinal: Int
        }

        var multiplier: UInt64
        var slots: [Slot]

        /// A multiplier that is perfect for today's keys, tried first: searching for one, and
        /// the tuple arrays it went through, cost some 100 k instructions at the first key of
        /// every process (issue 22). `NameTableTests` checks it still is perfect, so a new key
        /// that breaks it is noticed (the table is then still right, found by searching).
        static let knownMultiplier: UInt64 = 0x1069_E6A5_7E06_665D

        /// Whether the first multiplier tried was perfect.
        private(set) var isKnownMultiplier = false

        func slot(_ packed: PackedKey) -> Int { Self.slot(packed, multiplier) }

        static func slot(_ packed: PackedKey, _ multiplier: UInt64) -> Int {
            Int(((packed.low ^ (packed.high &* 0xD6E8_FEB8_6659_FD93)) &* multiplier) >> 56)
        }

        /// The known keys, in ordinal order.
        static func forEachKey(_ body: (String, KeyClass) -> Void) {
            for kind in NodeKind.allCases { body(kind.rawValue, .kind(kind)) }
            for key in PropertyKey.allCases { body(key.rawValue, .property(key)) }
            body("children", .list(.children))
            body("items", .list(.items))
            body("layout", .layout)
            body("root", .root)
            body("fit", .fit)
            body("constants", .constants)
            body("import", .imports)
            body("parameters", .parameters)
        }

        init(firstCandidate: UInt64 = knownMultiplier) {
            let empty = Slot(packed: PackedKey(low: 0, high: 0), keyClass: .unknown, ordinal: 0)
            var candidate = firstCandidate
            var isFirst = true
            while true {
                var slots = [Slot](repeating: empty, count: 256)
                var collided = false
                var ordinal = 0
                Self.forEachKey { key, keyClass in
                    guard !collided else { return }
                    let packed = pack(key) ?? empty.packed
                    let index = Self.slot(packed, candidate)
                    if slots[index].packed != empty.packed {
                        collided = true
                        return
                    }
                    slots[index] = Slot(packed: packed, keyClass: keyClass, ordinal: ordinal)
                    ordinal += 1
                }
                if !collided {
                    multiplier = candidate
                    self.slots = slots
                    isKnownMultiplier = isFirst
                    return
                }
                isFirst = false
                candidate = candidate &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            }
        }
    }

    static let keyTable = KeyTable()

    static let documentKeys: Set<String> = ["layout", "size", "safeArea", "root", "fit", "constants", "import", "parameters"]
    static let listKeys: Set<String> = ["children", "items"]
    static var allKeys: [String] {
        NodeKind.allCases.map(\.rawValue) + PropertyKey.allCases.map(\.rawValue) + ["layout", "root", "children", "items", "fit", "constants", "import", "parameters"]
    }

    /// Every known key, sorted, so suggestions are deterministic.
    private static let sortedKeys: [String] = Set(allKeys).sorted()

    /// Words of SwiftUI, UIKit and CSS layouts that people write out of habit, lowercased, with
    /// the key of this format that does the same job.
    static let foreignWords: [String: String] = [
        "vstack": "vgroup", "hstack": "hgroup", "zstack": "overlay", "lazyvstack": "vgroup", "lazyhstack": "hgroup",
        "uistackview": "vgroup", "column": "vgroup", "row": "hgroup", "flowlayout": "flow", "wrap": "flow",
        "alignment": "align", "frame": "size", "gap": "spacing", "flex": "flexible", "layoutweight": "flexible",
        "subviews": "children", "views": "children", "content": "children",
    ]

    /// The known key closest to `key`, if it is close enough to be a typo (transposed letters
    /// count as one edit) or is another framework's word for it (`VStack` → `vgroup`). Cheap for
    /// keys that cannot be close to any: a distance is at least the difference in length.
    static func suggestion(for key: String) -> String? {
        let length = key.count
        guard length <= 12 else { return nil }
        let lowered = key.lowercased()
        if let word = foreignWords[lowered] { return word }
        var best: (key: String, distance: Int)?
        for candidate in sortedKeys {
            let limit = max(1, candidate.count / 3)
            guard abs(candidate.count - length) <= limit else { continue }
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// Edits (insert, delete, replace, or swap two neighbouring letters) from `a` to `b`: the
    /// optimal string alignment distance, so `widht` is one edit from `width`, not two.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(0...b.count)
        var previous = beforePrevious
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
