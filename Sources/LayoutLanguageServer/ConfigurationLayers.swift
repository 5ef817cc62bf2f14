import Foundation
import LayoutCompiler

/// The `.layoutlint.yml` settings of a document, found as `layoutc lint` finds them: in its
/// folder and each folder above, up to one with `root: true`, nearer files overriding farther
/// ones. Read again for each analysis (a few small files), so an edited configuration counts
/// at the next change.
enum ConfigurationLayers {
    static let maximumFileSize = 1 << 20

    /// Layers for an absolute path, farthest first; none for a document that is not a file.
    static func layers(for path: String) -> [LintLayer] {
        guard path.hasPrefix("/") else { return [] }
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
