import Foundation
import Testing
import LayoutLanguageServer

/// The server's message handling, in memory (docs/editors.md; issue 23).
@Suite struct LanguageServerTests {
    static let yamlURI = "untitled:Bar.layout.yaml"
    static let textURI = "untitled:Bar.layout"

    static let yaml = """
        layout: Bar
        size: [390, 844]
        root:
          hgroup: buttons
          align: center
          children:
            - item: a
              widht: 40
            - item: b

        """

    @Test func initializeAnswersTheCapabilities() throws {
        let harness = ServerHarness()
        let response = try #require(harness.request(1, "initialize", ["capabilities": [:]]))
        let capabilities = try #require((response["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        #expect(capabilities["hoverProvider"] as? Bool == true)
        #expect(capabilities["documentFormattingProvider"] as? Bool == true)
        #expect(capabilities["positionEncoding"] as? String == "utf-16")
    }

    @Test func diagnosticsOnOpenAtTheKeyWithItsCodeAndFix() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml)
        let published = harness.publishAll()
        #expect(published.count == 1)
        let params = try #require(published.first)
        #expect(params["version"] as? Int == 1)
        let diagnostics = try #require(params["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0]["message"] as? String == "unknown key 'widht'; did you mean 'width'?")
        #expect(diagnostics[0]["code"] as? String == "unknownKey")
        #expect(diagnostics[0]["severity"] as? Int == 1)
        #expect(flat(diagnostics[0]["range"]) == [7, 6, 7, 11])
    }

    @Test func incrementalChangesAreAppliedAndOnlyTheLastVersionIsPublished() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml)
        _ = harness.publishAll()
        // Two edits before the server checks again: "widht" -> "width" in two steps.
        harness.notify("textDocument/didChange", ["textDocument": ["uri": Self.yamlURI, "version": 2],
                                                  "contentChanges": [["range": ServerHarness.range(7, 9, 7, 11), "text": "th"]]])
        harness.notify("textDocument/didChange", ["textDocument": ["uri": Self.yamlURI, "version": 3],
                                                  "contentChanges": [["range": ServerHarness.range(7, 13, 7, 15), "text": "500"]]])
        let published = harness.publishAll()
        #expect(published.count == 1)
        #expect(published[0]["version"] as? Int == 3)
        let diagnostics = try #require(published[0]["diagnostics"] as? [[String: Any]])
        // The edit fixed the key and made the row too wide for every device: a size-dependent error.
        #expect(diagnostics.map { $0["code"] as? String } == ["outOfSpace"])
        let message = try #require(diagnostics.first?["message"] as? String)
        #expect(message.hasPrefix("hgroup 'buttons' needs 500 pt but has 375 pt on iPhone SE (3rd generation) portrait (375×667)"))
        #expect(flat(diagnostics.first?["range"]) == [3, 2, 3, 8])
    }

    @Test func theDevicesComeFromTheNearestLayoutlintYml() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-config-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 500 pt does not fit a phone; an iPad mini (744 pt portrait) has room.
        let text = Self.yaml.replacingOccurrences(of: "widht: 40", with: "width: 500")
        let harness = ServerHarness()
        let uri = folder.appendingPathComponent("Bar.layout.yaml").absoluteString
        harness.open(uri, text)
        let everywhere = try #require(harness.publishAll().first?["diagnostics"] as? [[String: Any]])
        #expect(everywhere.map { $0["code"] as? String } == ["outOfSpace"])
        try Data("devices:\n  only: [ipad-mini]\n  layoutSize: false\n".utf8).write(to: folder.appendingPathComponent(".layoutlint.yml"))
        harness.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": text]]])
        let published = harness.publishAll()
        #expect(published.first?["version"] as? Int == 2)
        #expect((published.first?["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func closingClearsTheDiagnostics() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml)
        _ = harness.publishAll()
        harness.sent.removeAll()
        harness.notify("textDocument/didClose", ["textDocument": ["uri": Self.yamlURI]])
        let cleared = try #require(harness.sent.first?["params"] as? [String: Any])
        #expect((cleared["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(!harness.server.hasPendingDiagnostics)
    }

    @Test func hoverOnANodeGivesItsFrameAtEachDevice() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml.replacingOccurrences(of: "widht", with: "width"))
        let response = try #require(harness.request(2, "textDocument/hover", ["textDocument": ["uri": Self.yamlURI], "position": ServerHarness.position(6, 12)]))
        let value = try #require(((response["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.hasPrefix("**item** `a`"))
        #expect(value.contains("| iPhone SE (3rd generation) portrait (375×667) | 0 | 0 | 40 | 667 |"))
        #expect(value.contains("| iPad Pro 13-inch (M4) landscape (1376×1032) | 0 | 0 | 40 | 1032 |"))
        #expect(value.contains("| its own size (390×844) | 0 | 0 | 40 | 844 |"))
        #expect(flat((response["result"] as? [String: Any])?["range"]) == [6, 12, 6, 13])
    }

    @Test func hoverOnAKeyExplainsItAndItsValues() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml)
        let response = try #require(harness.request(2, "textDocument/hover", ["textDocument": ["uri": Self.yamlURI], "position": ServerHarness.position(4, 3)]))
        let value = try #require(((response["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(value == "**align** — on hgroup, vgroup\n\nWhere children with a cross size sit; default `leading`.\n\nValues: `leading`, `center`, `trailing`\n\n(docs/format.md §4.2)")
    }

    @Test func completionOffersEnumValuesKeysAndKinds() throws {
        let harness = ServerHarness()
        let text = Self.yaml.replacingOccurrences(of: "align: center", with: "align: ce").replacingOccurrences(of: "    - item: b\n", with: "    - item: b\n      ma\n    - \n")
        harness.open(Self.yamlURI, text)
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            let response = try #require(harness.request(3, "textDocument/completion", ["textDocument": ["uri": Self.yamlURI], "position": ServerHarness.position(line, character)]))
            let items = try #require((response["result"] as? [String: Any])?["items"] as? [[String: Any]])
            return items.compactMap { $0["label"] as? String }
        }
        #expect(try labels(4, 11) == ["leading", "center", "trailing"])
        // A key of item b, a child of an hgroup.
        #expect(try labels(9, 8) == ["width", "height", "size", "optional", "aspect", "when", "minWidth", "maxWidth", "minHeight", "maxHeight", "percent", "flexible", "shrink", "alignSelf", "spaceBefore", "spaceAfter", "dynamic"])
        #expect(try labels(10, 6) == ["item", "spacer", "hgroup", "vgroup", "flow", "overlay"])
    }

    @Test func completionInTheTextForm() throws {
        let harness = ServerHarness()
        harness.open(Self.textURI, "layout Bar (size: 390x844) {\n  overlay hud {\n    item close (\n    \n  }\n}\n")
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            let response = try #require(harness.request(3, "textDocument/completion", ["textDocument": ["uri": Self.textURI], "position": ServerHarness.position(line, character)]))
            let items = try #require((response["result"] as? [String: Any])?["items"] as? [[String: Any]])
            return items.compactMap { $0["label"] as? String }
        }
        #expect(try labels(2, 16) == ["width", "height", "size", "optional", "aspect", "when", "minWidth", "maxWidth", "minHeight", "maxHeight",
                                      "top", "bottom", "leading", "trailing", "centerX", "centerY", "center", "safeArea", "dynamic"])
        #expect(try labels(3, 4) == ["item", "spacer", "hgroup", "vgroup", "flow", "overlay"])
    }

    @Test func quickFixReplacesTheKey() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml)
        let published = harness.publishAll()
        let diagnostics = try #require(published.first?["diagnostics"] as? [[String: Any]])
        let response = try #require(harness.request(4, "textDocument/codeAction", ["textDocument": ["uri": Self.yamlURI], "range": ServerHarness.range(7, 6, 7, 11),
                                                                                   "context": ["diagnostics": diagnostics]]))
        let actions = try #require(response["result"] as? [[String: Any]])
        #expect(actions.count == 1)
        #expect(actions[0]["title"] as? String == "Replace with 'width'")
        let edits = try #require(((actions[0]["edit"] as? [String: Any])?["changes"] as? [String: Any])?[Self.yamlURI] as? [[String: Any]])
        #expect(edits.count == 1)
        #expect(edits[0]["newText"] as? String == "width")
        #expect(flat(edits[0]["range"]) == [7, 6, 7, 11])
    }

    @Test func quickFixOfAValueReplacesTheValueNotTheKey() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml.replacingOccurrences(of: "widht: 40", with: "dynamic: wrp"))
        let diagnostics = try #require(harness.publishAll().first?["diagnostics"] as? [[String: Any]])
        let message = try #require(diagnostics.first?["message"] as? String)
        #expect(message.hasSuffix("did you mean 'wrap'?"))
        let response = try #require(harness.request(4, "textDocument/codeAction", ["textDocument": ["uri": Self.yamlURI], "range": ServerHarness.range(7, 6, 7, 13),
                                                                                   "context": ["diagnostics": diagnostics]]))
        let edit = try #require((((response["result"] as? [[String: Any]])?.first?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[Self.yamlURI] as? [[String: Any]])
        #expect(edit.first?["newText"] as? String == "wrap")
        #expect(flat(edit.first?["range"]) == [7, 15, 7, 18])
    }

    @Test func quickFixOfATextFormModifierKeepsItsDot() throws {
        let harness = ServerHarness()
        harness.open(Self.textURI, "layout Bar (size: 390x844) {\n  vgroup {\n    item a .heigth(44)\n  }\n}\n")
        let diagnostics = try #require(harness.publishAll().first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["message"] as? String == "unknown modifier '.heigth'; did you mean '.height'?")
        let response = try #require(harness.request(4, "textDocument/codeAction", ["textDocument": ["uri": Self.textURI], "range": ServerHarness.range(2, 11, 2, 18),
                                                                                   "context": ["diagnostics": diagnostics]]))
        let edit = try #require((((response["result"] as? [[String: Any]])?.first?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[Self.textURI] as? [[String: Any]])
        #expect(edit.first?["newText"] as? String == ".height")
        #expect(flat(edit.first?["range"]) == [2, 11, 2, 18])
    }

    @Test func formattingIsLayoutcFormat() throws {
        let harness = ServerHarness()
        harness.open(Self.textURI, "layout Bar (size: 390x844) {\nvgroup {\n item a    .height(44)\n}\n}\n")
        let response = try #require(harness.request(5, "textDocument/formatting", ["textDocument": ["uri": Self.textURI], "options": ["tabSize": 2, "insertSpaces": true]]))
        let edits = try #require(response["result"] as? [[String: Any]])
        #expect(edits.count == 1)
        #expect(edits[0]["newText"] as? String == "layout Bar (size: 390x844) {\n  vgroup {\n    item a .height(44)\n  }\n}\n")
        #expect(flat(edits[0]["range"]) == [0, 0, 5, 0])
    }

    /// Issue 43, item 8: formatting a YAML document returned nothing and said nothing.
    @Test func formattingAYAMLDocumentPrintsItAgainInYAML() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, "layout:   Bar   # the bar\nsize: [390,844]\nroot:\n    hgroup: buttons\n    children:\n        - item: a\n          width: 40\n")
        let response = try #require(harness.request(5, "textDocument/formatting", ["textDocument": ["uri": Self.yamlURI], "options": ["tabSize": 2, "insertSpaces": true]]))
        let edits = try #require(response["result"] as? [[String: Any]])
        #expect(edits.count == 1)
        #expect(edits.first?["newText"] as? String == "layout: Bar  # the bar\nsize: [390, 844]\nroot:\n  hgroup: buttons\n  children:\n    - item: a\n      width: 40\n")
        #expect(flat(edits.first?["range"]) == [0, 0, 7, 0])
        // A YAML document with a syntax error is not formatted, and the reply says why.
        harness.open(Self.yamlURI, "layout: Bar\nroot: [\n")
        let failed = try #require(harness.request(6, "textDocument/formatting", ["textDocument": ["uri": Self.yamlURI], "options": ["tabSize": 2, "insertSpaces": true]]))
        let message = (failed["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.hasPrefix("the document has syntax errors and is not formatted: 2:"), "\(message)")
    }

    @Test func documentSymbolsAreTheNodeTree() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml)
        let response = try #require(harness.request(6, "textDocument/documentSymbol", ["textDocument": ["uri": Self.yamlURI]]))
        let symbols = try #require(response["result"] as? [[String: Any]])
        #expect(symbols.map { $0["name"] as? String } == ["Bar"])
        let root = try #require((symbols[0]["children"] as? [[String: Any]])?.first)
        #expect(root["name"] as? String == "buttons")
        #expect((root["children"] as? [[String: Any]])?.map { $0["name"] as? String } == ["a", "b"])
    }

    @Test func definitionOfALayoutName() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, Self.yaml)
        let response = try #require(harness.request(7, "textDocument/definition", ["textDocument": ["uri": Self.yamlURI], "position": ServerHarness.position(0, 9)]))
        let locations = try #require(response["result"] as? [[String: Any]])
        #expect(locations.count == 1)
        #expect(flat(locations.first?["range"]) == [0, 8, 0, 11])
    }

    @Test func badRequestsGetTheProtocolsErrors() throws {
        let harness = ServerHarness()
        let unknown = try #require(harness.request(8, "textDocument/rename", [:]))
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
        let notOpen = try #require(harness.request(9, "textDocument/hover", ["textDocument": ["uri": "untitled:none"], "position": ServerHarness.position(0, 0)]))
        #expect((notOpen["error"] as? [String: Any])?["code"] as? Int == -32602)
        let badParams = try #require(harness.request(10, "textDocument/hover", ["position": 3]))
        #expect((badParams["error"] as? [String: Any])?["code"] as? Int == -32602)
        harness.sent.removeAll()
        harness.server.receive(Array("{\"jsonrpc\": \"2.0\", \"id\": ".utf8))
        #expect((harness.sent.first?["error"] as? [String: Any])?["code"] as? Int == -32700)
        // And it goes on serving.
        #expect(harness.request(11, "shutdown", [:])?["result"] is NSNull)
        harness.notify("exit", [:])
        #expect(harness.server.exitStatus == 0)
    }

    @Test func otherYAMLFilesAreLeftAlone() throws {
        let harness = ServerHarness()
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///tmp/docker-compose.yml", "languageId": "yaml", "version": 1, "text": "services: {}\n"]])
        let published = harness.publishAll()
        #expect(published.count == 1)
        #expect((published.first?["diagnostics"] as? [Any])?.isEmpty == true)
        let hover = try #require(harness.request(2, "textDocument/hover", ["textDocument": ["uri": "file:///tmp/docker-compose.yml"], "position": ServerHarness.position(0, 2)]))
        #expect(hover["result"] is NSNull)
    }

    /// Slow in a debug build (64 MB through JSON): with the slow tests.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LAYOUTC_SLOW_TESTS"] == "1"))
    func aDocumentOver64MBIsRefusedWithADiagnostic() throws {
        let harness = ServerHarness()
        harness.open(Self.yamlURI, String(repeating: "#", count: (64 << 20) + 1))
        let diagnostics = try #require(harness.publishAll().first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["message"] as? String } == ["this document is 64 MB, larger than the 64 MB layoutc reads; it is not checked"])
    }
}

