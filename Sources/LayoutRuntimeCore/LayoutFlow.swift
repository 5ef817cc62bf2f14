/// Flow and justified flow (docs/format.md §4.3) as pure functions of the container,
/// the spacing and the element sizes. The engine and generated code call these, so each
/// algorithm has one implementation. Nothing is allocated but the returned frames.
///
/// Here in `Double`s (`LayoutSize`, `LayoutFrame`), for the engine; `LayoutRuntime` adds the
/// same steps over `CGSize` and `CGRect` for generated code and apps, inlined into these.
public enum LayoutFlow {
    /// One line of a flow: elements `start..<end`.
    public struct Line: Hashable, Sendable {
        public var start: Int
        public var end: Int
        /// Σ of the elements' widths (without spacing).
        public var contentWidth: Double
        /// The tallest element's height.
        public var height: Double

        @inlinable
        public init(start: Int, end: Int, contentWidth: Double, height: Double) {
            self.start = start
            self.end = end
            self.contentWidth = contentWidth
            self.height = height
        }
    }

    // MARK: The steps, for the engine and generated code
    //
    // Each step comes twice: over an array of sizes (the engine, and users), and over a count
    // and a function from element index to size, with frames handed to a function as they are
    // made. Generated code uses the second form, inlined and specialised to its flow, so it
    // needs no array of sizes and no array of frames beyond the ones its API returns.

    /// The line that starts at element `start`: an element joins it when the line is empty or
    /// `line width + spacing + element width ≤ width` (with `LayoutTolerance`).
    public static func line(startingAt start: Int, in sizes: [LayoutSize], width: Double, spacing: Double) -> Line {
        sizes.withUnsafeBufferPointer { buffer in
            line(startingAt: start, count: buffer.count, width: width, spacing: spacing) { buffer[$0] }
        }
    }

    /// The line that starts at element `start` of elements `0..<count`.
    @inlinable @inline(__always)
    public static func line(startingAt start: Int, count: Int, width: Double, spacing: Double,
                            size: (Int) -> LayoutSize) -> Line {
        var index = start
        var lineWidth = 0.0
        var contentWidth = 0.0
        var height = 0.0
        // `LayoutTolerance.fits(_:in: width)` with its slack worked out once, not once an element.
        let slack = LayoutTolerance.slack(width)
        while index < count {
            let element = size(index)
            let elementWidth = element.width
            if index > start {
                if !((lineWidth + spacing + elementWidth) - width <= slack) { break }
                lineWidth += spacing + elementWidth
            } else {
                lineWidth += elementWidth
            }
            contentWidth += elementWidth
            height = max(height, element.height)
            index += 1
        }
        return Line(start: start, end: index, contentWidth: contentWidth, height: height)
    }

    /// The number of lines and their stacked height, `lineSpacing` apart (0 for no elements).
    public static func measure(_ sizes: [LayoutSize], width: Double, spacing: Double, lineSpacing: Double) -> (lines: Int, height: Double) {
        sizes.withUnsafeBufferPointer { buffer in
            measure(count: buffer.count, width: width, spacing: spacing, lineSpacing: lineSpacing) { buffer[$0] }
        }
    }

    /// `measure` of elements `0..<count`.
    @inlinable
    public static func measure(count: Int, width: Double, spacing: Double, lineSpacing: Double,
                               size: (Int) -> LayoutSize) -> (lines: Int, height: Double) {
        forEachLine(count: count, y: 0, lineSpacing: lineSpacing) { start in
            line(startingAt: start, count: count, width: width, spacing: spacing, size: size)
        } _: { _, _ in }
    }

    /// The height of `lines` lines whose own heights add up to `total`, `lineSpacing` apart
    /// (0 for no lines).
    @inlinable @inline(__always)
    public static func stackedHeight(_ total: Double, lines: Int, lineSpacing: Double) -> Double {
        lines == 0 ? 0 : total + lineSpacing * Double(lines - 1)
    }

