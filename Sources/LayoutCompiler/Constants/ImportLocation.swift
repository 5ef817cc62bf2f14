#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an imported file really is on disk: what makes two spellings of one file one file
/// (a symlink, `a/../b`), and what the project's confinement judges (`ImportConfinement`).
enum ImportLocation {
    /// The real path of `path` (symlinks resolved, absolute), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// One name per file: its real path, or for a file that cannot be found (a reader in memory,
    /// a missing file) the path as resolved.
    static func key(of path: String) -> String {
        realPath(path) ?? path
    }

    /// Where `path` lies, absolute and with symlinks resolved as far as they exist: the file's
    /// real path; for a missing file, its folder's real path and its name (so a missing file
    /// inside a symlinked folder lies where the folder does).
    static func place(of path: String) -> String {
        if let real = realPath(path) { return real }
        let absolute = path.hasPrefix("/") ? path : ConstantImports.resolve(path, relativeTo: currentFolder() + "/")
        guard let slash = absolute.lastIndex(of: "/") else { return absolute }
        let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        let name = absolute[absolute.index(after: slash)...]
        guard let realFolder = realPath(folder) else { return absolute }
        return (realFolder == "/" ? "" : realFolder) + "/" + name
    }

    /// `path` absolute, without `.` and `..`, links left as they are.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? ConstantImports.resolve(path, relativeTo: nil) : ConstantImports.resolve(path, relativeTo: currentFolder() + "/")
    }

    static func currentFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return "/" }
        defer { free(folder) }
        return String(cString: folder)
    }
}

/// The folders a run's imports may read (docs/format.md §7.5): the project (the folder of the
/// file given, the folder `lint` walks, serve's root) and those the user adds with
/// `--import-root`. An import elsewhere is refused before it is read, so that a layout cannot
/// show another file's content (`import: /home/me/.ssh/id_ed25519` quoted in a syntax error,
/// served to anyone who reaches `layoutc serve`).
public struct ImportConfinement: Sendable {
    /// The folders, absolute and with symlinks resolved.
    public let roots: [String]
    /// The folders as spelled, absolute (a path is inside when written under one of these too).
    private let spelled: [String]

    /// `folders` as given (relative to the current folder, or absolute).
    public init(folders: [String]) {
        var roots: [String] = []
        var spelled: [String] = []
        for folder in folders where !folder.utf8.contains(0) {
            let root = ImportLocation.realPath(folder) ?? ImportLocation.place(of: folder)
            if !roots.contains(root) { roots.append(root) }
            let written = ImportLocation.absolute(folder)
            if !spelled.contains(written) { spelled.append(written) }
        }
        self.roots = roots
        self.spelled = spelled
    }

    /// Where an import's file lies for the project.
    enum Placement {
        /// Inside, as written and where it really is.
        case inside
        /// Written inside, but a link there leads outside (a tokens file shared from another
        /// folder): read, but its problems are not shown, since they could quote it.
        case linkedOutside
        /// Written outside (`../..`, an absolute path elsewhere): not read.
        case outside
    }

    /// The folder of each file given (`layoutc frames Card.layout`: the current folder's `.`).
    public static func folders(ofFiles files: [String]) -> [String] {
        files.map { file in
            guard let slash = file.lastIndex(of: "/") else { return "." }
            return slash == file.startIndex ? "/" : String(file[..<slash])
        }
    }

    /// Where the file at `path` (as resolved) lies: a link inside the project is the project's
    /// own choice, and followed, as a C compiler follows one under an `-I` folder.
    func placement(of path: String) -> Placement {
        let place = ImportLocation.place(of: path)
        if Self.isUnder(place, roots) { return .inside }
        return Self.isUnder(ImportLocation.absolute(path), spelled + roots) ? .linkedOutside : .outside
    }

    private static func isUnder(_ path: String, _ folders: [String]) -> Bool {
        folders.contains { folder in folder == "/" || path == folder || path.hasPrefix(folder + "/") }
    }

    /// The folders as a message names them.
    var described: String {
        roots.map { "'\($0)'" }.joined(separator: ", ")
    }
}
