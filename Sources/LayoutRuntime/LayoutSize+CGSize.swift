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

extension CGRect {
    @inlinable @inline(__always)
    public init(_ frame: LayoutFrame) {
        self.init(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    }
}
