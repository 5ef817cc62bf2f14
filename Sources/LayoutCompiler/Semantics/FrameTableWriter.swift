import LayoutRuntimeCore

/// The engine's frame table written in place: `LayoutEngine.layout` lays the plan out inside
/// `Array(unsafeUninitializedCapacity:)` of the count the plan reserves (`PlanFrameCount`), and
/// each frame is initialized in the array's own storage. Appending to an array checked its
/// uniqueness (a runtime call) and its capacity for every frame: 6% of the engine's
/// instructions on the mixed tree (issue 22).
///
/// The reserved count counts a dynamic flow item as one element, so a layout with dynamic
/// sizes can have more frames: those past the storage go to `overflow`, in order (once the
/// storage is full every later frame goes there), and are appended after the walk.
struct FrameTableWriter: FrameSink {
    /// The table's frames go on the grid in one pass after the walk (`align`): a loop over the
    /// table costs half what aligning each frame in the walk did, where it was inlined into the
    /// walk's largest functions (BENCHMARKS.md, `engine-scale`).
    static var alignsAfterWalk: Bool { true }

    /// The array's uninitialized storage; `base[0..<count]` are initialized.
    private let base: UnsafeMutablePointer<LayoutEngine.Frame>?
    private let capacity: Int
    private(set) var count = 0
    private(set) var overflow: [LayoutEngine.Frame] = []

    /// Writes into `storage`, which must stay valid while frames are written and must not be
    /// written by anything else: the buffer `Array(unsafeUninitializedCapacity:)` hands over.
    init(writingInto storage: UnsafeMutableBufferPointer<LayoutEngine.Frame>) {
        base = storage.baseAddress
        capacity = storage.count
    }

    @inline(__always)
    private mutating func append(_ frame: LayoutEngine.Frame) {
        if count < capacity, let base {
            (base + count).initialize(to: frame)
            count += 1
        } else {
            overflow.append(frame)
        }
    }

    mutating func node(_ node: PlanNode, _ rect: Rect) {
        if let name = node.name {
            append(LayoutEngine.Frame(name: name, kind: node.kind, rect: rect))
        }
    }

    mutating func element(ofItemNamed name: String, index: Int?, name known: String?, in flow: PlanNode, _ rect: Rect) {
        append(LayoutEngine.Frame(name: known ?? index.map { FlowElementName.of(name, index: $0) } ?? name, kind: .item, rect: rect))
    }

    /// Puts the written frames and the overflow on the pixel grid of `scale`, after mirroring
    /// (§8.2 step 3), as the walk would have frame by frame.
    static func align(_ frames: UnsafeMutableBufferPointer<LayoutEngine.Frame>, count: Int, _ overflow: inout [LayoutEngine.Frame],
                      scale: Double) {
        guard let base = frames.baseAddress, count > 0 else { return }
        var pair = base
        let last = base + (count - 1)
        while pair < last {
            if let aligned = LayoutPixelGrid.alignedPair(pair[0].rect, pair[1].rect, scale: scale) {
                pair[0].rect = aligned.0
                pair[1].rect = aligned.1
            } else {
                alignSeparately(pair, scale: scale)
            }
            pair += 2
        }
        if pair == last { last[0].rect = LayoutPixelGrid.aligned(last[0].rect, scale: scale) }
        for index in overflow.indices { overflow[index].rect = LayoutPixelGrid.aligned(overflow[index].rect, scale: scale) }
    }

    /// The pair at `frames` one by one, out of line: inlined, it kept the common path's values
    /// alive across the loop and the loop reloaded its constants.
    @inline(never)
    private static func alignSeparately(_ frames: UnsafeMutablePointer<LayoutEngine.Frame>, scale: Double) {
        frames[0].rect = LayoutPixelGrid.aligned(frames[0].rect, scale: scale)
        frames[1].rect = LayoutPixelGrid.aligned(frames[1].rect, scale: scale)
    }
}
