/// How many frames the engine's frame table reserves for a plan (`FrameList.count`), counted at
/// the plan's first layout and kept for the next ones: counting the tree on every layout was 4%
/// of the engine's instructions, and counting it when the plan is made cost validation 6%
/// (a stored property more in `PlanNode`'s initializer).
///
/// Shared by the copies of a plan, which may be laid out on several threads at once (`layoutc
/// serve`), hence the lock; a copy given another root is counted again.
final class PlanFrameCount: @unchecked Sendable {
    private let lock = SystemLock()
    /// The root last counted, kept alive so that no other tree can take its address.
    private var root: PlanNode?
    private var count = 0

    /// The count for the tree under `root`.
    func value(for root: PlanNode) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if self.root === root { return count }
        count = FrameList.count(in: root)
        self.root = root
        return count
    }
}
