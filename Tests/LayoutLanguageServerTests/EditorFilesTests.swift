import Foundation
import Testing

/// `editors/vscode` (docs/editors.md): its manifest reads, and its grammar is the repository's
/// TextMate grammar through a link, under the scope the manifest names.
@Suite struct EditorFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theVSCodeFolderWiresTheTextMateGrammar() throws {
        let folder = Self.root.appendingPathComponent("editors/vscode")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("package.json"))) as? [String: Any])
        let contributes = try #require(manifest["contributes"] as? [String: Any])
        let grammar = try #require((contributes["grammars"] as? [[String: Any]])?.first)
        #expect(grammar["language"] as? String == "layout")
        let path = try #require(grammar["path"] as? String)
        let linked = folder.appendingPathComponent(path)
        #expect(linked.resolvingSymlinksInPath().path == Self.root.appendingPathComponent("grammar/layout.tmLanguage.json").resolvingSymlinksInPath().path)
        let tmLanguage = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: linked)) as? [String: Any])
        #expect(tmLanguage["scopeName"] as? String == grammar["scopeName"] as? String)
        let language = try #require((contributes["languages"] as? [[String: Any]])?.first)
        #expect(language["extensions"] as? [String] == [".layout"])
        _ = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(language["configuration"] as? String ?? "")))
    }
}
