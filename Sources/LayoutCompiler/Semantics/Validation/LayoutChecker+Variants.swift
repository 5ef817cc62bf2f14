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
    struct NameClaim {
        var first: SourceLocation
        var input: RunTimeInput
        var isArray: Bool
        /// Their non-empty presence ranges, disjoint, sorted by lower bound, with where each node is.
        var ranges: [(range: WidthRange, location: SourceLocation)]
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
    mutating func claim(_ name: String, of node: Node, context: Context, presence: WidthRange) {
        let isFlowItem: Bool = if case .flowItem = context { true } else { false }
        let input: RunTimeInput = isFlowItem ? (node.property(.dynamic)?.value == .bool(true) ? .flowSizes : .none)
            : nodeIsWrap ? .measure : nodeIsDynamic ? .contentSize : .none
        let isArray = isFlowItem && node.property(.count) != nil
        let entry = (range: presence, location: node.location)
        guard var claim = nameClaims[name] else {
            nameClaims[name] = NameClaim(first: node.location, input: input, isArray: isArray, ranges: presence.isEmpty ? [] : [entry])
            return
        }
        if claim.input != input || claim.isArray != isArray {
            let (firstText, text) = claim.input != input ? (claim.input.text, input.text)
                : (claim.isArray ? ValidationMessages.arrayItem : ValidationMessages.singleNode, isArray ? ValidationMessages.arrayItem : ValidationMessages.singleNode)
            diagnostics.error(.duplicateName, ValidationMessages.variantsDisagree(name, first: claim.first, firstIs: firstText, thisIs: text), at: node.location)
            return
        }
        guard !presence.isEmpty else { return }
        // the first range that ends after this one starts: the only one that can overlap it
        var low = 0
        var high = claim.ranges.count
        while low < high {
            let middle = (low + high) / 2
            if claim.ranges[middle].range.upper <= presence.lower { low = middle + 1 } else { high = middle }
        }
        if low < claim.ranges.count, claim.ranges[low].range.lower < presence.upper {
            let other = claim.ranges[low]
            if other.range.isAll, presence.isAll {
                diagnostics.error(.duplicateName, ValidationMessages.duplicateNodeName(name, first: other.location), at: node.location)
            } else {
                diagnostics.error(.duplicateName, ValidationMessages.overlappingVariants(name, first: other.location, firstRange: other.range.description,
                                                                                         range: presence.description),
                                  at: node.location)
            }
            return
        }
        claim.ranges.insert(entry, at: low)
        nameClaims[name] = claim
    }
}
