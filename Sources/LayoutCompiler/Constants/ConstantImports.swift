#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files a run imports (docs/format.md §7.5), each read and checked once per run however
/// many files import it: `layoutc lint` over a folder, or `layoutc serve`, shares one.
/// The reading itself is the caller's (`reader`), so the compiler stays in memory.
public final class ConstantImports: @unchecked Sendable {
    /// Why a file could not be read ("no such file", "it is a directory").
    public struct ReadFailure: Error, Sendable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    public typealias Reader = @Sendable (String) -> Result<[UInt8], ReadFailure>

    /// How many files deep imports may nest (a file importing one importing one …): a chain
    /// deeper than this is `invalidValue` at the import that goes past it. A C compiler's
    /// include depth is 200; design tokens nest a few files deep.
    public static let maximumDepth = 200

    /// An imported file, checked: the constants it makes visible (its own and its imports',
    /// transitively) and the problems found in it alone; those of the files it imports are
    /// theirs, gathered once per compile (`diagnostics(reachableFrom:)`), so a file reached
    /// by many paths is reported once, not once a path.
    struct ImportedFile {
        var constants: [VisibleConstant]
        var diagnostics: [Diagnostic]
        /// The files it imports (their keys), in the order it imports them.
        var imports: [String]
        /// Whether it or a file it imports, directly or not, has an error: a layout that
        /// imports it is failed even where those errors were reported already (another layout
        /// of the file imports it too).
        var hasErrors: Bool
        /// The file's table, whose index names `constants` in their order: shared by a document
        /// that imports only this file (nil when the constants had to be sorted into location order).
        var table: ConstantTable?
    }

    enum Outcome {
        /// The file, and its key (`ImportLocation.key`) for `diagnostics(reachableFrom:)`.
        case file(ImportedFile, key: String)
        case unreadable(String)
        case cycle
        case tooDeep
    }

    private let reader: Reader
    /// Where imports may read (nil: anywhere, for callers that read from memory).
    public let confinement: ImportConfinement?
    /// Recursive: loading a file loads the files it imports.
    private let lock = SystemLock(recursive: true)
    /// By key (the file's real path): one file reached by two paths (a symlink) is one file.
    private var files: [String: ImportedFile] = [:]
    private var failures: [String: String] = [:]
    /// The paths read, as resolved (what serve watches), found or not.
    private var readPaths: Set<String> = []

    /// Imports read anywhere `reader` reads: for files in memory and tests.
    public init(reader: @escaping Reader) {
        self.reader = reader
        self.confinement = nil
    }

    /// Imports read only inside `confinement`'s folders (the project, docs/format.md §7.5).
    public init(confinement: ImportConfinement, reader: @escaping Reader) {
        self.reader = reader
        self.confinement = confinement
    }

