import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// A text far wider than the width it wraps in has more lines than an `Int` holds, and a frame
/// 6e19 pt wide more characters to a legend line: counting them must not trap (issue 44, item 3),
/// and a picture draws at most `maximumDrawnLines` rules however many lines there are (item 8).
@Suite("line counts too large to hold or to draw")
struct HugeLineCountTests {
    @Test("lines(at:) is capped where the count leaves Int's range, and exact below it")
    func cappedCount() {
        let text = LayoutTextModel(width: 400, lineHeight: 20)
        #expect(text.lines(at: 1e-18) == LayoutTextModel.maximumLines)
        #expect(text.lines(at: 1e-300) == LayoutTextModel.maximumLines)
        #expect(text.lines(at: 0.001) == 400_000)
        #expect(text.lines(at: 150) == 3)
        #expect(text.lines(at: 400) == 1)
        #expect(LayoutTextModel(width: 400, lineHeight: 1e-300).lines(at: 1e-10) == LayoutTextModel.maximumLines)
    }

    static let narrow = """
        layout: Narrow
        size: [390, 0]
        fit: height
        root:
          vgroup: main
          children:
            - item: bio
              dynamic: wrap
              width: 1e-18

        """

    @Test("a wrap item 1e-18 pt wide: its frames, and a picture of at most 1,000 rules saying how many lines there are")
    func narrowWrapItem() throws {
        var frames = FramesRequest()
        frames.textModels = ["bio": LayoutTextModel(width: 400, lineHeight: 20)]
        let table = try #require(frames.run(on: Array(Self.narrow.utf8)).table?.layouts.first)
        // 400 ÷ 1e-18 lines of 20 pt.
        #expect(table.frames.map(\.rect) == [R(0, 0, 390, 20 * 4e20), R(0, 0, 1e-18, 20 * 4e20)])
        var preview = PreviewRequest()
        preview.textModels = ["bio": LayoutTextModel(width: 400, lineHeight: 20)]
        let svg = try #require(preview.run(on: Array(Self.narrow.utf8)).svg)
        #expect(svg.contains("data-lines=\"\(LayoutTextModel.maximumLines)\""))
        #expect(svg.components(separatedBy: "<line ").count - 1 <= 1_000)
    }

    @Test("a line height of a millionth: 1,000 rules drawn, not a million")
    func thinLines() throws {
        var preview = PreviewRequest()
        preview.textModels = ["bio": LayoutTextModel(width: 1000, lineHeight: 0.000001)]
        let layout = "layout: Thin\nsize: [390, 200]\nroot:\n  vgroup: main\n  children:\n    - item: bio\n      dynamic: wrap\n      width: 0.001\n"
        let svg = try #require(preview.run(on: Array(layout.utf8)).svg)
        #expect(svg.contains("data-lines=\"1000000\""))
        #expect(svg.components(separatedBy: "<line ").count - 1 == 1_000)
        #expect(svg.utf8.count < 400_000)
    }

    @Test("a fitted layout 6e19 pt wide draws its footnotes")
    func wideFootnotes() throws {
        // 60 items 1e18 pt wide (a height of 1e9 and an aspect ratio of 1e9), and a hidden one.
        var layout = "layout: Wide\nfit: width\nsize: [0, 1000000000]\nroot:\n  hgroup: main\n  children:\n"
        for index in 0..<60 { layout += "    - item: a\(index)\n      height: 1000000000\n      aspect: 1000000000\n" }
        layout += "    - item: extra\n      optional: true\n      width: 1\n"
        var preview = PreviewRequest()
        preview.hidden = ["extra"]
        let svg = try #require(preview.run(on: Array(layout.utf8)).svg)
        #expect(svg.contains(">Hidden (not drawn): 'extra'</text>"))
    }
}
