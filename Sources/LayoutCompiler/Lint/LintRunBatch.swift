import Dispatch

/// The engine runs of one device size and sample combination (every hide state, in each
/// direction that is not mirrored), computed before lint's rules look at them, in the order the
/// rules read them.
///
/// When there is enough work, the runs are split over two deep-stack threads: the language
/// server re-lints a whole file after every change, and its engine runs are most of that work
/// (docs/lint.md), so on two cores a change's diagnostics arrive in about two thirds of the time.
/// The results are the same bits, in the same order, whichever thread computed them.
struct LintRunBatch {
    typealias Run = (frames: LayoutGeometry.Frames, error: LayoutError?)

    /// Below this many nodes laid out in all (nodes × runs), one thread: handing work to a second
    /// one costs more than a small layout's runs.
    static let parallelThreshold = 4_000

    private var results: [Run]
    private var nextIndex = 0

    init(geometry: LayoutGeometry, environments: [LayoutEngine.Environment]) {
        let count = environments.count
        guard count >= 2, geometry.nodes.count * count >= Self.parallelThreshold else {
            results = environments.map { geometry.framesUntilError(in: $0) }
            return
        }
        let slots = Slots(count: count)
        let group = DispatchGroup()
        let shared = Shared(geometry: geometry, environments: environments)
        // Odd runs on another deep-stack thread (the engine recurses once per nesting level),
        // even runs here: the caller is on a deep stack already (`lintOnCurrentThread`).
        DispatchQueue.global().async(group: group) {
            DeepStack.run {
                for index in stride(from: 1, to: count, by: 2) {
                    slots.set(index, shared.geometry.framesUntilError(in: shared.environments[index]))
                }
            }
        }
        for index in stride(from: 0, to: count, by: 2) {
            slots.set(index, geometry.framesUntilError(in: environments[index]))
        }
        group.wait()
        results = slots.collected { geometry.framesUntilError(in: environments[$0]) }
    }

    /// The next run, in the order of the environments given.
    mutating func next() -> Run {
        defer { nextIndex += 1 }
        return results[nextIndex]
    }

    /// The inputs, read by both threads and written by neither.
    private final class Shared: @unchecked Sendable {
        let geometry: LayoutGeometry
        let environments: [LayoutEngine.Environment]

        init(geometry: LayoutGeometry, environments: [LayoutEngine.Environment]) {
            self.geometry = geometry
            self.environments = environments
        }
    }

    /// One slot per run: each index is written by exactly one thread, and read only after the
    /// group's wait, which orders the writes before the reads.
    private final class Slots: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<Run?>

        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil)
        }

        deinit {
            storage.deinitialize()
            storage.deallocate()
        }

        func set(_ index: Int, _ run: Run) {
            storage[index] = run
        }

        /// Every slot is written before the wait returns; `missing` computes one that was not
        /// (which would be a bug here), so the result is right either way.
        func collected(_ missing: (Int) -> Run) -> [Run] {
            storage.indices.map { storage[$0] ?? missing($0) }
        }
    }
}
