// docs/format.md §6's per-node checks: bounds, dynamic, aspect, optional.

extension LayoutChecker {
    // MARK: Real-screen keys (docs/format.md §6)

    /// Where a key was written, without its value: what the checks of one node keep of a
    /// property they may report later. Trivially copied: kept as `Property?`, each node copied
    /// and destroyed eight of them through the runtime's generic `Optional` witnesses (issue 22).
    struct KeyMark {
        let key: PropertyKey
        let location: SourceLocation
    }

    /// A bound key (`minWidth`, …) and its number, if it is one.
    struct GivenBound {
        let mark: KeyMark
        let number: Double?
        /// The parameter that gave the number (§8.1), nil for one written in the file.
        var parameter: Int? = nil

        var operand: ParameterCheck.Operand { parameter.map { .parameter($0) } ?? .constant(number ?? 0) }
    }

    /// `dynamic: true` or `dynamic: wrap`, and which.
    struct GivenDynamic {
        let mark: KeyMark
        let isWrap: Bool
    }

    /// The §6 keys a node was given with valid values, for the checks that relate them.
    struct GivenLimits {
        var minWidth: GivenBound?
        var maxWidth: GivenBound?
        var minHeight: GivenBound?
        var maxHeight: GivenBound?
        var aspect: KeyMark?
        var dynamic: GivenDynamic?

        mutating func record(_ property: Property) {
            let mark = KeyMark(key: property.key, location: property.location)
            let parameter = property.parameterMarks.flatMap { $0.first.flatMap { $0 >= 0 ? $0 : nil } }
            switch property.key {
            case .minWidth: minWidth = GivenBound(mark: mark, number: Self.number(property.value), parameter: parameter)
            case .maxWidth: maxWidth = GivenBound(mark: mark, number: Self.number(property.value), parameter: parameter)
            case .minHeight: minHeight = GivenBound(mark: mark, number: Self.number(property.value), parameter: parameter)
            case .maxHeight: maxHeight = GivenBound(mark: mark, number: Self.number(property.value), parameter: parameter)
            case .aspect: aspect = mark
            case .dynamic where property.value == .bool(true): dynamic = GivenDynamic(mark: mark, isWrap: false)
            case .dynamic where property.value == .string("wrap"): dynamic = GivenDynamic(mark: mark, isWrap: true)
            default: break
            }
        }

        private static func number(_ value: Literal) -> Double? {
            if case .number(let number, _) = value { number } else { nil }
        }
    }

