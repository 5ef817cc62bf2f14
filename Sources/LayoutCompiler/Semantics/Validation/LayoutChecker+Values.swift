// Which keys apply where, and the values they take.

extension LayoutChecker {
    // MARK: Keys

    /// Why `key` does not apply here, or nil when it does.
    func misplacement(of key: PropertyKey, on kind: NodeKind, in context: Context) -> String? {
        switch key {
        case .width, .height, .size:
            if case .root = context { return ValidationMessages.rootSize }
        case .percent, .flexible:
            if case .groupChild = context { return nil }
            return ValidationMessages.mainAxisShare(key.rawValue, place: context.name)
        case .padding, .spacing:
            if kind == .hgroup || kind == .vgroup || kind == .flow { return nil }
            return ValidationMessages.onlyGroupsAndFlows(kind)
        case .margin, .align:
            if kind == .hgroup || kind == .vgroup { return nil }
            return ValidationMessages.onlyHVGroups(kind)
        case .justify:
            if kind == .flow { return nil }
            return ValidationMessages.onlyFlows(kind)
        case .count:
            if case .flowItem = context { return nil }
            return ValidationMessages.onlyFlowItems(place: context.name)
        case .dynamic:
            if kind != .item { return ValidationMessages.onlyItemsAreDynamic(kind) }
            if case .root = context { return ValidationMessages.rootDynamic }
        case .optional:
            if case .root = context { return ValidationMessages.rootOptional }
        case .when:
            if case .root = context { return ValidationMessages.rootWhen }
        case .shrink:
            if case .groupChild = context { return nil }
            return ValidationMessages.onlyGroupChildren(key.rawValue, place: context.name)
        case .alignSelf, .spaceBefore, .spaceAfter:
            return childPlacementMisplacement(of: key, in: context)
        case .minWidth, .maxWidth, .minHeight, .maxHeight, .aspect:
            if case .root = context { return ValidationMessages.rootBounds }
            if case .flowItem = context, key != .aspect { return ValidationMessages.flowItemBounds }
        case .top, .bottom, .leading, .trailing, .centerX, .centerY, .center:
            if case .overlayChild = context { return nil }
            return ValidationMessages.onlyOverlayChildren(place: context.name)
        case .safeArea:
            switch context {
            case .root, .overlayChild: return nil
            default: return ValidationMessages.onlyRootAndOverlayChildren(place: context.name)
            }
        }
        return nil
    }

    /// Which centre anchors a node was given, to tell `center: true` from `centerX` / `centerY`.
    struct GivenCenters {
        var center = false
        var centerX = false
        var centerY = false
    }

    enum Value {
        case dimension(AxisSize)
        case number(Double)
        case pair(Double, Double)
        case insets(EdgeInsets)
        case alignment(CrossAlignment)
        case bool(Bool)
        /// `dynamic: wrap`.
        case wrap

        var isTrue: Bool {
            if case .bool(true) = self { return true }
            return false
        }
    }

