import Foundation

/// Looks at the served files' size, time and inode every 200 ms (and walks the tree again
/// every two seconds for files that appear or go), and tells the open pages: `change` for a
/// saved file (for every file when a `.layoutlint.yml` above them changes), `files` when the
/// list changes. Watching from the server keeps the page free of
/// polling, and works the same on every platform and for every editor's way of saving.
struct FileWatcher {
    let tree: LayoutFileTree
    let hub: EventHub
    let cache: SnapshotCache

    func run() async {
        var entries = tree.entries()
        var versions = Self.versions(of: entries)
        var configurations = Self.configurationPaths(of: entries)
        var configurationVersions = Self.versions(ofPaths: configurations)
        var tick = 0
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: PreviewServer.watchInterval)
            } catch {
                return
            }
            tick += 1
            if tick % 10 == 0 {
                let found = tree.entries()
                if found.map(\.id) != entries.map(\.id) {
                    entries = found
                    hub.send(event: "files", data: "{}")
                }
                configurations = Self.configurationPaths(of: entries)
            }
            if tick % 50 == 0 { hub.ping() }
            let now = Self.versions(of: entries)
            let configurationsNow = Self.versions(ofPaths: configurations)
            // Files the pages import (docs/format.md §7.5), as they were when read: a change
            // (or one gone) redraws every page.
            let imported = cache.importedFileVersions
            let importsChanged = imported.contains { LayoutSnapshot.Version(path: $0.key) != $0.value }
            if configurationsNow != configurationVersions || importsChanged {
                // Lint settings changed: every file's findings and matrix may have.
                cache.invalidateAll()
                for entry in entries { hub.send(event: "change", data: Self.json(file: entry.id)) }
            } else {
                for entry in entries where now[entry.id] != versions[entry.id] {
                    hub.send(event: "change", data: Self.json(file: entry.id))
                }
            }
            versions = now
            configurationVersions = configurationsNow
        }
    }

    static func versions(of entries: [LayoutFileTree.Entry]) -> [String: LayoutSnapshot.Version] {
        var out: [String: LayoutSnapshot.Version] = [:]
        for entry in entries { out[entry.id] = LayoutSnapshot.Version(path: entry.path) }
        return out
    }

    /// Where a `.layoutlint.yml` would apply to the files: their folders and every folder above.
    static func configurationPaths(of entries: [LayoutFileTree.Entry]) -> [String] {
        var folders = Set<String>()
        for entry in entries {
            var folder = ((LayoutFileTree.realPath(entry.path) ?? entry.path) as NSString).deletingLastPathComponent
            while !folder.isEmpty, folders.insert(folder).inserted {
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder { break }
                folder = parent
            }
        }
        return folders.sorted().map { ($0 == "/" ? "" : $0) + "/.layoutlint.yml" }
    }

    static func versions(ofPaths paths: [String]) -> [String: LayoutSnapshot.Version] {
        var out: [String: LayoutSnapshot.Version] = [:]
        for path in paths { out[path] = LayoutSnapshot.Version(path: path) }
        return out
    }

    static func json(file id: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(["file": id])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
