/// "Did you mean": the known name closest to a misspelt one, for names the user chose or the
/// tool defines (constants, subcommands), by the edit distance of `KeyCatalog.suggestion`.
public enum NameSuggestion {
    /// The closest of `names` to `name`, if within a third of its length in edits (at least one;
    /// transposed letters count as one), ties going to the first in sorted order; nil otherwise.
    public static func closest(to name: String, among names: [String]) -> String? {
        guard !name.isEmpty, name.count <= 64 else { return nil }
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in names.sorted() {
            let limit = max(1, candidate.count / 3)
            guard abs(candidate.count - name.count) <= limit else { continue }
            let distance = KeyCatalog.editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }
}
