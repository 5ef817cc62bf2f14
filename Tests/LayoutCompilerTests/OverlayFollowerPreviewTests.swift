import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// `layoutc preview` of docs/format.md §8.5: the children that follow an overlay measuring
/// itself are outlined dotted and listed under the panel; the sizing ones are not.
@Suite("layoutc preview of overlays that measure")
struct OverlayFollowerPreviewTests {
    @Test("the card: background and separator follow its measured height; the badge only follows across, which is not measured")
    func cardFollowers() throws {
        let yaml = try String(contentsOf: CommandLine_.packageRoot.appendingPathComponent("layouts/Card.layout.yaml"), encoding: .utf8)
        var request = PreviewRequest()
        request.textModels = ["title": LayoutTextModel(width: 500, lineHeight: 28), "description": LayoutTextModel(width: 700, lineHeight: 20)]
        let result = request.run(on: Array(yaml.utf8))
        #expect(result.diagnostics.isEmpty)
        let svg = try #require(result.svg)
        #expect(svg.contains("<g class=\"panel\" data-layout=\"Card\" data-width=\"390\" data-height=\"324\">\n"))
        #expect(svg.contains("<rect class=\"follower\" data-node=\"background\" data-follows=\"height\" x=\"0\" y=\"0\" width=\"390\" height=\"324\" "
                             + "fill=\"none\" stroke=\"#8e44c9\" stroke-width=\"2\" stroke-dasharray=\"1 3\" stroke-linecap=\"round\">"))
        #expect(svg.contains("<rect class=\"follower\" data-node=\"separator\" data-follows=\"height\" x=\"16\" y=\"323\" width=\"374\" height=\"1\""))
        #expect(!svg.contains("class=\"follower\" data-node=\"badge\""))
        #expect(!svg.contains("class=\"follower\" data-node=\"content\""))
        #expect(svg.contains("follows its measured overlay (dotted)"))
    }

    @Test("a layout without overlays that measure has no follower marks")
    func none() throws {
        let result = PreviewRequest().run(on: Array("layout: L\nsize: [100, 100]\nroot:\n  overlay: o\n  children:\n    - item: a\n".utf8))
        let svg = try #require(result.svg)
        #expect(!svg.contains("follower"))
        #expect(!svg.contains("follows its measured overlay"))
    }
}
