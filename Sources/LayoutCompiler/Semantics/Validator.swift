/// The static checks of docs/format.md §4.7: everything that can be known without a container size.
/// It reports every problem of a file and, for each layout without errors, resolves the tree
/// into a `LayoutPlan` for the engine.
public enum Validator {
    /// Largest magnitude accepted for any number (docs/choices.md): keeps every sum finite.
    public static let maximumMagnitude = 1e9
    public static let maximumCount = 100_000
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
                    checker.diagnostics.error(.duplicateName, "another layout of this file is already named '\(name)' (at \(first))", at: document.location)
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
private enum Context {
    case root
    case groupChild(horizontal: Bool)
    case overlayChild
    case flowItem

    var name: String {
        switch self {
        case .root: return "the root node"
        case .groupChild(let horizontal): return "a child of \(horizontal ? "an hgroup" : "a vgroup")"
        case .overlayChild: return "a child of an overlay"
        case .flowItem: return "an item of a flow"
        }
    }
}

private struct LayoutChecker {
    var diagnostics = DiagnosticBag()
    var layoutName: String?
    var names: [String: SourceLocation] = [:]
    var dynamicItemNames: [String] = []
    var nextID = 0
    /// Flow elements of static items so far.
    var elementCount = 0

    mutating func check(_ document: LayoutDocument) -> LayoutPlan? {
        if let literal = document.name {
            if case .string(let name) = literal, Validator.isValidName(name) {
                layoutName = name
            } else {
                diagnostics.error(.invalidName, "layout name \(literal.summary) must be a Swift type name such as 'PlayerLayout' (letters, digits and _, not starting with a digit)", at: document.location)
            }
        }
        var defaultSize: Size?
        if let property = document.size, let pair = pair(property, what: "[width, height]") {
            defaultSize = Size(width: pair.0, height: pair.1)
        }
        var defaultSafeArea: EdgeInsets?
        if let property = document.safeArea {
            defaultSafeArea = insets(property, what: "'safeArea' of a layout must be [top, leading, bottom, trailing] insets ≥ 0")
        }
        guard let root = document.root else { return nil }
        names.reserveCapacity(document.nodeCount)
        let plan = node(root, context: .root)
        guard let plan, let layoutName, !diagnostics.hasErrors else { return nil }
        return LayoutPlan(name: layoutName, location: document.location, defaultSize: defaultSize,
                          defaultSafeArea: defaultSafeArea, root: plan, nodeCount: nextID,
                          dynamicItemNames: dynamicItemNames)
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
        for property in node.properties {
            if let reason = misplacement(of: property.key, on: node.kind, in: context) {
                diagnostics.error(.misplacedKey, "'\(property.key.rawValue)' does not apply to \(reason)", at: property.location)
            } else if let value = self.value(of: property, kind: node.kind, context: context) {
                size(property, value, horizontal: true, isMain: horizontalMain == true, title: title, chosen: &width)
                size(property, value, horizontal: false, isMain: horizontalMain == false, title: title, chosen: &height)
                apply(value, of: property, to: &attributes)
                switch property.key {
                case .center: centers.center = centers.center || value.isTrue
                case .centerX: centers.centerX = true
                case .centerY: centers.centerY = true
                default: break
                }
            }
        }
        attributes.width = width?.size ?? (horizontalMain == true ? .flexible(1) : .fill)
        attributes.height = height?.size ?? (horizontalMain == false ? .flexible(1) : .fill)
        var children: [PlanNode] = []
        var items: [FlowItem] = []

        if let list = node.list {
            let expected: NodeList.Key? = switch node.kind {
            case .hgroup, .vgroup, .overlay: .children
            case .flow: .items
            case .item, .spacer: nil
            }
            if list.key != expected {
                let hint = expected.map { "; a \(node.kind.rawValue) lists its nodes under '\($0.rawValue)'" } ?? "; only groups, overlays and flows hold nodes"
                diagnostics.error(.misplacedKey, "'\(list.key.rawValue)' does not apply to \(node.kind == .item ? "an" : "a") \(node.kind.rawValue)\(hint)", at: list.location)
            } else {
                (children, items) = self.children(of: node, title: title, list: list)
            }
        }
        let plan = PlanNode(kind: node.kind, name: name, location: node.location, id: id, attributes: attributes,
                            children: children, items: items)
        checkFit(plan)
        if case .overlayChild = context {
            checkAnchors(plan, centers)
        }
        return plan
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
                diagnostics.error(.percentOverflow, "the percent children of \(title) add up to \(NumberFormat.string(total))%, more than 100%", at: node.location)
            }
            return (children, [])
        case .overlay:
            return (list.nodes.compactMap { self.node($0, context: .overlayChild) }, [])
        case .flow:
            var items: [FlowItem] = []
            items.reserveCapacity(list.nodes.count)
            for child in list.nodes {
                guard child.kind == .item else {
                    diagnostics.error(.misplacedKey, "a flow's items must be 'item' nodes, not \(child.kind.rawValue)", at: child.location)
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
                diagnostics.error(.conflictingSize, "a dynamic item gets its sizes at run time, so it cannot also have '\(other.key.rawValue)'", at: later)
            }
            if plan.name == nil {
                diagnostics.error(.itemIncomplete, "a dynamic item needs a name: its sizes are given by name at run time", at: node.location)
            } else if let name = plan.name {
                dynamicItemNames.append(name)
            }
            return FlowItem(name: plan.name, location: node.location, size: .zero, count: nil, isDynamic: true)
        }
        guard case .fixed(let width) = plan.width, case .fixed(let height) = plan.height else {
            diagnostics.error(.itemIncomplete, "\(plan.title) in a flow needs a size: give it 'size: [w, h]' (or both 'width' and 'height'), or make it 'dynamic: true'", at: node.location)
            return nil
        }
        let before = elementCount
        elementCount += count ?? 1
        if before <= Validator.maximumElements, elementCount > Validator.maximumElements {
            let countKey = node.properties.last { $0.key == .count }
            diagnostics.error(.invalidValue, "this item takes the layout past \(Validator.maximumElements) flow elements, more than a frame table can hold usefully", at: countKey?.location ?? node.location)
        }
        return FlowItem(name: plan.name, location: node.location, size: Size(width: width, height: height), count: count, isDynamic: false)
    }

