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
}

#if canImport(UIKit)
import UIKit

extension LayoutInsets {
    /// From UIKit insets; `left` is taken as leading and `right` as trailing.
    public init(_ insets: UIEdgeInsets) {
        self.init(top: Double(insets.top), leading: Double(insets.left), bottom: Double(insets.bottom), trailing: Double(insets.right))
    }

    public init(_ insets: NSDirectionalEdgeInsets) {
        self.init(top: Double(insets.top), leading: Double(insets.leading), bottom: Double(insets.bottom), trailing: Double(insets.trailing))
    }
}
#elseif canImport(AppKit)
import AppKit

extension LayoutInsets {
    /// From AppKit insets; `left` is taken as leading and `right` as trailing.
    public init(_ insets: NSEdgeInsets) {
        self.init(top: Double(insets.top), leading: Double(insets.left), bottom: Double(insets.bottom), trailing: Double(insets.right))
    }
}
#endif
