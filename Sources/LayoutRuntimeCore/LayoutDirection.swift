/// Which way leading and trailing point (docs/format.md §6.3). A layout is computed left to right
/// and, for right to left, mirrored in its container.
public enum LayoutDirection: String, Hashable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// `x` of a frame mirrored in a container `width` wide: `width − x − frameWidth`.
    @inlinable @inline(__always)
    public static func mirrored(x: Double, width frameWidth: Double, in width: Double) -> Double {
        width - x - frameWidth
    }
}
