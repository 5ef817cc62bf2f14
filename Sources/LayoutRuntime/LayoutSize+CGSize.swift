#if canImport(CoreGraphics)
import CoreGraphics
#else
import Foundation
#endif

/// The core's `Double` types and their CoreGraphics counterparts (a `CGFloat` is a `Double` on
/// every platform this package builds for, so the conversions are exact and free).
extension LayoutSize {
    @inlinable @inline(__always)
    public init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }
}

extension CGSize {
    @inlinable @inline(__always)
    public init(_ size: LayoutSize) {
        self.init(width: size.width, height: size.height)
    }
}

extension LayoutFrame {
    @inlinable @inline(__always)
    public init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

extension CGRect {
    @inlinable @inline(__always)
    public init(_ frame: LayoutFrame) {
        self.init(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    }
}
