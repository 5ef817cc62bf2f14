import Foundation
import Testing
import LayoutLanguageServer

/// Parameters in the server (docs/format.md §8.1): completion after `$` offers them with their
/// defaults, hover says the default, how a value is given and where the parameter is used, and
/// go to definition finds the `param` statement; keys complete `parameters`.
@Suite struct ParameterNavigationTests {
    static let text = """
        layout Row (size: 320x80) {
          let gap = 8
          param inset = 16
          param thumb = 60
          hgroup row (padding: [8, $inset, 8, $inset], spacing: $gap) {
            item title
            item image .width($thumb) .height($)
          }
        }
        """

    static func params(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ServerHarness.position(line, character)]
    }

    @Test func completionOffersParametersWithTheirDefaults() throws {
        let harness = ServerHarness()
        let uri = "untitled:Row.layout"
        harness.open(uri, Self.text)
        let response = try #require(harness.request(2, "textDocument/completion", Self.params(uri, 6, 39)))
        let items = try #require((response["result"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["label"] as? String } == ["$gap", "$inset", "$thumb"])
        #expect(items.map { $0["detail"] as? String } == ["8", "parameter, default 16", "parameter, default 60"])
        #expect(items.map { $0["kind"] as? Int } == [21, 6, 6])
    }

    @Test func hoverSaysTheDefaultHowToGiveAValueAndTheUses() throws {
        let harness = ServerHarness()
        let uri = "untitled:Row.layout"
        harness.open(uri, Self.text)
        let hover = try #require(harness.request(2, "textDocument/hover", Self.params(uri, 4, 29)))
        let contents = try #require((hover["result"] as? [String: Any])?["contents"] as? [String: Any])
        #expect(contents["value"] as? String == """
            **parameter** `$inset`, default `16`

            A number given at run time: `layoutc frames --param inset=NUMBER`, or the `inset:` argument of the generated initializer. Defined in this file, line 3. Used on line 5.
            """)
        let definition = try #require(harness.request(3, "textDocument/definition", Self.params(uri, 6, 24)))
        let locations = try #require(definition["result"] as? [[String: Any]])
        #expect(locations.map { flat($0["range"]) } == [[3, 8, 3, 13]])
    }
}
