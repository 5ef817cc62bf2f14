/// What generated code knows of a local made of parameters and constants (docs/format.md §8.1):
/// the interval its value is in (the parameters' checks ran before the layout, and rounding to
/// nearest is monotonic, so each operation's interval holds its result), and whether it can be
/// −0. A frame made of such values needs no `isFinite` test, and `max(x, 0)` of an `x` never
/// below 0 nor −0 is `x` (the same bits): the code of a parameter costs less where its checks
/// already say what the walk tests.
struct SymbolicRange {
    var lower: Double
    var upper: Double
    /// The value is never −0 (parameters are made +0 at the body's start; constants are known).
    var neverNegativeZero: Bool

    init?(lower: Double, upper: Double, neverNegativeZero: Bool) {
        // Far from overflowing, so every value in it is finite.
        guard lower.isFinite, upper.isFinite, abs(lower) < 1e300, abs(upper) < 1e300 else { return nil }
        self.lower = lower
        self.upper = upper
        self.neverNegativeZero = neverNegativeZero
    }

    init?(constant: Double) {
        self.init(lower: constant, upper: constant, neverNegativeZero: !(constant == 0 && constant.sign == .minus))
    }

    /// Every value ≥ 0, and never −0: `max(x, 0)` is `x`.
    var isNonNegative: Bool { lower >= 0 && neverNegativeZero }

    /// `a + b`: −0 only when both are −0.
    static func sum(_ a: SymbolicRange, _ b: SymbolicRange) -> SymbolicRange? {
        SymbolicRange(lower: a.lower + b.lower, upper: a.upper + b.upper, neverNegativeZero: a.neverNegativeZero || b.neverNegativeZero)
    }

    /// `a − b`: −0 only when `a` is −0 and `b` is +0.
    static func difference(_ a: SymbolicRange, _ b: SymbolicRange) -> SymbolicRange? {
        SymbolicRange(lower: a.lower - b.upper, upper: a.upper - b.lower, neverNegativeZero: a.neverNegativeZero)
    }

    /// `a × b`: −0 where a zero meets a negative number; not where both are never negative.
    static func product(_ a: SymbolicRange, _ b: SymbolicRange) -> SymbolicRange? {
        let corners = [a.lower * b.lower, a.lower * b.upper, a.upper * b.lower, a.upper * b.upper]
        guard let low = corners.min(), let high = corners.max() else { return nil }
        return SymbolicRange(lower: low, upper: high, neverNegativeZero: a.isNonNegative && b.isNonNegative)
    }

    /// `a ÷ b` for a `b` of one sign, never 0 (so no infinity): monotonic in each, so the corners
    /// bound it; −0 only where a zero meets a negative number, as for a product.
    static func quotient(_ a: SymbolicRange, _ b: SymbolicRange) -> SymbolicRange? {
        guard b.lower > 0 || b.upper < 0 else { return nil }
        let corners = [a.lower / b.lower, a.lower / b.upper, a.upper / b.lower, a.upper / b.upper]
        guard let low = corners.min(), let high = corners.max() else { return nil }
        return SymbolicRange(lower: low, upper: high, neverNegativeZero: a.isNonNegative && b.lower > 0)
    }

    /// `max(a, b)` and `min(a, b)` are one of the two.
    static func maximum(_ a: SymbolicRange, _ b: SymbolicRange) -> SymbolicRange? {
        SymbolicRange(lower: max(a.lower, b.lower), upper: max(a.upper, b.upper), neverNegativeZero: a.neverNegativeZero && b.neverNegativeZero)
    }

    static func minimum(_ a: SymbolicRange, _ b: SymbolicRange) -> SymbolicRange? {
        SymbolicRange(lower: min(a.lower, b.lower), upper: min(a.upper, b.upper), neverNegativeZero: a.neverNegativeZero && b.neverNegativeZero)
    }
}
