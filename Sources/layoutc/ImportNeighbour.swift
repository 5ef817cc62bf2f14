#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutCompiler

/// For an import of a file that does not exist: the file of a close name in the same folder
/// (`Tokns.layout.yaml` for `Tokens.layout.yaml`), which is most often the one meant.
enum ImportNeighbour {
    /// Folders larger than this are not searched: the suggestion is a courtesy, not a scan.
    static let entryLimit = 10_000

    /// "; did you mean 'NAME' beside it?" when `path` does not exist and its folder holds a
    /// close name; else "".
    static func hint(for path: String) -> String {
        guard access(path, F_OK) != 0, errno == ENOENT else { return "" }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let directory = opendir(folder) else { return "" }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < entryLimit, let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !entryName.hasPrefix("."), entryName != name { names.append(entryName) }
        }
        // Names are compared without their extension, which they mostly share (`.layout.yaml`)
        // and which would make any two short names close: the same stem with another
        // extension, else the closest stem with the same extension.
        let (stem, suffix) = split(name)
        let parts = names.map { (name: $0, parts: split($0)) }
        if let other = parts.first(where: { $0.parts.stem == stem }) { return "; did you mean '\(other.name)' beside it?" }
        let sameSuffix = parts.filter { $0.parts.suffix == suffix }
        guard let close = NameSuggestion.closest(to: stem, among: sameSuffix.map(\.parts.stem)) else { return "" }
        return "; did you mean '\(close + suffix)' beside it?"
    }

    /// `Tokens.layout.yaml` → (`Tokens`, `.layout.yaml`).
    private static func split(_ name: String) -> (stem: String, suffix: String) {
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