    /// The property's value checked against its key's type; nil (and `invalidValue`) when wrong.
    mutating func value(of property: Property, kind: NodeKind, context: Context) -> Value? {
        // Computed, not stored: only messages read it (a `let` made the key's string for every property).
        // (It reads only the key: capturing `property` itself copied the whole property.)
        let propertyKey = property.key
        var key: String { propertyKey.rawValue }
        switch property.key {
        case .width, .height:
            switch property.value {
            case .string("fit"):
                if case .flowItem = context {
                    return invalid(property, ValidationMessages.fitOnFlowItem(key))
                }
                if kind == .flow && property.key == .width {
                    return invalid(property, ValidationMessages.flowWidthFit)
                }
                return .dimension(.fit)
            case .string("flexible"):
                switch context {
                case .flowItem: return invalid(property, ValidationMessages.fitOnFlowItem(key))
                case .overlayChild:
                    // docs/format.md §6.1: on a dynamic child it means no own size (fill, or two anchors)
                    if nodeIsDynamic { return .dimension(.fill) }
                    return invalid(property, ValidationMessages.flexibleInOverlay(key))
                default: return .dimension(.flexible(1))
                }
            default:
                guard let number = number(property, ValidationMessages.dimension(key)) else { return nil }
                return .dimension(.fixed(number))
            }
        case .size:
            return pair(property, what: ValidationMessages.sizePair).map { .pair($0.0, $0.1) }
        case .percent:
            guard let number = number(property, ValidationMessages.percent, upTo: 100) else { return nil }
            return .number(number)
        case .flexible:
            guard let number = number(property, ValidationMessages.flexibleWeight) else { return nil }
            if let parameter = parameter(of: property) {
                recordCheck(.notPositive(.parameter(parameter)), .invalidValue, at: property.valueLocation ?? property.location) { _ in
                    ValidationMessages.flexibleZero
                }
            }
            guard number > 0 else { return invalid(property, ValidationMessages.flexibleZero) }
            return .number(number)
        case .padding:
            if case .list = property.value {
                return insets(property, what: ValidationMessages.padding).map { .insets($0) }
            }
            return number(property, ValidationMessages.padding).map { .insets(EdgeInsets(all: $0)) }
        case .spacing:
            if kind == .flow, case .list = property.value {
                return pair(property, what: ValidationMessages.spacingPair).map { .pair($0.0, $0.1) }
            }
            let expected = kind == .flow ? ValidationMessages.flowSpacing : ValidationMessages.groupSpacing
            return number(property, expected).map { .pair($0, $0) }
        case .margin:
            return number(property, ValidationMessages.nonNegative(key)).map { .number($0) }
        case .align:
            if case .string(let text) = property.value, let alignment = CrossAlignment(rawValue: text) {
                return .alignment(alignment)
            }
            return invalid(property, ValidationMessages.notAnAlignment(property.value.summary, on: kind, word: {
                if case .string(let text) = property.value { return text }
                return nil
            }()))
        case .dynamic:
            if case .bool(let flag) = property.value { return .bool(flag) }
            if case .string("wrap") = property.value {
                if case .flowItem = context { return invalid(property, ValidationMessages.wrapInFlow) }
                return .wrap
            }
            let hint = Self.dynamicHint(property.value)
            // The text form writes `dynamic` and `wrap` as words (`item a wrap`): the hint says where.
            let place: String? = switch (hint, property.wordPlaces) {
            case ("true", let places?): places.dynamic
            case ("wrap", let places?): places.wrap
            default: nil
            }
            let spelled = hint.map { hint in hint == "true" && place != nil ? "dynamic" : hint }
            return invalid(property, ValidationMessages.notADynamic(found: property.value.summary, hint: spelled, place: place))
        case .shrink:
            return number(property, ValidationMessages.shrink).map { .number($0) }
        case .alignSelf:
            return alignSelfValue(property)
        case .spaceBefore, .spaceAfter:
            return number(property, ValidationMessages.childSpace(key)).map { .number($0) }
        case .when:
            return nil  // LayoutChecker+Variants

        case .justify, .center, .safeArea:
            if case .bool(let flag) = property.value { return .bool(flag) }
            return invalid(property, ValidationMessages.notABool(key, found: property.value.summary))
        case .optional:
            guard case .bool(let flag) = property.value else {
                return invalid(property, ValidationMessages.notABool(key, found: property.value.summary))
            }
            if flag && kind == .spacer {
                return invalid(property, ValidationMessages.hiddenSpacer)
            }
            if flag && !nodeIsNamed {
                return invalid(property, ValidationMessages.hiddenAnonymousNode(kind))
            }
            return .bool(flag)
        case .minWidth, .maxWidth, .minHeight, .maxHeight:
            return number(property, ValidationMessages.nonNegative(key)).map { .number($0) }
        case .aspect:
            let expected = ValidationMessages.aspect
            if case .string(let text) = property.value, let ratio = Self.ratio(text) {
                return invalid(property, ValidationMessages.ratioAsString(expected, text: text, ratio: ratio))
            }
            guard let ratio = number(property, expected) else { return nil }
            if let parameter = parameter(of: property) {
                let location = property.valueLocation ?? property.location
                recordCheck(.zero(.parameter(parameter)), .invalidValue, at: location) { _ in ValidationMessages.zero(expected) }
                recordCheck(.below(.parameter(parameter), limit: Validator.minimumAspect), .invalidValue, at: location) {
                    ValidationMessages.tooSmall(expected, $0[0], limit: Validator.minimumAspect)
                }
            }
            if ratio == 0 { return invalid(property, ValidationMessages.zero(expected)) }
            if ratio < Validator.minimumAspect {
                return invalid(property, ValidationMessages.tooSmall(expected, ratio, limit: Validator.minimumAspect))
            }
            return .number(ratio)
        case .count:
            if case .number(let n, let isInteger) = property.value, isInteger, n >= 1, n <= Double(Validator.maximumCount) {
                return .number(n)
            }
            return invalid(property, ValidationMessages.notACount(maximum: Validator.maximumCount, found: property.value.summary))
        case .top, .bottom, .leading, .trailing, .centerX, .centerY:
            return number(property, ValidationMessages.points(key), allowNegative: true).map { .number($0) }
        }
    }

