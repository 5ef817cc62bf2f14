import Foundation
import LayoutCompiler
import Testing

/// The legend of a preview wraps to the panels' width (issue 43, item 8): one 320 pt row's SVG
/// was 1,672 px wide because its legend stood on one line.
@Suite("layoutc preview: the legend wraps to the pictures' width")
struct PreviewLegendTests {
    static let row = """
        layout: Row
        size: [320, 44]
        root:
          hgroup: row
          children:
            - item: icon
              width: 44
            - item: title
              width: flexible

        """

    /// The `width` and `height` attributes of the `<svg>` element.
    static func svgSize(_ svg: String) -> (width: Double, height: Double)? {
        guard let start = svg.range(of: "<svg ") else { return nil }
        let tag = svg[start.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> Double? {
            guard let found = tag.range(of: " \(name)=\"") else { return nil }
            return Double(tag[found.upperBound...].prefix { $0 != "\"" })
        }
        guard let width = attribute("width"), let height = attribute("height") else { return nil }
        return (width, height)
    }

    @Test("a 320 pt row: the SVG is the row and its margins wide, the legend on several lines inside it")
    func narrowRow() throws {
        let preview = PreviewRequest().run(on: Array(Self.row.utf8))
        #expect(preview.diagnostics.isEmpty)
        let svg = try #require(preview.svg)
        let size = try #require(Self.svgSize(svg))
        // 24 pt margins either side of the 320 pt panel (before: 1,672 px, for the legend).
        #expect(size.width == 368)
        let legendText = try #require(svg.components(separatedBy: "<g class=\"legend\"").last?.components(separatedBy: "</g>").first)
        // Every entry is there, none beyond the right edge, on more than one line.
        let xs = legendText.components(separatedBy: "<text x=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
        let ys = Set(legendText.components(separatedBy: "<text x=\"").dropFirst().compactMap { entry -> Double? in
            guard let y = entry.range(of: "y=\"") else { return nil }
            return Double(entry[y.upperBound...].prefix { $0 != "\"" })
        })
        #expect(xs.count == 7)
        #expect(xs.allSatisfy { $0 >= 24 && $0 < 368 - 24 })
        #expect(ys.count > 1)
        // The picture is tall enough for the legend's last line.
        #expect(size.height >= (ys.max() ?? 0) + 2)
    }

    @Test("a wide picture keeps its legend on one line")
    func wideRow() throws {
        let wide = Self.row.replacingOccurrences(of: "size: [320, 44]", with: "size: [2000, 44]")
        let svg = try #require(PreviewRequest().run(on: Array(wide.utf8)).svg)
        #expect(Self.svgSize(svg)?.width == 2048)
        let legendText = try #require(svg.components(separatedBy: "<g class=\"legend\"").last?.components(separatedBy: "</g>").first)
        let ys = Set(legendText.components(separatedBy: "<text x=\"").dropFirst().compactMap { entry -> Double? in
            guard let y = entry.range(of: "y=\"") else { return nil }
            return Double(entry[y.upperBound...].prefix { $0 != "\"" })
        })
        #expect(ys.count == 1)
    }
}
