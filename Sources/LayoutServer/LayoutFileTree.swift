import Foundation
import LayoutCompiler

/// The layout files a server may serve: those found under the paths it was given, each by an
/// id that is a plain relative path ("Tags.layout", "screens/Profile.layout.yaml").
///
/// Nothing outside the tree is ever reachable: a request names an id, and only ids found by
/// the walk resolve. The walk skips hidden entries, `.build` and `DerivedData`, does not follow
/// links to folders, and keeps a link to a file only when the file it points to lies inside
/// the same root; `resolve` checks that again at read time, since a file can be replaced by
/// a link while the server runs.
public struct LayoutFileTree: Sendable {
    /// One root as given: a folder or a single file.
    public struct Root: Sendable, Hashable {
        /// How the user spelled it (for messages and `file:line` links).
        public var shown: String
        /// Its real path, links resolved.
        public var real: String
        public var isFolder: Bool
        /// Prefix of the ids of its files when several roots are served ("" for one root).
        public var idPrefix: String
    }

    public struct Entry: Sendable, Hashable {
        /// The URL-safe relative id.
        public var id: String
        /// The path as shown to the user: the root as given joined with the relative path.
        public var shownPath: String
        /// The path to read (inside the root's real folder, or the root file itself).
        public var path: String
        var root: Root
    }

    public let roots: [Root]

    /// Roots that do not exist or are not readable: reported at start.
    public let missing: [String]

    public init(paths: [String]) {
        var roots: [Root] = []
        var missing: [String] = []
        var prefixes = Set<String>()
        for path in paths {
            guard let real = Self.realPath(path) else {
                missing.append(path)
                continue
            }
            var status = stat()
            guard stat(real, &status) == 0 else {
                missing.append(path)
                continue
            }
            let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
            var prefix = ""
            if paths.count > 1 {
                let base = (real as NSString).lastPathComponent
                prefix = base.isEmpty ? "root" : base
                var candidate = prefix, counter = 2
                while !prefixes.insert(candidate).inserted {
                    candidate = "\(prefix)-\(counter)"
                    counter += 1
                }
                prefix = candidate
            }
            roots.append(Root(shown: path, real: real, isFolder: isFolder, idPrefix: prefix))
        }
        self.roots = roots
        self.missing = missing
    }

    /// Whether a file name is a layout file's (as `layoutc lint` chooses them).
    public static func isLayoutFile(_ name: String) -> Bool { SourceSyntax.isLayoutFile(name) }

    /// Every layout file now under the roots, sorted by id.
    public func entries() -> [Entry] {
        var out: [Entry] = []
        for root in roots {
            if root.isFolder {
                var visited = Set<[UInt64]>()
                walk(root.real, relative: "", root: root, visited: &visited, into: &out)
            } else {
                let name = (root.real as NSString).lastPathComponent
                let id = root.idPrefix.isEmpty ? name : root.idPrefix + "/" + name
                out.append(Entry(id: id, shownPath: root.shown, path: root.real, root: root))
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// The entry of an id, checked again on disk: still a regular file (through links) whose
    /// real path is inside its root. nil for anything else.
    public func resolve(_ id: String) -> Entry? {
        var status = stat()
        return resolve(id, status: &status)
    }

    /// `resolve`, and the file's `stat` (through links) in `status`: a frames request takes its
    /// snapshot's freshness from it rather than asking again.
    func resolve(_ id: String, status: inout stat) -> Entry? {
        guard Self.isPlainRelativePath(id) else { return nil }
        for root in roots {
            var relative = id
            if !root.idPrefix.isEmpty {
                guard id.hasPrefix(root.idPrefix + "/") else { continue }
                relative = String(id.dropFirst(root.idPrefix.count + 1))
            }
            if !root.isFolder {
                guard relative == (root.real as NSString).lastPathComponent, isRegularFile(root.real, &status) else { continue }
                return Entry(id: id, shownPath: root.shown, path: root.real, root: root)
            }
            guard Self.isLayoutFile(relative), Self.everySegment(of: relative, { $0.first != UInt8(ascii: ".") && !$0.elementsEqual("DerivedData".utf8) }) else { continue }
            let candidate = root.real + "/" + relative
            // Every folder on the way must be a real folder, not a link (the walk does not follow them).
            var folder = root.real
            var throughLink = false
            // (A file at the top has no folder on the way: no array of components for it.)
            for component in relative.utf8.contains(UInt8(ascii: "/")) ? relative.split(separator: "/").dropLast() : [] {
                folder += "/" + component
                var status = stat()
                if lstat(folder, &status) != 0 || (status.st_mode & S_IFMT) != S_IFDIR { throughLink = true; break }
            }
            if throughLink { continue }
            // With no link on the way, a regular file is its own real path (one `lstat`, where
            // `realpath` read every component of the root's path as a link again, issue 22); a
            // link must land inside the root, on a regular file.
            guard lstat(candidate, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                break
            case S_IFLNK:
                guard let real = Self.realPath(candidate), real.hasPrefix(root.real + "/"), isRegularFile(real, &status) else { continue }
            default:
                continue
            }
            return Entry(id: id, shownPath: Self.join(root.shown, relative), path: candidate, root: root)
        }
        return nil
    }

    /// Relative, "/"-separated, without empty, "." or ".." segments, NUL or backslashes.
    static func isPlainRelativePath(_ text: String) -> Bool {
        // Bytes, not Foundation's substring search: every frames request resolves its file.
        guard !text.isEmpty, !text.hasPrefix("/"), !text.utf8.contains(0), !text.utf8.contains(UInt8(ascii: "\\")) else { return false }
        return everySegment(of: text) { !$0.isEmpty && !$0.elementsEqual(".".utf8) && !$0.elementsEqual("..".utf8) }
    }

    /// Whether `test` holds for each of a path's "/"-separated segments, empty ones included,
    /// as bytes (no array of `Substring`s: every frames request resolves its file).
    static func everySegment(of path: String, _ test: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = bytes.startIndex
            while true {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
                guard test(bytes[start..<end]) else { return false }
                if end == bytes.endIndex { return true }
                start = end + 1
            }
        }
    }

    private func walk(_ folder: String, relative: String, root: Root, visited: inout Set<[UInt64]>, into out: inout [Entry]) {
        var status = stat()
        guard stat(folder, &status) == 0, visited.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let full = folder + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            var entry = stat()
            guard lstat(full, &entry) == 0 else { continue }
            switch entry.st_mode & S_IFMT {
            case S_IFDIR:
                if name == "DerivedData" || name == ".build" { continue }
                walk(full, relative: rel, root: root, visited: &visited, into: &out)
            case S_IFREG, S_IFLNK:
                guard Self.isLayoutFile(name) else { continue }
                // A link is served only if it lands inside the root, on a regular file.
                if (entry.st_mode & S_IFMT) == S_IFLNK {
                    guard let real = Self.realPath(full), real.hasPrefix(root.real + "/"), isRegularFile(real) else { continue }
                }
                let id = root.idPrefix.isEmpty ? rel : root.idPrefix + "/" + rel
                out.append(Entry(id: id, shownPath: Self.join(root.shown, rel), path: full, root: root))
            default:
                continue  // FIFOs, sockets, devices: reading them could block
            }
        }
    }

    private func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return isRegularFile(path, &status)
    }

    private func isRegularFile(_ path: String, _ status: inout stat) -> Bool {
        stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    static func join(_ root: String, _ relative: String) -> String {
        if root == "." || root == "./" { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