    /// `16/9` written as a string (YAML has no ratios): its value, for the message.
    static func ratio(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let p = Double(String(parts[0].filter { $0 != " " })),
              let q = Double(String(parts[1].filter { $0 != " " })), p > 0, q > 0, (p / q).isFinite else { return nil }
        return p / q
    }

    mutating func invalid(_ property: Property, _ message: String) -> Value? {
        diagnostics.error(.invalidValue, message, at: property.valueLocation ?? property.location)
        return nil
    }

    /// A finite number within range, or nil after an `invalidValue` that uses `expected`.
    /// `expected` is made only for the message (most values are right: nothing is built for them).
    mutating func number(_ property: Property, _ expected: @autoclosure () -> String, upTo limit: Double = Validator.maximumMagnitude,
                         allowNegative: Bool = false) -> Double? {
        guard case .number(let n, _) = property.value else {
            diagnostics.error(.invalidValue, ValidationMessages.wrongType(expected(), found: property.value.summary, hint: UnitHint.hint(for: property)), at: property.valueLocation ?? property.location)
            return nil
        }
        return checked(n, property, expected(), limit: limit, allowNegative: allowNegative)
    }

    mutating func checked(_ n: Double, _ property: Property, _ expected: @autoclosure () -> String, limit: Double = Validator.maximumMagnitude,
                          allowNegative: Bool = false, element: Int = 0) -> Double? {
        if _slowPath(property.parameterMarks != nil), let parameter = parameter(of: property, element: element) {
            recordRangeChecks(parameter, property, expected(), limit: limit, allowNegative: allowNegative)
        }
        if !n.isFinite {
            diagnostics.error(.invalidValue, ValidationMessages.notFinite(expected(), n), at: property.valueLocation ?? property.location)
            return nil
        }
        if n < 0 && !allowNegative {
            diagnostics.error(.invalidValue, ValidationMessages.negative(expected(), n), at: property.valueLocation ?? property.location)
            return nil
        }
        if abs(n) > limit {
            diagnostics.error(.invalidValue, ValidationMessages.tooLarge(expected(), n, limit: limit), at: property.valueLocation ?? property.location)
            return nil
        }
        return n == 0 ? 0 : n
    }

    /// Two numbers ≥ 0 written as a list.
    mutating func pair(_ property: Property, what: String) -> (Double, Double)? {
        let key = property.key  // the message's closure captures the key alone, not a copy of the property
        let numbers = list(property, count: 2, expected: ValidationMessages.pair(key.rawValue, what))
        return numbers.map { ($0.0, $0.1) }
    }

    mutating func insets(_ property: Property, what expected: @autoclosure () -> String) -> EdgeInsets? {
        let numbers = list(property, count: 4, expected: expected())
        return numbers.map { EdgeInsets(top: $0.0, leading: $0.1, bottom: $0.2, trailing: $0.3) }
    }

    /// A list of exactly `count` (2 or 4) numbers ≥ 0, the first `count` of the four, or nil after
    /// an `invalidValue` that uses `expected`. Four values in place, not an array: one per
    /// `size`, `padding` or `spacing` of every node.
    mutating func list(_ property: Property, count: Int, expected: @autoclosure () -> String) -> (Double, Double, Double, Double)? {
        guard case .list(let elements) = property.value, elements.count == count else {
            diagnostics.error(.invalidValue, ValidationMessages.wrongList(expected(), found: property.value.summary, count: listCount(property.value)), at: property.valueLocation ?? property.location)
            return nil
        }
        var numbers = (0.0, 0.0, 0.0, 0.0)
        for (index, element) in elements.enumerated() {
            guard case .number(let n, _) = element else {
                diagnostics.error(.invalidValue, ValidationMessages.wrongListElement(expected(), found: element.summary), at: property.valueLocation ?? property.location)
                return nil
            }
            guard let n = checked(n, property, expected(), element: index) else { return nil }
            switch index {
            case 0: numbers.0 = n
            case 1: numbers.1 = n
            case 2: numbers.2 = n
            default: numbers.3 = n
            }
        }
        return numbers
    }

    func listCount(_ literal: Literal) -> Int? {
        if case .list(let elements) = literal { return elements.count }
        return nil
    }
}
