@testable import LayoutCompiler
import Testing

/// A line's fixed part written on the stack (`TextChunk`) and appended at once
/// (`TextBuffer.write(chunkOf:_:)`): numbers spelled as `NumberFormat` spells them, and nothing
/// appended when a chunk does not fit.
@Suite("The text chunk a JSON frame's fields are written into")
struct TextChunkTests {
    static func written(_ capacity: Int, _ body: (inout TextChunk) -> Void) -> (fitted: Bool, text: String) {
        var out = TextBuffer()
        out.write("<")
        let fitted = out.write(chunkOf: capacity, body)
        out.write(">")
        return (fitted, out.string)
    }

    @Test(arguments: [0.0, -0.0, 7, -7, 10, 99, 100, 390, -1234, 999_999_999_999_999, -999_999_999_999_999, 1e15, -1e15,
                      0.5, -263.75, 333.3, 1.0 / 3, 1e-7, 2.2250738585072014e-308, -1.7976931348623157e308,
                      .infinity, -.infinity, .nan])
    func numbersAreSpelledAsTheFormatSpellsThem(value: Double) {
        #expect(Self.written(32) { $0.write(number: value) } == (true, "<" + NumberFormat.string(value) + ">"))
        var buffer = TextBuffer()
        buffer.write(number: value)
        #expect(buffer.string == NumberFormat.string(value))
    }

    @Test func piecesAreAppendedInOrder() {
        #expect(Self.written(64) { chunk in
            chunk.write(", \"kind\": \"")
            chunk.write(String("flow"))
            chunk.write("\", \"x\": ")
            chunk.write(number: -16)
            chunk.write("}")
        } == (true, "<, \"kind\": \"flow\", \"x\": -16}>"))
    }

    @Test func aChunkThatDoesNotFitIsDroppedWhole() {
        #expect(Self.written(4) { $0.write("abcde") } == (false, "<>"))
        #expect(Self.written(6) { chunk in
            chunk.write("abc")
            chunk.write(number: 1234)
            chunk.write("z")
        } == (false, "<>"))
        #expect(Self.written(3) { $0.write(number: -123) } == (false, "<>"))
        #expect(Self.written(4) { $0.write(number: -123) } == (true, "<-123>"))
        #expect(Self.written(0) { $0.write("") } == (true, "<>"))
    }

    @Test func theJSONTableSpellsEveryFieldOfAFrame() {
        let frame = LayoutEngine.Frame(name: "a\"b", kind: .overlay, rect: Rect(x: -0.5, y: 1e15, width: 333.3, height: 0))
        let table = FrameTable(layouts: [.init(name: "L", size: Size(width: 390, height: 844), frames: [frame])])
        #expect(String(decoding: table.renderedBytes(as: .json), as: UTF8.self) == """
            {"layouts": [
              {"layout": "L", "size": {"width": 390, "height": 844}, "frames": [
                {"name": "a\\"b", "kind": "overlay", "x": -0.5, "y": 1000000000000000.0, "width": 333.3, "height": 0}
              ]}
            ]}

            """)
    }
}
