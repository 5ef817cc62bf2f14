/// Iterating a node's children without retaining each one: the walk visits every child several
/// times (slots, rects, layout), and a retain and release per visit was a sixth of the engine's
/// instructions (callgrind, BENCHMARKS.md "Engine").
extension PlanNode {
    /// Calls `body` with each child's index and the child, in order, the child borrowed.
    ///
    /// Safe because a child cannot go away while `body` runs: `self` is alive for the call (its
    /// caller holds it), its `children` is a `let` array of an immutable class, and that array
    /// holds each child.
    @inline(__always)
    func forEachChild(_ body: (Int, PlanNode) throws(LayoutError) -> Void) throws(LayoutError) {
        let children = self.children
        var failure: LayoutError?
        for index in children.indices {
            Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef { child in
                do throws(LayoutError) { try body(index, child) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// The same for a body that cannot fail (no failure to carry out of the loop).
    @inline(__always)
    func forEachChild(_ body: (Int, PlanNode) -> Void) {
        let children = self.children
        for index in children.indices {
            Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef { body(index, $0) }
        }
    }

    /// The same without the index.
    @inline(__always)
    func forEachChild(_ body: (PlanNode) -> Void) {
        let children = self.children
        for index in children.indices {
            Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef(body)
        }
    }
}
