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