    /// docs/format.md §6's static checks of one node (bounds, `dynamic`, `aspect`, `optional`); records
    /// its run-time names. Returns which axis an aspect overlay child derives (true: its width).
    mutating func checkLimits(_ node: Node, name: String?, title: NodeTitle, context: Context, limits: GivenLimits,
                              width: ChosenSize?, height: ChosenSize?,
                              attributes: inout NodeAttributes) -> Bool? {
        // One call per axis with bounds, not a loop over an array of tuples: this runs for every
        // node, and most have no bounds (two calls a node were 60 instructions, issue 22).
        if limits.minWidth != nil || limits.maxWidth != nil {
            checkBounds(title: title, axis: "width", min: limits.minWidth, max: limits.maxWidth, chosen: width)
        }
        if limits.minHeight != nil || limits.maxHeight != nil {
            checkBounds(title: title, axis: "height", min: limits.minHeight, max: limits.maxHeight, chosen: height)
        }
        if attributes.isOptional, let name {
            optionalNames.append(name)
        }
        if nodeIsDynamic && !nodeIsWrap {
            // in an overlay, `width: flexible` (fill) is no own size: the child fills or follows two anchors
            let inOverlay: Bool = if case .overlayChild = context { true } else { false }
            let ownWidth = width.map { $0.size != .fit && !(inOverlay && $0.size == .fill) } ?? false
            let ownHeight = height.map { $0.size != .fit && !(inOverlay && $0.size == .fill) } ?? false
            if ownWidth, ownHeight, let width, let height {
                let later = Swift.max(width.mark.location, height.mark.location)
                diagnostics.error(.conflictingSize, ValidationMessages.dynamicWithBothSizes(title.description), at: later)
            }
        }
        if nodeIsDynamic {
            if node.name == nil {
                diagnostics.error(.itemIncomplete, nodeIsWrap ? ValidationMessages.unnamedWrapItem : ValidationMessages.unnamedContentItem,
                                  at: node.location)
            } else if let name {
                if nodeIsWrap {
                    // nodes of one name (§7.4 variants) share one measure
                    if let index = wrapIndexes[name] {
                        attributes.wrapIndex = index
                    } else {
                        attributes.wrapIndex = wrapItemNames.count
                        wrapIndexes[name] = wrapItemNames.count
                        wrapItemNames.append(name)
                    }
                } else {
                    contentItemNames.append(name)
                }
            }
        }
        guard let aspectProperty = limits.aspect, attributes.aspect != nil else { return nil }
        if let dynamic = limits.dynamic {
            diagnostics.error(.conflictingSize, dynamic.isWrap ? ValidationMessages.aspectWithWrap(wrapAt: dynamic.mark.location)
                                                  : ValidationMessages.aspectWithDynamic(dynamicAt: dynamic.mark.location),
                              at: aspectProperty.location)
            return nil
        }
        for chosen in [width, height] {
            guard let chosen, chosen.size == .fit else { continue }
            diagnostics.error(.conflictingSize, ValidationMessages.aspectWithFit(title.description, axis: chosen.mark.key == .width ? "width" : "height",
                                                                      at: chosen.mark.location),
                              at: aspectProperty.location)
            return nil
        }
        switch context {
        case .groupChild(let horizontal):
            if let main = horizontal ? width : height {
                diagnostics.error(.conflictingSize, ValidationMessages.aspectWithMainSize(title.description, horizontal: horizontal, key: main.mark.key.rawValue,
                                                                               at: main.mark.location),
                                  at: aspectProperty.location)
                return nil
            }
            // the derived main size is not shared out: the engine computes it from the cross size
            if horizontal { attributes.width = .fill } else { attributes.height = .fill }
            return nil
        case .overlayChild:
            let widthSource = width.map { if case .fixed = $0.size { true } else { false } } ?? false
                || (attributes.leading != nil && attributes.trailing != nil)
            let heightSource = height.map { if case .fixed = $0.size { true } else { false } } ?? false
                || (attributes.top != nil && attributes.bottom != nil)
            if widthSource && heightSource {
                diagnostics.error(.conflictingSize, ValidationMessages.aspectWithBothSides(title.description), at: aspectProperty.location)
                return nil
            }
            return !widthSource && heightSource
        case .root, .flowItem:
            return nil  // the root: misplacedKey; a flow item: checked with its size (flowItem)
        }
    }

    /// A minimum above the maximum of one axis, and bounds of an axis with a fixed size.
    private mutating func checkBounds(title: NodeTitle, axis: String, min: GivenBound?, max: GivenBound?,
                                      chosen: ChosenSize?) {
        if let min, let max, let low = min.number, let high = max.number, low > high {
            diagnostics.error(.conflictingSize, ValidationMessages.minAboveMax(title.description, max: max.mark.key.rawValue, high, min: min.mark.key.rawValue, low,
                                                                                minAt: min.mark.location),
                              at: max.mark.location)
        } else if let min, let max, min.number != nil, max.number != nil, min.parameter != nil || max.parameter != nil {
            // §8.1: again at run time with the values given
            let title = title.description
            recordCheck(.greater(min.operand, than: max.operand), .conflictingSize, at: max.mark.location) { values in
                ValidationMessages.minAboveMax(title, max: max.mark.key.rawValue, values[1], min: min.mark.key.rawValue, values[0],
                                               minAt: min.mark.location)
            }
        }
        guard let chosen, case .fixed(let size) = chosen.size else { return }
        if let min { boundOfFixedSize(min.mark, axis: axis, chosen: chosen.mark, size: size) }
        if let max { boundOfFixedSize(max.mark, axis: axis, chosen: chosen.mark, size: size) }
    }

    private mutating func boundOfFixedSize(_ bound: KeyMark, axis: String, chosen: KeyMark, size: Double) {
        diagnostics.error(.conflictingSize, ValidationMessages.boundOfFixedSize(bound.key.rawValue, axis: axis, fixed: chosen.key.rawValue,
                                                                 at: chosen.location, size: size),
                          at: bound.location)
    }
}
