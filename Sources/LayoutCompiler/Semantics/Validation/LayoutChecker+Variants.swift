// docs/format.md §7.4: `when` width variants, and nodes of one name in disjoint width ranges.

extension LayoutChecker {
    /// What run time gives a named node: the nodes of one name must agree, since generated
    /// code has one parameter per name.
    enum RunTimeInput: Equatable {
        case none, contentSize, measure, flowSizes

        var text: String {
            switch self {
            case .none: return ValidationMessages.inputNone
            case .contentSize: return ValidationMessages.inputContentSize
            case .measure: return ValidationMessages.inputMeasure
            case .flowSizes: return ValidationMessages.inputFlowSizes
            }
        }
    }

    /// The nodes of one name so far.
    /// A named node's presence range and where the node is (a struct: an optional tuple goes
    /// through the runtime's generic tuple functions).
    struct PresentNode {
        let range: WidthRange
        let location: SourceLocation
    }

    struct NameClaim {
        var first: SourceLocation
        var input: RunTimeInput
        var isArray: Bool
        /// The first non-empty presence range and where its node is; the rest in the checker's
        /// `moreRanges[moreIndex]`. Kept apart so that a name claimed once, the usual case,
        /// allocates no array, and a claim holds no reference: copying it and freeing the table
        /// retain and release nothing (issue 22).
        var firstRange: PresentNode?
        /// The claim's place in `LayoutChecker.moreRanges`, −1 while it has no second range.
        var moreIndex = -1
    }

    /// The claim's non-empty presence ranges in document order, with where each node is.
    func ranges(of claim: NameClaim) -> [PresentNode] {
        let more = claim.moreIndex >= 0 ? moreRanges[claim.moreIndex] : []
        guard let firstRange = claim.firstRange else { return more }
        return [firstRange] + more
    }

    /// The node's own `when`, checked; nil when it has none or it is wrong (then reported).
    mutating func widthRange(of node: Node, context: Context) -> WidthRange? {
        guard let property = node.property(.when) else { return nil }
        if case .root = context { return nil }  // misplacedKey, from `misplacement`
        if fitsWidth {
            diagnostics.error(.misplacedKey, ValidationMessages.doesNotApply("when", to: ValidationMessages.whenWithFitWidth), at: property.location)
            return nil
        }
        guard let entries = property.entries else {
            diagnostics.error(.invalidValue, ValidationMessages.whenNotAMapping(found: property.value.summary), at: property.location)
            return nil
        }
        var range = WidthRange.all
        var hasBound = false
        var isValid = true
        for entry in entries {
            let isLower = entry.key == PropertyKey.minWidth.rawValue
            guard isLower || entry.key == PropertyKey.maxWidth.rawValue else {
                let suggestion = [PropertyKey.minWidth.rawValue, PropertyKey.maxWidth.rawValue]
                    .first { KeyCatalog.editDistance(entry.key.lowercased(), $0.lowercased()) <= 2 }
                diagnostics.error(.unknownKey, ValidationMessages.unknownWhenKey(DiagnosticText.shortened(entry.key), suggestion: suggestion), at: entry.location)
                isValid = false
                continue
            }
            hasBound = true
            guard case .number(let width, _) = entry.value, width.isFinite, width >= 0, width <= Validator.maximumMagnitude else {
                diagnostics.error(.invalidValue, ValidationMessages.badWhenWidth(entry.key, found: entry.value.summary), at: entry.location)
                isValid = false
                continue
            }
            if isLower { range.lower = width } else { range.upper = width }
        }
        guard hasBound else {
            if isValid { diagnostics.error(.invalidValue, ValidationMessages.emptyWhen, at: property.location) }
            return nil
        }
        guard isValid else { return nil }
        if range.isEmpty {
            diagnostics.error(.invalidValue, ValidationMessages.emptyWhenRange(NumberFormat.string(range.lower), NumberFormat.string(range.upper)),
                              at: property.location)
            return nil
        }
        return range
    }

