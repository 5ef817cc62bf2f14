import Foundation
@testable import LayoutServer
import Testing

/// The file list marks a tokens file (constants only, docs/format.md §7.5) so that it is not
/// taken for a layout with nothing to draw (issue 43, item 8).
@Suite struct ConstantsOnlyFileTests {
    @Test func aTokensFileInEitherSyntaxIsConstantsOnlyALayoutIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("constants-only-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            ("Tokens.layout.yaml", "constants:\n  gutter: 16\n", true),
            ("Tokens.layout", "let gutter = 16\nimport \"Other.layout\"\n", true),
            ("Card.layout", "let gutter = 16\nlayout Card (size: 100x100) {\n  item a\n}\n", false),
            ("Card.layout.yaml", "constants: {gutter: 16}\n---\nlayout: Card\nroot:\n  item: a\n", false),
            ("Broken.layout.yaml", "layout: [\n", false),
        ]
        for (name, text, expected) in files {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(ConstantsOnlyFile.check(path) == expected, "\(name)")
        }
        #expect(!ConstantsOnlyFile.check(folder.appendingPathComponent("Missing.layout").path))
    }
}