    mutating func name(of node: Node) -> String? {
        guard let literal = node.name else { return nil }
        if node.kind == .spacer {
            diagnostics.error(.invalidName, "a spacer is never named: it has no frame ('spacer:' with nothing after it)", at: node.location)
            return nil
        }
        switch literal {
        case .list, .mapping:
            diagnostics.error(.invalidValue, "a node's name must be a name such as 'header', not \(literal.summary)", at: node.location)
            return nil
        case .string(let name) where Validator.isValidName(name):
            if let first = names[name] {
                diagnostics.error(.duplicateName, "another node of this layout is already named '\(name)' (at \(first))", at: node.location)
            } else {
                names[name] = node.location
            }
            return name
        default:
            diagnostics.error(.invalidName, "\(literal.summary) is not a valid node name: use letters, digits and _, not starting with a digit", at: node.location)
            return nil
        }
    }

    // MARK: Keys

    /// Why `key` does not apply here, or nil when it does.
    func misplacement(of key: PropertyKey, on kind: NodeKind, in context: Context) -> String? {
        let article = kind == .item || kind == .overlay ? "an" : "a"
        switch key {
        case .width, .height, .size:
            if case .root = context { return "the root node: the root fills the container (set the layout's 'size' or pass --size)" }
        case .percent, .flexible:
            if case .groupChild = context { return nil }
            return "\(context.name): '\(key.rawValue)' shares a group's main axis, so only children of an hgroup or vgroup take it"
        case .padding, .spacing:
            if kind == .hgroup || kind == .vgroup || kind == .flow { return nil }
            return "\(article) \(kind.rawValue); only groups and flows take it"
        case .margin, .align:
            if kind == .hgroup || kind == .vgroup { return nil }
            return "\(article) \(kind.rawValue); only an hgroup or a vgroup takes it"
        case .justify:
            if kind == .flow { return nil }
            return "\(article) \(kind.rawValue); only a flow takes it"
        case .count, .dynamic:
            if case .flowItem = context { return nil }
            return "\(context.name); only an item inside a flow takes it"
        case .top, .bottom, .leading, .trailing, .centerX, .centerY, .center:
            if case .overlayChild = context { return nil }
            return "\(context.name); anchors position the children of an overlay"
        case .safeArea:
            switch context {
            case .root, .overlayChild: return nil
            default: return "\(context.name); only the root node and children of an overlay take it"
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
                    return invalid(property, "'\(key)' of a flow item must be a number of points (a flow places its items at their own size)")
                }
                if kind == .flow && property.key == .width {
                    return invalid(property, "a flow cannot be 'width: fit': its height is measured from its width, so give it a width")
                }
                return .dimension(.fit)
            case .string("flexible"):
                switch context {
                case .flowItem: return invalid(property, "'\(key)' of a flow item must be a number of points (a flow places its items at their own size)")
                case .overlayChild: return invalid(property, "'\(key): flexible' means nothing in an overlay: use leading and trailing (or top and bottom) to stretch a child")
                default: return .dimension(.flexible(1))
                }
            default:
                guard let number = number(property, "'\(key)' must be a number ≥ 0, fit or flexible") else { return nil }
                return .dimension(.fixed(number))
            }
        case .size:
            return pair(property, what: "[width, height]").map { .pair($0.0, $0.1) }
        case .percent:
            guard let number = number(property, "'percent' must be a number from 0 to 100", upTo: 100) else { return nil }
            return .number(number)
        case .flexible:
            guard let number = number(property, "'flexible' must be a weight > 0") else { return nil }
            guard number > 0 else { return invalid(property, "'flexible' must be a weight > 0, not 0") }
            return .number(number)
        case .padding:
            if case .list = property.value {
                return insets(property, what: "'padding' must be a number ≥ 0 or [top, leading, bottom, trailing]").map { .insets($0) }
            }
            return number(property, "'padding' must be a number ≥ 0 or [top, leading, bottom, trailing]").map { .insets(EdgeInsets(all: $0)) }
        case .spacing:
            if kind == .flow, case .list = property.value {
                return pair(property, what: "[horizontal, vertical]").map { .pair($0.0, $0.1) }
            }
            let expected = kind == .flow ? "'spacing' must be a number ≥ 0 or [horizontal, vertical]" : "a group's 'spacing' must be one number ≥ 0"
            return number(property, expected).map { .pair($0, $0) }
        case .margin:
            return number(property, "'margin' must be a number ≥ 0").map { .number($0) }
        case .align:
            if case .string(let text) = property.value, let alignment = CrossAlignment(rawValue: text) {
                return .alignment(alignment)
            }
            return invalid(property, "'align' must be leading, center or trailing, not \(property.value.summary)")
        case .justify, .dynamic, .center, .safeArea:
            if case .bool(let flag) = property.value { return .bool(flag) }
            return invalid(property, "'\(key)' must be true or false, not \(property.value.summary)")
        case .count:
            if case .number(let n, let isInteger) = property.value, isInteger, n >= 1, n <= Double(Validator.maximumCount) {
                return .number(n)
            }
            return invalid(property, "'count' must be a whole number from 1 to \(Validator.maximumCount), not \(property.value.summary)")
        case .top, .bottom, .leading, .trailing, .centerX, .centerY:
            return number(property, "'\(key)' must be a number of points", allowNegative: true).map { .number($0) }
        }
    }

    mutating func invalid(_ property: Property, _ message: String) -> Value? {
        diagnostics.error(.invalidValue, message, at: property.location)
        return nil
    }

    /// A finite number within range, or nil after an `invalidValue` that uses `expected`.
    mutating func number(_ property: Property, _ expected: String, upTo limit: Double = Validator.maximumMagnitude, allowNegative: Bool = false) -> Double? {
        guard case .number(let n, _) = property.value else {
            diagnostics.error(.invalidValue, "\(expected), not \(property.value.summary)\(UnitHint.hint(for: property))", at: property.location)
            return nil
        }
        return checked(n, property, expected, limit: limit, allowNegative: allowNegative)
    }

    mutating func checked(_ n: Double, _ property: Property, _ expected: String, limit: Double = Validator.maximumMagnitude, allowNegative: Bool = false) -> Double? {
        if !n.isFinite {
            diagnostics.error(.invalidValue, "\(expected), not \(NumberFormat.string(n))", at: property.location)
            return nil
        }
        if n < 0 && !allowNegative {
            diagnostics.error(.invalidValue, "\(expected), not the negative \(NumberFormat.string(n))", at: property.location)
            return nil
        }
        if abs(n) > limit {
            diagnostics.error(.invalidValue, "\(expected); \(NumberFormat.string(n)) is out of range (at most \(NumberFormat.string(limit)))", at: property.location)
            return nil
        }
        return n == 0 ? 0 : n
    }

    /// Two numbers ≥ 0 written as a list.
    mutating func pair(_ property: Property, what: String) -> (Double, Double)? {
        let numbers = list(property, count: 2, expected: "'\(property.key.rawValue)' must be \(what), two numbers ≥ 0")
        return numbers.map { ($0[0], $0[1]) }
    }

    mutating func insets(_ property: Property, what expected: String) -> EdgeInsets? {
        let numbers = list(property, count: 4, expected: expected)
        return numbers.map { EdgeInsets(top: $0[0], leading: $0[1], bottom: $0[2], trailing: $0[3]) }
    }

    /// A list of exactly `count` numbers ≥ 0, or nil after an `invalidValue` that uses `expected`.
    mutating func list(_ property: Property, count: Int, expected: String) -> [Double]? {
        guard case .list(let elements) = property.value, elements.count == count else {
            diagnostics.error(.invalidValue, "\(expected), not \(property.value.summary)\(listLength(property.value))", at: property.location)
            return nil
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(count)
        for element in elements {
            guard case .number(let n, _) = element else {
                diagnostics.error(.invalidValue, "\(expected), not a list holding \(element.summary)", at: property.location)
                return nil
            }
            guard let n = checked(n, property, expected) else { return nil }
            numbers.append(n)
        }
        return numbers
    }

    func listLength(_ literal: Literal) -> String {
        if case .list(let elements) = literal { return " of \(elements.count)" }
        return ""
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
            diagnostics.error(.conflictingSize, "'\(property.key.rawValue)' gives \(title) a second \(horizontal ? "width" : "height"); it already has one from '\(first.property.key.rawValue)' (at \(first.property.location))", at: property.location)
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
        default: break
        }
    }

    // MARK: Completeness

    /// `fit` must be measurable (docs/format.md §4.6); what cannot be is `itemIncomplete` at the fit node.
    mutating func checkFit(_ plan: PlanNode) {
        if plan.width == .fit, let reason = unmeasurable(plan, horizontal: true) {
            diagnostics.error(.itemIncomplete, "\(plan.title) has 'width: fit' but \(reason)", at: plan.location)
        }
        if plan.height == .fit, let reason = unmeasurable(plan, horizontal: false) {
            diagnostics.error(.itemIncomplete, "\(plan.title) has 'height: fit' but \(reason)", at: plan.location)
        }
    }

    func unmeasurable(_ plan: PlanNode, horizontal: Bool) -> String? {
        let axis = horizontal ? "width" : "height"
        switch plan.kind {
        case .item, .spacer, .overlay:
            return "\(plan.kind == .overlay ? "an overlay" : "\(plan.kind == .item ? "an item" : "a spacer")") has no content to measure; give it a \(axis)"
        case .flow:
            return horizontal ? "a flow's width cannot be measured" : nil
        case .hgroup, .vgroup:
            let main = (plan.kind == .hgroup) == horizontal
            let sizes = plan.children.map { horizontal ? $0.width : $0.height }
            if main {
                if let index = sizes.firstIndex(where: { !$0.isFixedOrFit }) {
                    return "its child \(plan.children[index].title) has no fixed or fit \(axis) (every child must have one)"
                }
            } else if !sizes.contains(where: \.isFixedOrFit) {
                return "none of its children has a fixed or fit \(axis)"
            }
            return nil
        }
    }

    /// The overlay table of docs/format.md §4.5, checked axis by axis.
    mutating func checkAnchors(_ plan: PlanNode, _ centers: GivenCenters) {
        checkAnchors(plan, centers, horizontal: true)
        checkAnchors(plan, centers, horizontal: false)
    }

    mutating func checkAnchors(_ plan: PlanNode, _ centers: GivenCenters, horizontal: Bool) {
        let centerGiven = centers.center
        do {
            let start = horizontal ? plan.leading : plan.top
            let end = horizontal ? plan.trailing : plan.bottom
            let hasExplicitCenter = horizontal ? centers.centerX : centers.centerY
            let center = horizontal ? plan.centerX : plan.centerY
            let size = horizontal ? plan.width : plan.height
            let sizeGiven = size != .fill
            let names = horizontal ? ("leading", "trailing", "centerX", "width") : ("top", "bottom", "centerY", "height")
            if centerGiven && hasExplicitCenter {
                diagnostics.error(.conflictingConstraints, "\(plan.title) has both 'center: true' and '\(names.2)'", at: plan.location)
            } else if center != nil && (start != nil || end != nil) {
                diagnostics.error(.conflictingConstraints, "\(plan.title) has '\(names.2)' together with '\(start != nil ? names.0 : names.1)'; a centred child is placed by its centre alone", at: plan.location)
            } else if start != nil && end != nil && sizeGiven {
                diagnostics.error(.conflictingConstraints, "\(plan.title) has '\(names.0)', '\(names.1)' and a \(names.3); two anchors already decide its \(names.3)", at: plan.location)
            } else if start == nil && end == nil && center == nil && sizeGiven {
                diagnostics.error(.itemIncomplete, "\(plan.title) has a \(names.3) but no \(horizontal ? "horizontal" : "vertical") position: add '\(names.0)', '\(names.1)' or '\(names.2)' (or 'center: true')", at: plan.location)
            } else if (start != nil) != (end != nil) || center != nil, !(start != nil && end != nil), !sizeGiven {
                diagnostics.error(.itemIncomplete, "\(plan.title) has one \(horizontal ? "horizontal" : "vertical") anchor but no \(names.3): give it a \(names.3), or anchor both '\(names.0)' and '\(names.1)'", at: plan.location)
            }
        }
    }
}

/// How messages name a node, built only when a message needs it.
private struct NodeTitle: CustomStringConvertible {
    var kind: NodeKind
    var name: String?

    var description: String { PlanNode.title(kind: kind, name: name) }
}
