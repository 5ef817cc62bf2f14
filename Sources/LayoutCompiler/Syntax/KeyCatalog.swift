/// Every key the YAML form knows, by role, and the "did you mean" suggestion for the rest.
enum KeyCatalog {
    static let documentKeys: Set<String> = ["layout", "size", "safeArea", "root"]
    static let listKeys: Set<String> = ["children", "items"]
    static var allKeys: [String] {
        NodeKind.allCases.map(\.rawValue) + PropertyKey.allCases.map(\.rawValue) + ["layout", "root", "children", "items"]
    }

    /// The known key closest to `key`, if it is close enough to be a typo.
    static func suggestion(for key: String) -> String? {
        guard key.utf8.count <= 64 else { return nil }
        var best: (key: String, distance: Int)?
        for candidate in Set(allKeys).sorted() {
            let distance = editDistance(key.lowercased(), candidate.lowercased())
            if distance <= max(1, candidate.count / 3), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
