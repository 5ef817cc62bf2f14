import LayoutRuntimeCore

/// The layout walk interpreted symbolically: the code generator's domain. What is constant is
/// computed now with the same operations the engine uses; what depends on the container, the
/// safe area or dynamic sizes becomes straight-line Swift in a `SymbolicProgram`. A check whose
/// outcome is known now vanishes or becomes an unconditional `throw`, which ends the walk.
struct SymbolicLayout: LayoutDomain {
    typealias Value = SymbolicValue
    typealias Flag = SymbolicFlag

    let plan: LayoutPlan
    let program = SymbolicProgram()
    /// The `.layout` file's name, as errors report it.
    let sourceName: String
    /// The generated type's name, for file-level constants.
    let typeName: String
    /// How the code writes a named node's frame (`self.header`, `frameStore[3]`).
    let property: (String) -> String
    /// Where the code writes the frames of an array item kept with others' in one array
    /// (`(elementStore + 12)`, a pointer), or nil where the item's frames are an array of its own.
    let elementStart: (String) -> String?

    /// The container's size: the parameters, or what a layout's `fit` measured (NaN before).
    var containerWidth: SymbolicValue
    var containerHeight: SymbolicValue
    /// A container width where every `when` test (`widthTest`) has the outcome it has in the
    /// width interval being written (`WidthIntervals`): their nodes are then present or not
    /// without a flag. Nil: tested at run time.
    var widthProbe: Double?
    /// The width interval's number (`WidthIntervals`), nil with flags.
    var widthInterval: Int?
    /// The `safeArea` parameter (a `LayoutInsets`).
    let safeArea: SymbolicValue
    let safeAreaInsets: LayoutEdges<SymbolicValue>
    /// The dynamic flow items' parameters, by item name.
    let dynamicParameters: [String: SymbolicValue]
    /// The content sizes of dynamic items outside flows (`CGSize` parameters), by item name.
    let contentParameters: [String: SymbolicValue]
    /// The measures of wrap items (`(CGFloat) -> CGSize` parameters), by item name.
    let measureParameters: [String: SymbolicValue]
    /// The items that can be hidden (`LayoutPlan.hideableItemNames`), with the optional nodes
    /// around each (itself included): their content sizes and measures are optional parameters.
    /// Keyed by the item's node id; with the `when` ranges around it (§7.4).
    /// With the flags asked around it (§8.7).
    let hideableItems: [Int: (names: [String], ranges: [WidthRange], flags: [FlagCondition])]
    /// The `direction` parameter (a `LayoutDirection`).
    let direction: SymbolicValue
    /// The `scale` parameter (a `CGFloat?`): the pixel grid, nil for none.
    let scale: SymbolicValue
    /// The optional nodes' `Bool` parameters (shown or not), by node name.
    let shownParameters: [String: SymbolicFlag]
    /// The flags' `Bool` parameters (on or not, docs/format.md §8.7), by flag name.
    let flagParameters: [String: SymbolicFlag]
    /// The layout's parameters (docs/format.md §8.1), by index: `Double` locals made from the
    /// `CGFloat` arguments at the body's start (`GeneratedArgumentName.parameter`).
    let parameterValues: [SymbolicValue]

    /// Names shared by flow items and other nodes (`Member.mixesFlowItems`): the other nodes'
    /// frames are mirrored where they are set.
    let selfMirrored: Set<String>

    /// File-level constants (static flow element sizes).
    var globals: [String] = []
    /// Layouts larger than `splitThreshold` nodes are split into functions of about `partSize`
    /// nodes, since optimizers take superlinear time on one huge function.
    let splits: Bool
    /// The function that makes the frames stored, `Self.rect(x:y:width:height:)` in the storage
    /// form (`GeneratedType.rectFunction`); nil for `CGRect(x:y:width:height:)`.
    var rectFunction: String?
    static let splitThreshold = 400
    static let partSize = 64
    /// Plan nodes (and flow items) per subtree, by node id.
    private var subtreeSizes: [Int: Int] = [:]
    /// Nodes laid out in the function being written (not in its parts): a chain of single
    /// children is split every `partSize` levels, not at every level (each part takes the flags
    /// of every level below it as parameters, which grew with the square of the depth).
    private var nodesInFunction = 0