    /// Each line of elements `0..<count`, as `line(start)` gives the one that starts at `start`,
    /// handed to `body` with its top (from `y` down, `lineSpacing` apart); returns the number of
    /// lines and their stacked height. The walk of every `measure` and `place`, whichever way
    /// its lines are found (broken, or kept from measuring); what a caller leaves unused is
    /// optimized away where it is inlined.
    @inlinable @inline(__always) @discardableResult
    public static func forEachLine(count: Int, y: Double, lineSpacing: Double, line: (_ start: Int) -> Line,
                                   _ body: (_ line: Line, _ top: Double) -> Void) -> (lines: Int, height: Double) {
        var top = y
        var start = 0
        var lines = 0
        var total = 0.0
        while start < count {
            let line = line(start)
            body(line, top)
            top += line.height + lineSpacing
            total += line.height
            lines += 1
            start = line.end
        }
        return (lines, stackedHeight(total, lines: lines, lineSpacing: lineSpacing))
    }

    /// The first element wider than `width` (with `LayoutTolerance`), if any.
    public static func firstTooWide(_ sizes: [LayoutSize], width: Double) -> Int? {
        sizes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where !LayoutTolerance.fits(buffer[index].width, in: width) {
                return index
            }
            return nil
        }
    }

    /// Every element's frame: lines from `y` down, `lineSpacing` apart; in a line, elements from
    /// `x`, `spacing` apart, or (justified, two or more elements) spread with gap
    /// `(width − Σ widths) / (k − 1)`, element i at `x + Σ(widths before i) + i × gap`.
    /// Justified frames are made integral. Each frame goes to `frame` with its element's index,
    /// in index order. With `containerWidth`, each frame is mirrored in a container that wide
    /// (right to left, docs/format.md §6.3) before a justified frame is made integral.
    @inlinable
    public static func place(count: Int, x: Double, y: Double, width: Double, spacing: Double, lineSpacing: Double,
                             justified: Bool, mirroredIn containerWidth: Double? = nil, size: (Int) -> LayoutSize,
                             frame: (Int, LayoutFrame) -> Void) {
        forEachLine(count: count, y: y, lineSpacing: lineSpacing) { start in
            line(startingAt: start, count: count, width: width, spacing: spacing, size: size)
        } _: { line, top in
            placeLine(line, top: top, x: x, width: width, spacing: spacing, justified: justified,
                      mirroredIn: containerWidth, size: size, frame: frame)
        }
    }

    /// The frames of one line of `place`, its top at `top`.
    @inlinable @inline(__always)
    public static func placeLine(_ line: Line, top: Double, x: Double, width: Double, spacing: Double, justified: Bool,
                                 mirroredIn containerWidth: Double?, size: (Int) -> LayoutSize, frame: (Int, LayoutFrame) -> Void) {
        let elements = line.end - line.start
        let gap = justified && elements >= 2 ? (width - line.contentWidth) / Double(elements - 1) : spacing
        var widthBefore = 0.0
        // Justified: the line's top is rounded once, and an element's bottom again only
        // when its height is not the one before it (the same bits give the same rounding).
        let minY = justified ? LayoutRounding.snappedDown(top) : top
        var roundedHeight = (bits: UInt64.max, maxY: 0.0)
        for element in line.start..<line.end {
            let elementSize = size(element)
            var elementX = x + widthBefore + Double(element - line.start) * gap
            let elementWidth = elementSize.width
            if let containerWidth { elementX = LayoutDirection.mirrored(x: elementX, width: elementWidth, in: containerWidth) }
            let elementHeight = elementSize.height
            widthBefore += elementWidth
            if justified {
                if elementHeight.bitPattern != roundedHeight.bits {
                    roundedHeight = (elementHeight.bitPattern, LayoutRounding.snappedUp(top + elementHeight))
                }
                let minX = LayoutRounding.snappedDown(elementX)
                let maxX = LayoutRounding.snappedUp(elementX + elementWidth)
                frame(element, LayoutFrame(x: minX, y: minY, width: maxX - minX, height: roundedHeight.maxY - minY))
            } else {
                frame(element, LayoutFrame(x: elementX, y: top, width: elementWidth, height: elementHeight))
            }
        }
    }
}
