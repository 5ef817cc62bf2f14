import Foundation
import LayoutCompiler

/// The `.layoutlint.yml` settings that apply to a layout file, found by the finder
/// `layoutc lint` and `layoutc preview` use (`LintConfigurationFinder`): in the file's folder and
/// each folder above it, up to one with `root: true`; nearer files override farther ones. The
/// page's lint findings, device matrix and starting samples follow them.
enum LintLayers {
    /// The largest configuration file read.
    static let maximumFileSize = 1 << 20

    /// Layers for `path` (an absolute path), farthest first. A configuration that cannot be
    /// read or parsed is skipped: `layoutc lint` reports its problems.
    static func layers(for path: String) -> [LintLayer] {
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