    // Caches of values whose making wrote checks: valid where the flags they were made under
    // hold (`SymbolicProgram.holds`), else made again.
    private var fitWidths: [Int: (value: SymbolicValue, flags: [Int])] = [:]
    private var fitHeights: [String: (value: SymbolicValue, flags: [Int])] = [:]
    private var knownSafeArea: (rect: LayoutRect<SymbolicValue>, flags: [Int])?
    var flowSizes: [Int: FlowElements] = [:]
    var flowLines: [String: FlowLines] = [:]

    init(plan: LayoutPlan, sourceName: String, typeName: String, splits: Bool, property: @escaping (String) -> String,
         elementStart: @escaping (String) -> String?) {
        self.plan = plan
        self.sourceName = sourceName
        self.typeName = typeName
        self.splits = splits
        self.property = property
        self.elementStart = elementStart
        containerWidth = plan.fit?.fitsWidth == true ? .constant(.nan) : program.parameter("containerWidth", type: "Swift.Double")
        containerHeight = plan.fit?.fitsHeight == true ? .constant(.nan) : program.parameter("containerHeight", type: "Swift.Double")
        let program = self.program
        let safeArea = program.parameter("safeArea", type: "LayoutInsets")
        self.safeArea = safeArea
        func edge(_ name: String) -> SymbolicValue { program.value("\(safeArea).\(name)", form: .inline) }
        safeAreaInsets = LayoutEdges(top: edge("top"), leading: edge("leading"), bottom: edge("bottom"), trailing: edge("trailing"))
        var parameters: [String: SymbolicValue] = [:]
        for (index, name) in plan.dynamicItemNames.enumerated() {
            parameters[name] = program.parameter(GeneratedArgumentName.dynamic(index), type: "[CGSize]")
        }
        dynamicParameters = parameters
        // An item that can be hidden takes its content size or measure as an optional, needed where it is shown.
        let hideable = plan.hideableItemNames
        // The optional nodes around each item that can be hidden (itself included).
        var hidingNodes: [Int: (names: [String], ranges: [WidthRange], flags: [FlagCondition])] = [:]
        func walk(_ node: PlanNode, _ around: [String], _ ranges: [WidthRange], _ flags: [FlagCondition]) {
            let around = node.attributes.isOptional ? around + [node.name ?? ""] : around
            let ranges = node.widthRange.map { ranges + [$0] } ?? ranges
            let flags = node.flagCondition.map { flags + [$0] } ?? flags
            if node.kind == .item, node.name != nil, !around.isEmpty || !ranges.isEmpty || !flags.isEmpty { hidingNodes[node.id] = (around, ranges, flags) }
            for child in node.children { walk(child, around, ranges, flags) }
        }
        walk(plan.root, [], [], [])
        hideableItems = hidingNodes
        var contents: [String: SymbolicValue] = [:]
        for (index, name) in plan.contentItemNames.enumerated() {
            contents[name] = program.parameter(GeneratedArgumentName.content(index), type: hideable.contains(name) ? "CGSize?" : "CGSize")
        }
        contentParameters = contents
        var measures: [String: SymbolicValue] = [:]
        for (index, name) in plan.wrapItemNames.enumerated() {
            measures[name] = program.parameter(GeneratedArgumentName.measure(index), type: hideable.contains(name) ? "((CGFloat) -> CGSize)?" : "(CGFloat) -> CGSize")
        }
        measureParameters = measures
        direction = program.parameter("direction", type: "LayoutDirection")
        scale = program.parameter("scale", type: "CGFloat?")
        var shown: [String: SymbolicFlag] = [:]
        for (index, name) in plan.optionalNames.enumerated() {
            shown[name] = SymbolicFlag(value: program.parameter(GeneratedArgumentName.shown(index), type: "Swift.Bool"))
        }
        shownParameters = shown
        var flags: [String: SymbolicFlag] = [:]
        for (index, name) in plan.flagNames.enumerated() {
            flags[name] = SymbolicFlag(value: program.parameter(SwiftCodeGenerator.flagParameter(index), type: "Swift.Bool"))
        }
        flagParameters = flags
        parameterValues = plan.parameters.indices.map { program.parameter(GeneratedArgumentName.parameter($0), type: "Swift.Double") }
        // Each parameter in the interval its checks leave (they run before the layout).
        let checked = GeneratedParameterChecks.ranges(of: plan)
        for (index, value) in parameterValues.enumerated() {
            guard case .local(let id) = value, let range = checked[index],
                  let known = SymbolicRange(lower: range.lower, upper: range.upper, neverNegativeZero: true) else { continue }
            program.ranges[id] = known
        }
        selfMirrored = Set(SwiftCodeGenerator.members(of: plan).filter(\.mixesFlowItems).map(\.name))
    }

