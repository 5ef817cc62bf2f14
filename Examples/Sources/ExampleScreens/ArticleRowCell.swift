import Foundation
import LayoutRuntime

/// A self-sizing article row (ArticleRow.layout.yaml) as an app's cell uses it: the numbers only
/// the app knows at run time (the collection view's layout margin, the thumbnail's side for the
/// current text size) are the layout's parameters (docs/format.md §8.1), and every frame is on
/// the screen's pixel grid (`displayScale`, §8.2). The labels' measures apply their own line
/// limits, as `sizeThatFits` of a label with `numberOfLines` does.
public struct ArticleRowCell {
    public var measureTitle: (CGFloat) -> CGSize
    public var measureSummary: ((CGFloat) -> CGSize)?
    public var hasThumbnail: Bool
    /// The collection view's `directionalLayoutMargins.leading`.
    public var layoutMargin: CGFloat
    /// The thumbnail's side at the current Dynamic Type size.
    public var thumbnailSide: CGFloat
    /// The screen's `displayScale`.
    public var displayScale: CGFloat

    public init(measureTitle: @escaping (CGFloat) -> CGSize, measureSummary: ((CGFloat) -> CGSize)?, hasThumbnail: Bool,
                layoutMargin: CGFloat, thumbnailSide: CGFloat, displayScale: CGFloat) {
        self.measureTitle = measureTitle
        self.measureSummary = measureSummary
        self.hasThumbnail = hasThumbnail
        self.layoutMargin = layoutMargin
        self.thumbnailSide = thumbnailSide
        self.displayScale = displayScale
    }

    /// Every frame of the cell at `width` (what `layoutSubviews` applies); its `size` is what
    /// `preferredLayoutAttributesFitting(_:)` returns.
    public func layout(width: CGFloat) throws(LayoutRuntimeError) -> ArticleRowLayout {
        try ArticleRowLayout(width: width, title: measureTitle, summary: measureSummary,
                             inset: layoutMargin, thumbnailSide: thumbnailSide,
                             showSummary: measureSummary != nil, showThumbnail: hasThumbnail, scale: displayScale)
    }
}
