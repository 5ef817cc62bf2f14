/// The roundings of a justified flow's frames (docs/format.md §4.3.6): a value within 1e-6 of an integer
/// is taken as that integer, then rounded down (origins) or up (far edges), as CGRect.integral.
///
/// Each is one step, bit for bit equal to `snap(x).rounded(.down)` (resp. `.up`), where
/// `snap(x)` is `x.rounded()` when `abs(x - x.rounded()) <= 1e-6`, else `x`; signed zeros
/// included. Done that way, the four coordinates of every element cost eight libm calls on
/// baseline x86_64 (no SSE4.1, Swift's default on Linux) and dominated a justified flow.
/// Here the nearest integer to |x| comes from adding and subtracting 2^52 (exact below 2^52,
/// where the spacing of doubles is at most 1/2), and the rest is comparisons and selects: no
/// calls, no conversions. Larger values, infinities and NaN are integral already and come
/// back unchanged. Non-negative values below 2^52, nearly every coordinate a frame has, take
/// a shorter path first, without the selects a sign needs (about 12 instructions against 22).
public enum LayoutRounding {
    /// The bit pattern of 2^52: the patterns below it are the doubles from +0 up to 2^52.
    @inlinable static var positiveLimit: UInt64 { 0x4330_0000_0000_0000 }

    /// `snap(x).rounded(.down)`.
    @inlinable @inline(__always)
    public static func snappedDown(_ x: Double) -> Double {
        // +0 up to 2^52 (a frame's usual coordinates), where the sign needs no handling: one
        // integer comparison admits exactly those (−0 and other negatives have the top bit set).
        if x.bitPattern < Self.positiveLimit {
            // x − nearest is exact (the two are within 1/2 of each other); only more than 1e-6
            // below x's nearest integer goes down to the one before it. A select of 1 or 0, not
            // a branch: which way it goes depends on the value, so a branch was often mispredicted.
            let nearest = (x + 0x1p52) - 0x1p52
            return nearest - (x - nearest < -1e-6 ? 1 : 0)
        }
        let magnitude = abs(x)
        guard magnitude < 0x1p52 else { return x }
        let nearest = (magnitude + 0x1p52) - 0x1p52  // ties to even; a tie is never near
        let isNear = abs(magnitude - nearest) <= 1e-6
        // Rounding x down rounds a negative x's magnitude up; the sign is x's, as in floor.
        let rounded = isNear ? nearest
            : x >= 0 ? (nearest > magnitude ? nearest - 1 : nearest) : (nearest < magnitude ? nearest + 1 : nearest)
        return Double(signOf: x, magnitudeOf: rounded)
    }

    /// `snap(x).rounded(.up)`.
    @inlinable @inline(__always)
    public static func snappedUp(_ x: Double) -> Double {
        if x.bitPattern < Self.positiveLimit {
            let nearest = (x + 0x1p52) - 0x1p52
            return nearest + (x - nearest > 1e-6 ? 1 : 0)
        }
        let magnitude = abs(x)
        guard magnitude < 0x1p52 else { return x }
        let nearest = (magnitude + 0x1p52) - 0x1p52
        let isNear = abs(magnitude - nearest) <= 1e-6
        let rounded = isNear ? nearest
            : x >= 0 ? (nearest < magnitude ? nearest + 1 : nearest) : (nearest > magnitude ? nearest - 1 : nearest)
        return Double(signOf: x, magnitudeOf: rounded)
    }
}