    // MARK: Arithmetic
    //
    // Folding computes constants with the engine's operation; the only identities used are
    // exact (a + 0, a − 0, a × 1, a / 1), up to the sign of a zero.

    func constant(_ value: Double) -> SymbolicValue { .constant(value) }

    /// The argument of the parameter that gave the number, where one did.
    func parameterValue(_ node: PlanNode, _ field: ParameterField) -> SymbolicValue? {
        guard let index = plan.parameterUses[node: node.id, field: field], index < parameterValues.count else { return nil }
        return parameterValues[index]
    }

    var hasParameters: Bool { !parameterValues.isEmpty }

    func itemSize(_ flow: PlanNode, _ index: Int) -> (width: SymbolicValue, height: SymbolicValue)? {
        guard let given = plan.parameterUses.flowItem(index, inFlow: flow.id), index < flow.items.count else { return nil }
        let size = flow.items[index].size
        func value(_ parameter: Int?, _ number: Double) -> SymbolicValue {
            guard let parameter, parameter < parameterValues.count else { return .constant(number) }
            return parameterValues[parameter]
        }
        guard let ratio = given.ratio else { return (value(given.width, size.width), value(given.height, size.height)) }
        // As the validator derives the other side (`flowItem`), from the values given.
        let aspect = value(given.aspect, ratio)
        if given.derivesHeight {
            let width = value(given.width, size.width)
            return (width, div(width, aspect))
        }
        let height = value(given.height, size.height)
        return (mul(height, aspect), height)
    }

    func positive(_ value: SymbolicValue) -> SymbolicFlag? {
        SymbolicFlag(value: program.value("(\(value) > 0.0)", type: "Swift.Bool"))
    }

    func add(_ a: SymbolicValue, _ b: SymbolicValue) -> SymbolicValue {
        if let x = a.constant, let y = b.constant { return .constant(x + y) }
        if b.constant == 0 { return a }
        if a.constant == 0 { return b }
        // The storage form spells a sum `a.advanced(by: b)` (for a `Double` exactly `a + b`): the
        // type checker weighs each `+` against every overload in scope, which made the sums of
        // 3,000 width variants a third of their type-checking time (docs/codegen.md).
        let code: SwiftCode = splits ? "\(a).advanced(by: \(b))" : "(\(a) + \(b))"
        return ranged(program.value(code), a, b, SymbolicRange.sum)
    }

    func sub(_ a: SymbolicValue, _ b: SymbolicValue) -> SymbolicValue {
        if let x = a.constant, let y = b.constant { return .constant(x - y) }
        if b.constant == 0 { return a }
        return ranged(program.value("(\(a) - \(b))"), a, b, SymbolicRange.difference)
    }

    func mul(_ a: SymbolicValue, _ b: SymbolicValue) -> SymbolicValue {
        if let x = a.constant, let y = b.constant { return .constant(x * y) }
        if b.constant == 1 { return a }
        if a.constant == 1 { return b }
        return ranged(program.value("(\(a) * \(b))"), a, b, SymbolicRange.product)
    }

    /// The interval a value is known to be in (`SymbolicProgram.ranges`), nil for one that may be
    /// anything (the container's size, a content size, a quotient).
    func range(_ value: SymbolicValue) -> SymbolicRange? {
        switch value {
        case .constant(let number): return SymbolicRange(constant: number)
        case .local(let id): return program.ranges[id]
        }
    }

