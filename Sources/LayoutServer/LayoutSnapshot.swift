import Foundation
import LayoutCompiler
import LayoutRuntime

/// One layout file as last read: its bytes compiled, a geometry per valid layout, its lint
/// findings. Kept until the file's size, time or inode changes, so slider steps only run the
/// engine.
final class LayoutSnapshot: @unchecked Sendable {
    /// What tells one version of a file from the next without reading it.
    struct Version: Hashable, Sendable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        init(_ status: stat) {
            size = Int64(status.st_size)
            #if canImport(Darwin)
            seconds = Int(status.st_mtimespec.tv_sec)
            nanoseconds = Int(status.st_mtimespec.tv_nsec)
            #else
            seconds = Int(status.st_mtim.tv_sec)
            nanoseconds = Int(status.st_mtim.tv_nsec)
            #endif
            inode = UInt64(status.st_ino)
        }
    }

    let version: Version
    /// Tells this snapshot from every other one of the server's life: a frames answer names the
    /// snapshot whose node indices it uses, so the page sees when its `/api/layout` is older.
    let serial: Int
    let entry: LayoutFileTree.Entry
    let text: String
    let syntax: SourceSyntax
    let compiled: LayoutCompiler.CompiledFile
    /// By layout name, for the layouts without static errors.
    let geometries: [String: LayoutGeometry]
    private let lock = NSLock()
    private var lintCache: [LintDiagnostic]?
    /// Where the file is and the server's imported files (docs/format.md §7.5), for lint too.
    private let importContext: LayoutCompiler.ImportContext?

    init(entry: LayoutFileTree.Entry, version: Version, bytes: [UInt8], imports: ConstantImports? = nil) {
        self.entry = entry
        importContext = imports.map { .init(path: entry.path, imports: $0) }
        self.version = version
        serial = Self.serials.next()
        self.text = String(decoding: bytes, as: UTF8.self)
        syntax = SourceSyntax.detect(path: entry.path, bytes: bytes)
        parameters = [:]
        compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: importContext)
        (geometries, deepest, largest) = Self.geometries(of: compiled)
        self.bytes = bytes
        // The real path, so the folders above are the file's, not a link's.
        layers = LintLayers.layers(for: LayoutFileTree.realPath(entry.path) ?? entry.path)
    }

    private let bytes: [UInt8]
    /// The parameters' values this snapshot was compiled with (docs/format.md §8.1); empty: the defaults.
    let parameters: [String: Double]

    /// The same file compiled with values for its parameters (the page's parameter fields): the
    /// same serial and nodes, each check run again with the values. The last one is kept, so a
    /// slider's steps with one set of values compile once.
    private init(_ base: LayoutSnapshot, parameters: [String: Double]) {
        entry = base.entry
        importContext = base.importContext
        version = base.version
        serial = base.serial
        text = base.text
        syntax = base.syntax
        bytes = base.bytes
        layers = base.layers
        self.parameters = parameters
        compiled = LayoutCompiler.compileOnCurrentThread(base.bytes, syntax: base.syntax, context: base.importContext, parameters: parameters)
        (geometries, deepest, largest) = Self.geometries(of: compiled)
    }

    /// A geometry per valid layout (the first of a name), and the deepest and largest of them.
    private static func geometries(of compiled: LayoutCompiler.CompiledFile) -> ([String: LayoutGeometry], Int, Int) {
        var geometries: [String: LayoutGeometry] = [:]
        for plan in compiled.plans.compactMap({ $0 }) where geometries[plan.name] == nil {
            geometries[plan.name] = LayoutGeometry(plan: plan)
        }
        return (geometries, geometries.values.map { $0.depths.max() ?? 0 }.max() ?? 0, geometries.values.map(\.nodes.count).max() ?? 0)
    }

    /// This file with the given values for the parameters it has (the others are left out); itself
    /// when none differs from a default.
    func applying(_ given: [String: Double]) -> LayoutSnapshot {
        guard !given.isEmpty, parameters.isEmpty else { return self }
        let known = Dictionary(compiled.plans.compactMap { $0 }.flatMap(\.parameters).map { ($0.name, $0.defaultValue) }) { first, _ in first }
        let values = given.filter { known[$0.key] != nil && known[$0.key] != $0.value }
        guard !values.isEmpty else { return self }
        return variantLock.withLock {
            if let last = lastVariant, last.parameters == values { return last }
            let variant = LayoutSnapshot(self, parameters: values)
            lastVariant = variant
            return variant
        }
    }

    private let variantLock = NSLock()
    private var lastVariant: LayoutSnapshot?

    private static let serials = SerialNumbers()

    final class SerialNumbers: @unchecked Sendable {
        private let lock = NSLock()
        private var last = 0

        func next() -> Int {
            lock.withLock {
                last += 1
                return last
            }
        }
    }
    /// The `.layoutlint.yml` settings for this file (read when the file was).
    let layers: [LintLayer]

    /// The device sizes of the lint matrix for a layout, as `layoutc lint` and
    /// `layoutc preview --all-devices` use them.
    func deviceSizes(for plan: LayoutPlan) -> [DeviceSize] {
        LintState(layers: layers, layout: plan.name).sizes(for: plan)
    }

    /// The texts the page starts a layout's wrap items from: the first sample `.layoutlint.yml`
    /// gives each (`wrap:`, as lint's first run), else one line 200 wide in 20-pt lines.
    func defaultTexts(for plan: LayoutPlan) -> [String: LayoutTextModel] {
        guard !plan.wrapItemNames.isEmpty else { return [:] }
        // Every frames request asks: read the settings once per layout.
        if let known = textsLock.withLock({ textsCache[plan.name] }) { return known }
        let texts = readDefaultTexts(for: plan)
        textsLock.withLock { textsCache[plan.name] = texts }
        return texts
    }

    /// Not `lock`, which is held while lint runs.
    private let textsLock = NSLock()
    private var textsCache: [String: [String: LayoutTextModel]] = [:]

    private func readDefaultTexts(for plan: LayoutPlan) -> [String: LayoutTextModel] {
        let state = LintState(layers: layers, layout: plan.name)
        var texts: [String: LayoutTextModel] = [:]
        for name in plan.wrapItemNames { texts[name] = state.texts(for: name)?.first ?? Self.defaultText }
        return texts
    }

    static let defaultText = LayoutTextModel(width: 200, lineHeight: 20)

    /// The content sizes the page starts a layout's dynamic items outside flows from: the first
    /// sample `.layoutlint.yml` gives each (`sizes:`), for those it gives one.
    func defaultSizes(for plan: LayoutPlan) -> [(name: String, size: Size)] {
        let state = LintState(layers: layers, layout: plan.name)
        return plan.contentItemNames.compactMap { name in state.samples(for: name)?.first.map { (name, $0) } }
    }

    /// `layoutc lint`'s findings with the file's settings (computed once).
    var lint: [LintDiagnostic] {
        lock.lock()
        defer { lock.unlock() }
        if let lintCache { return lintCache }
        // Problems inside an imported file are that file's, shown on its own page.
        let result = Linter.lintOnCurrentThread(bytes, syntax: syntax, layers: layers, context: importContext).diagnostics.filter { $0.file == nil }
        lintCache = result
        return result
    }

    /// Whether every layout is at most `depth` levels deep and `nodes` nodes large: small
    /// enough to lay out on any thread's stack, quickly.
    func isSmall(depth: Int, nodes: Int) -> Bool {
        deepest <= depth && largest <= nodes
    }

    /// The deepest nesting and the most nodes of its layouts.
    private let deepest: Int
    private let largest: Int

    /// The plan a request names, or the file's first valid one.
    func plan(named name: String?) -> LayoutPlan? {
        // Every frames request asks: no array of the plans for it.
        for case let plan? in compiled.plans where name == nil || plan.name == name { return plan }
        return nil
    }
}

