extension LayoutEngine {
    /// The frames computed before the first size-dependent error, with that error (nil when the
    /// layout fits): what a preview of a failing layout can still draw. Frames are in the same
    /// depth-first order as `frames(for:in:)`; a named node's frame is there as soon as its
    /// parent placed it, so the node an `outOfSpace` is about is usually among them.
    static func framesUntilError(for plan: LayoutPlan, in environment: Environment) -> (frames: [Frame], error: LayoutError?) {
        var run = LayoutRun(plan: plan, environment: environment)
        do {
            try run.layoutRoot()
        } catch {
            return (run.frames, error)
        }
        return (run.frames, nil)
    }
}