    /// Records a named node present at `presence`: a second node of the name is `duplicateName`
    /// unless their presence ranges are disjoint and they take the same run-time input.
    /// `keys`: the node's keys (`PropertyKeySet`).
    mutating func claim(_ name: String, of node: Node, keys: PropertyKeySet, context: Context, presence: WidthRange) {
        let isFlowItem: Bool = if case .flowItem = context { true } else { false }
        let input: RunTimeInput = isFlowItem ? (keys.contains(.dynamic) && node.property(.dynamic)?.value == .bool(true) ? .flowSizes : .none)
            : nodeIsWrap ? .measure : nodeIsDynamic ? .contentSize : .none
        let isArray = isFlowItem && keys.contains(.count)
        let entry = PresentNode(range: presence, location: node.location)
        let fresh = NameClaim(first: node.location, input: input, isArray: isArray, firstRange: presence.isEmpty ? nil : entry)
        // One hash for a new name, the usual case; a name claimed before gets its claim back,
        // and it is put back.
        guard var claim = nameClaims.updateValue(fresh, forKey: name) else { return }
        if claim.input != input || claim.isArray != isArray {
            nameClaims.updateValue(claim, forKey: name)
            let (firstText, text) = claim.input != input ? (claim.input.text, input.text)
                : (claim.isArray ? ValidationMessages.arrayItem : ValidationMessages.singleNode, isArray ? ValidationMessages.arrayItem : ValidationMessages.singleNode)
            diagnostics.error(.duplicateName, ValidationMessages.variantsDisagree(name, first: claim.first, firstIs: firstText, thisIs: text), at: node.location)
            return
        }
        guard !presence.isEmpty else {
            nameClaims.updateValue(claim, forKey: name)
            return
        }
        // Overlaps are found once the tree is read (`reportOverlappingVariants`): appending here
        // keeps a name with many variants linear.
        if claim.firstRange == nil {
            claim.firstRange = entry
        } else if claim.moreIndex < 0 {
            claim.moreIndex = moreRanges.count
            moreRanges.append([entry])
        } else {
            moreRanges[claim.moreIndex].append(entry)
        }
        nameClaims.updateValue(claim, forKey: name)
    }

    /// `duplicateName` for nodes of one name whose presence ranges overlap: at every node whose
    /// range overlaps that of an earlier node of the name, naming the earlier one. Per name, in
    /// document order, a Fenwick tree over the ranges' ranks by lower bound answers "the earlier
    /// range reaching furthest among those starting before this one ends" in O(log k), so k
    /// variants of one name take O(k log k), not the O(k²) of comparing or inserting into a list.
    mutating func reportOverlappingVariants() {
        for position in 0..<nameClaims.count {
            // By position: most names are claimed once and are skipped without copying the name.
            let claim = nameClaims.value(at: position)
            guard claim.firstRange != nil, claim.moreIndex >= 0 else { continue }
            let name = nameClaims.key(at: position)
            let ranges = self.ranges(of: claim)
            let byLower = ranges.indices.sorted { ranges[$0].range.lower < ranges[$1].range.lower }
            var rank = [Int](repeating: 0, count: ranges.count)
            for (position, index) in byLower.enumerated() { rank[index] = position }
            let lowers = byLower.map { ranges[$0].range.lower }
            // tree[i]: the index of the range reaching furthest among a block of ranks (-1: none)
            var tree = [Int](repeating: -1, count: ranges.count + 1)
            func further(_ a: Int, _ b: Int) -> Int {
                a < 0 ? b : b < 0 ? a : ranges[b].range.upper > ranges[a].range.upper ? b : a
            }
            for (index, entry) in ranges.enumerated() {
                // the ranks of the ranges that start before this one ends
                var low = 0, high = lowers.count
                while low < high {
                    let middle = (low + high) / 2
                    if lowers[middle] < entry.range.upper { low = middle + 1 } else { high = middle }
                }
                var best = -1
                var position = low
                while position > 0 {
                    best = further(best, tree[position])
                    position -= position & -position
                }
                if best >= 0, ranges[best].range.upper > entry.range.lower {
                    let earlier = ranges[best]
                    if earlier.range.isAll, entry.range.isAll {
                        diagnostics.error(.duplicateName, ValidationMessages.duplicateNodeName(name, first: earlier.location), at: entry.location)
                    } else {
                        diagnostics.error(.duplicateName, ValidationMessages.overlappingVariants(name, first: earlier.location, firstRange: earlier.range.description,
                                                                                                 range: entry.range.description),
                                          at: entry.location)
                    }
                }
                position = rank[index] + 1
                while position < tree.count {
                    tree[position] = further(tree[position], index)
                    position += position & -position
                }
            }
        }
    }
}
