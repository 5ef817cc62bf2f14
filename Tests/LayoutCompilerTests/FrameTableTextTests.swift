@testable import LayoutCompiler
import Testing

/// `FrameTable.table()` written as bytes (docs/format.md §5's table for people): columns padded
/// to the widest cell counted in Characters, numbers rounded to three decimals.
@Suite("The frame table's text")
struct FrameTableTextTests {
    static func frame(_ name: String, _ kind: NodeKind, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> LayoutEngine.Frame {
        LayoutEngine.Frame(name: name, kind: kind, rect: Rect(x: x, y: y, width: width, height: height))
    }

    @Test("names wider than the header, a combining accent, negative and fractional numbers, two layouts")
    func columns() {
        let table = FrameTable(layouts: [
            .init(name: "Card", size: Size(width: 320, height: 44.5), frames: [
                Self.frame("avatarImage", .item, -12, 0, 221.20000000000002, 44.5),
                Self.frame("cafe\u{301}", .hgroup, 1000, 2.25, 0, 1234567),
            ]),
            .init(name: "Empty", size: Size(width: 1, height: 2), frames: [], direction: .rightToLeft),
        ])
        // Built from lines so that the accent stays a combining U+0301 (String == would not tell).
        let expected = [
            "Card (320×44.5)",
            "name         kind       x     y  width   height",
            "avatarImage  item     -12     0  221.2     44.5",
            "cafe\u{301}         hgroup  1000  2.25      0  1234567",
            "",
            "Empty (1×2, right to left)",
            "name  kind  x  y  width  height",
            "",
        ].joined(separator: "\n")
        #expect(table.table() == expected)
        #expect(table.renderedBytes(as: .table) == Array(expected.utf8))
    }

    @Test("a Character is what a terminal shows: CR LF is one, an accent joins its letter")
    func characters() {
        #expect(TableColumns.characters("name") == 4)
        #expect(TableColumns.characters("a\r\nb") == 3)
        #expect(TableColumns.characters("cafe\u{301}") == 4)
        #expect(TableColumns.characters("日本") == 2)
        #expect(TableColumns.characters("") == 0)
    }

    @Test("JSON: names escaped where they must be, integers digit by digit, other numbers as NumberFormat spells them")
    func json() {
        let table = FrameTable(layouts: [
            .init(name: "Q\"uote", size: Size(width: 999_999_999_999_999, height: 1e15), frames: [
                Self.frame("a\\b\n\t\r\u{1}\u{1F}é", .item, -12, 0, 0.5, -999_999_999_999_999),
                Self.frame("plain", .flow, -0.0, 7, 10, 1e-7),
            ]),
        ])
        let expected = """
            {"layouts": [
              {"layout": "Q\\"uote", "size": {"width": 999999999999999, "height": 1000000000000000.0}, "frames": [
                {"name": "a\\\\b\\n\\t\\r\\u0001\\u001fé", "kind": "item", "x": -12, "y": 0, "width": 0.5, "height": -999999999999999},
                {"name": "plain", "kind": "flow", "x": 0, "y": 7, "width": 10, "height": 1e-07}
              ]}
            ]}

            """
        #expect(table.renderedBytes(as: .json) == Array(expected.utf8))
    }

    @Test("the heading's size is rounded as the rows are (a fitted height of 395.33333333333337)")
    func headingRounded() {
        let table = FrameTable(layouts: [
            .init(name: "Fitted", size: Size(width: 375, height: 395.33333333333337), frames: [
                Self.frame("main", .vgroup, 0, 0, 375, 395.33333333333337),
            ]),
        ])
        #expect(table.table() == "Fitted (375×395.333)\nname  kind    x  y  width   height\nmain  vgroup  0  0    375  395.333\n")
    }
}
