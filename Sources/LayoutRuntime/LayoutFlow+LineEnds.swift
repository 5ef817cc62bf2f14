import Foundation

/// A flow of static elements whose widths and spacing add up exactly (generated code checks
/// that: every partial sum is a double as it is) is broken into lines by offsets the generator
/// works out: `offset(i)` is Σ widths before element i + i × spacing, so a line's width is one
/// subtraction, not a sum kept element by element. Exact sums agree in any order, so the lines
/// are the loop's, bit for bit. Such a line is known by where it ends (its content width is two
/// offsets apart, its height the tallest element's), so measuring keeps only the ends, a byte
/// each in one word, for placing: no 256-byte table of lines to set up, fill and read back.
extension LayoutFlow {
    /// `measure`'s result by offsets, with where its first lines end.
    public struct LineEnds: Sendable {
        /// The number of lines.
        public var lines: Int
        /// The lines' stacked height, `lineSpacing` apart (0 for no elements), as `measure`'s.
        public var height: Double
        /// Where each of the first lines ends, a byte each from the lowest, 0 past them; none
        /// kept for more than `maximumCount` elements.
        @usableFromInline var ends: UInt64
        @usableFromInline var brokenFor: BrokenFor

        /// The most elements whose line ends are kept (an end must fit in a byte).
        @inlinable public static var maximumCount: Int { 255 }

        @inlinable
        init(count: Int, width: Double, spacing: Double) {
            lines = 0
            height = 0
            ends = 0
            brokenFor = BrokenFor(count: count, width: width, spacing: spacing)
        }
    }

    /// Where the line that starts at element `start` of `0..<count` ends, by offsets; `slack` is
    /// `LayoutTolerance.slack(width)`.
    @inlinable @inline(__always)
    static func lineEnd(startingAt start: Int, count: Int, width: Double, slack: Double, spacing: Double,
                        offset: (Int) -> Double) -> Int {
        // The line's width with element `end` added, past its first: offset(end + 1) − base.
        let base = offset(start) + spacing
        var end = start + 1
        while end < count && (offset(end + 1) - base) - width <= slack { end += 1 }
        return end
    }

    /// The line of elements `start..<end`, as the loop makes it: Σ widths and the tallest height
    /// (at least 0), in index order.
    @inlinable @inline(__always)
    static func line(from start: Int, to end: Int, spacing: Double, offset: (Int) -> Double, height: (Int) -> Double) -> Line {
        var lineHeight = max(0.0, height(start))
        var index = start + 1
        while index < end {
            lineHeight = max(lineHeight, height(index))
            index += 1
        }
        let contentWidth = (offset(end) - offset(start)) - spacing * Double(end - start)
        return Line(start: start, end: end, contentWidth: contentWidth, height: lineHeight)
    }

    /// `measure(count:…size:)` for elements of static sizes that add up exactly, by their
    /// offsets and heights, keeping where the lines end for `place(count:…lineEnds:…)`.
    @inlinable
    public static func measureLineEnds(count: Int, width: Double, spacing: Double, lineSpacing: Double,
                                       offset: (Int) -> Double, height: (Int) -> Double) -> LineEnds {
        var measured = LineEnds(count: count, width: width, spacing: spacing)
        let slack = LayoutTolerance.slack(width)
        let keeps = count <= LineEnds.maximumCount
        var shift: UInt64 = 0
        (measured.lines, measured.height) = forEachLine(count: count, y: 0, lineSpacing: lineSpacing) { start in
            let end = lineEnd(startingAt: start, count: count, width: width, slack: slack, spacing: spacing, offset: offset)
            return line(from: start, to: end, spacing: spacing, offset: offset, height: height)
        } _: { line, _ in
            if keeps && shift < 64 {
                measured.ends |= UInt64(truncatingIfNeeded: line.end) << shift
                shift += 8
            }
        }
        return measured
    }

    /// `place(count:…size:frame:)` of the elements `lines` was measured for by
    /// `measureLineEnds`, at the same width and spacing: the lines end where they were
    /// measured to end, and only lines past the kept ends are broken again (all of them when
    /// `lines` was measured for another count, width or spacing; the sizes must be the same).
    @inlinable
    public static func place(count: Int, x: Double, y: Double, width: Double, spacing: Double, lineSpacing: Double,
                             justified: Bool, mirroredIn containerWidth: Double? = nil, lineEnds measured: LineEnds,
                             offset: (Int) -> Double, height: (Int) -> Double,
                             size: (Int) -> CGSize, frame: (Int, CGRect) -> Void) {
        let slack = LayoutTolerance.slack(width)
        var ends = measured.brokenFor.matches(count: count, width: width, spacing: spacing) ? measured.ends : 0
        forEachLine(count: count, y: y, lineSpacing: lineSpacing) { start in
            let kept = Int(truncatingIfNeeded: ends & 0xFF)
            ends >>= 8
            // A kept end is past `start` and within the elements; 0 (none kept) never is.
            let end = kept > start && kept <= count
                ? kept : lineEnd(startingAt: start, count: count, width: width, slack: slack, spacing: spacing, offset: offset)
            return line(from: start, to: end, spacing: spacing, offset: offset, height: height)
        } _: { line, top in
            placeLine(line, top: top, x: x, width: width, spacing: spacing, justified: justified,
                      mirroredIn: containerWidth, size: size, frame: frame)
        }
    }
}
