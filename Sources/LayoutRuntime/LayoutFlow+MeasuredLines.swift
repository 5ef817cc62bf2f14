import Foundation

/// A flow measured and then placed at the same width breaks the same lines twice: once for its
/// height (a `fit` height, or the check that its lines fit its frame), once to place them.
/// Generated code measures with `measureLines`, which keeps the first lines it breaks, and
/// places with `place(count:…lines:…)`, which takes those lines instead of breaking them again
/// (breaking was a fifth of a justified flow of 20 tags). The lines are the loop's own `Line`
/// values, so the frames are the same bits.
extension LayoutFlow {
    /// What a flow's kept lines were broken for (`MeasuredLines`, `LineEnds`): `place` breaks
    /// its lines again for anything else.
    @usableFromInline
    struct BrokenFor: Sendable {
        @usableFromInline var count: Int
        @usableFromInline var width: Double
        @usableFromInline var spacing: Double

        @inlinable
        init(count: Int, width: Double, spacing: Double) {
            self.count = count
            self.width = width
            self.spacing = spacing
        }

        /// Whether these are `count` elements at `width` and `spacing` (the same bits).
        @inlinable
        func matches(count: Int, width: Double, spacing: Double) -> Bool {
            count == self.count && width.bitPattern == self.width.bitPattern && spacing.bitPattern == self.spacing.bitPattern
        }
    }

    /// `measure`'s result, with the first `capacity` lines it broke.
    public struct MeasuredLines: Sendable {
        /// The number of lines.
        public var lines: Int
        /// The lines' stacked height, `lineSpacing` apart (0 for no elements), as `measure`'s.
        public var height: Double
        /// How many of the first lines are kept (at most `capacity`).
        @usableFromInline var kept: Int
        @usableFromInline var brokenFor: BrokenFor
        @usableFromInline var first: (Line, Line, Line, Line, Line, Line, Line, Line)

        /// The lines kept inline (no allocation); `place` breaks any after them again.
        @inlinable public static var capacity: Int { 8 }

        @inlinable
        init(count: Int, width: Double, spacing: Double) {
            let empty = Line(start: 0, end: 0, contentWidth: 0, height: 0)
            lines = 0
            height = 0
            kept = 0
            brokenFor = BrokenFor(count: count, width: width, spacing: spacing)
            first = (empty, empty, empty, empty, empty, empty, empty, empty)
        }

        /// Keeps `line` when there is room for it. By a switch over the tuple's elements: reading
        /// it through a pointer copied the whole tuple (256 bytes) for each line.
        @inlinable
        mutating func keep(_ line: Line) {
            switch kept {
            case 0: first.0 = line
            case 1: first.1 = line
            case 2: first.2 = line
            case 3: first.3 = line
            case 4: first.4 = line
            case 5: first.5 = line
            case 6: first.6 = line
            case 7: first.7 = line
            default: return
            }
            kept += 1
        }

        /// The kept line `index` if it is the line that starts at `start` within `0..<count`,
        /// else nil: a line that does not start where placing is, or ends past the elements, is
        /// broken again, so no index outside `0..<count` is ever read.
        @inlinable
        func line(_ index: Int, startingAt start: Int, count: Int) -> Line? {
            guard index < kept else { return nil }
            let line: Line
            switch index {
            case 0: line = first.0
            case 1: line = first.1
            case 2: line = first.2
            case 3: line = first.3
            case 4: line = first.4
            case 5: line = first.5
            case 6: line = first.6
            case 7: line = first.7
            default: return nil
            }
            return line.start == start && line.end > start && line.end <= count ? line : nil
        }
    }

    /// `measure(count:…)`, keeping the lines it breaks for `place(count:…lines:…)`.
    @inlinable
    public static func measureLines(count: Int, width: Double, spacing: Double, lineSpacing: Double,
                                    size: (Int) -> CGSize) -> MeasuredLines {
        var measured = MeasuredLines(count: count, width: width, spacing: spacing)
        // Its own loop, not `forEachLine`: through that, the optimizer kept more of the table of
        // lines (generated Player +21 instructions a layout).
        var start = 0
        var lines = 0
        var total = 0.0
        while start < count {
            let line = line(startingAt: start, count: count, width: width, spacing: spacing, size: size)
            measured.keep(line)
            total += line.height
            lines += 1
            start = line.end
        }
        measured.lines = lines
        measured.height = stackedHeight(total, lines: lines, lineSpacing: lineSpacing)
        return measured
    }

    /// `place(count:…size:frame:)` of the elements `lines` was measured for, at the same width
    /// and spacing: each kept line is placed as it was broken, and only lines past them are
    /// broken again (all of them when `lines` was measured for another count, width or
    /// spacing; the sizes must be the same).
    @inlinable
    public static func place(count: Int, x: Double, y: Double, width: Double, spacing: Double, lineSpacing: Double,
                             justified: Bool, mirroredIn containerWidth: Double? = nil, lines measured: MeasuredLines,
                             size: (Int) -> CGSize, frame: (Int, CGRect) -> Void) {
        var index = measured.brokenFor.matches(count: count, width: width, spacing: spacing) ? 0 : MeasuredLines.capacity
        forEachLine(count: count, y: y, lineSpacing: lineSpacing) { start in
            defer { index += 1 }
            return measured.line(index, startingAt: start, count: count)
                ?? line(startingAt: start, count: count, width: width, spacing: spacing, size: size)
        } _: { line, top in
            placeLine(line, top: top, x: x, width: width, spacing: spacing, justified: justified,
                      mirroredIn: containerWidth, size: size, frame: frame)
        }
    }
}
