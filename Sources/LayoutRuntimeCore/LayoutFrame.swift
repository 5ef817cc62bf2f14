/// A frame: origin and size in points, as `LayoutFlow` places an element. The runtime core's
/// own type, in `Double`s (see `LayoutSize`); `LayoutRuntime` makes `CGRect`s of them.
public struct LayoutFrame: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
