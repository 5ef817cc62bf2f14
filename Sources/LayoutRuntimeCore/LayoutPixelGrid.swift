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
        // Far from it: the product's rounding error, at most half an ulp of a number below 2^50,
        // cannot bring the exact product within 1e-9 of it.
        if abs(distance) > snapDistance + magnitude * 0x1p-52 { return (product, false) }
        // On it or very near (whole numbers, the most common content sizes): below 2^20 that
        // error is at most 2^-33, so a distance of 2^-31 cannot reach 1e-9, and no fused
        // multiply-add (a call into the C library on baseline x86-64) is needed.
        if abs(distance) <= 0x1p-31 && magnitude < 0x1p20 { return (half, true) }
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

    /// The common path of `up` and `near` takes counts below 2^20 pixels: there `v · S` and
    /// `+ ½` are each off by at most 2^-33, so a count that far from a whole number (or a half)
    /// cannot be within the snapping distance of one.
    @inlinable @inline(__always)
    static var commonRange: Double { 0x1p20 }

    /// `ceil(v · S) ÷ S`.
    ///
    /// Snapping can only change the ceiling of a count near a whole number: a count that is a
    /// whole number, or clear of one, is rounded up at once by adding and removing 1.5 · 2^52
    /// (exact below 2^51), with no call into the C library (`rounded(.up)` is one on baseline
    /// x86-64). The results are those of `upSnapping`, bit for bit.
    @inlinable
    public static func up(_ v: Double, scale: Double) -> Double {
        let count = v * scale
        if abs(count) < commonRange {  // false for NaN and infinities
            let whole = (count + 0x1.8p52) - 0x1.8p52  // the nearest whole number
            let distance = count - whole
            // + 0: a count rounded up to −0 (from a small negative) is 0, as rationals have it.
            if distance == 0 { return (whole + 0) / scale }
            if abs(distance) > 3 * snapDistance { return ((whole < count ? whole + 1 : whole) + 0) / scale }
        }
        return upSnapping(v, scale: scale)
    }

    /// `up` for a count near a whole number, or out of the common range: snapped first.
    @inlinable @inline(never)
    static func upSnapping(_ v: Double, scale: Double) -> Double {
        let pixels = pixels(v, scale)
        return (pixels.value.rounded(.up) + 0) / scale
    }

    /// `floor(v · S + ½) ÷ S`.
    ///
    /// Snapping can only change this for a count near a half (a count snapped to a whole number
    /// `k` gives `k` either way): the whole number nearest a count clear of every half is its
    /// result at once. The results are those of `nearSnapping`, bit for bit.
    @inlinable
    public static func near(_ v: Double, scale: Double) -> Double {
        let count = v * scale
        if abs(count) < commonRange {
            let whole = (count + 0x1.8p52) - 0x1.8p52
            if abs(count - whole) < 0.5 - 4 * snapDistance { return whole / scale }
        }
        return nearSnapping(v, scale: scale)
    }

    /// `near` for a count near a half, or out of range: snapped first.
    @inlinable @inline(never)
    static func nearSnapping(_ v: Double, scale: Double) -> Double {
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
    ///
    /// Every frame of a layout on a grid comes through here, so the four edges take `near`'s
    /// common path together, two to a vector, with one test for all four; an edge off it sends the
    /// frame to `near` edge by edge. The results are those of `near`, bit for bit.
    @inlinable
    public static func aligned(x: Double, y: Double, width: Double, height: Double, scale: Double)
        -> (x: Double, y: Double, width: Double, height: Double) {
        alignedInline(x: x, y: y, width: width, height: height, scale: scale)
    }

    /// `aligned`, always inlined (the engine's pass over a frame table calls it where a pair of
    /// frames leaves the common path).
    @inlinable @inline(__always)
    public static func alignedInline(x: Double, y: Double, width: Double, height: Double, scale: Double)
        -> (x: Double, y: Double, width: Double, height: Double) {
        let scales = SIMD2(repeating: scale)
        let counts = cornerCounts(origin: SIMD2(x, y), size: SIMD2(width, height), scales: scales)
        if _fastPath(allSet(counts.clear)) {
            let origin = counts.starts / scales, end = counts.ends / scales
            return (origin.x, origin.y, end.x - origin.x, end.y - origin.y)
        }
        return alignedEdgeByEdge(x: x, y: y, width: width, height: height, scale: scale)
    }

    /// Two frames on the grid with one test for their eight edges, nil unless all eight are on
    /// `near`'s common path: the engine aligns its frame table two frames at a time, as a test
    /// and its branch cost as much as a frame's arithmetic (BENCHMARKS.md, `engine-scale`).
    @inlinable @inline(__always)
    public static func alignedPair(_ first: LayoutFrame, _ second: LayoutFrame, scale: Double) -> (LayoutFrame, LayoutFrame)? {
        let scales = SIMD2(repeating: scale)
        let a = cornerCounts(origin: SIMD2(first.x, first.y), size: SIMD2(first.width, first.height), scales: scales)
        let b = cornerCounts(origin: SIMD2(second.x, second.y), size: SIMD2(second.width, second.height), scales: scales)
        guard _fastPath(allSet(a.clear .& b.clear)) else { return nil }
        let aOrigin = a.starts / scales, aSize = a.ends / scales - aOrigin
        let bOrigin = b.starts / scales, bSize = b.ends / scales - bOrigin
        return (LayoutFrame(x: aOrigin.x, y: aOrigin.y, width: aSize.x, height: aSize.y),
                LayoutFrame(x: bOrigin.x, y: bOrigin.y, width: bSize.x, height: bSize.y))
    }

    /// `all(mask)`, spelled so that it compiles to one `movmskpd` and a compare on x86-64: the
    /// standard library's `all` takes the lanes' maximum through two moves and a shuffle (two
    /// instructions more on every pair of frames `alignedPair` tests).
    @inlinable @inline(__always)
    static func allSet(_ mask: SIMDMask<SIMD2<Int64>>) -> Bool {
        let lanes = SIMD2<Int64>(repeating: 0).replacing(with: -1, where: mask)
        return lanes[0] & lanes[1] == -1
    }

    /// A frame's corners in pixels rounded to the nearest whole numbers (`near`'s common path,
    /// two edges to a vector), and whether each edge is on that path.
    @inlinable @inline(__always)
    static func cornerCounts(origin: SIMD2<Double>, size: SIMD2<Double>, scales: SIMD2<Double>)
        -> (starts: SIMD2<Double>, ends: SIMD2<Double>, clear: SIMDMask<SIMD2<Int64>>) {
        let starts = origin * scales, ends = (origin + size) * scales
        let startWholes = (starts + 0x1.8p52) - 0x1.8p52, endWholes = (ends + 0x1.8p52) - 0x1.8p52
        let startOffsets = starts - startWholes, endOffsets = ends - endWholes
        let shrunkStarts = starts * 0x1p-21, shrunkEnds = ends * 0x1p-21
        // `near`'s two tests in one, on squares (no vector `abs` in the standard library):
        // offset² + (count · 2^-21)² below (½ − 4e-9)² (0.249999996, rounded) holds only where
        // the count is below 2^20 and its offset from the nearest whole number below ½ − 4e-9.
        let clear = (startOffsets * startOffsets + shrunkStarts * shrunkStarts .< 0.249999996)
            .& (endOffsets * endOffsets + shrunkEnds * shrunkEnds .< 0.249999996)
        return (startWholes, endWholes, clear)
    }

    /// `aligned` through `near` for each edge.
    @inlinable @inline(never)
    static func alignedEdgeByEdge(x: Double, y: Double, width: Double, height: Double, scale: Double)
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
