/// The roundings of a justified flow's frames (SPEC §4.3.6): a value within 1e-6 of an integer
/// is taken as that integer, then rounded down (origins) or up (far edges), as CGRect.integral.
///
/// Each is one step, bit for bit equal to `snap(x).rounded(.down)` (resp. `.up`), where
/// `snap(x)` is `x.rounded()` when `abs(x - x.rounded()) <= 1e-6`, else `x`; signed zeros
/// included. Done that way, the four coordinates of every element cost eight libm calls on
/// baseline x86_64 (no SSE4.1, Swift's default on Linux) and dominated a justified flow;
/// truncating through `Int64` is one instruction and exact for |x| < 2^52. Larger values,
/// infinities and NaN are integral already and come back unchanged.
public enum LayoutRounding {
    /// `snap(x).rounded(.down)`.
    @inlinable @inline(__always)
    public static func snappedDown(_ x: Double) -> Double {
        guard abs(x) < 0x1p52 else { return x }
        let truncated = Double(Int64(x))
        let floor = truncated > x ? truncated - 1 : truncated
        let next = floor + 1
        // `next - x` is exact when it is small, so this is `abs(x - x.rounded()) <= 1e-6`
        // for an x just below an integer; one just above it rounds down to `floor` anyway.
        // Every result has x's sign, as floor and round give it.
        return Double(signOf: x, magnitudeOf: next - x <= 1e-6 ? next : floor)
    }

    /// `snap(x).rounded(.up)`.
    @inlinable @inline(__always)
    public static func snappedUp(_ x: Double) -> Double {
        guard abs(x) < 0x1p52 else { return x }
        let truncated = Double(Int64(x))
        let ceiling = truncated < x ? truncated + 1 : truncated
        let previous = ceiling - 1
        return Double(signOf: x, magnitudeOf: x - previous <= 1e-6 ? previous : ceiling)
    }
}
