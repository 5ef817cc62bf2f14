#if canImport(CoreGraphics)
import CoreGraphics
#else
import Foundation
#endif

/// `LayoutFlow`'s steps over `CGSize` and `CGRect`: what generated code and apps call. Each is
/// the core's step in `Double`s (`LayoutSize`, `LayoutFrame`), inlined, so the conversions
/// cost nothing (a `CGFloat` is a `Double`) and the frames are the same bits.
extension LayoutFlow {
    // MARK: The pure functions

    /// Elements left to right, wrapping greedily; each line as tall as its tallest element.
    /// `spacing.width` is between elements, `spacing.height` between lines.
    public static func frames(in container: CGRect, spacing: CGSize, sizes: [CGSize]) -> [CGRect] {
        place(sizes, x: Double(container.minX), y: Double(container.minY), width: Double(container.width),
              spacing: Double(spacing.width), lineSpacing: Double(spacing.height), justified: false)
    }

    /// As `frames`, but each line of two or more elements spread to the container's width, and
    /// every frame made integral (CGRect.integral after snapping values within 1e-6 of an integer).
    public static func justifiedFrames(in container: CGRect, spacing: CGSize, sizes: [CGSize]) -> [CGRect] {
        place(sizes, x: Double(container.minX), y: Double(container.minY), width: Double(container.width),
              spacing: Double(spacing.width), lineSpacing: Double(spacing.height), justified: true)
    }

    // MARK: The steps over CGSize

    /// The line that starts at element `start`: an element joins it when the line is empty or
    /// `line width + spacing + element width ≤ width` (with `LayoutTolerance`).
    public static func line(startingAt start: Int, in sizes: [CGSize], width: Double, spacing: Double) -> Line {
        sizes.withUnsafeBufferPointer { buffer in
            line(startingAt: start, count: buffer.count, width: width, spacing: spacing) { buffer[$0] }
        }
    }

    /// The line that starts at element `start` of elements `0..<count`.
    @inlinable @inline(__always)
    public static func line(startingAt start: Int, count: Int, width: Double, spacing: Double,
                            size: (Int) -> CGSize) -> Line {
        line(startingAt: start, count: count, width: width, spacing: spacing) { (index: Int) -> LayoutSize in
            LayoutSize(size(index))
        }
    }

    /// The number of lines and their stacked height, `lineSpacing` apart (0 for no elements).
    public static func measure(_ sizes: [CGSize], width: Double, spacing: Double, lineSpacing: Double) -> (lines: Int, height: Double) {
        sizes.withUnsafeBufferPointer { buffer in
            measure(count: buffer.count, width: width, spacing: spacing, lineSpacing: lineSpacing) { buffer[$0] }
        }
    }

    /// `measure` of elements `0..<count`.
    @inlinable
    public static func measure(count: Int, width: Double, spacing: Double, lineSpacing: Double,
                               size: (Int) -> CGSize) -> (lines: Int, height: Double) {
        measure(count: count, width: width, spacing: spacing, lineSpacing: lineSpacing) { (index: Int) -> LayoutSize in
            LayoutSize(size(index))
        }
    }

