/// Flexible children sharing space under minimum and maximum sizes (docs/format.md §6.4), as CSS
/// flexbox resolves flexible lengths: share by weight, clamp, freeze the children whose clamp
/// moved them in the direction of the total violation, and share again what is left.
public enum LayoutFlex {
    /// The sizes of children with these weights, bounds in `minimums[i] … maximums[i]`, sharing
    /// `space`. Each round gives every unfrozen child `(space − frozen) × weight / Σ weights`;
    /// at most one round per child.
    public static func resolve(_ space: Double, weights: [Double], minimums: [Double], maximums: [Double]) -> [Double] {
        let count = weights.count
        var sizes = [Double](repeating: 0, count: count)
        var frozen = [Bool](repeating: false, count: count)
        var frozenTotal = 0.0
        var unfrozen = count
        var targets = [Double](repeating: 0, count: count)
        // Each round freezes at least one child, unless a size is not a number (then the first
        // round's sizes stand): at most one round per child.
        var rounds = 0
        while unfrozen > 0, rounds < count {
            rounds += 1
            var weight = 0.0
            for index in 0..<count where !frozen[index] { weight += weights[index] }
            var violation = 0.0
            for index in 0..<count where !frozen[index] {
                let target = (space - frozenTotal) * weights[index] / weight
                targets[index] = target
                sizes[index] = max(minimums[index], min(target, maximums[index]))
                violation += sizes[index] - target
            }
            if !(abs(violation) > 1e-9) { break }
            for index in 0..<count where !frozen[index] {
                if violation > 0 ? sizes[index] > targets[index] : sizes[index] < targets[index] {
                    frozen[index] = true
                    frozenTotal += sizes[index]
                    unfrozen -= 1
                }
            }
        }
        return sizes
    }

    /// As `resolve`, for children of which only those with `shown[i]` are laid out (generated
    /// code's optional nodes, docs/format.md §6.2): the others get 0 and take no part, so the
    /// shown ones get exactly what `resolve` gives them alone.
    public static func resolve(_ space: Double, weights: [Double], minimums: [Double], maximums: [Double], shown: [Bool]) -> [Double] {
        var indices: [Int] = []
        indices.reserveCapacity(weights.count)
        for index in weights.indices where shown[index] { indices.append(index) }
        let sizes = resolve(space, weights: indices.map { weights[$0] }, minimums: indices.map { minimums[$0] },
                            maximums: indices.map { maximums[$0] })
        var result = [Double](repeating: 0, count: weights.count)
        for (position, index) in indices.enumerated() { result[index] = sizes[position] }
        return result
    }
}
