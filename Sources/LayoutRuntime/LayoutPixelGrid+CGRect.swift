#if canImport(CoreGraphics)
import CoreGraphics
#else
import Foundation
#endif

/// The pixel grid for generated code's `scale: CGFloat?` parameter: the core's `Double`
/// functions on `CGSize`s, measures and `CGRect`s; without a scale, the value as it is.
extension LayoutPixelGrid {
    /// The scale the grid takes from generated code's `scale:`: nil (no grid) unless it is a
    /// finite number greater than 0. UIKit's `displayScale` is 0 while a view is in no window;
    /// such a layout is computed as without a scale, where dividing by 0 made every frame NaN.
    @inlinable @inline(__always)
    public static func usable(_ scale: CGFloat?) -> CGFloat? {
        guard let scale, scale > 0, scale.isFinite else { return nil }
        return scale
    }

    /// A fitted container extent on the grid.
    @inlinable @inline(__always)
    public static func up(_ value: Double, _ scale: CGFloat?) -> Double {
        guard let scale else { return value }
        return up(value, scale: Double(scale))
    }

    /// A content size given at run time on the grid (`up` on both axes).
    @inlinable @inline(__always)
    public static func up(_ size: CGSize, _ scale: CGFloat?) -> CGSize {
        guard let scale else { return size }
        return CGSize(up(LayoutSize(size), scale: Double(scale)))
    }

    /// A dynamic flow item's element sizes on the grid.
    @inlinable
    public static func up(_ sizes: [CGSize], _ scale: CGFloat?) -> [CGSize] {
        guard let scale else { return sizes }
        return sizes.map { CGSize(up(LayoutSize($0), scale: Double(scale))) }
    }

    /// A wrap item's measure whose results are on the grid (`measured(_:offered:scale:)`).
    @inlinable
    public static func measure(_ function: @escaping (CGFloat) -> CGSize, _ scale: CGFloat?) -> (CGFloat) -> CGSize {
        guard let scale else { return function }
        return { width in CGSize(measured(LayoutSize(function(width)), offered: Double(width), scale: Double(scale))) }
    }

    /// A frame's edges on the nearest grid lines.
    ///
    /// A call, not inlined: generated code aligns each of its frames in a block run only with a
    /// scale, and the grid's arithmetic inlined there for every frame made the initializer large
    /// enough that it ran 55% slower without a scale too (BENCHMARKS.md, "Generated code").
    @inline(never)
    public static func align(_ rect: inout CGRect, _ scale: CGFloat) {
        let edges = alignedInline(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
                            height: Double(rect.size.height), scale: Double(scale))
        rect = CGRect(x: edges.x, y: edges.y, width: edges.width, height: edges.height)
    }

    /// Two frames on the grid with one test for both (`alignedPair`) and one call: generated
    /// code aligns its frames two at a time.
    @inline(never)
    public static func align(_ first: inout CGRect, _ second: inout CGRect, _ scale: CGFloat) {
        if let pair = alignedPair(LayoutFrame(first), LayoutFrame(second), scale: Double(scale)) {
            first = CGRect(pair.0)
            second = CGRect(pair.1)
        } else {
            align(&first, scale)
            align(&second, scale)
        }
    }

    @inlinable
    public static func align(_ rect: inout CGRect?, _ scale: CGFloat) {
        guard var frame = rect else { return }
        align(&frame, scale)
        rect = frame
    }

    /// Each frame of an array, two at a time.
    @inline(never)
    public static func align(_ rects: inout [CGRect], _ scale: CGFloat) {
        rects.withUnsafeMutableBufferPointer { frames in
            var index = frames.startIndex
            while frames.endIndex - index >= 2 {
                align(&frames[index], &frames[index + 1], scale)
                index += 2
            }
            if index < frames.endIndex { align(&frames[index], scale) }
        }
    }

    @inlinable
    public static func align(_ rects: inout [CGRect]?, _ scale: CGFloat) {
        guard var frames = rects else { return }
        align(&frames, scale)
        rects = frames
    }
}
