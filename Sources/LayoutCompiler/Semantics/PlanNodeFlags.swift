/// The rarely set facts a `PlanNode` keeps outside its attributes' box, one bit each in one byte:
/// `shrink` (§7.2) and `alignSelf` (§8.3) of the node, whether a group's children shrink
/// (§7.2) or have their own spaces (§8.4), and on which axes the node sizes its overlay (§8.5). One byte, not a `Bool` each: a node of 184 bytes sits
/// in glibc's 192-byte block, and two more `Bool`s made it 192 (a 208-byte block; the engine's
/// instruction budget, +1.9%).
struct PlanNodeFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// `shrink > 0`: the engine asks it of every child it measures.
    static let shrinks = PlanNodeFlags(rawValue: 1 << 0)
    /// `alignSelf` given: the engine asks it of every child it places across.
    static let alignsSelf = PlanNodeFlags(rawValue: 1 << 1)
    /// Some child has `shrink > 0`: other groups never run the shrink loop.
    static let hasShrinkingChildren = PlanNodeFlags(rawValue: 1 << 2)
    /// Some child has `spaceBefore` or `spaceAfter`: other groups never read them.
    static let hasSpacedChildren = PlanNodeFlags(rawValue: 1 << 3)
    /// `sizesOverlay(horizontally: true)` and `(horizontally: false)` (§8.5), decided from the
    /// node's anchors and sizes once: an overlay's fit reads them out of the anchors' box for
    /// every child at every measurement otherwise.
    static let sizesOverlayWidth = PlanNodeFlags(rawValue: 1 << 4)
    static let sizesOverlayHeight = PlanNodeFlags(rawValue: 1 << 5)
}
