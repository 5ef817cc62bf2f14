import LayoutRuntimeCore

/// The content sizes lint lays a layout out at: for each dynamic item outside a flow, the
/// sample sizes `.layoutlint.yml` gives it (`sizes:`), and for each wrap item (docs/format.md
/// §7.1) its sample texts (`wrap:`, text models as `--wrap` gives them). Every sample is laid
/// out without trying every combination (which grows as the product of the sample counts): all
/// items at their first sample, all at their last, then each item's other samples with the
/// others at their first, so the runs grow as the sum.
struct LintSamples {
    struct Combination {
        /// Content sizes by item name, as the engine takes them.
        var sizes: [String: [Size]]
        /// Wrap items' text models by item name.
        var texts: [String: LayoutTextModel] = [:]
        /// "name 300×24, bio 358×96, message text 700×18" for messages; nil when no item has samples.
        var label: String?

        /// The text models as the engine's measures.
        var measures: [String: LayoutEngine.Measure] { FramesRequest.measures(texts) }
    }

    /// Dynamic items outside flows with no sample sizes, in document order.
    var unsized: [String] = []
    /// Wrap items with no sample texts, in document order.
    var untexted: [String] = []
    var combinations: [Combination] = []

    private enum Sample {
        case size(Size)
        case text(LayoutTextModel)
    }

    init(plan: LayoutPlan, state: LintState) {
        var sampled: [(name: String, samples: [Sample])] = []
        for name in plan.contentItemNames {
            if let samples = state.samples(for: name), !samples.isEmpty {
                sampled.append((name, samples.map(Sample.size)))
            } else {
                unsized.append(name)
            }
        }
        for name in plan.wrapItemNames {
            if let samples = state.texts(for: name), !samples.isEmpty {
                sampled.append((name, samples.map(Sample.text)))
            } else {
                untexted.append(name)
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
            var combination = Combination(sizes: [:])
            var parts: [String] = []
            for (item, entry) in sampled.enumerated() {
                switch entry.samples[choice[item]] {
                case .size(let size):
                    combination.sizes[entry.name] = [size]
                    parts.append("\(entry.name) \(NumberFormat.string(size.width))×\(NumberFormat.string(size.height))")
                case .text(let text):
                    combination.texts[entry.name] = text
                    parts.append("\(entry.name) text \(NumberFormat.string(text.width))×\(NumberFormat.string(text.lineHeight))")
                }
            }
            combination.label = parts.joined(separator: ", ")
            combinations.append(combination)
        }
    }
}
