import Foundation

/// Safe-area insets in the format's order (docs/format.md §2): top, leading, bottom, trailing (points).
///
/// On UIKit, `LayoutInsets(view.safeAreaInsets)` converts (see `LayoutInsets+UIKit` below);
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

#if canImport(UIKit)
import UIKit

extension LayoutInsets {
    /// From UIKit insets (`view.safeAreaInsets`): `left` is leading left to right, `right` is
    /// leading right to left (pass the view's `effectiveUserInterfaceLayoutDirection`).
    public init(_ insets: UIEdgeInsets, direction: LayoutDirection = .leftToRight) {
        self.init(top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom), right: Double(insets.right),
                  direction: direction)
    }

    public init(_ insets: NSDirectionalEdgeInsets) {
        self.init(top: Double(insets.top), leading: Double(insets.leading), bottom: Double(insets.bottom), trailing: Double(insets.trailing))
    }
}
#elseif canImport(AppKit)
import AppKit

extension LayoutInsets {
    /// From AppKit insets: `left` is leading left to right, `right` is leading right to left
    /// (pass the view's `userInterfaceLayoutDirection`).
    public init(_ insets: NSEdgeInsets, direction: LayoutDirection = .leftToRight) {
        self.init(top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom), right: Double(insets.right),
                  direction: direction)
    }
}
#endif
