import Foundation
import LayoutCompiler

/// The `.layoutlint.yml` settings that apply to a layout file, found as `layoutc lint` finds
/// them: in the file's folder and each folder above it, up to one with `root: true`; nearer
/// files override farther ones. The page's lint findings and device matrix follow them.
enum LintLayers {
    /// The largest configuration file read.
    static let maximumFileSize = 1 << 20

    /// Layers for `path` (an absolute path), farthest first. A configuration that cannot be
    /// read or parsed is skipped: `layoutc lint` reports its problems.
    static func layers(for path: String) -> [LintLayer] {
        var chain: [(configuration: LintConfiguration, directory: String)] = []
        var directory = (path as NSString).deletingLastPathComponent
        while !directory.isEmpty {
            let file = (directory == "/" ? "" : directory) + "/" + LintConfiguration.fileName
            if let configuration = load(file) {
                chain.append((configuration, directory))
                if configuration.root { break }
            }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory { break }
            directory = parent
        }
        return chain.reversed().flatMap { entry in
            let prefix = entry.directory.hasSuffix("/") ? entry.directory : entry.directory + "/"
            let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            return entry.configuration.layers(forRelativePath: relative)
        }
    }

    private static func load(_ file: String) -> LintConfiguration? {
        var status = stat()
        guard stat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= maximumFileSize,
              let data = FileManager.default.contents(atPath: file) else { return nil }
        return LintConfiguration.parse(String(decoding: data, as: UTF8.self)).configuration
    }
}
