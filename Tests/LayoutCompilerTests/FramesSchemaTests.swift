import Foundation
import LayoutCompiler
import Testing

/// docs/frames.schema.json describes what `layoutc frames --format json` prints: every example
/// of layouts/ (and a file of several layouts, array and dynamic elements) validates against it.
@Suite("frames JSON schema")
struct FramesSchemaTests {
    static var schema: [String: Any]? {
        let url = CommandLine_.packageRoot.appendingPathComponent("docs/frames.schema.json")
        return (try? Data(contentsOf: url)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    func errors(_ table: FrameTable?) throws -> [String] {
        let schema = try #require(Self.schema)
        let json = try #require(table).rendered(as: .json)
        return schemaErrors(try JSONSerialization.jsonObject(with: Data(json.utf8)), schema)
    }

    @Test("every example's frames JSON validates", arguments: [
        "Toolbar", "Tags", "JustifiedTags", "LoadingOverlay", "Softimage", "DepthOfField", "Player",
    ])
    func examples(_ name: String) throws {
        let url = CommandLine_.packageRoot.appendingPathComponent("layouts/\(name).layout.yaml")
        // Sizes for a name that is no dynamic item are a usage problem (docs/format.md §6.6).
        let result = FramesRequest(dynamicSizes: name == "Player" ? ["extra": [S(100, 30), S(120, 30)]] : [:]).run(on: Array(try Data(contentsOf: url)))
        #expect(result.diagnostics.isEmpty)
        #expect(try errors(result.table) == [])
    }

    @Test("several layouts, fractions, array and dynamic elements; and the check does catch mistakes")
    func shapes() throws {
        let yaml = """
            layout: A
            size: [100.5, 50]
            root:
              flow: f
              items:
                - item: chip
                  count: 3
                  size: [33.3, 10]
                - item: more
                  dynamic: true
            ---
            layout: B
            size: [10, 10]
            root:
              item: only

            """
        let result = FramesRequest(dynamicSizes: ["more": [S(1, 1)]]).run(on: Array(yaml.utf8))
        #expect(try errors(result.table) == [])
        let schema = try #require(Self.schema)
        let bad: [String: Any] = ["layouts": [["layout": "A", "size": ["width": 1], "frames": [["name": "a-b", "kind": "spacer", "x": "0"]]]]]
        let found = Set(schemaErrors(bad, schema))
        #expect(found.isSuperset(of: [
            "$.layouts[0].size: missing height", "$.layouts[0].frames[0]: missing y",
            "$.layouts[0].frames[0].name: does not match ^[A-Za-z_][A-Za-z0-9_]*(\\[[0-9]+\\])?$",
            "$.layouts[0].frames[0].kind: not one of [\"item\", \"hgroup\", \"vgroup\", \"flow\", \"overlay\"]",
            "$.layouts[0].frames[0].x: not number",
        ]), "\(found)")
    }
}
