import Foundation
import LayoutRuntime

/// How app code uses a generated layout: compute the frames for the current bounds and safe
/// area, then hand them to views (on UIKit or AppKit, `layout.apply(header: headerView, …)`).
public struct PlayerScreen {
    public var tagSizes: [CGSize]

    public init(tagSizes: [CGSize]) {
        self.tagSizes = tagSizes
    }

    /// The header's and the close button's frames, or the layout's error.
    public func keyFrames(in bounds: CGRect, safeArea: LayoutInsets) throws(LayoutRuntimeError) -> (header: CGRect, close: CGRect, tags: [CGRect]) {
        let layout = try PlayerLayout(bounds: bounds, safeArea: safeArea, extra: tagSizes)
        return (layout.header, layout.close, [layout.first] + layout.chip + layout.extra)
    }

    /// The toolbar screen's footer panes at a size.
    public static func footerPanes(size: CGSize) throws(LayoutRuntimeError) -> [CGRect] {
        let layout = try ToolbarLayout(size: size)
        return [layout.primaryPane, layout.secondaryPane]
    }
}