/// The snapshots of the files served, refreshed when a file changes.
final class SnapshotCache: @unchecked Sendable {
    private let lock = NSLock()
    private var snapshots: [String: LayoutSnapshot] = [:]

    /// The imported files read since the last invalidation, with their versions when read
    /// (nil: it did not exist then, so its appearing is a change).
    var importedFileVersions: [String: LayoutSnapshot.Version?] { readVersions.all }
    /// The files the served layouts import (docs/format.md §7.5), each read once until one changes.
    let imports: ConstantImports
    /// Each imported file's version when it was read, so a save right after is seen as a change.
    private let readVersions = ReadVersions()

    /// `confinement`: the folders imports may read (the served roots and `--import-root`).
    init(confinement: ImportConfinement) {
        let versions = readVersions
        imports = ConstantImports(confinement: confinement) { path in
            // Also a missing file's absence: when it is written, the pages importing it are
            // compiled again rather than keep "cannot import" until the server restarts.
            versions.record(path, LayoutSnapshot.Version(path: path))
            return SnapshotCache.readImport(path)
        }
    }

    /// Versions by path, behind their own lock (the import reader runs inside `ConstantImports`'s).
    final class ReadVersions: @unchecked Sendable {
        private let lock = NSLock()
        private var versions: [String: LayoutSnapshot.Version?] = [:]