    /// `result` (made of `a` and `b`), in `combine` of their intervals where both have one.
    func ranged(_ result: SymbolicValue, _ a: SymbolicValue, _ b: SymbolicValue,
                _ combine: (SymbolicRange, SymbolicRange) -> SymbolicRange?) -> SymbolicValue {
        guard case .local(let id) = result, let x = range(a), let y = range(b), let known = combine(x, y) else { return result }
        program.ranges[id] = known
        return result
    }

    func div(_ a: SymbolicValue, _ b: SymbolicValue) -> SymbolicValue {
        if let x = a.constant, let y = b.constant { return .constant(x / y) }
        if b.constant == 1 { return a }
        return ranged(program.value("(\(a) / \(b))"), a, b, SymbolicRange.quotient)
    }

    func maximum(_ a: SymbolicValue, _ b: SymbolicValue) -> SymbolicValue {
        if let x = a.constant, let y = b.constant { return .constant(max(x, y)) }
        // `max(x, 0)` of an `x` known never below 0 nor −0 is `x`, bit for bit.
        if b.constant == 0, b.constant?.sign == .plus, range(a)?.isNonNegative == true { return a }
        return ranged(program.value("Swift.max(\(a), \(b))"), a, b, SymbolicRange.maximum)
    }

    func minimum(_ a: SymbolicValue, _ b: SymbolicValue) -> SymbolicValue {
        if let x = a.constant, let y = b.constant { return .constant(min(x, y)) }
        return ranged(program.value("Swift.min(\(a), \(b))"), a, b, SymbolicRange.minimum)
    }

    // MARK: Checks

    /// The condition decided now, or its code.
    func decide(_ condition: LayoutCondition<SymbolicValue>) -> (known: Bool?, code: SwiftCode) {
        switch condition {
        case .notFits(let needed, let available):
            if let n = needed.constant, let a = available.constant { return (!LayoutTolerance.fits(n, in: a), "") }
            // Needed never above available: `needed − available` ≤ 0 < the slack, whatever the
            // values (rounding is monotonic, so the bounds' difference bounds it).
            if let n = range(needed), let a = range(available), n.upper <= a.lower { return (false, "") }
            return (nil, "!LayoutTolerance.fits(\(needed), in: \(available))")
        case .negative(let value):
            if let v = value.constant { return (LayoutTolerance.isNegative(v), "") }
            // Known ≥ 0 (or −0): never below −1e-9.
            if let v = range(value), v.lower >= 0 { return (false, "") }
            return (nil, "LayoutTolerance.isNegative(\(value))")
        case .notFinite(let rect):
            // Only values not yet known finite (under the flags that hold here) are checked.
            var unchecked: [SwiftCode] = []
            for value in [rect.x, rect.y, rect.width, rect.height] {
                if let constant = value.constant {
                    if !constant.isFinite { return (true, "") }
                } else if range(value) == nil, program.isNewCheck("isFinite \(value.key)") {
                    unchecked.append("\(value).isFinite")
                }
            }
            guard let first = unchecked.first else { return (false, "") }
            return (nil, unchecked.dropFirst().reduce("!(" + first) { $0 + " && " + $1 } + ")")
        case .either(let a, let b):
            let first = decide(a), second = decide(b)
            switch (first.known, second.known) {
            case (true?, _), (_, true?): return (true, "")
            case (false?, false?): return (false, "")
            case (false?, nil): return second
            case (nil, false?): return first
            case (nil, nil): return (nil, first.code + " || " + second.code)
            }
        }
    }

    func mayHold(_ condition: LayoutCondition<SymbolicValue>) -> Bool { decide(condition).known != false }

    func check(_ condition: LayoutCondition<SymbolicValue>, _ failure: @autoclosure () -> LayoutFailure<Self>) throws(LayoutError) {
        let decided = decide(condition)
        switch decided.known {
        case true?: try fail(failure())
        case false?: return
        case nil:
            // `_slowPath` tells the optimizer the throw is rare, so it moves the code building
            // the error out of the straight-line path instead of interleaving it.
            if program.isNewCheck(decided.code.key) {
                program.emit("if Swift._slowPath(\(decided.code)) { throw \(error(failure())) }")
            }
        }
    }

