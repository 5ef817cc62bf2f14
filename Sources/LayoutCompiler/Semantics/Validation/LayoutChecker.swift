/// Checks one layout document and resolves it into a plan. Its rule areas are extensions in
/// the files beside this one (limits, children, values, sizes, completeness, text layout).
struct LayoutChecker {
    var diagnostics = DiagnosticBag()
    var layoutName: String?
    /// The named nodes so far (§7.4: several nodes may share one name), in the order their
    /// names were first claimed, and each name's index into them.
    var nameClaims: [(name: String, claim: NameClaim)] = []
    var nameClaimIndex: [String: Int] = [:]
    /// The second and later presence ranges of names claimed more than once (`NameClaim.moreIndex`).
    var moreRanges: [[PresentNode]] = []
    /// The intersection of the `when` ranges of the nodes being walked into (§7.4).
    var ancestorRange = WidthRange.all
    /// The flags the nodes being walked into need on and off (§8.7).
    var ancestorFlags = FlagCondition.none
    /// The layout's flags in the order of first use, and where each is first used (§8.7).
    var flagNames: [String] = []
    var flagFirstUse: [String: SourceLocation] = [:]
    /// The first node of each name that takes a run-time value (dynamic, wrap, optional): no
    /// flag may have its name (§8.7).
    var runTimeNodes: [String: SourceLocation] = [:]
    /// `fit: width` or `both`: `when` does not apply (§7.4).
    var fitsWidth = false
    var wrapIndexes: [String: Int] = [:]
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
    /// Which numbers parameters gave, and the checks that read them (§8.1).
    var parameterUses = PlanParameters()
    /// The id of the flow whose items are being read, and the parameters of the item being read.
    var currentFlow: Int?
    var currentItem = FlowItemParameters()

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
        fitsWidth = fit?.fitsWidth ?? false
        nameClaims.reserveCapacity(document.nodeCount)
        nameClaimIndex.reserveCapacity(document.nodeCount)
        let plan = node(root, context: .root)
        reportOverlappingVariants()
        reportFlagNameClashes()
        reportParameterNameClashes(document.parameters)
        if let plan, let fit, let setting = document.fit {
            checkLayoutFit(plan, fit, at: setting.location)
        }
        guard let plan, let layoutName, !diagnostics.hasErrors else { return nil }
        var result = LayoutPlan(name: layoutName, location: document.location, defaultSize: defaultSize,
                                defaultSafeArea: defaultSafeArea, root: plan, nodeCount: nextID,
                                dynamicItemNames: Self.unique(dynamicItemNames), contentItemNames: Self.unique(contentItemNames),
                                optionalNames: Self.unique(optionalNames))
        result.wrapItemNames = wrapItemNames
        result.flagNames = flagNames
        result.parameters = document.parameters
        result.fit = fit
        result.parameterUses = parameterUses
        return result
    }

    /// The names in first-seen order, each once: nodes of one name (§7.4) take one input.
    static func unique(_ names: [String]) -> [String] {
        guard names.count > 1 else { return names }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    // MARK: Nodes

    /// What a node's own keys decide, before its children, besides its attributes: with them,
    /// everything a flow item needs (it builds no `PlanNode`, issue 22) and what the overlay
    /// checks of a plan node read.
    struct NodeHead {
        let kind: NodeKind
        let name: String?
        let id: Int
        /// The container widths at which the node is present, its ancestors' ranges included.
        let presence: WidthRange
        /// The flags it needs on and off, its ancestors' included (§8.7).
        let flags: FlagCondition
        let centers: GivenCenters
        /// Which axis an aspect overlay child derives (true: its width).
        let derivedAxis: Bool?

        var title: NodeTitle { NodeTitle(kind: kind, name: name) }
    }

    mutating func node(_ node: Node, context: Context) -> PlanNode? {
        // The attributes a local the head fills in, not a field of the head: so they move into
        // the plan at its last use instead of being copied (their boxes retained) and destroyed.
        var attributes = NodeAttributes(kind: node.kind)
        let head = self.head(of: node, context: context, attributes: &attributes)
        var children: [PlanNode] = []
        var items: [FlowItem] = []
        let outerRange = ancestorRange
        let outerFlags = ancestorFlags
        ancestorRange = head.presence
        ancestorFlags = head.flags
        defer {
            ancestorRange = outerRange
            ancestorFlags = outerFlags
        }
        if let list = applicableList(of: node) {
            let outerFlow = currentFlow
            if node.kind == .flow { currentFlow = head.id }
            (children, items) = self.children(of: node, title: head.title, list: list)
            currentFlow = outerFlow
        }
        // `consume`: moved into the plan, not copied (retained) and the locals destroyed after.
        let plan = PlanNode(kind: node.kind, name: head.name, location: node.location, id: head.id, attributes: consume attributes,
                            children: consume children, items: consume items)
        checkFit(plan)
        if case .overlayChild = context {
            checkAnchors(plan, head.centers, derived: head.derivedAxis)
        }
        return plan
    }

    /// The node's `children` or `items`, or nil when it has none or the list does not apply to its
    /// kind (then `misplacedKey`).
    mutating func applicableList(of node: Node) -> NodeList? {
        guard let list = node.list else { return nil }
        let expected: NodeList.Key? = switch node.kind {
        case .hgroup, .vgroup, .overlay: .children
        case .flow: .items
        case .item, .spacer: nil
        }
        guard list.key == expected else {
            diagnostics.error(.misplacedKey, ValidationMessages.listDoesNotApply(list.key.rawValue, on: node.kind, expected: expected?.rawValue),
                              at: list.location)
            return nil
        }
        return list
    }

    /// Checks the node's own keys and decides its attributes (`attributes` starts as the kind's
    /// defaults); claims its name.
    @inline(__always)
    mutating func head(of node: Node, context: Context, attributes: inout NodeAttributes) -> NodeHead {
        let name = self.name(of: node)
        let keys = PropertyKeySet(node.properties)
        let (ownRange, ownFlags) = keys.contains(.when) ? whenCondition(of: node, context: context) : (nil, nil)
        let presence = ownRange.map { ancestorRange.intersection($0) } ?? ancestorRange
        let flags = ownFlags.map { ancestorFlags.intersection($0) } ?? ancestorFlags
        let id = nextID
        nextID += 1
        let title = NodeTitle(kind: node.kind, name: name)
        let horizontalMain: Bool? = {
            if case .groupChild(let horizontal) = context { return horizontal }
            return nil
        }()

        // Applicability first: a key where it does not apply is misplacedKey whatever its value.
        var width: ChosenSize?
        var height: ChosenSize?
        var centers = GivenCenters()
        var limits = GivenLimits()
        nodeIsNamed = if case .none = node.name { false } else { true }  // (`!= nil` copied the name's `Literal`)
        nodeIsDynamic = false
        nodeIsWrap = false
        if node.kind == .item, keys.contains(.dynamic), let dynamic = node.property(.dynamic), dynamic.value == .bool(true) || dynamic.value == .string("wrap") {
            switch context {
            case .groupChild, .overlayChild:
                nodeIsDynamic = true
                nodeIsWrap = dynamic.value == .string("wrap")
            case .root, .flowItem: break
            }
        }
        var anchors = GivenAnchors()
        var shrinkProperty: KeyMark?
        // Through the buffer, not `for … in` over the array (its iterator's checks and retains),
        // -1.5% of validation (issue 22). (A local function taking each property `borrowing`
        // instead cost +25%: its captured variables were boxed; a method taking it `borrowing`
        // +0.3%: the property was still copied out of the buffer for the call.)
        node.properties.withUnsafeBufferPointer { properties in
            for index in properties.indices {
                let property = properties[index]
                if let reason = misplacement(of: property.key, on: node.kind, in: context) {
                    diagnostics.error(.misplacedKey, ValidationMessages.doesNotApply(property.key.rawValue, to: reason), at: property.location)
                } else if let value = self.value(of: property, kind: node.kind, context: context) {
                    limits.record(property)
                    size(property, value, horizontal: true, isMain: horizontalMain == true, title: title, chosen: &width)
                    size(property, value, horizontal: false, isMain: horizontalMain == false, title: title, chosen: &height)
                    apply(value, of: property, to: &attributes)
                    if let marks = property.parameterMarks { recordParameters(of: property, marks: marks, id: id, context: context) }
                    switch property.key {
                    case .center: centers.center = centers.center || value.isTrue
                    case .centerX: centers.centerX = true
                    case .centerY: centers.centerY = true
                    case .leading: anchors.leading = property.location
                    case .trailing: anchors.trailing = property.location
                    case .top: anchors.top = property.location
                    case .bottom: anchors.bottom = property.location
                    case .shrink: shrinkProperty = KeyMark(key: property.key, location: property.location)
                    default: break
                    }
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
        if let name {
            claim(name, of: node, keys: keys, context: context, presence: presence, flags: flags)
            let isDynamicFlowItem: Bool = if case .flowItem = context, keys.contains(.dynamic), node.property(.dynamic)?.value == .bool(true) { true } else { false }
            if nodeIsDynamic || attributes.isOptional || isDynamicFlowItem { recordRunTimeNode(name, at: node.location) }
        }
        attributes.widthRange = ownRange
        attributes.flagCondition = ownFlags
        return NodeHead(kind: node.kind, name: name, id: id, presence: presence, flags: flags, centers: centers,
                        derivedAxis: derivedAxis)
    }
}
