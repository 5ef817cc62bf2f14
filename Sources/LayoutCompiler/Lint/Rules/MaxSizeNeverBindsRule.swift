/// A `maxWidth` / `maxHeight` that no device size of the matrix brings into play: the node is
/// narrower (shorter) than the bound on every run, so the bound does nothing where the layout is
/// checked. Usually the matrix lacks the devices it was written for, or the bound is stale.
enum MaxSizeNeverBindsRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "maxSizeNeverBinds",
        summary: "A maxWidth or maxHeight is never reached on any device size lint checks (every sample, hidden state and direction), so it has no effect there.")

    static func check(geometry: LayoutGeometry, observations: LayoutObservations, document: LayoutDocument, into findings: inout [LintFinding]) {
        for index in geometry.nodes.indices {
            let node = geometry.nodes[index]
            guard node.hasBounds else { continue }
            for horizontal in [true, false] {
                let bound = horizontal ? node.maxWidth : node.maxHeight
                let largest = horizontal ? observations.largestWidth[index] : observations.largestHeight[index]
                let unknown = horizontal ? observations.widthUnknown[index] : observations.heightUnknown[index]
                // Never laid out (always an error, or always hidden), or sized by what lint cannot know.
                guard bound.isFinite, !unknown, largest.isFinite, largest < bound - 1e-9 * max(1, bound) else { continue }
                let key: PropertyKey = horizontal ? .maxWidth : .maxHeight
                let location = syntaxNode(at: node.location, in: document)?.property(key)?.location ?? node.location
                findings.append(LintFinding(
                    rule: descriptor.name, location: location,
                    message: "'\(key.rawValue): \(NumberFormat.string(bound))' never takes effect: \(node.title) is at most \(NumberFormat.string(largest)) pt \(horizontal ? "wide" : "high") at every size lint checks; remove it or lint at the sizes it is meant for"))
            }
        }
    }
}
