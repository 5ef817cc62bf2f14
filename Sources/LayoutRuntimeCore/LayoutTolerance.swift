/// Floating-point slack for the comparisons that decide `outOfSpace` and flow line breaks, so
/// that `33.3 + 33.3 + 33.4` percent or an element exactly as wide as its flow never fails by
/// rounding: 1e-9 pt, relative for extents above 1 pt. The engine and generated code share it.
public enum LayoutTolerance {
    @inlinable @inline(__always)
    public static func fits(_ needed: Double, in available: Double) -> Bool {
        needed - available <= slack(available)
    }

    /// How far past `extent` a value may go and still count as within it.
    @inlinable @inline(__always)
    public static func slack(_ extent: Double) -> Double {
        1e-9 * max(1, abs(extent))
    }

    @inlinable @inline(__always)
    public static func isNegative(_ value: Double) -> Bool {
        value < -1e-9
    }

    /// Whether all four values of a frame are finite (docs/format.md §4: a frame never holds NaN
    /// or infinity). `v - v` is 0 for a finite value and NaN otherwise: one comparison for four.
    @inlinable @inline(__always)
    public static func isFinite(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Bool {
        (x - x) + (y - y) + (width - width) + (height - height) == 0
    }
}
