/// Safe-area insets in the format's order (docs/format.md §2): top, leading, bottom, trailing (points).
///
/// On UIKit, `LayoutInsets(view.safeAreaInsets)` converts (`LayoutRuntime`, LayoutInsets+Platform.swift);
/// elsewhere give the four numbers.
public struct LayoutInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = LayoutInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// The same inset on every edge.
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    /// leading + trailing.
    public var horizontal: Double { leading + trailing }
    /// top + bottom.
    public var vertical: Double { top + bottom }

    /// From physical insets: `left` is leading left to right, `right` is leading right to left
    /// (docs/format.md §6.3).
    public init(top: Double, left: Double, bottom: Double, right: Double, direction: LayoutDirection) {
        switch direction {
        case .leftToRight: self.init(top: top, leading: left, bottom: bottom, trailing: right)
        case .rightToLeft: self.init(top: top, leading: right, bottom: bottom, trailing: left)
        }
    }
}
