/// The container widths `lower ≤ W < upper` at which a node is present (docs/format.md §7.4,
/// `when: {minWidth: lower, maxWidth: upper}`).
public struct WidthRange: Hashable, Sendable {
    public var lower: Double
    /// `.infinity` when not given.
    public var upper: Double

    public init(lower: Double = 0, upper: Double = .infinity) {
        self.lower = lower
        self.upper = upper
    }

    /// Every width: a node without `when`.
    public static let all = WidthRange()

    public var isEmpty: Bool { lower >= upper }
    /// Whether it holds every width ≥ 0.
    public var isAll: Bool { lower <= 0 && upper == .infinity }

    @inline(__always)
    public func contains(_ width: Double) -> Bool { lower <= width && width < upper }

    public func intersection(_ other: WidthRange) -> WidthRange {
        WidthRange(lower: max(lower, other.lower), upper: min(upper, other.upper))
    }

    public func overlaps(_ other: WidthRange) -> Bool { !isEmpty && !other.isEmpty && !intersection(other).isEmpty }

    /// "600 ≤ W < 1000", "W < 600", "W ≥ 600", "no width".
    public var description: String {
        if isEmpty { return "no width" }
        switch (lower > 0, upper < .infinity) {
        case (true, true): return "\(NumberFormat.string(lower)) ≤ W < \(NumberFormat.string(upper))"
        case (true, false): return "W ≥ \(NumberFormat.string(lower))"
        case (false, true): return "W < \(NumberFormat.string(upper))"
        case (false, false): return "every width"
        }
    }
}
