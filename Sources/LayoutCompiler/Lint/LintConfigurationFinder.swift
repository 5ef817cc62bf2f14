#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the `.layoutlint.yml` files that apply to a layout file and turns them into the layers
/// `LintState` applies: the file's folder and each folder above it, up to one with `root: true`
/// or the filesystem root; farther files first, so nearer ones (and then matching `overrides`)
/// win. `layoutc lint`, `layoutc preview --all-devices` and `layoutc serve` all take a layout's
/// devices, per-layout overrides and samples from here, so they cannot disagree (docs/lint.md).
/// Each folder's file is read and parsed once. The compiler does no file I/O: the caller gives
/// the reader (the CLI's bounded reader, the server's).
public struct LintConfigurationFinder {
    /// What reading a configuration file gave.
    public enum ReadResult {
        /// There is no such file.
        case absent
        case bytes([UInt8])
        /// It exists but cannot be read: the reason, for a message.
        case unreadable(String)
    }

    /// A parsed `.layoutlint.yml` and the folder its paths are relative to.
    public struct Loaded: Sendable {
        public var configuration: LintConfiguration
        public var directory: String
    }

    private let read: (String) -> ReadResult
    private var byDirectory: [String: Loaded?] = [:]
    private var chains: [String: [Loaded]] = [:]
    /// Problems of each configuration file read, by its path.
    public private(set) var diagnostics: [(path: String, diagnostics: [Diagnostic])] = []
    /// Every configuration file parsed, in the order read, by its path.
    public private(set) var loaded: [(path: String, configuration: LintConfiguration)] = []
    /// Files that exist but could not be read: path and reason.
    public private(set) var readErrors: [(path: String, reason: String)] = []

    /// `read` is given an absolute path (or one as the user wrote it, for `load(path:)`).
    public init(read: @escaping (String) -> ReadResult) {
        self.read = read
    }

    /// Reads and parses one configuration file (also one named with `--config`); nil when it
    /// is absent or unreadable (then in `readErrors`).
    public mutating func load(path: String) -> Loaded? {
        switch read(path) {
        case .absent:
            readErrors.append((path, "no such file or directory"))
            return nil
        case .unreadable(let reason):
            readErrors.append((path, reason))
            return nil
        case .bytes(let bytes):
            return parsed(bytes, path: path)
        }
    }

    private mutating func parsed(_ bytes: [UInt8], path: String) -> Loaded {
        let (configuration, problems) = LintConfiguration.parse(String(decoding: bytes, as: UTF8.self))
        if !problems.isEmpty { diagnostics.append((path, problems)) }
        loaded.append((path, configuration))
        let directory = ParentDirectory.of(Self.absolute(path))
        return Loaded(configuration: configuration, directory: directory)
    }

    /// The configuration in `directory` itself, if any.
    public mutating func configuration(in directory: String) -> Loaded? {
        if let cached = byDirectory[directory] { return cached }
        let path = (directory == "/" ? "" : directory) + "/" + LintConfiguration.fileName
        var loaded: Loaded?
        switch read(path) {
        case .absent: loaded = nil
        case .unreadable(let reason): readErrors.append((path, reason))
        case .bytes(let bytes): loaded = parsed(bytes, path: path)
        }
        byDirectory[directory] = loaded
        return loaded
    }

    /// The configurations that apply in `directory`, nearest first.
    public mutating func chain(forDirectory directory: String) -> [Loaded] {
        if let cached = chains[directory] { return cached }
        var chain: [Loaded] = []
        if let loaded = configuration(in: directory) { chain.append(loaded) }
        if chain.last?.configuration.root != true, directory != "/", !directory.isEmpty {
            let parent = ParentDirectory.of(directory)
            if parent != directory { chain += self.chain(forDirectory: parent) }
        }
        chains[directory] = chain
        return chain
    }

    /// The layers for a layout file (an absolute path): the farthest configuration first.
    public mutating func layers(for absoluteFile: String) -> [LintLayer] {
        let directory = ParentDirectory.of(absoluteFile)
        return chain(forDirectory: directory).reversed().flatMap { $0.layers(for: absoluteFile) }
    }

    /// Whether a configuration above `absoluteFile` excludes it from folder searches.
    public mutating func excludes(_ absoluteFile: String) -> Bool {
        let directory = ParentDirectory.of(absoluteFile)
        return chain(forDirectory: directory).contains { $0.excludes(absoluteFile) }
    }

    /// `path` made absolute against the current folder, `.` and `..` resolved, no trailing `/`.
    public static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        var result = url.standardizedFileURL.path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// `path` relative to `directory` when it lies inside it, else `path`.
    public static func relative(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

extension LintConfigurationFinder.Loaded {
    /// This file's layers for a layout file (an absolute path).
    public func layers(for absoluteFile: String) -> [LintLayer] {
        configuration.layers(forRelativePath: LintConfigurationFinder.relative(absoluteFile, to: directory))
    }

    /// Whether this file excludes `absoluteFile` from folder searches.
    public func excludes(_ absoluteFile: String) -> Bool {
        configuration.excludes(relativePath: LintConfigurationFinder.relative(absoluteFile, to: directory))
    }
}
