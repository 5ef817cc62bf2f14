import Foundation
import Testing
import LayoutLanguageServer

/// Completion after `$` with thousands of imported constants (issue 44 item 5): at most 1,000
/// items, the first by name of those starting with the letters typed, marked incomplete (before,
/// every constant was sent: 100,000 took seconds, 1,000,000 never answered).
@Suite struct CompletionLimitTests {
    static let count = 5000
    static let names = (0..<count).map { "gap\($0)" } + ["Other"]

    /// A harness with a card importing `names` (as `constants:` of a tokens file), open, the
    /// card's URI, and the card's `$` at line 5, character 11 (the cursor after it and `typed`).
    static func card(_ typed: String) throws -> (ServerHarness, String, URL) {
        let folder = try ConstantNavigationTests.folder()
        let tokens = folder.appendingPathComponent("Tokens.layout.yaml")
        try Data(("constants:\n" + names.enumerated().map { "  \($1): \($0)\n" }.joined()).utf8).write(to: tokens)
        let card = folder.appendingPathComponent("Card.layout.yaml").absoluteString
        let harness = ServerHarness()
        harness.open(card, "import: Tokens.layout.yaml\nlayout: Card\nsize: [390, 844]\nroot:\n  vgroup: card\n  spacing: $\(typed)\n")
        return (harness, card, folder)
    }

    static func complete(_ typed: String) throws -> (labels: [String], isIncomplete: Bool?) {
        let (harness, card, folder) = try card(typed)
        defer { try? FileManager.default.removeItem(at: folder) }
        let response = try #require(harness.request(2, "textDocument/completion", ConstantNavigationTests.params(card, 5, 12 + typed.utf16.count)))
        let result = try #require(response["result"] as? [String: Any])
        let items = try #require(result["items"] as? [[String: Any]])
        return (items.compactMap { $0["label"] as? String }, result["isIncomplete"] as? Bool)
    }

    @Test func afterADollarTheFirstThousandByNameAndTheListIsIncomplete() throws {
        let found = try Self.complete("")
        #expect(found.isIncomplete == true)
        #expect(found.labels == Array(Self.names.sorted().prefix(1000)).map { "$" + $0 })
    }

    @Test func theLettersTypedChooseTheItemsCaseIgnored() throws {
        let found = try Self.complete("GAP49")
        #expect(found.isIncomplete == true)
        let expected = Self.names.filter { $0.hasPrefix("gap49") }.sorted()
        #expect(expected.count == 111)
        #expect(found.labels == expected.map { "$" + $0 })
        #expect(try Self.complete("oth").labels == ["$Other"])
    }
}
