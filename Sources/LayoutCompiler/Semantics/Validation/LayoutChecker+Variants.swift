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
        /// The flags it needs on and off, its ancestors' included (§8.7).
        var flags = FlagCondition.none
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

    /// The node's own `when`, checked: its width range and its flags (§8.7), each nil when not
    /// given; both nil when it has no `when` or it is wrong (then reported).
    mutating func whenCondition(of node: Node, context: Context) -> (range: WidthRange?, flags: FlagCondition?) {
        guard let property = node.property(.when) else { return (nil, nil) }
        if case .root = context { return (nil, nil) }  // misplacedKey, from `misplacement`
        guard let entries = property.entries else {
            diagnostics.error(.invalidValue, ValidationMessages.whenNotAMapping(found: property.value.summary), at: property.location)
            return (nil, nil)
        }
        // §8.7: a `when` of flags alone applies where the width is an output
        if fitsWidth, entries.contains(where: { $0.key == PropertyKey.minWidth.rawValue || $0.key == PropertyKey.maxWidth.rawValue }) {
            diagnostics.error(.misplacedKey, ValidationMessages.doesNotApply("when", to: ValidationMessages.whenWithFitWidth), at: property.location)
            return (nil, nil)
        }
        var range = WidthRange.all
        var hasBound = false
        var on: [String]?
        var off: [String]?
        var isValid = true
        for entry in entries {
            let isLower = entry.key == PropertyKey.minWidth.rawValue
            if entry.key == Self.flagKey || entry.key == Self.unlessKey {
                guard let names = flagNames(entry) else {
                    isValid = false
                    continue
                }
                if entry.key == Self.flagKey { on = names } else { off = names }
                continue
            }
            guard isLower || entry.key == PropertyKey.maxWidth.rawValue else {
                let suggestion = [PropertyKey.minWidth.rawValue, PropertyKey.maxWidth.rawValue, Self.flagKey, Self.unlessKey]
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
        let hasFlagKey = entries.contains { $0.key == Self.flagKey || $0.key == Self.unlessKey }
        guard hasBound || hasFlagKey else {
            if isValid { diagnostics.error(.invalidValue, ValidationMessages.emptyWhen, at: property.location) }
            return (nil, nil)
        }
        if let on, let off, let both = on.first(where: off.contains) {
            diagnostics.error(.conflictingConstraints, ValidationMessages.flagOnAndOff(both), at: property.location)
            isValid = false
        }
        guard isValid else { return (nil, nil) }
        if hasBound, range.isEmpty {
            diagnostics.error(.invalidValue, ValidationMessages.emptyWhenRange(NumberFormat.string(range.lower), NumberFormat.string(range.upper)),
                              at: property.location)
            return (nil, nil)
        }
        let flags = hasFlagKey ? FlagCondition(on: on ?? [], off: off ?? []) : nil
        for entry in entries where entry.key == Self.flagKey || entry.key == Self.unlessKey {
            for name in flagNames(entry, reporting: false) ?? [] { useFlag(name, at: entry.location) }
        }
        return (hasBound ? range : nil, flags)
    }

    /// Records a named node present at `presence`: a second node of the name is `duplicateName`
    /// unless their presence ranges are disjoint and they take the same run-time input.
    /// `keys`: the node's keys (`PropertyKeySet`).
    mutating func claim(_ name: String, of node: Node, keys: PropertyKeySet, context: Context, presence: WidthRange, flags: FlagCondition) {
        let isFlowItem: Bool = if case .flowItem = context { true } else { false }
        let input: RunTimeInput = isFlowItem ? (keys.contains(.dynamic) && node.property(.dynamic)?.value == .bool(true) ? .flowSizes : .none)
            : nodeIsWrap ? .measure : nodeIsDynamic ? .contentSize : .none
        let isArray = isFlowItem && keys.contains(.count)
        let entry = PresentNode(range: presence, location: node.location, flags: flags)
        // A condition that can never hold is disjoint from every other (§8.7).
        let never = presence.isEmpty || flags.isNever
        let fresh = NameClaim(first: node.location, input: input, isArray: isArray, firstRange: never ? nil : entry)
        // One hash: a new name (the usual case) gets the next index.
        let index = nameClaimIndex.value(of: name, orInserting: nameClaims.count)
        guard index < nameClaims.count else {
            nameClaims.append((name, fresh))
            return
        }
        var claim = nameClaims[index].claim
        if claim.input != input || claim.isArray != isArray {
            let (firstText, text) = claim.input != input ? (claim.input.text, input.text)
                : (claim.isArray ? ValidationMessages.arrayItem : ValidationMessages.singleNode, isArray ? ValidationMessages.arrayItem : ValidationMessages.singleNode)
            diagnostics.error(.duplicateName, ValidationMessages.variantsDisagree(name, first: claim.first, firstIs: firstText, thisIs: text), at: node.location)
            return
        }
        guard !never else { return }
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
        nameClaims[index].claim = claim
    }

    /// `duplicateName` for nodes of one name whose presence ranges overlap: at every node whose
    /// range overlaps that of an earlier node of the name, naming the earlier one. Per name, in
    /// document order, a Fenwick tree over the ranges' ranks by lower bound answers "the earlier
    /// range reaching furthest among those starting before this one ends" in O(log k), so k
    /// variants of one name take O(k log k), not the O(k²) of comparing or inserting into a list.
    mutating func reportOverlappingVariants() {
        for position in nameClaims.indices {
            // By position: most names are claimed once and are skipped without copying the name.
            let claim = nameClaims[position].claim
            guard claim.firstRange != nil, claim.moreIndex >= 0 else { continue }
            let name = nameClaims[position].name
            let ranges = self.ranges(of: claim)
            if ranges.contains(where: { !$0.flags.isEmpty }) {
                reportOverlappingFlagVariants(name, ranges)
                continue
            }
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

extension Dictionary {
    /// The value of `key`, which is `value` first when the key has none: one hash either way.
    mutating func value(of key: Key, orInserting value: @autoclosure () -> Value) -> Value {
        func read(_ stored: inout Value) -> Value { stored }
        return read(&self[key, default: value()])
    }
}