@Suite struct MessageFramingTests {
    @Test func messagesSplitAcrossReadsAndBackToBack() {
        var reader = MessageReader()
        let bytes = Array("Content-Length: 2\r\n\r\n{}Content-Length: 4\r\n\r\n[1,2]".utf8)
        var events: [MessageFraming.Event] = []
        for byte in bytes {
            reader.append([byte])
            while let event = reader.next() { events.append(event) }
        }
        #expect(events == [.message(Array("{}".utf8)), .message(Array("[1,2".utf8))])
    }

    @Test func aBadHeaderIsReportedAndTheNextMessageRead() {
        var reader = MessageReader()
        reader.append(Array("Content-Length: abc\r\n\r\nContent-Length: 2\r\n\r\n{}".utf8))
        #expect(reader.next() == .badFrame("a Content-Length that is not a number: abc", dropped: Array("Content-Length: abc\r\n\r\n".utf8)))
        #expect(reader.next() == .message(Array("{}".utf8)))
        #expect(reader.next() == nil)
    }

    @Test func anOversizedMessageIsSkipped() {
        var reader = MessageReader()
        reader.append(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        #expect(reader.next() == .badFrame("a message of 999999999999 bytes is larger than the 160 MB the server reads; it was dropped", dropped: []))
    }
}
