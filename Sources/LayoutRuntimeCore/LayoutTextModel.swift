/// The CLI's model of a text (docs/format.md §7.1, `--wrap NAME=WxL`): one line `width` wide,
/// lines `lineHeight` high, broken evenly at any narrower width, at most `maxLines` lines
/// (`--wrap NAME=WxLxN`, docs/format.md "Line limits"). Lint and previews use it too.
public struct LayoutTextModel: Hashable, Sendable {
    public var width: Double
    public var lineHeight: Double
    /// The line limit N (≥ 1), as a label's `numberOfLines`; nil: no limit.
    public var maxLines: Int?

    public init(width: Double, lineHeight: Double, maxLines: Int? = nil) {
        self.width = width
        self.lineHeight = lineHeight
        self.maxLines = maxLines
    }

    /// `(W, L)` where the line fits (or the width is unconstrained); otherwise as many lines as
    /// `W ÷ w` rounds up to, a quotient within 1e-9 of a whole number being that number, but
    /// no more than the line limit.
    public func size(at offered: Double) -> LayoutSize {
        if offered == .infinity || width <= max(offered, 0) + 1e-9 || !(offered > 0) {
            return LayoutSize(width: width, height: lineHeight)
        }
        let quotient = width / offered
        let nearest = quotient.rounded()
        var lines = abs(quotient - nearest) <= 1e-9 ? nearest : quotient.rounded(.up)
        if let maxLines { lines = min(Double(maxLines), lines) }
        return LayoutSize(width: offered, height: lineHeight * lines)
    }

    /// How many lines the text takes at `width` (1 where it fits), at most `maximumLines`: a
    /// width far below the text's (`1e-18`) gives more lines than an `Int` holds.
    public func lines(at width: Double) -> Int {
        guard lineHeight > 0 else { return 1 }
        let count = (size(at: width).height / lineHeight).rounded()
        guard count >= 1 else { return 1 }
        return count < Double(Self.maximumLines) ? Int(count) : Self.maximumLines
    }

    /// The most lines `lines(at:)` counts (a count, not a limit of the layout: heights are not capped).
    public static let maximumLines = 1 << 40
}
