#if canImport(CoreGraphics)
import CoreGraphics
#else
import Foundation
#endif

extension LayoutDirection {
    /// Mirrors a frame in a container `width` wide: what generated code does to every frame
    /// (flow elements aside, which `LayoutFlow.place` mirrors itself) for right to left.
    @inlinable
    public static func mirror(_ rect: inout CGRect, in width: Double) {
        rect.origin.x = CGFloat(mirrored(x: Double(rect.origin.x), width: Double(rect.size.width), in: width))
    }

    /// Mirrors a frame that may be absent (a hidden node's).
    @inlinable
    public static func mirror(_ rect: inout CGRect?, in width: Double) {
        if var frame = rect {
            mirror(&frame, in: width)
            rect = frame
        }
    }
}
