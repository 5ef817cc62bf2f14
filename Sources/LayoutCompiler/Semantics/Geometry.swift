import LayoutRuntimeCore

/// Plain Double geometry for the engine: the runtime core's own types, so that a frame the
/// core places needs no conversion (as `EdgeInsets` is the core's `LayoutInsets`).
public typealias Size = LayoutSize

public typealias Rect = LayoutFrame

extension LayoutFrame {
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// The part of this rect inside `other`: zero-size where they only touch or do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let minX = Swift.max(self.minX, other.minX), maxX = Swift.min(self.maxX, other.maxX)
        let minY = Swift.max(self.minY, other.minY), maxY = Swift.min(self.maxY, other.maxY)
        return Rect(x: minX, y: minY, width: Swift.max(maxX - minX, 0), height: Swift.max(maxY - minY, 0))
    }

    /// The rect shrunk by the insets; its size may come out negative, which callers report.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.leading, y: y + insets.top,
             width: width - insets.leading - insets.trailing,
             height: height - insets.top - insets.bottom)
    }
}

/// Insets in the format's order: top, leading, bottom, trailing. The same type generated code
/// takes (LayoutRuntime's `LayoutInsets`).
public typealias EdgeInsets = LayoutInsets
