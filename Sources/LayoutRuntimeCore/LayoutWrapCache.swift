/// A wrapping item's measured sizes (docs/format.md §7.1) as one layout asks for them: the app's
/// function from an offered width to a content size is called at most once per distinct width
/// (a label's `sizeThatFits` is not free), and never with a width that leaves no room for the
/// text. The cache holds neither the function nor a list, so that the engine keeps one per wrap
/// item in a flat buffer (a plain value, set up without retains) and its functions in one
/// shared array; generated code keeps it in a `LayoutWrapSizes` (`LayoutRuntime`).
///
/// A layout asks an item for its natural size and one or two widths (offered, final), so three
/// widths are kept inline. Once they are taken (`isFull`), the owner passes a measure that
/// remembers the further widths itself, as `LayoutWrapSizes` does.
public struct LayoutWrapCache {
    /// The natural size, once measured (NaN width: not yet).
    @usableFromInline var natural = LayoutSize(width: .nan, height: 0)
    /// The widths measured so far (NaN: a free slot) and their sizes.
    @usableFromInline var first: (width: Double, size: LayoutSize) = (.nan, .zero)
    @usableFromInline var second: (width: Double, size: LayoutSize) = (.nan, .zero)
    @usableFromInline var third: (width: Double, size: LayoutSize) = (.nan, .zero)

    @inlinable
    public init() {}

    /// The size already measured at `width` (`.infinity`: the natural size), or nil. Widths of 0
    /// or less are never answered here: `size(at:measure:)` decides what they get.
    @inlinable
    public func known(_ width: Double) -> LayoutSize? {
        if width == .infinity { return natural.width.isNaN ? nil : natural }
        if first.width == width { return first.size }
        if second.width == width { return second.size }
        if third.width == width { return third.size }
        return nil
    }

    /// Whether every inline slot holds a width: a width not among them is measured, not kept.
    @inlinable
    public var isFull: Bool { !third.width.isNaN }

    /// The content size at `width` (`.infinity`: unconstrained, the natural size), calling
    /// `measure` only for a width not measured yet. At 0 or less the measure is called with 0,
    /// and only for text with no natural width: other text has no room there (`hasNoWidth`),
    /// and gets its natural size without a call.
    @inlinable
    public mutating func size(at width: Double, measure: (Double) -> LayoutSize) -> LayoutSize {
        if width == .infinity { return naturalSize(measure) }
        if width <= 0 {
            let natural = naturalSize(measure)
            return natural.width > 1e-9 ? natural : measured(0, measure)
        }
        return measured(width, measure)
    }

    /// Whether `width` leaves no room for text that has some: offered 0 or less while the natural
    /// width is more than 1e-9 (`outOfSpace` at the item).
    @inlinable
    public mutating func hasNoWidth(_ width: Double, measure: (Double) -> LayoutSize) -> Bool {
        width <= 0 && naturalSize(measure).width > 1e-9
    }

    @inlinable
    mutating func naturalSize(_ measure: (Double) -> LayoutSize) -> LayoutSize {
        if natural.width.isNaN { natural = measure(.infinity) }
        return natural
    }

    @inlinable
    mutating func measured(_ width: Double, _ measure: (Double) -> LayoutSize) -> LayoutSize {
        if let known = known(width) { return known }
        let size = measure(width)
        if first.width.isNaN {
            first = (width, size)
        } else if second.width.isNaN {
            second = (width, size)
        } else if third.width.isNaN {
            third = (width, size)
        }
        return size
    }
}

/// Widths a `LayoutWrapCache` had no room for, with their sizes: what its owner passes as the
/// measure once the cache `isFull`, so that no width is measured twice.
public struct LayoutWrapOverflow {
    @usableFromInline var sizes: [(width: Double, size: LayoutSize)] = []

    @inlinable
    public init() {}

    /// The size at `width`, measured with `measure` the first time.
    @inlinable
    public mutating func size(at width: Double, measure: (Double) -> LayoutSize) -> LayoutSize {
        if let known = sizes.first(where: { $0.width == width }) { return known.size }
        let size = measure(width)
        sizes.append((width, size))
        return size
    }
}
