/// A width and a height in points: an element's size in a flow, a wrap item's measured size.
/// The runtime core's own type, in `Double`s, so that it needs no Foundation (`CGSize` exists on
/// Linux only there); `LayoutRuntime` converts to and from `CGSize` for generated code.
public struct LayoutSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = LayoutSize(width: 0, height: 0)
}
