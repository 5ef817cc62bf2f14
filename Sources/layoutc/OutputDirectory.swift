import Foundation

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
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return nil
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let underlying, underlying.domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32(underlying.code))).lowercased()
            }
            return "the folder could not be created (\((error as NSError).localizedDescription))"
        }
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
