// Children of groups, overlays and flows, flow items and node names.

extension LayoutChecker {
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
            } else if !parameterUses.isEmpty {
                recordPercentSum(children, horizontal: horizontal, title: title, at: node.location)
            }
            return (children, [])
        case .overlay:
            var children: [PlanNode] = []
            children.reserveCapacity(list.nodes.count)
            for child in list.nodes {
                if let childPlan = self.node(child, context: .overlayChild) { children.append(childPlan) }
            }
            return (children, [])
        case .flow:
            var items: [FlowItem] = []
            items.reserveCapacity(list.nodes.count)
            for child in list.nodes {
                guard child.kind == .item else {
                    diagnostics.error(.misplacedKey, ValidationMessages.flowItemNotItem(child.kind), at: child.location)
                    continue
                }
                currentItem = FlowItemParameters()
                if let item = flowItem(child) {
                    if !currentItem.isEmpty, !item.isDynamic, let flow = currentFlow {
                        parameterUses.recordFlowItem(currentItem, at: items.count, inFlow: flow)
                    }
                    items.append(item)
                }
            }
            return ([], items)
        case .item, .spacer:
            return ([], [])
        }
    }

    mutating func flowItem(_ node: Node) -> FlowItem? {
        // No `PlanNode`: a flow item's plan is its `FlowItem` (its own node was built and dropped,
        // an allocation and its freeing for every item, issue 22). A list on an item is
        // `misplacedKey`; `checkFit` and `checkAnchors` find nothing to say of a flow item.
        var attributes = NodeAttributes(kind: .item)
        let plan = self.head(of: node, context: .flowItem, attributes: &attributes)
        _ = applicableList(of: node)
        var count: Int?
        var dynamicAt: SourceLocation?
        /// A valid `count`: one to `Validator.maximumCount` (a bad one was reported with its value).
        func validCount(_ property: Property) -> Int? {
            guard property.key == .count, case .number(let n, true) = property.value,
                  n >= 1, n <= Double(Validator.maximumCount) else { return nil }
            return Int(n)
        }
        /// A key that gives the item a size: conflicts with `dynamic: true`.
        func isSizeKey(_ property: Property) -> Bool {
            switch property.key {
            case .count: validCount(property) != nil
            case .size, .width, .height: true
            default: false
            }
        }
        for property in node.properties {
            if property.key == .dynamic, case .bool(true) = property.value {
                dynamicAt = property.location
            } else if let valid = validCount(property) {
                count = valid
            }
        }
        if let dynamicAt {
            // A second pass, taken only then: the common item builds no list of its size keys.
            for other in node.properties where isSizeKey(other) {
                let later = max(other.location, dynamicAt)
                diagnostics.error(.conflictingSize, ValidationMessages.dynamicFlowItemWithSize(other.key.rawValue), at: later)
            }
            if plan.name == nil, node.name == nil {
                // (A name given but invalid is reported as invalidName alone.)
                diagnostics.error(.itemIncomplete, ValidationMessages.unnamedDynamicFlowItem, at: node.location)
            } else if let name = plan.name {
                dynamicItemNames.append(name)
            }
            var item = FlowItem(name: plan.name, location: node.location, size: .zero, count: nil, isDynamic: true, isOptional: attributes.isOptional)
            item.widthRange = attributes.widthRange
            item.flagCondition = attributes.flagCondition
            return item
        }
        if let ratio = attributes.aspect, let aspect = node.property(.aspect) {
            // docs/format.md §6.5: exactly one side is given; the other is derived once, here
            let derived: Size
            if let size = node.property(.size) {
                diagnostics.error(.conflictingSize, ValidationMessages.aspectFlowItemWithSize(plan.title.description, sizeAt: size.location), at: aspect.location)
                return nil
            }
            switch (attributes.width, attributes.height) {
            case (.fixed, .fixed):
                diagnostics.error(.conflictingSize, ValidationMessages.aspectFlowItemWithBothSides(plan.title.description), at: aspect.location)
                return nil
            case (.fixed(let width), _):
                derived = Size(width: width, height: width / ratio)
                currentItem.ratio = ratio
                currentItem.derivesHeight = true
            case (_, .fixed(let height)):
                derived = Size(width: height * ratio, height: height)
                currentItem.ratio = ratio
            default:
                diagnostics.error(.itemIncomplete, ValidationMessages.flowItemAspectWithoutSide(plan.title.description), at: node.location)
                return nil
            }
            return staticFlowItem(node, plan, attributes, size: derived, count: count)
        }
        guard case .fixed(let width) = attributes.width, case .fixed(let height) = attributes.height else {
            // A `dynamic` whose value was refused (`wrap`, a typo) meant a run-time size: that error says it all.
            if let dynamic = node.property(.dynamic), dynamic.value != .bool(false) { return nil }
            diagnostics.error(.itemIncomplete, ValidationMessages.flowItemWithoutSize(plan.title.description), at: node.location)
            return nil
        }
        return staticFlowItem(node, plan, attributes, size: Size(width: width, height: height), count: count)
    }

    mutating func staticFlowItem(_ node: Node, _ plan: NodeHead, _ attributes: NodeAttributes, size: Size, count: Int?) -> FlowItem {
        let before = elementCount
        elementCount += count ?? 1
        if before <= Validator.maximumElements, elementCount > Validator.maximumElements {
            let countKey = node.properties.last { $0.key == .count }
            diagnostics.error(.invalidValue, ValidationMessages.tooManyFlowElements(limit: Validator.maximumElements), at: countKey?.location ?? node.location)
        }
        var item = FlowItem(name: plan.name, location: node.location, size: size, count: count, isDynamic: false, isOptional: attributes.isOptional)
        item.widthRange = attributes.widthRange
        item.flagCondition = attributes.flagCondition
        return item
    }

    mutating func name(of node: Node) -> String? {
        // The usual name first, read out of the node without copying its `Literal` (two copies
        // of it a node, each a retain and a release).
        if node.kind != .spacer, case .string(let name)? = node.name, Validator.isValidName(name) {
            return name  // whether another node has it: `claim` (LayoutChecker+Variants)
        }
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
            return name  // whether another node has it: `claim` (LayoutChecker+Variants)
        default:
            diagnostics.error(.invalidName, ValidationMessages.invalidNodeName(literal.summary), at: node.location)
            return nil
        }
    }
}