    /// Throws in the generated code, and ends the walk: nothing after it is reachable.
    func fail(_ failure: LayoutFailure<Self>) throws(LayoutError) -> Never {
        program.emit("throw \(error(failure))")
        throw LayoutError(code: .outOfSpace, message: "unconditional throw", location: failure.location)
    }

    private func location(_ location: SourceLocation) -> String {
        "file: \(SwiftSpelling.string(sourceName)), line: \(location.line), column: \(location.column)"
    }

    /// An `outOfSpace` error built at run time from a `LayoutMessages` text.
    func outOfSpace(_ message: SwiftCode, at where: SourceLocation) -> SwiftCode {
        "LayoutRuntimeError.outOfSpace(\(message), width: \(containerWidth), height: \(containerHeight), \(location(`where`)))"
    }

    /// The code building the failure's error.
    func error(_ failure: LayoutFailure<Self>) -> SwiftCode {
        func string(_ text: String) -> String { SwiftSpelling.string(text) }
        let message: SwiftCode
        switch failure.reason {
        case .needs(let node, let needed, let available, let what):
            let detail = what.text
            message = "LayoutMessages.needs(\(string(node.title)), \(needed), \(available)\(detail.isEmpty ? "" : ", " + string(detail)))"
        case .margin(let node, let margin, let slot, let child):
            message = "LayoutMessages.margin(\(string(node.title)), \(margin), \(slot), child: \(string(child.title)))"
        case .safeArea(let node, let needed, let available):
            message = "LayoutMessages.safeArea(\(string(node.title)), \(needed), \(available))"
        case .pinned(let child, let overlay):
            message = "LayoutMessages.pinned(\(string(child.title)), overlay: \(string(overlay.title)))"
        case .insets(let node, let needed, let extent, let axis):
            message = "LayoutMessages.insets(\(string(node.title)), \(needed), \(extent), axis: \(string(axis.extent)))"
        case .flowHeight(let node, let needed, let available, let lines):
            message = "LayoutMessages.flowHeight(\(string(node.title)), \(needed), \(available), lines: \(lines.measured).lines)"
        case .tooWide(let item, let width, let flow, let available):
            let element = LayoutMessages.element(item.name, index: item.count == nil ? nil : 0)
            message = "LayoutMessages.tooWide(\(string(element)), \(width), flow: \(string(flow.title)), \(available))"
        case .incomplete(let reason):
            return "LayoutRuntimeError.itemIncomplete(\(string(reason.message)), \(location(failure.location)))"
        case .noWidthToWrap(let node, let offered):
            message = "LayoutMessages.noWidthToWrap(\(string(node.title)), \(offered))"
        case .notFinite(let node, let rect):
            message = "LayoutMessages.notFinite(\(string(node.title)), x: \(rect.x), y: \(rect.y), width: \(rect.width), height: \(rect.height))"
        }
        return outOfSpace(message, at: failure.location)
    }

    // MARK: Frames

    mutating func frame(_ node: PlanNode, _ rect: LayoutRect<SymbolicValue>) {
        nodesInFunction += 1
        guard let name = node.name else { return }
        program.emit("\(property(name)) = \(rectCode(rect))")
        if selfMirrored.contains(name) {
            // a name shared with flow items (§7.4): mirrored here, as the engine mirrors it at the end
            program.emit("if \(direction) == .rightToLeft { LayoutDirection.mirror(&\(property(name)), in: \(containerWidth)) }")
        }
    }

    func rectCode(_ r: LayoutRect<SymbolicValue>) -> SwiftCode {
        "\(rectFunction ?? "CGRect")(x: \(r.x), y: \(r.y), width: \(r.width), height: \(r.height))"
    }

    // MARK: Caches