    /// Every path imported so far, resolved, sorted (what serve watches and the plugin declares),
    /// also those that could not be read: a file that appears there is picked up.
    public var importedPaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return readPaths.sorted()
    }

    /// Forgets a file read before (it changed on disk), and every file, since any may import it.
    public func invalidate() {
        lock.lock()
        defer { lock.unlock() }
        files.removeAll()
        failures.removeAll()
        readPaths.removeAll()
    }

    /// `path` as written in a file at `importer`: relative to the importer's folder.
    public static func resolve(_ path: String, relativeTo importer: String?) -> String {
        let joined: String
        if path.hasPrefix("/") {
            joined = path
        } else if let importer, let slash = importer.lastIndex(of: "/") {
            joined = String(importer[...slash]) + path
        } else {
            joined = path
        }
        // `a/./b`, `a/x/../b`: one spelling per file, so a file reached two ways is read once.
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let body = parts.joined(separator: "/")
        if joined.hasPrefix("/") { return "/" + body }
        return body.isEmpty ? "." : body
    }

    /// The file at `path` (resolved), read and checked once; `chain` holds the files being
    /// imported right now, so that one of them again is a cycle.
    func load(_ path: String, chain: ImportChain) -> Outcome {
        let key = ImportLocation.key(of: path)
        lock.lock()
        defer { lock.unlock() }
        if chain.contains(key) { return .cycle }
        if let file = files[key] { return .file(file, key: key) }
        if let reason = failures[key] { return .unreadable(reason) }
        if chain.depth > Self.maximumDepth { return .tooDeep }
        readPaths.insert(path)
        let bytes: [UInt8]
        switch reader(path) {
        case .failure(let failure):
            failures[key] = failure.reason
            return .unreadable(failure.reason)
        case .success(let read):
            bytes = read
        }
        let syntax = SourceSyntax.detect(path: path, bytes: bytes)
        let (parsed, syntaxDiagnostics) = syntax == .yaml ? YAMLFrontEnd.parse(bytes) : TextFrontEnd.parse(bytes)
        // Its layouts are not read: only its syntax and its documents of file constants.
        var diagnostics = syntaxDiagnostics.filter { $0.code == .syntax }
        chain.push(key)
        var resolution = ConstantResolution(path: path, imports: self, chain: chain, isImported: true)
        let table = resolution.fileConstants(of: parsed)
        chain.pop()
        let found = table.entries.map { entry in
            var constant = entry.constant
            if constant.file == nil { constant.file = path }
            return constant
        }
        // Already in location order unless the file imports others; sorted only then, and
        // then the table's index no longer matches the order of `constants`.
        let isInOrder = ConstantResolution.isInLocationOrder(found)
        let constants = isInOrder ? found : found.sorted { $0.location < $1.location }
        diagnostics += resolution.diagnostics.diagnostics
        for index in diagnostics.indices where diagnostics[index].file == nil {
            diagnostics[index].file = path
        }
        let hasErrors = resolution.failedImports > 0 || diagnostics.contains { $0.severity == .error }
        let file = ImportedFile(constants: constants, diagnostics: diagnostics, imports: resolution.importedKeys,
                                hasErrors: hasErrors, table: isInOrder ? table : nil)
        files[key] = file
        return .file(file, key: key)
    }

    /// The problems of the file `key` and of every file it imports, directly or not, but of none
    /// in `reported` (which gains them): each file's once per compile, however many paths reach
    /// it (a diamond of imports 22 deep has 2^22). Depth first, in import order.
    func diagnostics(reachableFrom key: String, reported: inout Set<String>) -> [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        var out: [Diagnostic] = []
        var pending = [key]
        while let next = pending.popLast() {
            guard reported.insert(next).inserted, let file = files[next] else { continue }
            out += file.diagnostics
            pending.append(contentsOf: file.imports.reversed())
        }
        return out
    }
}

/// The files being imported right now, innermost last: a file among them again closes a cycle.
/// One per compile, shared by reference by the nested loads, so a chain 1,000 files deep is
/// not copied at every level (a copy a level was quadratic: 821 MB for 10,000 files).
final class ImportChain {
    private var keys: [String] = []
    private var members: Set<String> = []
    /// The compiled file's path, made a key at the first import: a file without imports (every
    /// keystroke in the language server, every frames request of serve) costs no `realpath`.
    private var pending: [String]

    init(_ paths: [String] = []) {
        pending = paths
    }

    private func settle() {
        guard !pending.isEmpty else { return }
        let paths = pending
        pending = []
        for path in paths { push(ImportLocation.key(of: path)) }
    }

    var depth: Int {
        settle()
        return keys.count
    }

    func contains(_ key: String) -> Bool {
        settle()
        return members.contains(key)
    }

    func push(_ key: String) {
        settle()
        keys.append(key)
        members.insert(key)
    }

    func pop() {
        settle()
        if let key = keys.popLast() { members.remove(key) }
    }
}

/// A constant as some file defines it.
struct VisibleConstant {
    var name: String
    var value: Literal
    /// Whether the value is a number or a list of numbers (else it was reported at the definition).
    var isValid: Bool
    /// The file that defines it (nil: the file being compiled) and where.
    var file: String?
    var location: SourceLocation

    func isSameDefinition(as other: VisibleConstant) -> Bool {
        file == other.file && location == other.location
    }
}
