/// The measures of an environment by name, and for the last plan asked, by its wrap items'
/// `wrapIndex` (so a layout computed many times with one environment looks no name up again).
final class MeasureTable: @unchecked Sendable {
    private let boxes: [String: MeasureBox]
    private let lock = SystemLock()
    /// Kept alive, so that no other plan's tree can take its address.
    private var lastRoot: PlanNode?
    private var lastBoxes: [MeasureBox?] = []

    init(_ measures: [String: LayoutEngine.Measure]) {
        boxes = measures.mapValues(MeasureBox.init)
    }

    /// One box per name of `plan.wrapItemNames` (nil where none was given), looked up once per
    /// plan: the layouts of one plan share the array.
    func boxes(for plan: LayoutPlan) -> [MeasureBox?] {
        lock.lock()
        defer { lock.unlock() }
        if lastRoot === plan.root { return lastBoxes }
        lastBoxes = plan.wrapItemNames.map { boxes[$0] }
        lastRoot = plan.root
        return lastBoxes
    }
}

/// A wrap item's measure, boxed: a closure read out of a collection comes through a
/// reabstraction thunk allocated on every read, a box's stored closure does not.
final class MeasureBox: Sendable {
    let function: LayoutEngine.Measure

    init(_ function: @escaping LayoutEngine.Measure) {
        self.function = function
    }
}
