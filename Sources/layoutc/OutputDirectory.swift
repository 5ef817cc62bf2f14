#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
/// The folder `generate` writes into, created with its parents when missing.
enum OutputDirectory {
    /// Creates the folder; nil when it exists or was made, else what is wrong, in words
    /// (Foundation's own error reads "(NSCocoaErrorDomain error 512.)" when a parent is a file).
    static func create(_ path: String) -> String? {
        var status = stat()
        if stat(path, &status) == 0 {
            return (status.st_mode & S_IFMT) == S_IFDIR ? nil : "'\(path)' is \(FileBytes.kind(of: status.st_mode)), not a folder"
        }
        // The nearest existing ancestor decides: a file there cannot hold a folder.
        var ancestor = parent(of: path)
        while !ancestor.isEmpty {
            if stat(ancestor, &status) == 0 {
                if (status.st_mode & S_IFMT) != S_IFDIR {
                    return "'\(ancestor)' is a file, not a folder"
                }
                break
            }
            let above = parent(of: ancestor)
            if above == ancestor { break }
            ancestor = above
        }
        return makeWithParents(path)
    }

    /// `mkdir -p`: each missing folder from the top down, as `FileManager.createDirectory(atPath:
    /// withIntermediateDirectories: true)` made them (mode 0777 less the umask); nil when done,
    /// else the system's reason in lower case.
    static func makeWithParents(_ path: String) -> String? {
        var folders: [String] = []
        var folder = path
        while !folder.isEmpty, folder != "/" {
            folders.append(folder)
            let above = parent(of: folder)
            if above == folder { break }
            folder = above
        }
        for folder in folders.reversed() where mkdir(folder, 0o777) != 0 {
            let error = errno
            var status = stat()
            if error == EEXIST, stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { continue }
            return String(cString: strerror(error)).lowercased()
        }
        return nil
    }

    /// The folder that holds `path`, by its text alone: "" for a bare name ("x", "x/"), "/" for
    /// a name in the root, trailing slashes ignored. (Foundation's `deletingLastPathComponent`
    /// traps on one-character paths on Linux.)
    static func parent(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var head = text[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }
}