    /// The first element wider than `width` (with `LayoutTolerance`), if any.
    public static func firstTooWide(_ sizes: [CGSize], width: Double) -> Int? {
        sizes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where !LayoutTolerance.fits(Double(buffer[index].width), in: width) {
                return index
            }
            return nil
        }
    }

    /// Every element's frame: lines from `y` down, `lineSpacing` apart; in a line, elements from
    /// `x`, `spacing` apart, or (justified, two or more elements) spread with gap
    /// `(width − Σ widths) / (k − 1)`, element i at `x + Σ(widths before i) + i × gap`.
    /// Justified frames are made integral.
    public static func place(_ sizes: [CGSize], x: Double, y: Double, width: Double,
                             spacing: Double, lineSpacing: Double, justified: Bool, mirroredIn containerWidth: Double? = nil) -> [CGRect] {
        sizes.withUnsafeBufferPointer { buffer in
            var rects = emptyFrames(capacity: buffer.count)
            place(count: buffer.count, x: x, y: y, width: width, spacing: spacing, lineSpacing: lineSpacing,
                  justified: justified, mirroredIn: containerWidth, size: { buffer[$0] }, frame: { rects.append($1) })
            return rects
        }
    }

    /// `place` of `count` elements of one size, as an array: the frames of a flow whose only
    /// item is an array item. Deliberately not inlinable: a layout with thousands of such flows
    /// shares this one copy instead of a specialised one per flow.
    public static func place(count: Int, size: CGSize, x: Double, y: Double, width: Double,
                             spacing: Double, lineSpacing: Double, justified: Bool, mirroredIn containerWidth: Double? = nil) -> [CGRect] {
        guard count >= alikeArrayMinimum else {
            var rects = emptyFrames(capacity: count)
            place(count: count, x: x, y: y, width: width, spacing: spacing, lineSpacing: lineSpacing,
                  justified: justified, mirroredIn: containerWidth, size: { _ in size }, frame: { rects.append($1) })
            return rects
        }
        return [CGRect](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let frames = buffer.baseAddress else { return }
            place(count: count, size: size, x: x, y: y, width: width, spacing: spacing, lineSpacing: lineSpacing,
                  justified: justified, mirroredIn: containerWidth, into: frames)
            initialized = count
        }
    }

    /// From this many elements, `place(count:size:…)` makes its array uninitialized and writes
    /// the frames line by line (`placeAlike`); below, it appends them to a reserved array as
    /// before, whose allocation is specialised (see `emptyFrames`).
    static var alikeArrayMinimum: Int { 64 }

    /// `place` of `count` elements of one size, written to `frames[0..<count]`: the flows of
    /// large layouts, whose array items keep their frames in one array of the layout instead
    /// of an array each (one allocation per layout instead of one per item). Shared, like the
    /// one above.
    public static func place(count: Int, size: CGSize, x: Double, y: Double, width: Double, spacing: Double,
                             lineSpacing: Double, justified: Bool, mirroredIn containerWidth: Double? = nil,
                             into frames: UnsafeMutablePointer<CGRect>) {
        if justified {
            placeAlike(AlikeJustified.self, count: count, size: size, x: x, y: y, width: width, spacing: spacing,
                       lineSpacing: lineSpacing, mirroredIn: containerWidth, into: frames)
        } else {
            placeAlike(AlikeUnjustified.self, count: count, size: size, x: x, y: y, width: width, spacing: spacing,
                       lineSpacing: lineSpacing, mirroredIn: containerWidth, into: frames)
        }
    }

    /// An empty array with room for `capacity` frames. `reserveCapacity` allocates through a
    /// path specialised for `CGRect`; `init(unsafeUninitializedCapacity:)` looked up the array's
    /// generic metadata in the runtime on every call (a third of a small flow's time).
    @inlinable
    public static func emptyFrames(capacity: Int) -> [CGRect] {
        var rects: [CGRect] = []
        rects.reserveCapacity(capacity)
        return rects
    }

    /// `place` of elements `0..<count`, handing each frame to `frame` with its element's index,
    /// in index order. With `containerWidth`, each frame is mirrored in a container that wide
    /// (right to left, docs/format.md §6.3) before a justified frame is made integral.
    @inlinable
    public static func place(count: Int, x: Double, y: Double, width: Double, spacing: Double, lineSpacing: Double,
                             justified: Bool, mirroredIn containerWidth: Double? = nil, size: (Int) -> CGSize, frame: (Int, CGRect) -> Void) {
        place(count: count, x: x, y: y, width: width, spacing: spacing, lineSpacing: lineSpacing, justified: justified,
              mirroredIn: containerWidth, size: { (index: Int) -> LayoutSize in LayoutSize(size(index)) },
              frame: { (index: Int, rect: LayoutFrame) in frame(index, CGRect(rect)) })
    }

    /// The frames of one line of `place`, its top at `top`.
    @inlinable @inline(__always)
    static func placeLine(_ line: Line, top: Double, x: Double, width: Double, spacing: Double, justified: Bool,
                          mirroredIn containerWidth: Double?, size: (Int) -> CGSize, frame: (Int, CGRect) -> Void) {
        placeLine(line, top: top, x: x, width: width, spacing: spacing, justified: justified, mirroredIn: containerWidth,
                  size: { (index: Int) -> LayoutSize in LayoutSize(size(index)) },
                  frame: { (index: Int, rect: LayoutFrame) in frame(index, CGRect(rect)) })
    }

    /// CGRect.integral of (x, y, width, height), after taking values within 1e-6 of an integer
    /// as that integer (docs/format.md §4.3.6).
    @inlinable @inline(__always)
    public static func integral(x: Double, y: Double, width: Double, height: Double) -> CGRect {
        let minX = LayoutRounding.snappedDown(x)
        let minY = LayoutRounding.snappedDown(y)
        let maxX = LayoutRounding.snappedUp(x + width)
        let maxY = LayoutRounding.snappedUp(y + height)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
