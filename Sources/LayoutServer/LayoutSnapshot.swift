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
    let entry: LayoutFileTree.Entry
    let text: String
    let syntax: SourceSyntax
    let compiled: LayoutCompiler.CompiledFile
    /// By layout name, for the layouts without static errors.
    let geometries: [String: LayoutGeometry]
    private let lock = NSLock()
    private var lintCache: [LintDiagnostic]?

    init(entry: LayoutFileTree.Entry, version: Version, bytes: [UInt8]) {
        self.entry = entry
        self.version = version
        self.text = String(decoding: bytes, as: UTF8.self)
        syntax = SourceSyntax.detect(path: entry.path, bytes: bytes)
        compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax)
        var geometries: [String: LayoutGeometry] = [:]
        for plan in compiled.plans.compactMap({ $0 }) where geometries[plan.name] == nil {
            geometries[plan.name] = LayoutGeometry(plan: plan)
        }
        self.geometries = geometries
        self.bytes = bytes
        // The real path, so the folders above are the file's, not a link's.
        layers = LintLayers.layers(for: LayoutFileTree.realPath(entry.path) ?? entry.path)
    }

    private let bytes: [UInt8]
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
        let result = Linter.lintOnCurrentThread(bytes, syntax: syntax, layers: layers).diagnostics
        lintCache = result
        return result
    }

    /// The plan a request names, or the file's first valid one.
    func plan(named name: String?) -> LayoutPlan? {
        let plans = compiled.plans.compactMap { $0 }
        guard let name else { return plans.first }
        return plans.first { $0.name == name }
    }
}

/// The snapshots of the files served, refreshed when a file changes.
final class SnapshotCache: @unchecked Sendable {
    private let lock = NSLock()
    private var snapshots: [String: LayoutSnapshot] = [:]

    /// Drops every snapshot: a `.layoutlint.yml` changed, and with it lint and the matrix.
    func invalidateAll() {
        lock.lock()
        snapshots = [:]
        lock.unlock()
    }
    /// The largest file read (a layout file is small; anything larger is refused).
    static let maximumFileSize = 4 << 20

    enum Failure: Error {
        case unreadable(String)
        case tooLarge
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
        let snapshot = LayoutSnapshot(entry: entry, version: version, bytes: [UInt8](data))
        lock.lock()
        snapshots[entry.id] = snapshot
        lock.unlock()
        return .success(snapshot)
    }
}
