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

    /// An imported file, checked: the constants it makes visible and the problems found in it
    /// (and in the files it imports, each naming its file).
    struct ImportedFile {
        var constants: [VisibleConstant]
        var diagnostics: [Diagnostic]
        /// The file's table, whose index names `constants` in their order: shared by a document
        /// that imports only this file (nil when the constants had to be sorted into location order).
        var table: ConstantTable?
    }

    enum Outcome {
        case file(ImportedFile)
        case unreadable(String)
        case cycle
    }

    private let reader: Reader
    /// Recursive: loading a file loads the files it imports.
    private let lock = SystemLock(recursive: true)
    private var files: [String: ImportedFile] = [:]
    private var failures: [String: String] = [:]

    public init(reader: @escaping Reader) {
        self.reader = reader
    }

    /// Every path imported so far, resolved, sorted (what serve watches and the plugin declares).
    public var importedPaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return (Array(files.keys) + Array(failures.keys)).sorted()
    }

    /// Forgets a file read before (it changed on disk), and every file, since any may import it.
    public func invalidate() {
        lock.lock()
        defer { lock.unlock() }
        files.removeAll()
        failures.removeAll()
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

    /// The file at `path` (resolved), read and checked once; `stack` holds the files being
    /// imported right now, so that one of them again is a cycle.
    func load(_ path: String, stack: inout [String]) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        if stack.contains(path) { return .cycle }
        if let file = files[path] { return .file(file) }
        if let reason = failures[path] { return .unreadable(reason) }
        let bytes: [UInt8]
        switch reader(path) {
        case .failure(let failure):
            failures[path] = failure.reason
            return .unreadable(failure.reason)
        case .success(let read):
            bytes = read
        }
        let syntax = SourceSyntax.detect(path: path, bytes: bytes)
        let (parsed, syntaxDiagnostics) = syntax == .yaml ? YAMLFrontEnd.parse(bytes) : TextFrontEnd.parse(bytes)
        // Its layouts are not read: only its syntax and its documents of file constants.
        var diagnostics = syntaxDiagnostics.filter { $0.code == .syntax }
        stack.append(path)
        var resolution = ConstantResolution(path: path, imports: self, stack: stack)
        let table = resolution.fileConstants(of: parsed)
        let found = table.entries.map { entry in
            var constant = entry.constant
            if constant.file == nil { constant.file = path }
            return constant
        }
        // Already in location order unless the file imports others; sorted only then, and
        // then the table's index no longer matches the order of `constants`.
        let isInOrder = ConstantResolution.isInLocationOrder(found)
        let constants = isInOrder ? found : found.sorted { $0.location < $1.location }
        stack = resolution.stack
        stack.removeLast()
        diagnostics += resolution.diagnostics.diagnostics
        for index in diagnostics.indices where diagnostics[index].file == nil {
            diagnostics[index].file = path
        }
        let file = ImportedFile(constants: constants, diagnostics: diagnostics, table: isInOrder ? table : nil)
        files[path] = file
        return .file(file)
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
