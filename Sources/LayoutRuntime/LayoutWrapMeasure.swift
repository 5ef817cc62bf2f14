import Foundation

/// A wrapping item's measure (docs/format.md §7.1) as one layout calls it: the app's function
/// from an offered width to a content size, called at most once per distinct width (a label's
/// `sizeThatFits` is not free), and never with a width that leaves no room for the text. The
/// engine keeps one per wrap item in an array; generated code wraps it in `LayoutWrapMeasure`.
public struct LayoutWrapCache {
    @usableFromInline let measure: (CGFloat) -> CGSize
    /// The natural size, once measured (NaN width: not yet).
    @usableFromInline var natural = CGSize(width: CGFloat.nan, height: 0)
    /// The widths measured so far and their sizes: a layout asks for one or two besides the
    /// natural size, so the first two are kept inline and the rest in a list.
    @usableFromInline var first: (width: Double, size: CGSize) = (.nan, .zero)
    @usableFromInline var second: (width: Double, size: CGSize) = (.nan, .zero)
    @usableFromInline var others: [(width: Double, size: CGSize)] = []

    @inlinable
    public init(_ measure: @escaping (CGFloat) -> CGSize) {
        self.measure = measure
    }

    /// The content size at `width` (`.infinity`: unconstrained, the natural size). At 0 or less
    /// the measure is called with 0, and only for text with no natural width: other text has no
    /// room there (`hasNoWidth`), and gets its natural size without a call.
    @inlinable
    public mutating func size(at width: Double) -> CGSize {
        if width == .infinity { return naturalSize() }
        if width <= 0 {
            let natural = naturalSize()
            return Double(natural.width) > 1e-9 ? natural : measured(0)
        }
        return measured(width)
    }

    /// Whether `width` leaves no room for text that has some: offered 0 or less while the natural
    /// width is more than 1e-9 (`outOfSpace` at the item).
    @inlinable
    public mutating func hasNoWidth(_ width: Double) -> Bool {
        width <= 0 && Double(naturalSize().width) > 1e-9
    }

    @inlinable
    mutating func naturalSize() -> CGSize {
        if natural.width.isNaN { natural = measure(.infinity) }
        return natural
    }

    @inlinable
    mutating func measured(_ width: Double) -> CGSize {
        if first.width == width { return first.size }
        if second.width == width { return second.size }
        if let known = others.first(where: { $0.width == width }) { return known.size }
        let size = measure(CGFloat(width))
        if first.width.isNaN {
            first = (width, size)
        } else if second.width.isNaN {
            second = (width, size)
        } else {
            others.append((width, size))
        }
        return size
    }
}

/// `LayoutWrapCache` shared by reference, as generated code needs it: a large layout's part
/// functions all ask the one measure of an item.
public final class LayoutWrapMeasure {
    private var cache: LayoutWrapCache

    public init(_ measure: @escaping (CGFloat) -> CGSize) {
        cache = LayoutWrapCache(measure)
    }

    /// `LayoutWrapCache.size(at:)`.
    public func size(at width: Double) -> CGSize { cache.size(at: width) }

    /// `LayoutWrapCache.hasNoWidth(_:)`.
    public func hasNoWidth(_ width: Double) -> Bool { cache.hasNoWidth(width) }
}

/// The CLI's model of a text (docs/format.md §7.1, `--wrap NAME=WxL`): one line `width` wide,
/// lines `lineHeight` high, broken evenly at any narrower width. Lint and previews use it too.
public struct LayoutTextModel: Hashable, Sendable {
    public var width: Double
    public var lineHeight: Double

    public init(width: Double, lineHeight: Double) {
        self.width = width
        self.lineHeight = lineHeight
    }

    /// `(W, L)` where the line fits (or the width is unconstrained); otherwise as many lines as
    /// `W ÷ w` rounds up to, a quotient within 1e-9 of a whole number being that number.
    public func size(at offered: Double) -> CGSize {
        if offered == .infinity || width <= max(offered, 0) + 1e-9 || !(offered > 0) {
            return CGSize(width: width, height: lineHeight)
        }
        let quotient = width / offered
        let nearest = quotient.rounded()
        let lines = abs(quotient - nearest) <= 1e-9 ? nearest : quotient.rounded(.up)
        return CGSize(width: offered, height: lineHeight * lines)
    }

    /// `size(at:)` as a measure function, for generated code's parameter.
    public func measure(_ width: CGFloat) -> CGSize {
        size(at: Double(width))
    }

    /// How many lines the text takes at `width` (1 where it fits).
    public func lines(at width: Double) -> Int {
        guard lineHeight > 0 else { return 1 }
        let height = Double(size(at: width).height)
        return max(1, Int((height / lineHeight).rounded()))
    }
}
