import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// `layoutc preview` of docs/format.md §8.4: a child's own spaces are drawn where they are (a
/// band beside it on its group's main axis, on the leading side for `spaceBefore` right to left
/// too), with a legend entry; a layout without spaces draws none.
@Suite("layoutc preview of spaceBefore and spaceAfter")
struct ChildSpacePreviewTests {
    static let text = """
        layout Sp (size: 300x120) {
          hgroup row (padding: 8, spacing: 4) {
            item a .width(60) .spaceAfter(16)
            vgroup col {
              item b .height(30)
              item c .height(20) .spaceBefore(12)
            }
            spacer .width(10) .spaceBefore(2)
            item d .width(40) .spaceBefore(8)
          }
        }
        """

    static func spaces(_ svg: String) -> [String] {
        svg.components(separatedBy: "\n").filter { $0.hasPrefix("<rect class=\"space\"") }.map { line in
            let attributes = ["x", "y", "width", "height"].map { name -> String in
                guard let range = line.range(of: " \(name)=\"") else { return "?" }
                return String(line[range.upperBound...].prefix { $0 != "\"" })
            }
            return attributes.joined(separator: " ")
        }
    }

    @Test("left to right and right to left: each space beside its child, a spacer's too")
    func bothDirections() throws {
        var request = PreviewRequest()
        request.directions = [.leftToRight, .rightToLeft]
        let result = request.run(on: Array(Self.text.utf8), syntax: .text)
        #expect(result.diagnostics.isEmpty)
        let svg = try #require(result.svg)
        // a: 8…68, its space after 68…84; col: 88…224 (what the 148 pt of fixed sizes, spaces and
        // spacing leave of 284); c's space above it at y 38; the spacer's 2 pt and d's 8 pt before them.
        let spaces = Self.spaces(svg)
        #expect(spaces == [
            "68 8 16 104", "88 38 136 12", "228 8 2 104", "244 8 8 104",
            "216 8 16 104", "76 38 136 12", "70 8 2 104", "48 8 8 104",
        ])
        #expect(svg.contains("a child's own space (spaceBefore / spaceAfter)"))
    }

    @Test("no spaces: nothing drawn, no legend entry")
    func none() throws {
        let result = PreviewRequest().run(on: Array("layout: L\nsize: [100, 100]\nroot:\n  hgroup: g\n  children:\n    - item: a\n".utf8))
        let svg = try #require(result.svg)
        #expect(!svg.contains("class=\"space\""))
        #expect(!svg.contains("own space"))
    }
}
