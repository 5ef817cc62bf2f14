#if canImport(CoreGraphics)
import CoreGraphics
#else
import Foundation
#endif

/// The sizes one wrap item was measured at in one layout, as generated code keeps them: a
/// `LayoutWrapCache` and the widths past its slots. A plain value, a `var` of the initializer
/// that its part functions take `inout`, so a layout allocates nothing for it; the measure is
/// passed to each call rather than held, so it is never retained.
public struct LayoutWrapSizes {
    @usableFromInline var cache = LayoutWrapCache()
    @usableFromInline var overflow = LayoutWrapOverflow()

    @inlinable
    public init() {}

    /// `LayoutWrapCache.size(at:measure:)`, remembering every width.
    @inlinable
    public mutating func size(at width: Double, _ measure: (CGFloat) -> CGSize) -> CGSize {
        // The core's cache in `Double`s, the app's measure in CoreGraphics types: converted
        // both ways inline, exactly (a `CGFloat` is a `Double`).
        func measured(_ width: Double) -> LayoutSize { LayoutSize(measure(CGFloat(width))) }
        guard cache.isFull else { return CGSize(cache.size(at: width, measure: measured)) }
        // Moved out while the cache is written, so the two are never accessed at once.
        var overflow = self.overflow
        self.overflow = LayoutWrapOverflow()
        defer { self.overflow = overflow }
        return CGSize(cache.size(at: width) { overflow.size(at: $0, measure: measured) })
    }

    /// `size(at:_:)` with the measure's results on the pixel grid of `scale`
    /// (`LayoutPixelGrid.measured`); without a scale, the measure's own.
    @inlinable
    public mutating func size(at width: Double, _ measure: (CGFloat) -> CGSize, scale: CGFloat?) -> CGSize {
        guard let scale else { return size(at: width, measure) }
        return size(at: width) { offered in CGSize(LayoutPixelGrid.measured(LayoutSize(measure(offered)), offered: Double(offered), scale: Double(scale))) }
    }

    /// `hasNoWidth(_:_:)` with the measure's results on the pixel grid of `scale`.
    @inlinable
    public mutating func hasNoWidth(_ width: Double, _ measure: (CGFloat) -> CGSize, scale: CGFloat?) -> Bool {
        guard let scale else { return hasNoWidth(width, measure) }
        return hasNoWidth(width) { offered in CGSize(LayoutPixelGrid.measured(LayoutSize(measure(offered)), offered: Double(offered), scale: Double(scale))) }
    }

    /// `LayoutWrapCache.hasNoWidth(_:measure:)`.
    @inlinable
    public mutating func hasNoWidth(_ width: Double, _ measure: (CGFloat) -> CGSize) -> Bool {
        width <= 0 && cache.hasNoWidth(width) { (width: Double) -> LayoutSize in LayoutSize(measure(CGFloat(width))) }
    }
}
