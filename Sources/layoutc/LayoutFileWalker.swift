#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutCompiler

/// Finds the layout files in a folder tree for `lint` (docs/lint.md, "Which files"):
///
/// - Symbolic links to folders are not followed, so a link loop cannot make the walk endless
///   and no file is reached twice through a link; folders are also remembered by device and
///   inode, in case a bind mount makes a loop.
/// - A symbolic link to a file is followed (the file is linted where the link is), wherever
///   the file is.
/// - What is not a regular file (a FIFO, a socket, a device) is skipped with a warning: reading
///   it could block or never end.
/// - Hidden entries, `.build` and `DerivedData` are skipped; excluded folders are not entered.
struct LayoutFileWalker {
    /// A file found, by its path relative to the folder walked.
    struct Found {
        var relativePath: String
        var identity: FileIdentity
    }

    private(set) var found: [Found] = []
    /// "PATH: warning: …" lines for the entries skipped.
    private(set) var warnings: [String] = []
    private var visitedFolders = Set<FileIdentity>()
    let isLayoutFile: (String) -> Bool

    init(isLayoutFile: @escaping (String) -> Bool) {
        self.isLayoutFile = isLayoutFile
    }

    /// Walks `directory` (an absolute path); `shownRoot` is how reports spell it; `excluded`
    /// says which absolute paths a configuration leaves out.
    mutating func walk(_ directory: String, shownRoot: String, excluded: (String) -> Bool) {
        walk(directory, relative: "", shownRoot: shownRoot, excluded: excluded)
    }

    private mutating func walk(_ directory: String, relative: String, shownRoot: String, excluded: (String) -> Bool) {
        var status = stat()
        guard stat(directory, &status) == 0, visitedFolders.insert(FileIdentity(status)).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let full = directory + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            var entry = stat()
            guard lstat(full, &entry) == 0 else { continue }
            switch entry.st_mode & S_IFMT {
            case S_IFDIR:
                // SwiftPM's build folders hold copies of resources.
                if name == ".build" || name == "DerivedData" || excluded(full) { continue }
                walk(full, relative: rel, shownRoot: shownRoot, excluded: excluded)
            case S_IFLNK:
                guard isLayoutFile(name), !excluded(full) else { continue }
                var target = stat()
                guard stat(full, &target) == 0 else {
                    warnings.append("\(shown(rel, shownRoot)): warning: skipped: the symbolic link points to nothing")
                    continue
                }
                switch target.st_mode & S_IFMT {
                case S_IFREG: found.append(Found(relativePath: rel, identity: FileIdentity(target)))
                case S_IFDIR: continue  // a folder link is not followed
                default: warnings.append("\(shown(rel, shownRoot)): warning: skipped: it links to \(FileBytes.kind(of: target.st_mode)), not a regular file")
                }
            case S_IFREG:
                if isLayoutFile(name), !excluded(full) { found.append(Found(relativePath: rel, identity: FileIdentity(entry))) }
            default:
                if isLayoutFile(name), !excluded(full) {
                    warnings.append("\(shown(rel, shownRoot)): warning: skipped: it is \(FileBytes.kind(of: entry.st_mode)), not a regular file")
                }
            }
        }
    }

    /// As reports show it, control characters of file names quoted.
    private func shown(_ relativePath: String, _ root: String) -> String {
        DiagnosticText.quoted(root == "." ? relativePath : (root.hasSuffix("/") ? root + relativePath : root + "/" + relativePath))
    }
}

/// A file's device and inode: the same file under two names (hard or symbolic links) is one.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The identity of the file a path leads to (links followed), or nil.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
