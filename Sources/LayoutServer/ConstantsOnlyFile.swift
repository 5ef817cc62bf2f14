import Foundation
import LayoutCompiler

/// Whether a file under the served folders holds constants only (a tokens file, docs/format.md
/// §7.5): the file list marks it so, since it has no layout to draw. Parsed, not compiled (no
/// imports read, no checks); files above `maximumSize` are taken for layouts unread, as tokens
/// files are small and the list is asked for on every page load.
enum ConstantsOnlyFile {
    static let maximumSize = 64 << 10

    static func check(_ path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? Int, size <= maximumSize,
              let data = FileManager.default.contents(atPath: path) else { return false }
        let bytes = [UInt8](data)
        let file = LayoutSource.parse(bytes, syntax: SourceSyntax.detect(path: path, bytes: bytes)).file
        return file.layouts.isEmpty && !file.constantDocuments.isEmpty
    }
}
