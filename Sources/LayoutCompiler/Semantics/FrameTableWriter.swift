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
}
