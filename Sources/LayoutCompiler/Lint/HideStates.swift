/// Which optional nodes lint hides, run by run (docs/lint.md, "Optional nodes").
///
/// Every subset of `k` optional nodes is 2^k layouts, and even each node hidden alone is `k`
/// layouts of the whole tree: 3,000 optional siblings were 9 million node layouts per device
/// size. So lint lays out all shown, all hidden, and the optional nodes (in document order) in
/// `batches` runs of consecutive nodes, each batch hidden with every other node shown. With
/// few enough nodes a batch is one node: each hidden alone, every such state tried. Past that,
/// the batches are as many as keep the node layouts per device size near `budget`, so lint
/// stays linear in the layout's size.
struct HideStates {
    /// The states, all shown first: the names hidden in each.
    let states: [[String]]
    /// Whether each optional node had a state of its own (hidden alone).
    let isExhaustive: Bool

    /// Node layouts per device size and direction that the batches may take.
    static let budget = 40_000

    init(optionalNames: [String], nodeCount: Int) {
        let count = optionalNames.count
        var states: [[String]] = [[]]
        let batches = min(count, max(2, Self.budget / max(nodeCount, 1)))
        for batch in 0..<batches {
            let range = (batch * count / batches)..<((batch + 1) * count / batches)
            if !range.isEmpty { states.append(Array(optionalNames[range])) }
        }
        // All hidden, unless a batch was that already (one optional node).
        if count > 1 { states.append(optionalNames) }
        self.states = states
        isExhaustive = batches == count
    }

    /// "'a', 'b' and 'c'", or past six names "'a', 'b', 'c', 'd', 'e' and 2,995 other optional
    /// nodes": a message names a batch without growing with it.
    static func names(_ names: [String], conjunction: String) -> String {
        let quoted = names.prefix(names.count > 6 ? 5 : 6).map { "'\($0)'" }
        guard names.count > 6 else { return Linter.list(quoted, conjunction: conjunction) }
        return quoted.joined(separator: ", ") + " \(conjunction) \(names.count - 5) other optional nodes"
    }
}
