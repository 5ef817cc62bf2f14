/// The pixel grid of a display scale (docs/format.md, "The pixel grid"): `up(v)` is the
/// smallest grid value at or above `v`, `near(v)` the nearest one (a half rounds up). A value
/// `v · S` within 1e-9 of an integer, or of an integer + ½, is first taken as that value, so that
/// `1/3` at scale 3 is one pixel, not two.
///
/// The engine and generated code call these same functions, so their frames agree bit for bit.
/// `v · S` is tested exactly, as rational arithmetic would: the product's rounding error comes
/// from a fused multiply-add, so a value a few ulps off a grid line is judged by its true
/// distance to it, never by the rounded product's.
public enum LayoutPixelGrid {
    /// The distance within which a pixel count is taken as a whole or half pixel.
    @inlinable static var snapDistance: Double { 1e-9 }

    /// `v · S` where it is within 1e-9 of an integer or an integer + ½ (that value), else
    /// `(product, false)`: the rounded product, which has the same floor and ceiling as the exact
    /// one whenever it is not snapped.
    @inlinable
    static func pixels(_ v: Double, _ scale: Double) -> (value: Double, isSnapped: Bool) {
        let product = v * scale
        let magnitude = abs(product)
        guard magnitude < 0x1p50 else { return (product, false) }  // infinities, NaN, huge values: as they are
        let half = nearestHalf(product)  // the nearest whole or half pixel
        let distance = product - half  // exact: both are within 1/2 of each other and below 2^50
        // Far from it (nearly every value): the product's rounding error, at most half an ulp of
        // a number below 2^50, cannot bring the exact product within 1e-9 of it.
        if abs(distance) > snapDistance + magnitude * 0x1p-52 { return (product, false) }
        let error = fmaError(v, scale, product)
        // The exact distance is distance + error; compare it with 1e-9 without rounding it.
        let sum = distance + error
        let exactDistance = abs(sum)
        if exactDistance < snapDistance { return (half, true) }
        if exactDistance > snapDistance { return (product, false) }
        // |sum| is 1e-9 exactly as rounded: the rounding error of the sum decides.
        // (TwoSum: sum + rest == distance + error exactly.)
        let errorPart = sum - distance
        let rest = (distance - (sum - errorPart)) + (error - errorPart)
        return (sum > 0 ? rest <= 0 : rest >= 0) ? (half, true) : (product, false)
    }

    /// The multiple of ½ nearest `x` (|x| < 2^50), by adding and removing 1.5 · 2^52, at which
    /// doubles are whole numbers: exact, where `rounded()` is a call into the C library that
    /// cost a quarter of a layout on the grid (BENCHMARKS.md). A tie (`2x` an odd multiple of ½)
    /// may go either way: its distance, ¼, is never within 1e-9, so it does not matter which.
    @inlinable @inline(__always)
    static func nearestHalf(_ x: Double) -> Double {
        let twice = x * 2
        return ((twice + 0x1.8p52) - 0x1.8p52) * 0.5
    }

    /// `v · S − fl(v · S)`, exactly.
    @inlinable @inline(__always)
    static func fmaError(_ v: Double, _ scale: Double, _ product: Double) -> Double {
        (-product).addingProduct(v, scale)
    }

    /// `ceil(v · S) ÷ S`.
    @inlinable
    public static func up(_ v: Double, scale: Double) -> Double {
        let pixels = pixels(v, scale)
        // + 0: a count rounded up to −0 (from a small negative) is 0, as rationals have it.
        return (pixels.value.rounded(.up) + 0) / scale
    }

    /// `floor(v · S + ½) ÷ S`.
    @inlinable
    public static func near(_ v: Double, scale: Double) -> Double {
        let pixels = pixels(v, scale)
        return (pixels.value + 0.5).rounded(.down) / scale
    }

    /// `v` on the grid of `scale` rounded up; `v` itself without a scale.
    @inlinable @inline(__always)
    public static func up(_ v: Double, _ scale: Double?) -> Double {
        guard let scale else { return v }
        return up(v, scale: scale)
    }

    /// A content size on the grid: `up` on both axes.
    @inlinable
    public static func up(_ size: LayoutSize, scale: Double) -> LayoutSize {
        LayoutSize(width: up(size.width, scale: scale), height: up(size.height, scale: scale))
    }

    /// A measure's result at an offered width on the grid: `(min(up(cw), w), up(ch))`, and
    /// `(up(cw), up(ch))` at `w = ∞`.
    @inlinable
    public static func measured(_ size: LayoutSize, offered: Double, scale: Double) -> LayoutSize {
        let width = up(size.width, scale: scale)
        return LayoutSize(width: offered == .infinity ? width : min(width, offered), height: up(size.height, scale: scale))
    }

    /// A frame's edges moved to the nearest grid lines: `x' = near(x)`, `width' = near(x + width) − x'`,
    /// likewise vertically.
    @inlinable
    public static func aligned(x: Double, y: Double, width: Double, height: Double, scale: Double)
        -> (x: Double, y: Double, width: Double, height: Double) {
        let left = near(x, scale: scale), top = near(y, scale: scale)
        return (left, top, near(x + width, scale: scale) - left, near(y + height, scale: scale) - top)
    }

    /// The same for a `LayoutFrame`.
    @inlinable
    public static func aligned(_ frame: LayoutFrame, scale: Double) -> LayoutFrame {
        let edges = aligned(x: frame.x, y: frame.y, width: frame.width, height: frame.height, scale: scale)
        return LayoutFrame(x: edges.x, y: edges.y, width: edges.width, height: edges.height)
    }
}
