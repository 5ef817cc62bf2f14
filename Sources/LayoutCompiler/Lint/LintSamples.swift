/// The content sizes lint lays a layout out at: for each dynamic item outside a flow, the
/// sample sizes `.layoutlint.yml` gives it (`sizes:`). Every sample is laid out without trying
/// every combination (which grows as the product of the sample counts): all items at their
/// first sample, all at their last, then each item's other samples with the others at their
/// first, so the runs grow as the sum.
struct LintSamples {
    struct Combination {
        /// Content sizes by item name, as the engine takes them.
        var sizes: [String: [Size]]
        /// "name 300×24, bio 358×96" for messages; nil when no item has samples.
        var label: String?
    }

    /// Dynamic items outside flows with no sample sizes, in document order.
    var unsized: [String] = []
    var combinations: [Combination] = []

    init(plan: LayoutPlan, state: LintState) {
        var sampled: [(name: String, samples: [Size])] = []
        for name in plan.contentItemNames {
            if let samples = state.samples(for: name), !samples.isEmpty {
                sampled.append((name, samples))
            } else {
                unsized.append(name)
            }
        }
        guard !sampled.isEmpty else {
            combinations = [Combination(sizes: [:], label: nil)]
            return
        }
        var choices: [[Int]] = [sampled.map { _ in 0 }, sampled.map { $0.samples.count - 1 }]
        for (item, entry) in sampled.enumerated() {
            for sample in entry.samples.indices.dropFirst() {
                var choice = sampled.map { _ in 0 }
                choice[item] = sample
                choices.append(choice)
            }
        }
        var seen = Set<[Int]>()
        for choice in choices where seen.insert(choice).inserted {
            var sizes: [String: [Size]] = [:]
            var parts: [String] = []
            for (item, entry) in sampled.enumerated() {
                let size = entry.samples[choice[item]]
                sizes[entry.name] = [size]
                parts.append("\(entry.name) \(NumberFormat.string(size.width))×\(NumberFormat.string(size.height))")
            }
            combinations.append(Combination(sizes: sizes, label: parts.joined(separator: ", ")))
        }
    }
}
