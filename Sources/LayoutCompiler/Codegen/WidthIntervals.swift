/// The container widths between a layout's breakpoints (docs/format.md §7.4), each of which the
/// generated code lays out on its own.
///
/// Within one interval every `when` node is present or not whatever the width, so the layout is
/// walked once per interval with those presences known (`SymbolicLayout.widthProbe`), into a
/// private initializer of its own that `init(size:…)` calls after comparing the width with the
/// breakpoints: below 600 pt the stacked variant's code runs as if it were the only one, from
/// 600 pt the side-by-side one's. An absent variant costs a compare, and a shared item's content
/// size is unwrapped once, by the variant present (with that variant's `itemIncomplete`). With
/// flags instead (`SymbolicLayout.presence`), every sum carried the other variants' presence
/// flags and the shared frames were merged after each `if`: 40–55% more per present node than
/// the same layout with one variant (BENCHMARKS.md). The intervals' initializers are not
/// inlined, for the same reason: merged after the `if`s, their frames cost as much again.
struct WidthIntervals {
    /// One interval: a width inside it, where each `when` test has the outcome it has in the
    /// whole interval (the first one's is −∞, the last one's NaN: no comparison holds).
    struct Interval {
        var probe: Double
        /// "W < 600", "W ≥ 600", "W is not a number".
        var description: String
    }

    var intervals: [Interval]
    let breakpoints: [Double]

    /// Breakpoints beyond this and the flags are kept: the code grows with the intervals.
    static let maximumBreakpoints = 3

    /// The intervals of a layout with `when`, or nil where the layout is written once with
    /// flags: no breakpoint, a layout split into functions, or code that would grow too large
    /// (the layout is written once per interval, and once more for a width that is not a number).
    init?(_ plan: LayoutPlan, splits: Bool) {
        // A split layout is large (over `splitThreshold` nodes): not walked again for breakpoints.
        // (`when` is not allowed with a fitted width: the width is always the caller's.)
        guard !splits, plan.fit?.fitsWidth != true else { return nil }
        let breakpoints = WidthVariants.breakpoints(of: plan)
        guard !breakpoints.isEmpty, breakpoints.count <= Self.maximumBreakpoints,
              GeneratedType.size(of: plan.root) * (breakpoints.count + 2) <= SymbolicLayout.splitThreshold else { return nil }
        self.breakpoints = breakpoints
        var intervals = [Interval(probe: -.infinity, description: WidthRange(upper: breakpoints[0]).description)]
        for (index, lower) in breakpoints.enumerated() {
            let upper = index + 1 < breakpoints.count ? breakpoints[index + 1] : .infinity
            intervals.append(Interval(probe: lower, description: WidthRange(lower: lower, upper: upper).description))
        }
        intervals.append(Interval(probe: .nan, description: "the width is not a number"))
        self.intervals = intervals
    }

    /// Each interval's test in an `if … else if …` chain on `width`, the last one empty (`else`):
    /// `W < 600`, `600 <= W`, else (NaN, for which no comparison holds).
    func tests(width: String) -> [String] {
        guard let last = breakpoints.last else { return [""] }
        // In the chain, `W < b` after the tests before it means `a <= W && W < b`.
        return breakpoints.map { "\(width) < \(SwiftSpelling.literal($0))" } + ["\(SwiftSpelling.literal(last)) <= \(width)", ""]
    }
}