        func record(_ path: String, _ version: LayoutSnapshot.Version?) {
            lock.lock()
            versions[path] = version
            lock.unlock()
        }

        var all: [String: LayoutSnapshot.Version?] {
            lock.lock()
            defer { lock.unlock() }
            return versions
        }

        func removeAll() {
            lock.lock()
            versions = [:]
            lock.unlock()
        }
    }

    static func readImport(_ path: String) -> Result<[UInt8], ConstantImports.ReadFailure> {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return .failure(.init("it is a directory")) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.init("it cannot be read")) }
        guard data.count <= SnapshotCache.maximumFileSize else { return .failure(.init("it is larger than the server reads")) }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(.init("it is not UTF-8 text")) }
        return .success(bytes)
    }

    /// Drops every snapshot: a `.layoutlint.yml` or an imported file changed, and with it lint,
    /// the matrix or the constants of every page that imports it.
    func invalidateAll() {
        lock.lock()
        snapshots = [:]
        lock.unlock()
        readVersions.removeAll()
        imports.invalidate()
    }
    /// The largest file read (a layout file is small; anything larger is refused).
    static let maximumFileSize = 4 << 20

    enum Failure: Error {
        case unreadable(String)
        case tooLarge
    }

    /// The file's snapshot when the one held is of the file as it is now; nil when it must be
    /// read (and compiled) again, which `snapshot(of:)` does on a worker thread.
    /// `version` is the file's as `LayoutFileTree.resolve(_:status:)` found it: no second `stat`.
    func current(_ entry: LayoutFileTree.Entry, _ version: LayoutSnapshot.Version) -> LayoutSnapshot? {
        lock.withLock {
            guard let cached = snapshots[entry.id], cached.version == version, cached.entry.path == entry.path else { return nil }
            return cached
        }
    }

    /// The file's snapshot, read and compiled again if it changed. Run on a worker thread.
    func snapshot(of entry: LayoutFileTree.Entry) -> Result<LayoutSnapshot, Failure> {
        guard let version = LayoutSnapshot.Version(path: entry.path) else { return .failure(.unreadable("it is gone")) }
        lock.lock()
        if let cached = snapshots[entry.id], cached.version == version, cached.entry.path == entry.path {
            lock.unlock()
            return .success(cached)
        }
        lock.unlock()
        guard version.size <= Self.maximumFileSize else { return .failure(.tooLarge) }
        guard let handle = FileHandle(forReadingAtPath: entry.path) else { return .failure(.unreadable("it cannot be opened")) }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data()
        } catch {
            return .failure(.unreadable("\(error)"))
        }
        guard data.count <= Self.maximumFileSize else { return .failure(.tooLarge) }
        let snapshot = LayoutSnapshot(entry: entry, version: version, bytes: [UInt8](data), imports: imports)
        lock.lock()
        snapshots[entry.id] = snapshot
        lock.unlock()
        return .success(snapshot)
    }
}
