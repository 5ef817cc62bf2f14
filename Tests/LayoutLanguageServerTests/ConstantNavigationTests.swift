import Foundation
import Testing
import LayoutLanguageServer

/// Constants and imports in the server (docs/format.md §7.5; issue 23): completion after `$`,
/// hover and go to definition on `$NAME` and on an import, diagnostics that follow imports.
@Suite struct ConstantNavigationTests {
    /// Two layouts, each with a constant of its own, and the file's constants between them.
    static let twoLayouts = """
        layout: A
        size: [390, 844]
        constants:
          onlyA: 10
        root:
          item: a
          height: $onlyA
        ---
        constants:
          shared: [4, 8]
        ---
        layout: B
        size: [390, 844]
        constants:
          onlyB: 20
        root:
          item: b
          height: $
        """

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-constants-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func params(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ServerHarness.position(line, character)]
    }

    @Test func completionAfterDollarOffersTheConstantsOfTheLayoutAndTheFile() throws {
        let harness = ServerHarness()
        let uri = "untitled:Two.layout.yaml"
        harness.open(uri, Self.twoLayouts)
        let response = try #require(harness.request(2, "textDocument/completion", Self.params(uri, 17, 11)))
        let items = try #require((response["result"] as? [String: Any])?["items"] as? [[String: Any]])
        // B's own and the file's, not A's.
        #expect(items.map { $0["label"] as? String } == ["$onlyB", "$shared"])
        #expect(items.map { $0["detail"] as? String } == ["20", "[4, 8]"])
        #expect(items.map { $0["documentation"] as? String } == ["Defined in this file, line 15", "Defined in this file, line 10"])
        let edit = try #require(items.first?["textEdit"] as? [String: Any])
        #expect(flat(edit["range"]) == [17, 10, 17, 11])
        #expect(edit["newText"] as? String == "$onlyB")
        // In layout A: its own and the file's.
        let inA = try #require(harness.request(3, "textDocument/completion", Self.params(uri, 6, 13)))
        let labels = ((inA["result"] as? [String: Any])?["items"] as? [[String: Any]])?.map { $0["label"] as? String }
        #expect(labels == ["$onlyA", "$shared"])
    }

    @Test func hoverAndDefinitionOfAConstantInTheSameFile() throws {
        let harness = ServerHarness()
        let uri = "untitled:Two.layout.yaml"
        harness.open(uri, Self.twoLayouts)
        let hover = try #require(harness.request(2, "textDocument/hover", Self.params(uri, 6, 12)))
        let contents = try #require((hover["result"] as? [String: Any])?["contents"] as? [String: Any])
        #expect(contents["value"] as? String == "**constant** `$onlyA` = `10`\n\nDefined in this file, line 4.")
        #expect(flat((hover["result"] as? [String: Any])?["range"]) == [6, 10, 6, 16])
        let definition = try #require(harness.request(3, "textDocument/definition", Self.params(uri, 6, 11)))
        let locations = try #require(definition["result"] as? [[String: Any]])
        #expect(locations.map { $0["uri"] as? String } == [uri])
        #expect(locations.map { flat($0["range"]) } == [[3, 2, 3, 7]])
        // A name no constant has: said so on hover, no location.
        harness.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                  "contentChanges": [["range": ServerHarness.range(6, 12, 6, 16), "text": "nope"]]])
        let unknown = try #require(harness.request(4, "textDocument/hover", Self.params(uri, 6, 12)))
        let text = ((unknown["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(text == "**constant** `$onope`\n\nNo constant of this name is visible here.")
        let none = try #require(harness.request(5, "textDocument/definition", Self.params(uri, 6, 12)))
        #expect((none["result"] as? [Any])?.isEmpty == true)
    }

    @Test func importsAreFollowedAndAnEditedTokensFileRechecksItsImporters() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tokens = folder.appendingPathComponent("Tokens.layout")
        try Data("let gutter = 16\n".utf8).write(to: tokens)
        let card = folder.appendingPathComponent("Card.layout").absoluteString
        let harness = ServerHarness()
        harness.open(card, "import \"Tokens.layout\"\nlayout Card (size: 390x844) {\n  vgroup (spacing: $gutter) {\n    item a\n    item b\n  }\n}\n")
        let first = harness.publishAll()
        #expect(first.count == 1)
        #expect((first.first?["diagnostics"] as? [Any])?.isEmpty == true)

        // Go to definition on the path: the tokens file.
        let definition = try #require(harness.request(2, "textDocument/definition", Self.params(card, 0, 10)))
        let locations = try #require(definition["result"] as? [[String: Any]])
        #expect(locations.map { $0["uri"] as? String } == [tokens.absoluteString])
        #expect(locations.map { flat($0["range"]) } == [[0, 0, 0, 0]])
        // On $gutter: its definition there.
        let constant = try #require(harness.request(3, "textDocument/definition", Self.params(card, 2, 21)))
        #expect((constant["result"] as? [[String: Any]])?.map { flat($0["range"]) } == [[0, 4, 0, 10]])

        // The tokens file opened and changed, unsaved: the card is checked again at its version.
        harness.open(tokens.absoluteString, "let gutter = 16\n")
        _ = harness.publishAll()
        harness.notify("textDocument/didChange", ["textDocument": ["uri": tokens.absoluteString, "version": 2],
                                                  "contentChanges": [["range": ServerHarness.range(0, 13, 0, 15), "text": "-1"]]])
        let published = harness.publishAll()
        #expect(published.map { $0["uri"] as? String } == [tokens.absoluteString, card])
        let diagnostics = try #require(published.last?["diagnostics"] as? [[String: Any]])
        #expect(published.last?["version"] as? Int == 1)
        #expect(diagnostics.map { $0["code"] as? String } == ["invalidValue"])
        #expect(diagnostics.map { flat($0["range"]) } == [[2, 19, 2, 26]])
    }

    @Test func aMissingImportIsAnErrorAtItsPathAndAFileCreatedOnDiskIsReadWhenTheClientSaysSo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let uri = folder.appendingPathComponent("A.layout.yaml").absoluteString
        let harness = ServerHarness()
        harness.open(uri, "import: Missing.layout.yaml\nlayout: A\nsize: [390, 844]\nroot:\n  vgroup: main\n  padding: $h\n  children:\n    - item: a\n    - item: b\n")
        let diagnostics = try #require(harness.publishAll().first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["message"] as? String } == ["cannot import 'Missing.layout.yaml': no such file or directory",
                                                                 "no constant 'h' is visible here"])
        #expect(diagnostics.map { flat($0["range"]) } == [[0, 8, 0, 15], [5, 11, 5, 13]])
        let missing = folder.appendingPathComponent("Missing.layout.yaml")
        try Data("constants:\n  h: 44\n".utf8).write(to: missing)
        harness.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": missing.absoluteString, "type": 1]]])
        let again = harness.publishAll()
        #expect(again.map { $0["uri"] as? String } == [uri])
        #expect((again.first?["diagnostics"] as? [Any])?.isEmpty == true)
    }
}
