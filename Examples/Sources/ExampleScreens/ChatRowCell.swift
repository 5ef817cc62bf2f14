import Foundation
import LayoutRuntime

/// How a self-sizing cell uses a layout with `fit: height` (docs/codegen.md): the cell's height
/// at the collection view's width comes out of the layout, with the message label measuring its
/// text at whatever width the layout gives it. On UIKit the measure is the label's
/// `sizeThatFits`; here it is a stand-in with the same contract (a pure function of the width).
public struct ChatRowCell {
    public var nameSize: CGSize
    public var timeSize: CGSize
    /// The message's size at an offered width (`.infinity`: one line).
    public var measureMessage: (CGFloat) -> CGSize
    public var isUnread: Bool

    public init(nameSize: CGSize, timeSize: CGSize, isUnread: Bool, measureMessage: @escaping (CGFloat) -> CGSize) {
        self.nameSize = nameSize
        self.timeSize = timeSize
        self.isUnread = isUnread
        self.measureMessage = measureMessage
    }

    /// What `preferredLayoutAttributesFitting(_:)` returns: the cell's size at `width`.
    public func preferredSize(width: CGFloat) throws(LayoutRuntimeError) -> CGSize {
        try layout(width: width).size
    }

    /// Every frame of the cell at `width` (what `layoutSubviews` applies).
    public func layout(width: CGFloat) throws(LayoutRuntimeError) -> ChatRowLayout {
        try ChatRowLayout(width: width, name: nameSize, time: timeSize, message: measureMessage, showUnreadBadge: isUnread)
    }
}
