/// Children giving way when their main sizes do not fit (docs/format.md §7.2), as CSS's
/// `flex-shrink` does: each loses a share of the deficit in proportion to its factor × its base
/// size, and a child that would go below its floor is frozen there while the others share the rest.
public enum LayoutShrink {
    /// The sizes of the shrinkable children with these `bases`, `factors` and `floors` when their
    /// group is `deficit` short. With no deficit (within `LayoutTolerance` of `extent`), the
    /// bases. When they cannot absorb it all (every child frozen, or no factor left), the frozen
    /// children keep their floors and the others their bases: the caller's sum then exceeds the
    /// space, which is its `outOfSpace`. At most one round per child.
    public static func resolve(_ deficit: Double, bases: [Double], factors: [Double], floors: [Double], extent: Double) -> [Double] {
        // The group's own check (`LayoutTolerance.fits(needed, in: extent)`) decides whether there is a deficit.
        guard deficit > LayoutTolerance.slack(extent) else { return bases }
        var sizes = bases
        var frozen = [Bool](repeating: false, count: bases.count)
        resolve(deficit, count: bases.count, bases: bases, factors: factors, floors: floors, extent: extent, sizes: &sizes, frozen: &frozen)
        return sizes
    }

    /// `resolve` of the first `count` children, into the first `count` elements of `sizes` and
    /// `frozen` (their values do not matter): no allocation, for a caller that keeps the buffers.
    public static func resolve(_ deficit: Double, count: Int, bases: [Double], factors: [Double], floors: [Double], extent: Double,
                               sizes: inout [Double], frozen: inout [Bool]) {
        for index in 0..<count {
            sizes[index] = bases[index]
            frozen[index] = false
        }
        guard deficit > LayoutTolerance.slack(extent) else { return }
        var rounds = 0
        while rounds <= count {
            rounds += 1
            var remaining = deficit
            var scaled = 0.0
            for index in 0..<count {
                if frozen[index] {
                    remaining -= bases[index] - sizes[index]
                } else {
                    scaled += factors[index] * bases[index]
                }
            }
            if !(scaled > 0) {
                // Nothing left to give way: the frozen keep their floors, the rest their bases.
                for index in 0..<count where !frozen[index] { sizes[index] = bases[index] }
                return
            }
            var froze = false
            for index in 0..<count where !frozen[index] {
                sizes[index] = bases[index] - remaining * factors[index] * bases[index] / scaled
            }
            for index in 0..<count where !frozen[index] && sizes[index] < floors[index] {
                sizes[index] = floors[index]
                frozen[index] = true
                froze = true
            }
            if !froze { return }
        }
    }

    /// `resolve` for one shrinkable child: its size, with the same arithmetic (and so the same
    /// bits) as the loop's, without arrays.
    @inlinable
    public static func resolve(_ deficit: Double, base: Double, factor: Double, floor: Double, extent: Double) -> Double {
        guard deficit > LayoutTolerance.slack(extent) else { return base }
        let scaled = 0.0 + factor * base
        guard scaled > 0 else { return base }
        let size = base - deficit * factor * base / scaled
        return size < floor ? floor : size
    }

    /// As `resolve`, for children of which only those with `shown[i]` are laid out (generated
    /// code's optional nodes, docs/format.md §6.2): the others keep their bases and take no part.
    public static func resolve(_ deficit: Double, bases: [Double], factors: [Double], floors: [Double], extent: Double,
                               shown: [Bool]) -> [Double] {
        var indices: [Int] = []
        indices.reserveCapacity(bases.count)
        for index in bases.indices where shown[index] { indices.append(index) }
        let sizes = resolve(deficit, bases: indices.map { bases[$0] }, factors: indices.map { factors[$0] },
                            floors: indices.map { floors[$0] }, extent: extent)
        var result = bases
        for (position, index) in indices.enumerated() { result[index] = sizes[position] }
        return result
    }
}
