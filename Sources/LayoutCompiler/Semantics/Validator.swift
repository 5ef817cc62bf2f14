/// The static checks of docs/format.md §4.7: everything that can be known without a container size.
/// It reports every problem of a file and, for each layout without errors, resolves the tree
/// into a `LayoutPlan` for the engine.
public enum Validator {
    /// Largest magnitude accepted for any number (docs/choices.md): keeps every sum finite.
    public static let maximumMagnitude = 1e9
    public static let maximumCount = 100_000
    /// Smallest `aspect` accepted: a derived size `cross ÷ aspect` stays finite.
    public static let minimumAspect = 1e-9
    /// Most flow elements (`count`s added up) one layout may expand to: each `count` is bounded
    /// by docs/format.md §2, but many of them are not, and the frame table must stay proportional to the file.
    public static let maximumElements = 1_000_000

    /// One plan per layout of the file, in file order; nil where the layout has errors.
    public static func validate(_ file: LayoutFile) -> (plans: [LayoutPlan?], diagnostics: [Diagnostic]) {
        var diagnostics = DiagnosticBag()
        var plans: [LayoutPlan?] = []
        var layoutNames: [String: SourceLocation] = [:]
        for document in file.layouts {
            var checker = LayoutChecker()
            let plan = checker.check(document)
            if let name = plan?.name ?? checker.layoutName {
                if let first = layoutNames[name] {
                    checker.diagnostics.error(.duplicateName, ValidationMessages.duplicateLayoutName(name, first: first), at: document.location)
                } else {
                    layoutNames[name] = document.location
                }
            }
            plans.append(checker.diagnostics.hasErrors || document.hasSyntaxErrors ? nil : plan)
            diagnostics.append(contentsOf: checker.diagnostics.diagnostics)
        }
        return (plans, diagnostics.diagnostics)
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`
    public static func isValidName(_ name: String) -> Bool {
        var first = true
        for byte in name.utf8 {
            let letter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            let digit = byte >= 0x30 && byte <= 0x39
            guard letter || (digit && !first) else { return false }
            first = false
        }
        return !first
    }
}

/// Where a node stands decides which keys apply to it.
enum Context {
    case root
    case groupChild(horizontal: Bool)
    case overlayChild
    case flowItem

    var name: String {
        switch self {
        case .root: return ValidationMessages.rootPlace
        case .groupChild(let horizontal): return ValidationMessages.groupChildPlace(horizontal: horizontal)
        case .overlayChild: return ValidationMessages.overlayChildPlace
        case .flowItem: return ValidationMessages.flowItemPlace
        }
    }
}

struct LayoutChecker {
    var diagnostics = DiagnosticBag()
    var layoutName: String?
    var names: [String: SourceLocation] = [:]
    var dynamicItemNames: [String] = []
    var contentItemNames: [String] = []
    /// Items of `dynamic: wrap` (docs/format.md §7.1), in document order.
    var wrapItemNames: [String] = []
    var optionalNames: [String] = []
    /// The node whose properties are being read: a content-sized item outside a flow (docs/format.md
    /// §6.1), and whether it has a name (`optional: true` needs one, §6.2).
    var nodeIsDynamic = false
    /// `dynamic: wrap` (§7.1): content-sized too, but measured at the width it is offered.
    var nodeIsWrap = false
    var nodeIsNamed = false
    var nextID = 0
    /// Flow elements of static items so far.
    var elementCount = 0

    mutating func check(_ document: LayoutDocument) -> LayoutPlan? {
        if let literal = document.name {
            if case .string(let name) = literal, Validator.isValidName(name) {
                layoutName = name
            } else {
                diagnostics.error(.invalidName, ValidationMessages.invalidLayoutName(literal.summary), at: document.location)
            }
        }
        var defaultSize: Size?
        if let property = document.size, let pair = pair(property, what: ValidationMessages.sizePair) {
            defaultSize = Size(width: pair.0, height: pair.1)
        }
        var defaultSafeArea: EdgeInsets?
        if let property = document.safeArea {
            defaultSafeArea = insets(property, what: ValidationMessages.layoutSafeArea)
        }
        let fit = document.fit.flatMap { fitAxes($0) }
        guard let root = document.root else { return nil }
        names.reserveCapacity(document.nodeCount)
        let plan = node(root, context: .root)
        if let plan, let fit, let setting = document.fit {
            checkLayoutFit(plan, fit, at: setting.location)
        }
        guard let plan, let layoutName, !diagnostics.hasErrors else { return nil }
        var result = LayoutPlan(name: layoutName, location: document.location, defaultSize: defaultSize,
                                defaultSafeArea: defaultSafeArea, root: plan, nodeCount: nextID,
                                dynamicItemNames: dynamicItemNames, contentItemNames: contentItemNames,
                                optionalNames: optionalNames)
        result.wrapItemNames = wrapItemNames
        result.fit = fit
        return result
    }

    // MARK: Nodes

    mutating func node(_ node: Node, context: Context) -> PlanNode? {
        let name = self.name(of: node)
        let id = nextID
        nextID += 1
        let title = NodeTitle(kind: node.kind, name: name)
        var attributes = NodeAttributes(kind: node.kind)
        let horizontalMain: Bool? = {
            if case .groupChild(let horizontal) = context { return horizontal }
            return nil
        }()

        // Applicability first: a key where it does not apply is misplacedKey whatever its value.
        var width: (property: Property, size: AxisSize)?
        var height: (property: Property, size: AxisSize)?
        var centers = GivenCenters()
        var limits = GivenLimits()
        nodeIsNamed = node.name != nil
        nodeIsDynamic = false
        nodeIsWrap = false
        if node.kind == .item, let dynamic = node.property(.dynamic), dynamic.value == .bool(true) || dynamic.value == .string("wrap") {
            switch context {
            case .groupChild, .overlayChild:
                nodeIsDynamic = true
                nodeIsWrap = dynamic.value == .string("wrap")
            case .root, .flowItem: break
            }
        }
        var anchors = GivenAnchors()
        var shrinkProperty: Property?
        for property in node.properties {
            if let reason = misplacement(of: property.key, on: node.kind, in: context) {
                diagnostics.error(.misplacedKey, ValidationMessages.doesNotApply(property.key.rawValue, to: reason), at: property.location)
            } else if let value = self.value(of: property, kind: node.kind, context: context) {
                limits.record(property)
                size(property, value, horizontal: true, isMain: horizontalMain == true, title: title, chosen: &width)
                size(property, value, horizontal: false, isMain: horizontalMain == false, title: title, chosen: &height)
                apply(value, of: property, to: &attributes)
                switch property.key {
                case .center: centers.center = centers.center || value.isTrue
                case .centerX: centers.centerX = true
                case .centerY: centers.centerY = true
                case .leading: anchors.leading = property.location
                case .trailing: anchors.trailing = property.location
                case .top: anchors.top = property.location
                case .bottom: anchors.bottom = property.location
                case .shrink: shrinkProperty = property
                default: break
                }
            }
        }
        if nodeIsWrap, case .overlayChild = context {
            // docs/format.md §7.1: two anchors on an axis are a wrap item's own size on it
            if width == nil, anchors.leading != nil, anchors.trailing != nil { attributes.width = .fill } else { attributes.width = width?.size ?? .fit }
            if height == nil, anchors.top != nil, anchors.bottom != nil { attributes.height = .fill } else { attributes.height = height?.size ?? .fit }
            attributes.isDynamic = true
            attributes.isWrap = true
        } else if nodeIsDynamic {
            // docs/format.md §6.1: each axis without an own size is the content size, measured as fit
            attributes.isDynamic = true
            attributes.isWrap = nodeIsWrap
            attributes.width = width?.size ?? .fit
            attributes.height = height?.size ?? .fit
        } else {
            attributes.width = width?.size ?? (horizontalMain == true ? .flexible(1) : .fill)
            attributes.height = height?.size ?? (horizontalMain == false ? .flexible(1) : .fill)
        }
        let derivedAxis = checkLimits(node, name: name, title: title, context: context, limits: limits,
                                      width: width, height: height, attributes: &attributes)
        if nodeIsWrap {
            checkWrap(title: title, context: context, width: width, height: height, anchors: anchors)
        }
        if let shrinkProperty, let horizontal = horizontalMain {
            checkShrink(shrinkProperty, title: title, horizontal: horizontal, main: horizontal ? attributes.width : attributes.height,
                        aspect: limits.aspect)
        }
        var children: [PlanNode] = []
        var items: [FlowItem] = []

        if let list = node.list {
            let expected: NodeList.Key? = switch node.kind {
            case .hgroup, .vgroup, .overlay: .children
            case .flow: .items
            case .item, .spacer: nil
            }
            if list.key != expected {
                diagnostics.error(.misplacedKey, ValidationMessages.listDoesNotApply(list.key.rawValue, on: node.kind, expected: expected?.rawValue),
                                  at: list.location)
            } else {
                (children, items) = self.children(of: node, title: title, list: list)
            }
        }
        let plan = PlanNode(kind: node.kind, name: name, location: node.location, id: id, attributes: attributes,
                            children: children, items: items)
        checkFit(plan)
        if case .overlayChild = context {
            checkAnchors(plan, centers, derived: derivedAxis)
        }
        return plan
    }

    // MARK: Real-screen keys (docs/format.md §6)

    /// The §6 keys a node was given with valid values, for the checks that relate them.
    struct GivenLimits {
        var minWidth: Property?
        var maxWidth: Property?
        var minHeight: Property?
        var maxHeight: Property?
        var aspect: Property?
        var dynamic: Property?

        mutating func record(_ property: Property) {
            switch property.key {
            case .minWidth: minWidth = property
            case .maxWidth: maxWidth = property
            case .minHeight: minHeight = property
            case .maxHeight: maxHeight = property
            case .aspect: aspect = property
            case .dynamic where property.value == .bool(true) || property.value == .string("wrap"): dynamic = property
            default: break
            }
        }
    }

    /// docs/format.md §6's static checks of one node (bounds, `dynamic`, `aspect`, `optional`); records
    /// its run-time names. Returns which axis an aspect overlay child derives (true: its width).
    mutating func checkLimits(_ node: Node, name: String?, title: NodeTitle, context: Context, limits: GivenLimits,
                              width: (property: Property, size: AxisSize)?, height: (property: Property, size: AxisSize)?,
                              attributes: inout NodeAttributes) -> Bool? {
        for (horizontal, min, max) in [(true, limits.minWidth, limits.maxWidth), (false, limits.minHeight, limits.maxHeight)] {
            let axis = horizontal ? "width" : "height"
            if let min, let max, case .number(let low, _) = min.value, case .number(let high, _) = max.value, low > high {
                diagnostics.error(.conflictingSize, ValidationMessages.minAboveMax(title.description, max: max.key.rawValue, high, min: min.key.rawValue, low, minAt: min.location),
                                  at: max.location)
            }
            if let fixed = horizontal ? width : height, case .fixed(let size) = fixed.size {
                for bound in [min, max].compactMap({ $0 }) {
                    diagnostics.error(.conflictingSize, ValidationMessages.boundOfFixedSize(bound.key.rawValue, axis: axis, fixed: fixed.property.key.rawValue,
                                                                             at: fixed.property.location, size: size),
                                      at: bound.location)
                }
            }
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
                let later = Swift.max(width.property.location, height.property.location)
                diagnostics.error(.conflictingSize, ValidationMessages.dynamicWithBothSizes(title.description), at: later)
            }
        }
        if nodeIsDynamic {
            if node.name == nil {
                diagnostics.error(.itemIncomplete, nodeIsWrap ? ValidationMessages.unnamedWrapItem : ValidationMessages.unnamedContentItem,
                                  at: node.location)
            } else if let name {
                if nodeIsWrap {
                    attributes.wrapIndex = wrapItemNames.count
                    wrapItemNames.append(name)
                } else {
                    contentItemNames.append(name)
                }
            }
        }
        guard let aspectProperty = limits.aspect, attributes.aspect != nil else { return nil }
        if let dynamic = limits.dynamic {
            diagnostics.error(.conflictingSize, dynamic.value == .string("wrap") ? ValidationMessages.aspectWithWrap(wrapAt: dynamic.location)
                                                                               : ValidationMessages.aspectWithDynamic(dynamicAt: dynamic.location),
                              at: aspectProperty.location)
            return nil
        }
        for chosen in [width, height].compactMap({ $0 }) where chosen.size == .fit {
            diagnostics.error(.conflictingSize, ValidationMessages.aspectWithFit(title.description, axis: chosen.property.key == .width ? "width" : "height",
                                                                      at: chosen.property.location),
                              at: aspectProperty.location)
            return nil
        }
        switch context {
        case .groupChild(let horizontal):
            if let main = horizontal ? width : height {
                diagnostics.error(.conflictingSize, ValidationMessages.aspectWithMainSize(title.description, horizontal: horizontal, key: main.property.key.rawValue,
                                                                               at: main.property.location),
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

    mutating func children(of node: Node, title: NodeTitle, list: NodeList) -> ([PlanNode], [FlowItem]) {
        switch node.kind {
        case .hgroup, .vgroup:
            let horizontal = node.kind == .hgroup
            var children: [PlanNode] = []
            children.reserveCapacity(list.nodes.count)
            for child in list.nodes {
                if let childPlan = self.node(child, context: .groupChild(horizontal: horizontal)) {
                    children.append(childPlan)
                }
            }
            var total = 0.0
            for child in children {
                if case .percent(let p) = horizontal ? child.width : child.height { total += p }
            }
            if total > 100 + 1e-9 {
                diagnostics.error(.percentOverflow, ValidationMessages.percentOverflow(title.description, total: total), at: node.location)
            }
            return (children, [])
        case .overlay:
            return (list.nodes.compactMap { self.node($0, context: .overlayChild) }, [])
        case .flow:
            var items: [FlowItem] = []
            items.reserveCapacity(list.nodes.count)
            for child in list.nodes {
                guard child.kind == .item else {
                    diagnostics.error(.misplacedKey, ValidationMessages.flowItemNotItem(child.kind), at: child.location)
                    continue
                }
                if let item = flowItem(child) {
                    items.append(item)
                }
            }
            return ([], items)
        case .item, .spacer:
            return ([], [])
        }
    }

    mutating func flowItem(_ node: Node) -> FlowItem? {
        let plan = self.node(node, context: .flowItem)
        guard let plan else { return nil }
        var count: Int?
        var dynamicProperty: Property?
        var sizeKeys: [Property] = []
        for property in node.properties {
            switch (property.key, property.value) {
            case (.dynamic, .bool(true)):
                dynamicProperty = property
            case (.count, .number(let n, true)) where n >= 1 && n <= Double(Validator.maximumCount):
                count = Int(n)
                sizeKeys.append(property)
            case (.size, _), (.width, _), (.height, _):
                sizeKeys.append(property)
            default:
                break
            }
        }
        if let dynamicProperty {
            for other in sizeKeys {
                let later = max(other.location, dynamicProperty.location)
                diagnostics.error(.conflictingSize, ValidationMessages.dynamicFlowItemWithSize(other.key.rawValue), at: later)
            }
            if plan.name == nil, node.name == nil {
                // (A name given but invalid is reported as invalidName alone.)
                diagnostics.error(.itemIncomplete, ValidationMessages.unnamedDynamicFlowItem, at: node.location)
            } else if let name = plan.name {
                dynamicItemNames.append(name)
            }
            return FlowItem(name: plan.name, location: node.location, size: .zero, count: nil, isDynamic: true, isOptional: plan.isOptional)
        }
        if let ratio = plan.aspect, let aspect = node.property(.aspect) {
            // docs/format.md §6.5: exactly one side is given; the other is derived once, here
            let derived: Size
            if let size = node.property(.size) {
                diagnostics.error(.conflictingSize, ValidationMessages.aspectFlowItemWithSize(plan.title, sizeAt: size.location), at: aspect.location)
                return nil
            }
            switch (plan.width, plan.height) {
            case (.fixed, .fixed):
                diagnostics.error(.conflictingSize, ValidationMessages.aspectFlowItemWithBothSides(plan.title), at: aspect.location)
                return nil
            case (.fixed(let width), _):
                derived = Size(width: width, height: width / ratio)
            case (_, .fixed(let height)):
                derived = Size(width: height * ratio, height: height)
            default:
                diagnostics.error(.itemIncomplete, ValidationMessages.flowItemAspectWithoutSide(plan.title), at: node.location)
                return nil
            }
            return staticFlowItem(node, plan, size: derived, count: count)
        }
        guard case .fixed(let width) = plan.width, case .fixed(let height) = plan.height else {
            // A `dynamic` whose value was refused (`wrap`, a typo) meant a run-time size: that error says it all.
            if let dynamic = node.property(.dynamic), dynamic.value != .bool(false) { return nil }
            diagnostics.error(.itemIncomplete, ValidationMessages.flowItemWithoutSize(plan.title), at: node.location)
            return nil
        }
        return staticFlowItem(node, plan, size: Size(width: width, height: height), count: count)
    }

    mutating func staticFlowItem(_ node: Node, _ plan: PlanNode, size: Size, count: Int?) -> FlowItem {
        let before = elementCount
        elementCount += count ?? 1
        if before <= Validator.maximumElements, elementCount > Validator.maximumElements {
            let countKey = node.properties.last { $0.key == .count }
            diagnostics.error(.invalidValue, ValidationMessages.tooManyFlowElements(limit: Validator.maximumElements), at: countKey?.location ?? node.location)
        }
        return FlowItem(name: plan.name, location: node.location, size: size, count: count, isDynamic: false, isOptional: plan.isOptional)
    }

    mutating func name(of node: Node) -> String? {
        guard let literal = node.name else { return nil }
        if node.kind == .spacer {
            diagnostics.error(.invalidName, ValidationMessages.namedSpacer, at: node.location)
            return nil
        }
        switch literal {
        case .list, .mapping:
            diagnostics.error(.invalidValue, ValidationMessages.nodeNameNotAName(literal.summary), at: node.location)
            return nil
        case .string(let name) where Validator.isValidName(name):
            if let first = names[name] {
                diagnostics.error(.duplicateName, ValidationMessages.duplicateNodeName(name, first: first), at: node.location)
            } else {
                names[name] = node.location
            }
            return name
        default:
            diagnostics.error(.invalidName, ValidationMessages.invalidNodeName(literal.summary), at: node.location)
            return nil
        }
    }

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
        case .shrink:
            if case .groupChild = context { return nil }
            return ValidationMessages.onlyGroupChildren(key.rawValue, place: context.name)
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
        let key = property.key.rawValue
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
            return invalid(property, ValidationMessages.notAnAlignment(property.value.summary))
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
        diagnostics.error(.invalidValue, message, at: property.location)
        return nil
    }

    /// A finite number within range, or nil after an `invalidValue` that uses `expected`.
    mutating func number(_ property: Property, _ expected: String, upTo limit: Double = Validator.maximumMagnitude, allowNegative: Bool = false) -> Double? {
        guard case .number(let n, _) = property.value else {
            diagnostics.error(.invalidValue, ValidationMessages.wrongType(expected, found: property.value.summary, hint: UnitHint.hint(for: property)), at: property.location)
            return nil
        }
        return checked(n, property, expected, limit: limit, allowNegative: allowNegative)
    }

    mutating func checked(_ n: Double, _ property: Property, _ expected: String, limit: Double = Validator.maximumMagnitude, allowNegative: Bool = false) -> Double? {
        if !n.isFinite {
            diagnostics.error(.invalidValue, ValidationMessages.notFinite(expected, n), at: property.location)
            return nil
        }
        if n < 0 && !allowNegative {
            diagnostics.error(.invalidValue, ValidationMessages.negative(expected, n), at: property.location)
            return nil
        }
        if abs(n) > limit {
            diagnostics.error(.invalidValue, ValidationMessages.tooLarge(expected, n, limit: limit), at: property.location)
            return nil
        }
        return n == 0 ? 0 : n
    }

    /// Two numbers ≥ 0 written as a list.
    mutating func pair(_ property: Property, what: String) -> (Double, Double)? {
        let numbers = list(property, count: 2, expected: ValidationMessages.pair(property.key.rawValue, what))
        return numbers.map { ($0[0], $0[1]) }
    }

    mutating func insets(_ property: Property, what expected: String) -> EdgeInsets? {
        let numbers = list(property, count: 4, expected: expected)
        return numbers.map { EdgeInsets(top: $0[0], leading: $0[1], bottom: $0[2], trailing: $0[3]) }
    }

    /// A list of exactly `count` numbers ≥ 0, or nil after an `invalidValue` that uses `expected`.
    mutating func list(_ property: Property, count: Int, expected: String) -> [Double]? {
        guard case .list(let elements) = property.value, elements.count == count else {
            diagnostics.error(.invalidValue, ValidationMessages.wrongList(expected, found: property.value.summary, count: listCount(property.value)), at: property.location)
            return nil
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(count)
        for element in elements {
            guard case .number(let n, _) = element else {
                diagnostics.error(.invalidValue, ValidationMessages.wrongListElement(expected, found: element.summary), at: property.location)
                return nil
            }
            guard let n = checked(n, property, expected) else { return nil }
            numbers.append(n)
        }
        return numbers
    }

    func listCount(_ literal: Literal) -> Int? {
        if case .list(let elements) = literal { return elements.count }
        return nil
    }

    // MARK: Sizes

    /// Decides the node's width and height from its size keys, reporting two sizes on one axis.
    /// Takes `property` as the node's size on one axis if it is one, reporting a second size
    /// on an axis that already has one (`conflictingSize` at the later key).
    mutating func size(_ property: Property, _ value: Value, horizontal: Bool, isMain: Bool, title: NodeTitle,
                       chosen: inout (property: Property, size: AxisSize)?) {
        let size: AxisSize
        switch (property.key, value) {
        case (.width, .dimension(let d)) where horizontal, (.height, .dimension(let d)) where !horizontal:
            if case .flexible = d, !isMain { size = .fill } else { size = d }
        case (.size, .pair(let w, let h)):
            size = .fixed(horizontal ? w : h)
        case (.percent, .number(let p)) where isMain:
            size = .percent(p)
        case (.flexible, .number(let w)) where isMain:
            size = .flexible(w)
        default:
            return
        }
        if let first = chosen {
            diagnostics.error(.conflictingSize, ValidationMessages.secondSize(property.key.rawValue, of: title.description, horizontal: horizontal,
                                                                  first: first.property.key.rawValue, at: first.property.location),
                              at: property.location)
        } else {
            chosen = (property, size)
        }
    }

    func apply(_ value: Value, of property: Property, to plan: inout NodeAttributes) {
        switch (property.key, value) {
        case (.padding, .insets(let insets)): plan.padding = insets
        case (.spacing, .pair(let h, let v)): plan.spacing = (h, v)
        case (.margin, .number(let m)): plan.margin = m
        case (.align, .alignment(let a)): plan.align = a
        case (.justify, .bool(let b)): plan.justify = b
        case (.leading, .number(let n)): plan.leading = n
        case (.trailing, .number(let n)): plan.trailing = n
        case (.centerX, .number(let n)): plan.centerX = n
        case (.top, .number(let n)): plan.top = n
        case (.bottom, .number(let n)): plan.bottom = n
        case (.centerY, .number(let n)): plan.centerY = n
        case (.center, .bool(true)):
            plan.centerX = plan.centerX ?? 0
            plan.centerY = plan.centerY ?? 0
        case (.safeArea, .bool(let b)): plan.safeArea = b
        case (.optional, .bool(let b)): plan.isOptional = b
        case (.minWidth, .number(let n)): plan.minWidth = n
        case (.maxWidth, .number(let n)): plan.maxWidth = n
        case (.minHeight, .number(let n)): plan.minHeight = n
        case (.maxHeight, .number(let n)): plan.maxHeight = n
        case (.aspect, .number(let r)): plan.aspect = r
        case (.shrink, .number(let s)): plan.shrink = s
        default: break
        }
    }

    // MARK: Completeness

    /// `fit` must be measurable (docs/format.md §4.6); what cannot be is `itemIncomplete` at the fit node.
    mutating func checkFit(_ plan: PlanNode) {
        if plan.width == .fit, plan.kind == .hgroup, let child = unmeasurableAspectChild(of: plan) {
            // docs/format.md §6.5: widths are settled before heights, so the child's height must be a number
            diagnostics.error(.itemIncomplete, ValidationMessages.fitWidthOfAspectChild(plan.title, child: child.title), at: child.location)
        } else if plan.width == .fit, let reason = unmeasurable(plan, horizontal: true) {
            diagnostics.error(.itemIncomplete, ValidationMessages.unmeasurableFit(plan.title, axis: "width", reason: reason), at: plan.location)
        }
        if plan.height == .fit, let reason = unmeasurable(plan, horizontal: false) {
            if plan.kind == .hgroup, let child = plan.children.first(where: { $0.aspect != nil && $0.height == .fill }) {
                diagnostics.error(.itemIncomplete, ValidationMessages.fitHeightOfAspectChild(plan.title, child: child.title), at: child.location)
            } else {
                diagnostics.error(.itemIncomplete, ValidationMessages.unmeasurableFit(plan.title, axis: "height", reason: reason), at: plan.location)
            }
        }
    }

    /// The first child of an hgroup measuring its `width: fit` that cannot be measured, if it is
    /// an aspect child: its width is `height × aspect`, known only when its height is a number.
    func unmeasurableAspectChild(of plan: PlanNode) -> PlanNode? {
        for child in plan.children {
            if child.aspect != nil {
                if case .fixed = child.height { continue }
                return child
            }
            if !child.width.isFixedOrFit { return nil }
        }
        return nil
    }

    func unmeasurable(_ plan: PlanNode, horizontal: Bool) -> String? {
        let axis = horizontal ? "width" : "height"
        switch plan.kind {
        case .item where plan.isDynamic:
            return nil  // docs/format.md §6.1: its content size
        case .item, .spacer, .overlay:
            return ValidationMessages.noContentToMeasure(plan.kind, axis: axis)
        case .flow:
            return horizontal ? ValidationMessages.flowWidthUnmeasurable : nil
        case .hgroup, .vgroup:
            let main = (plan.kind == .hgroup) == horizontal
            let sizes = plan.children.map { horizontal ? $0.width : $0.height }
            if main {
                // an aspect child's main size follows from its cross size (hgroup: see unmeasurableAspectChild)
                if let index = sizes.indices.first(where: { !sizes[$0].isFixedOrFit && plan.children[$0].aspect == nil }) {
                    return ValidationMessages.childWithoutSize(plan.children[index].title, axis: axis)
                }
            } else if !sizes.contains(where: \.isFixedOrFit) {
                return ValidationMessages.noChildWithSize(axis: axis)
            }
            return nil
        }
    }

    /// The overlay table of docs/format.md §4.5, checked axis by axis.
    /// `derived`: the axis an aspect child derives (true: its width), a size given like a number.
    mutating func checkAnchors(_ plan: PlanNode, _ centers: GivenCenters, derived: Bool?) {
        checkAnchors(plan, centers, horizontal: true, derived: derived == true)
        checkAnchors(plan, centers, horizontal: false, derived: derived == false)
    }

    mutating func checkAnchors(_ plan: PlanNode, _ centers: GivenCenters, horizontal: Bool, derived: Bool) {
        let centerGiven = centers.center
        do {
            let start = horizontal ? plan.leading : plan.top
            let end = horizontal ? plan.trailing : plan.bottom
            let hasExplicitCenter = horizontal ? centers.centerX : centers.centerY
            let center = horizontal ? plan.centerX : plan.centerY
            let size = horizontal ? plan.width : plan.height
            let sizeGiven = size != .fill || derived
            let names = horizontal ? ("leading", "trailing", "centerX", "width") : ("top", "bottom", "centerY", "height")
            if centerGiven && hasExplicitCenter {
                diagnostics.error(.conflictingConstraints, ValidationMessages.centerTwice(plan.title, center: names.2), at: plan.location)
            } else if center != nil && (start != nil || end != nil) {
                diagnostics.error(.conflictingConstraints, ValidationMessages.centerWithAnchor(plan.title, center: names.2, anchor: start != nil ? names.0 : names.1), at: plan.location)
            } else if start != nil && end != nil && sizeGiven {
                diagnostics.error(.conflictingConstraints, ValidationMessages.twoAnchorsAndSize(plan.title, start: names.0, end: names.1, axis: names.3), at: plan.location)
            } else if start == nil && end == nil && center == nil && sizeGiven {
                diagnostics.error(.itemIncomplete, ValidationMessages.sizeWithoutPosition(plan.title, horizontal: horizontal, start: names.0, end: names.1, center: names.2, axis: names.3),
                                  at: plan.location)
            } else if (start != nil) != (end != nil) || center != nil, !(start != nil && end != nil), !sizeGiven {
                diagnostics.error(.itemIncomplete, ValidationMessages.anchorWithoutSize(plan.title, horizontal: horizontal, start: names.0, end: names.1, axis: names.3),
                                  at: plan.location)
            }
        }
    }
}

/// How messages name a node, built only when a message needs it.
struct NodeTitle: CustomStringConvertible {
    var kind: NodeKind
    var name: String?

    var description: String { PlanNode.title(kind: kind, name: name) }
}
