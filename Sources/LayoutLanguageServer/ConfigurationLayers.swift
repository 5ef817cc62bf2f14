import Foundation
import LayoutCompiler

/// The `.layoutlint.yml` settings of a document, found by the finder `layoutc lint`, `preview`
/// and `serve` use (`LintConfigurationFinder`): in its folder and each folder above, up to one
/// with `root: true`, nearer files overriding farther ones. Read again for each analysis (a few
/// small files), so an edited configuration counts at the next change.
enum ConfigurationLayers {
    static let maximumFileSize = 1 << 20

    /// Layers for an absolute path, farthest first; none for a document that is not a file.
    /// A configuration that cannot be read or parsed is skipped: `layoutc lint` reports it.
    static func layers(for path: String) -> [LintLayer] {
        guard path.hasPrefix("/") else { return [] }
        var finder = LintConfigurationFinder(read: read)
        return finder.layers(for: path)
    }

    private static func read(_ file: String) -> LintConfigurationFinder.ReadResult {
        var status = stat()
        guard stat(file, &status) == 0 else { return .absent }
        guard (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= maximumFileSize,
              let data = FileManager.default.contents(atPath: file) else { return .unreadable("not a readable file") }
        return .bytes([UInt8](data))
    }
}
