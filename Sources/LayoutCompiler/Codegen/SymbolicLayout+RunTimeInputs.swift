import LayoutRuntimeCore

/// What the symbolic walk leaves to run time: presences (optional nodes, `when` widths and
/// flags) and the blocks they guard, content sizes and measures given by the app, shrinking and
/// flexible sizes resolved by the runtime's calls, and the fitted container's size.
extension SymbolicLayout {
    /// An optional node is shown where its `Bool` parameter says so; a node with `when` (§7.4)
    /// where the container's width is in its range and its flags (§8.7) are as it asks.
    func presence(_ node: PlanNode) -> Presence<SymbolicFlag> {
        presence(name: node.name, isOptional: node.isOptional, range: node.widthRange, flags: node.flagCondition)
    }

    func presence(_ item: FlowItem) -> Presence<SymbolicFlag> {
        presence(name: item.name, isOptional: item.isOptional, range: item.widthRange, flags: item.flagCondition)
    }

    private func presence(name: String?, isOptional: Bool, range: WidthRange?, flags: FlagCondition?) -> Presence<SymbolicFlag> {
        let shown = isOptional ? name.flatMap { shownParameters[$0] } : nil
        if let range, let probe = widthProbe, !Self.holds(range, at: probe) { return .hidden }
        var tests: [SwiftCode] = []
        if let range, widthProbe == nil, let test = widthTest(range) { tests.append(test) }
        if let flags { tests += flagTests(flags) }
        guard let first = tests.first else { return shown.map { .runtime($0) } ?? .shown }
        let test = tests.dropFirst().reduce(first) { $0 + " && " + $1 }
        let code = shown.map { test + " && " + "\($0.value)" } ?? test
        return .runtime(SymbolicFlag(value: program.value("(" + code + ")", type: "Swift.Bool")))
    }

    /// `flag_0`, `!flag_1`: each flag the condition asks on or off (§8.7), as code.
    func flagTests(_ condition: FlagCondition) -> [SwiftCode] {
        condition.on.compactMap { flagParameters[$0].map { "\($0.value)" as SwiftCode } }
            + condition.off.compactMap { flagParameters[$0].map { "!\($0.value)" as SwiftCode } }
    }

    /// Whether `widthTest(range)` holds at this width (true where it is nil).
    static func holds(_ range: WidthRange, at width: Double) -> Bool {
        (range.lower > 0 ? range.lower <= width : true) && (range.upper < .infinity ? width < range.upper : true)
    }

    /// `a <= W && W < b` for the container's width W (before safe-area insets), as code; nil
    /// when the range holds every width. The storage form calls the methods behind `<=` and `<`
    /// (`a.isLessThanOrEqualTo(W)`, `W.isLess(than: b)`), which the type checker resolves at a
    /// fraction of the operators' cost: it weighs an operator against every overload in scope.
    func widthTest(_ range: WidthRange) -> SwiftCode? {
        var tests: [SwiftCode] = []
        if range.lower > 0 {
            tests.append(splits ? "\(constant(range.lower)).isLessThanOrEqualTo(\(containerWidth))" : "\(constant(range.lower)) <= \(containerWidth)")
        }
        if range.upper < .infinity {
            tests.append(splits ? "\(containerWidth).isLess(than: \(constant(range.upper)))" : "\(containerWidth) < \(constant(range.upper))")
        }
        guard let first = tests.first else { return nil }
        return tests.dropFirst().reduce(first) { $0 + " && " + $1 }
    }

    func select(_ flag: SymbolicFlag, _ value: SymbolicValue, otherwise: SymbolicValue) -> SymbolicValue {
        if value.key == otherwise.key { return value }
        return program.value("(\(flag.value) ? \(value) : \(otherwise))")
    }

    func any(_ first: SymbolicFlag, _ rest: [SymbolicFlag]) -> SymbolicFlag {
        guard !rest.isEmpty else { return first }
        let code = rest.reduce(SwiftCode(stringLiteral: "(") + "\(first.value)") { $0 + " || " + "\($1.value)" } + ")"
        return SymbolicFlag(value: program.value(code, type: "Swift.Bool"))
    }

