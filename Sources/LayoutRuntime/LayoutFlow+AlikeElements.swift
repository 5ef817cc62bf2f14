import Foundation

/// Flows whose elements all have one size (an array item alone in its flow: generated code
/// knows that when it is written). The greedy line breaking starts every line from the same
/// state (no width used, the same next size), so every line but the last holds the same
/// number of elements, with the same widths, heights and gap: every full line's x and width
/// are the first line's. So the first and last lines are placed as the element-by-element
/// loop (`place(count:…size:frame:)`) places a line, and each line between copies the first line's x and
/// width with its own y and height: the same frames, bit for bit, for a few stores an element
/// instead of breaking and placing each one again. `AlikeFlowTests` compares the two over
/// random and near-tie sizes, widths and spacings.
extension LayoutFlow {
    /// `measure` of `count` elements of one size: the loop's lines and height, breaking only the
    /// first line and the last.
    public static func measure(count: Int, size: CGSize, width: Double, spacing: Double,
                               lineSpacing: Double) -> (lines: Int, height: Double) {
        guard count > 0 else { return (0, 0) }
        let first = line(startingAt: 0, count: count, width: width, spacing: spacing) { _ in size }
        let fullLines = count / first.end
        var total = 0.0
        let height = first.height
        if height >= 0, height == height.rounded(.towardZero), Double(fullLines) * height < 0x1p53 {
            // Whole heights: every partial sum of the loop below is an integer under 2^53, so
            // exact, and so is the product (`0.0 +` makes a −0 height's sum +0, as the loop's).
            total = 0.0 + Double(fullLines) * height
        } else {
            for _ in 0..<fullLines { total += height }
        }
        var lines = fullLines
        let lastStart = fullLines * first.end
        if lastStart < count {
            total += line(startingAt: lastStart, count: count, width: width, spacing: spacing) { _ in size }.height
            lines += 1
        }
        return (lines, total + lineSpacing * Double(lines - 1))
    }

    /// `place` of `count` elements of one size, written to `frames[0..<count]`, line by line as
    /// the type's doc comment says. Justified or not is a type, so that each is its own
    /// specialised copy: with a `Bool`, one loop computed both sides' roundings (215
    /// instructions for a flow of three elements, the 10,000-node tree's).
    static func placeAlike<Justification: AlikeJustification>(
        _: Justification.Type, count: Int, size: CGSize, x: Double, y: Double, width: Double, spacing: Double,
        lineSpacing: Double, mirroredIn containerWidth: Double?, into frames: UnsafeMutablePointer<CGRect>
    ) {
        let justified = Justification.isJustified
        guard count > 0 else { return }
        let first = line(startingAt: 0, count: count, width: width, spacing: spacing) { _ in size }
        let perLine = first.end
        placeLine(first, top: y, x: x, width: width, spacing: spacing, justified: justified, mirroredIn: containerWidth,
                  size: { _ in size }, frame: { frames[$0] = $1 })
        let elementHeight = Double(size.height)
        let advance = first.height + lineSpacing
        var top = y + advance
        var start = perLine
        while count - start >= perLine {
            // The loop's y and height for this line: justified, its top rounded down and the
            // element's bottom up, except that a height whose bits are all ones (a NaN) leaves
            // the loop's bottom at its initial 0.
            let minY: Double, height: Double
            if justified {
                minY = LayoutRounding.snappedDown(top)
                let maxY = elementHeight.bitPattern != UInt64.max ? LayoutRounding.snappedUp(top + elementHeight) : 0.0
                height = maxY - minY
            } else {
                minY = top
                height = elementHeight
            }
            let row = frames + start
            for index in 0..<perLine {
                let template = frames[index]
                row[index] = CGRect(x: template.origin.x, y: CGFloat(minY), width: template.size.width, height: CGFloat(height))
            }
            top += advance
            start += perLine
        }
        if start < count {
            // The last line, shorter: its own gap when justified.
            let last = line(startingAt: start, count: count, width: width, spacing: spacing) { _ in size }
            placeLine(last, top: top, x: x, width: width, spacing: spacing, justified: justified, mirroredIn: containerWidth,
                      size: { _ in size }, frame: { frames[$0] = $1 })
        }
    }
}

/// Whether `LayoutFlow.placeAlike` places a justified flow, as a type (see there).
protocol AlikeJustification {
    static var isJustified: Bool { get }
}

/// A flow placed as it breaks.
enum AlikeUnjustified: AlikeJustification {
    static var isJustified: Bool { false }
}

/// A justified flow: lines spread to the width, frames made integral.
enum AlikeJustified: AlikeJustification {
    static var isJustified: Bool { true }
}