    var safeAreaCache: LayoutRect<SymbolicValue>? {
        get {
            guard let knownSafeArea, program.holds(knownSafeArea.flags) else { return nil }
            return knownSafeArea.rect
        }
        set { knownSafeArea = newValue.map { ($0, program.conditions) } }
    }

    func cachedFitWidth(_ node: PlanNode) -> SymbolicValue? {
        guard let cached = fitWidths[node.id], program.holds(cached.flags) else { return nil }
        return cached.value
    }

    mutating func storeFitWidth(_ node: PlanNode, _ width: SymbolicValue) { fitWidths[node.id] = (width, program.conditions) }

    func cachedFitHeight(_ node: PlanNode, width: SymbolicValue) -> SymbolicValue? {
        guard let cached = fitHeights["\(node.id) \(width.key)"], program.holds(cached.flags) else { return nil }
        return cached.value
    }

    mutating func storeFitHeight(_ node: PlanNode, width: SymbolicValue, _ height: SymbolicValue) {
        fitHeights["\(node.id) \(width.key)"] = (height, program.conditions)
    }

    // MARK: Parts

    mutating func subtreeSize(_ node: PlanNode) -> Int {
        if let known = subtreeSizes[node.id] { return known }
        var size = 1 + node.items.count
        for child in node.children { size += subtreeSize(child) }
        subtreeSizes[node.id] = size
        return size
    }

    /// What `work` writes goes into a function of its own, called from here with the locals it
    /// reads as arguments.
    mutating func inPart(_ work: (inout SymbolicLayout) throws(LayoutError) -> Void) throws(LayoutError) {
        program.openPart()
        let outside = nodesInFunction
        nodesInFunction = 0
        var thrown: LayoutError?
        do { try work(&self) } catch { thrown = error }
        nodesInFunction = outside
        program.closePart()
        if let thrown { throw thrown }
    }

    mutating func layoutChildren(of node: PlanNode, in rects: [LayoutRect<SymbolicValue>]) throws(LayoutError) {
        if !splits || subtreeSize(node) <= 2 * Self.partSize {
            for (child, rect) in zip(node.children, rects) {
                try whenPresent(presence(child)) { (layout: inout SymbolicLayout) throws(LayoutError) in
                    try layout.layout(child, in: rect, placedByGroup: true)
                }
            }
            return
        }
        // A large layout: consecutive children in parts of about `partSize` nodes. Their rects
        // are made here, before the parts: a part takes its own rects' values, where otherwise
        // it would make a chain of positions again from its start (every part taking the sizes
        // of all the children before it, for optional siblings).
        var runs: [Range<Int>] = []
        var start = 0
        while start < node.children.count {
            var end = start
            var size = 0
            while end < node.children.count, size < Self.partSize {
                size += subtreeSize(node.children[end])
                end += 1
            }
            runs.append(start..<end)
            start = end
        }
        // One run (a single large child) stays in this function until it holds `partSize` nodes.
        let inline = runs.count == 1 && nodesInFunction < Self.partSize
        if !inline {
            for rect in rects {
                for value in [rect.x, rect.y, rect.width, rect.height] { program.define(value) }
            }
        }
        for range in runs {
            let work = { (layout: inout SymbolicLayout) throws(LayoutError) in
                for index in range {
                    let child = node.children[index]
                    try layout.whenPresent(layout.presence(child)) { (layout: inout SymbolicLayout) throws(LayoutError) in
                        try layout.layout(child, in: rects[index], placedByGroup: true)
                    }
                }
            }
            if inline { try work(&self) } else { try inPart(work) }
        }
    }

    mutating func layoutOverlayChild(_ child: PlanNode, in rect: LayoutRect<SymbolicValue>) throws(LayoutError) {
        if splits, subtreeSize(child) >= Self.partSize, nodesInFunction >= Self.partSize {
            try inPart { (layout: inout SymbolicLayout) throws(LayoutError) in try layout.layout(child, in: rect) }
        } else {
            try layout(child, in: rect)
        }
    }
}

/// Whether an optional node is shown, in generated code: its `Bool` parameter, or several
/// joined by `||`.
struct SymbolicFlag {
    var value: SymbolicValue
}