    /// The body goes into `if flag { … }`. An unconditional failure in it ends the block, not the
    /// walk: it is a `throw` where the flag holds.
    mutating func when(_ flag: SymbolicFlag, _ body: (inout SymbolicLayout) throws(LayoutError) -> Void) throws(LayoutError) {
        if case .local(let id) = flag.value, program.isInForce(id) {
            try body(&self)
            return
        }
        program.openBlock(flag.value)
        do { try body(&self) } catch {
            // `fail` wrote the block's `throw`; what follows the block runs where the flag does not hold.
        }
        program.closeBlock()
    }

    func contentSize(_ node: PlanNode) throws(LayoutError) -> (width: SymbolicValue, height: SymbolicValue) {
        guard let name = node.name, var parameter = contentParameters[name] else {
            try fail(LayoutFailure(.incomplete(.noContentSize(node)), at: node.location))
        }
        if let around = hideableItems[node.id] {
            let missing = error(LayoutFailure(.incomplete(.noContentSize(node)), at: node.location))
            // Not named `content…`: a local `content2` shadowed another item's parameter `content2`.
            parameter = program.value("try LayoutRuntimeError.required(\(parameter), shown: \(shownCondition(around)), placeholder: CGSize.zero, \(missing))",
                                      type: "CGSize", form: .pinned, prefix: "givenContent")
        }
        return (program.value("Swift.Double(\(parameter).width)", form: .inline),
                program.value("Swift.Double(\(parameter).height)", form: .inline))
    }

    /// Whether every one of these optional nodes is shown, and the width in each range (§7.4), as code.
    func shownCondition(_ around: (names: [String], ranges: [WidthRange], flags: [FlagCondition])) -> SwiftCode {
        // Within a width interval, an item laid out is in every range around it.
        let ranges = widthProbe == nil ? around.ranges : []
        let tests = around.names.compactMap { shownParameters[$0] }.map { "\($0.value)" as SwiftCode } + ranges.compactMap(widthTest)
            + around.flags.flatMap(flagTests)
        guard let first = tests.first else { return "true" }
        guard tests.count > 1 else { return first }
        return tests.dropFirst().reduce(SwiftCode(stringLiteral: "(") + first) { $0 + " && " + $1 } + ")"
    }

    /// The item's measure, called once per width at run time: its sizes are kept in one
    /// `LayoutWrapSizes` per name (variants sharing a name share the measure) for the layout.
    func measureWrap(_ node: PlanNode, width: SymbolicValue?) throws(LayoutError) -> (width: SymbolicValue, height: SymbolicValue) {
        guard let name = node.name, var parameter = measureParameters[name] else {
            try fail(LayoutFailure(.incomplete(.noMeasure(node)), at: node.location))
        }
        if let around = hideableItems[node.id] {
            let missing = error(LayoutFailure(.incomplete(.noMeasure(node)), at: node.location))
            // Not named `measure…`: a local `measure2` shadowed another item's parameter `measure2`.
            parameter = program.value("try LayoutRuntimeError.required(\(parameter), shown: \(shownCondition(around)), placeholder: { _ in CGSize.zero }, \(missing))",
                                      type: "(CGFloat) -> CGSize", form: .pinned, prefix: "givenMeasure")
        }
        let sizes = program.value("LayoutWrapSizes()", type: "LayoutWrapSizes", form: .variable, prefix: "wrap", identity: name)
        let size: SymbolicValue
        if let width {
            if !(width.constant.map { $0 > 0 } ?? false) {
                let condition: SwiftCode = "\(sizes).hasNoWidth(\(width), \(parameter), scale: \(scale))"
                if program.isNewCheck(condition.key) {
                    program.emit("if Swift._slowPath(\(condition)) { throw \(error(LayoutFailure(.noWidthToWrap(node, offered: width), at: node.location))) }")
                }
            }
            size = program.value("\(sizes).size(at: \(width), \(parameter), scale: \(scale))", type: "CGSize", form: .pinned, prefix: "measured")
        } else {
            size = program.value("\(sizes).size(at: Swift.Double.infinity, \(parameter), scale: \(scale))", type: "CGSize", form: .pinned, prefix: "natural")
        }
        return (program.value("Swift.Double(\(size).width)", form: .inline), program.value("Swift.Double(\(size).height)", form: .inline))
    }

