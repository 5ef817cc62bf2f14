/// The widths of the frame table's six columns (`FrameTable.table()`), and how a row is padded
/// to them: names and kinds on the left, numbers on the right, two spaces between.
struct TableColumns {
    var name: Int
    var kind: Int
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// Writes one row, its cells in column order.
    func row(_ nameCell: String, _ kindCell: String, _ xCell: String, _ yCell: String, _ widthCell: String, _ heightCell: String, into out: inout TextBuffer) {
        let start = out.bytes.count
        out.write(nameCell)
        out.write(spaces: name - Self.characters(nameCell))
        out.write("  ")
        out.write(kindCell)
        out.write(spaces: kind - Self.characters(kindCell))
        Self.right(xCell, x, into: &out)
        Self.right(yCell, y, into: &out)
        Self.right(widthCell, width, into: &out)
        Self.right(heightCell, height, into: &out)
        out.trimTrailingSpaces(after: start)
        out.write("\n")
    }

    /// A number's cell: ASCII, so its width is its length.
    private static func right(_ cell: String, _ width: Int, into out: inout TextBuffer) {
        out.write("  ")
        out.write(spaces: width - cell.utf8.count)
        out.write(cell)
    }

    /// How many Characters a terminal shows for `text`: its UTF-8 length when it is ASCII without
    /// a carriage return (the one ASCII pair that is a single Character), else Swift's count.
    static func characters(_ text: String) -> Int {
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 || byte == UInt8(ascii: "\r") {
            ascii = false
            break
        }
        return ascii ? text.utf8.count : text.count
    }
}