    func resolveShrink(_ deficit: SymbolicValue, _ shrinking: inout ShrinkingChildren<SymbolicValue, SymbolicFlag>, extent: SymbolicValue) {
        // Never reused here: the arrays hold exactly `count` children.
        shrinking.sizes = resolveShrink(deficit, bases: shrinking.bases, factors: shrinking.factors, floors: shrinking.floors, extent: extent,
                                        presences: shrinking.isRuntime ? shrinking.presences : nil)
    }

    func resolveShrink(_ deficit: SymbolicValue, bases: [SymbolicValue], factors: [SymbolicValue], floors: [SymbolicValue], extent: SymbolicValue,
                       presences: [Presence<SymbolicFlag>]?) -> [SymbolicValue] {
        if bases.count == 1, presences == nil, let base = bases.first {
            // One child gives way (a label before a time): no arrays.
            let call: SwiftCode = "LayoutShrink.resolve(\(deficit), base: \(base), factor: \(factors[0]), floor: \(floors[0]), extent: \(extent))"
            return [program.value(call, form: .pinned, prefix: "shrunk")]
        }
        var baseList: SwiftCode = "["
        for (index, base) in bases.enumerated() { baseList = baseList + (index == 0 ? "\(base)" : ", \(base)") }
        baseList = baseList + "]"
        let call: SwiftCode = "LayoutShrink.resolve(\(deficit), bases: \(baseList), factors: \(Self.list(factors)), floors: \(Self.list(floors)), extent: \(extent)"
        let sizes = program.value(call + Self.shownArgument(presences) + ")", type: "[Swift.Double]", form: .pinned, prefix: "shrunk")
        return bases.indices.map { program.value("\(sizes)[\($0)]", form: .inline) }
    }

    /// An array literal of values (constants spelled as literals).
    static func list(_ values: [SymbolicValue]) -> SwiftCode {
        var code: SwiftCode = "["
        for (index, value) in values.enumerated() { code = code + (index == 0 ? "\(value)" : ", \(value)") }
        return code + "]"
    }

    /// `, shown: [shown0, true, …]`: which children are laid out, read at run time (the hidden
    /// ones take no part in a LayoutRuntime loop); nothing when every child is.
    static func shownArgument(_ presences: [Presence<SymbolicFlag>]?) -> SwiftCode {
        guard let presences, !presences.isEmpty else { return "" }
        var flags: [SwiftCode] = []
        for presence in presences {
            if case .runtime(let flag) = presence { flags.append("\(flag.value)") } else { flags.append("true") }
        }
        return ", shown: [" + flags.dropFirst().reduce(flags[0]) { $0 + ", " + $1 } + "]"
    }

    /// On the pixel grid (`up`) when the code is given a scale (docs/format.md, "The pixel grid").
    mutating func fitContainer(width: SymbolicValue?, height: SymbolicValue?) {
        if let width { containerWidth = program.value("LayoutPixelGrid.up(\(width), \(scale))", form: .pinned, prefix: "fitted") }
        if let height { containerHeight = program.value("LayoutPixelGrid.up(\(height), \(scale))", form: .pinned, prefix: "fitted") }
    }

    func resolveFlexible(_ space: SymbolicValue, weights: [SymbolicValue], minimums: [SymbolicValue], maximums: [SymbolicValue],
                         presences: [Presence<SymbolicFlag>]?) -> [SymbolicValue] {
        let call: SwiftCode = "LayoutFlex.resolve(\(space), weights: \(Self.list(weights)), minimums: \(Self.list(minimums)), maximums: \(Self.list(maximums))"
        let sizes = program.value(call + Self.shownArgument(presences) + ")", type: "[Swift.Double]", form: .pinned, prefix: "flex")
        return weights.indices.map { program.value("\(sizes)[\($0)]", form: .inline) }
    }
}
