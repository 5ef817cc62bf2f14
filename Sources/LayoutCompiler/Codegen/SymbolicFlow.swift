import LayoutRuntimeCore

/// Flows in generated code: elements read in place (constants, file-level arrays, the dynamic
/// items' parameters) and LayoutRuntime's `LayoutFlow` called on them.
extension SymbolicLayout {
    /// How generated code reads a flow's elements: their number and a closure from element index
    /// to size, for `LayoutFlow`'s inlinable `measure(count:…)` and `place(count:…)`.
    struct FlowElements {
        var count: SwiftCode
        var size: SwiftCode
        /// Every element's size, where all have one: such a flow is measured by
        /// `LayoutFlow.measure(count:size:…)`, which breaks only its first and last lines.
        var alikeSize: Size?
        /// For a flow of static elements whose widths and spacing add up exactly
        /// (`addsUpExactly`): element i's offset (Σ widths before it + i × spacing) and height,
        /// for `LayoutFlow.measureLineEnds(count:…offset:height:)` and `place(count:…lineEnds:…)`.
        var offset: SwiftCode?
        var height: SwiftCode?
    }

    /// A `LayoutFlow.measure` result: a `(lines:height:)` local.
    struct FlowLines: FlowLinesValue {
        var measured: SymbolicValue
        var height: SymbolicValue
        /// The arguments by which `place` takes what `measured` kept of the lines: a
        /// `LayoutFlow.MeasuredLines`, or the `LayoutFlow.LineEnds` of a flow measured by offsets.
        var kept: SwiftCode?
    }

    /// An element index in a flow, as code: the static elements before it plus the dynamic
    /// items' element counts, whose sum is kept in a typed local (see `advance`).
    struct FlowOffset {
        var statics = 0
        var dynamics: SymbolicValue?

        var isZero: Bool { statics == 0 && dynamics == nil }

        var code: SwiftCode {
            guard let dynamics else { return "\(statics)" }
            return statics == 0 ? "\(dynamics)" : "\(statics) + \(dynamics)"
        }
    }

    /// Moves `offset` past a dynamic item. Each sum of counts is a typed local of its own: a long
    /// sum of `.count`s in one expression takes the type checker exponential time.
    func advance(_ offset: inout FlowOffset, pastDynamic parameter: SymbolicValue) {
        advance(&offset, by: "\(parameter).count")
    }

    func advance(_ offset: inout FlowOffset, by count: SwiftCode) {
        let sum: SwiftCode = offset.dynamics.map { "\($0) + " + count } ?? count
        offset.dynamics = program.value(sum, type: "Swift.Int", form: .pinned)
    }

    /// Moves `offset` past an item: its element count, known now or (a dynamic item, or an item
    /// shown only at run time) read then.
    func advance(_ offset: inout FlowOffset, past item: FlowItem) {
        let parameter = item.name.flatMap { dynamicParameters[$0] }
        if case .runtime(let flag) = presence(item) {
            let count: SwiftCode = parameter.map { "\($0).count" } ?? "\(item.count ?? 1)"
            advance(&offset, by: "(\(flag.value) ? " + count + " : 0)")
        } else if item.isDynamic {
            if let parameter { advance(&offset, pastDynamic: parameter) }
        } else {
            offset.statics += item.count ?? 1
        }
    }

    /// More runs than this and the elements are gathered into one array instead, so finding an
    /// element's size stays a few comparisons.
    static let maximumFlowRuns = 8

    /// The most frames of one flow placed in a stack buffer (32 bytes each: 8 KB), so that a
    /// generated initializer's frame stays small on any thread (iOS gives secondary threads
    /// 512 KB); larger flows place their frames in a heap array.
    static let maximumStackFrames = 256

    /// Whether every sum of consecutive `widths` with `spacing` between them is exactly the
    /// double it is on paper, whatever the order of the additions: all are multiples of 2^-16,
    /// not negative, and add up to less than 2^36 (so every sum fits in 52 bits). Then the sums
    /// the generator works out are the ones the runtime's loop would make, bit for bit.
    static func addsUpExactly(_ widths: [Double], spacing: Double) -> Bool {
        var total = 0.0
        for value in widths + [spacing] {
            guard value.isFinite, value >= 0, (value * 65536).rounded(.towardZero) == value * 65536 else { return false }
            total += value
        }
        return total + spacing * Double(widths.count) < 0x1p36
    }

    /// The most sizes a run of static items beside dynamic items reads as a constant each.
    static let maximumConstantGroups = 3

    /// Consecutive static items of one size, as (size, element count) in order.
    static func sizeGroups(_ items: [FlowItem]) -> [(size: Size, count: Int)] {
        var groups: [(size: Size, count: Int)] = []
        for item in items {
            if let last = groups.last, last.size == item.size {
                groups[groups.count - 1].count += item.count ?? 1
            } else {
                groups.append((item.size, item.count ?? 1))
            }
        }
        return groups
    }

    static func sizeLiteral(_ size: Size) -> String {
        "CGSize(width: \(SwiftSpelling.literal(size.width)), height: \(SwiftSpelling.literal(size.height)))"
    }

    /// The flow's items that may be laid out: an item absent in the width interval being
    /// written (`widthProbe`) is left out, as if it were not in the file.
    func presentItems(_ node: PlanNode) -> [FlowItem] {
        widthProbe == nil ? node.items : node.items.filter { !presence($0).isHidden }
    }

    /// The flow's elements as runs (static items in a row, or one dynamic item) read in place: a
    /// constant size for a run of alike elements (or, beside dynamic items, each of up to
    /// `maximumConstantGroups` sizes), a file-level constant array for other static runs, the
    /// parameter for a dynamic item. Nothing is allocated at run time, except for a
    /// flow of more than `maximumFlowRuns` runs, whose sizes are gathered into one array.
    mutating func flowElements(_ node: PlanNode) throws(LayoutError) -> FlowElements {
        if let known = flowSizes[node.id] { return known }
        enum Run { case statics([FlowItem]), dynamic(SymbolicValue) }
        var runs: [Run] = []
        let items = presentItems(node)
        for item in items {
            if item.isDynamic {
                if let name = item.name, let parameter = dynamicParameters[name] { runs.append(.dynamic(parameter)) }
            } else if case .statics(let items)? = runs.last {
                runs[runs.count - 1] = .statics(items + [item])
            } else {
                runs.append(.statics([item]))
            }
        }
        var position = FlowOffset()
        var elements: FlowElements
        // Items shown only at run time add their elements then: the elements are gathered.
        let optional = items.contains { item in
            if case .runtime = presence(item) { return true }
            return false
        }
        // §8.1: items whose sizes are parameters are read from the values given: gathered too.
        let parameterItems = plan.parameterUses.flowItem(ofFlow: node.id)
        if runs.count > Self.maximumFlowRuns || optional || parameterItems != nil {
            for case .dynamic(let parameter) in runs { advance(&position, pastDynamic: parameter) }
            for item in items where !item.isDynamic { position.statics += item.count ?? 1 }
            let total = position.code
            // Each present item with its index in `node.items` (its parameters' key).
            let indexed = node.items.indices.filter { widthProbe == nil || !presence(node.items[$0]).isHidden }
            var sizeCodes: [Int: SwiftCode] = [:]
            if parameterItems != nil {
                for index in indexed where !node.items[index].isDynamic {
                    if let size = itemSize(node, index) { sizeCodes[index] = "CGSize(width: \(size.width), height: \(size.height))" }
                }
            }
            let sizes = program.statementsValue(prefix: "sizes", type: "[CGSize]") { name in
                var lines: [SwiftCode] = ["var \(name): [CGSize] = []", "\(name).reserveCapacity(\(total))"]
                for index in indexed {
                    let item = node.items[index]
                    var append: SwiftCode
                    if item.isDynamic {
                        guard let itemName = item.name, let parameter = dynamicParameters[itemName] else { continue }
                        append = "\(name).append(contentsOf: \(parameter))"
                    } else {
                        let size = sizeCodes[index] ?? "\(Self.sizeLiteral(item.size))"
                        append = item.count.map { "\(name).append(contentsOf: Swift.repeatElement(" + size + ", count: \($0)))" }
                            ?? "\(name).append(" + size + ")"
                    }
                    if case .runtime(let flag) = presence(item) { append = "if \(flag.value) { " + append + " }" }
                    lines.append(append)
                }
                return lines
            }
            elements = FlowElements(count: "\(sizes).count", size: "{ \(sizes)[$0] }")
        } else {
            var branches: [(end: SwiftCode, value: SwiftCode)] = []
            var statics: (offset: SwiftCode, height: SwiftCode)?
            for (index, run) in runs.enumerated() {
                let offset: SwiftCode = position.isZero ? "" : " - (\(position.code))"
                switch run {
                case .dynamic(let parameter):
                    advance(&position, pastDynamic: parameter)
                    branches.append((position.code, "\(parameter)[i\(offset)]"))
                case .statics(let items):
                    let groups = Self.sizeGroups(items)
                    if runs.count > 1, groups.count <= Self.maximumConstantGroups {
                        // A few sizes beside dynamic items: a constant each, no array read (and
                        // no bounds check) an element.
                        for group in groups {
                            position.statics += group.count
                            branches.append((position.code, "\(Self.sizeLiteral(group.size))"))
                        }
                        continue
                    }
                    position.statics += items.reduce(0) { $0 + ($1.count ?? 1) }
                    if groups.count == 1 {
                        branches.append((position.code, "\(Self.sizeLiteral(items[0].size))"))
                    } else {
                        // Its items differ between width intervals where some have `when`: one constant per interval.
                        let interval = widthInterval.map { number in node.items.contains { $0.widthRange != nil } ? "interval\(number)_" : "" } ?? ""
                        let name = "_\(typeName)_\(interval)flow\(node.id)Sizes\(runs.count == 1 ? "" : String(index + 1))"
                        var lines = ["private let \(name): [CGSize] = {", "    var sizes: [CGSize] = []",
                                     "    sizes.reserveCapacity(\(items.reduce(0) { $0 + ($1.count ?? 1) }))"]
                        for item in items {
                            lines.append(item.count.map { "    sizes.append(contentsOf: Swift.repeatElement(\(Self.sizeLiteral(item.size)), count: \($0)))" }
                                         ?? "    sizes.append(\(Self.sizeLiteral(item.size)))")
                        }
                        lines += ["    return sizes", "}()"]
                        globals.append(lines.joined(separator: "\n"))
                        // Read through a local: each access to a global checks its lazy
                        // initialisation, once per element otherwise (20% of Player's time).
                        let local = program.value("\(name)", type: "[CGSize]", form: .pinned)
                        branches.append((position.code, "\(local)[i\(offset)]"))
                        let sizes = items.flatMap { Array(repeating: $0.size, count: $0.count ?? 1) }
                        if runs.count == 1, !isParameter(node, .spacing), Self.addsUpExactly(sizes.map(\.width), spacing: node.spacing.horizontal) {
                            // Each element's offset, worked out here: a line's width is then one
                            // subtraction at run time, not a sum kept element by element.
                            var sum = 0.0
                            var offsets: [Double] = []
                            for (index, size) in sizes.enumerated() {
                                offsets.append(sum + Double(index) * node.spacing.horizontal)
                                sum += size.width
                            }
                            offsets.append(sum + Double(sizes.count) * node.spacing.horizontal)
                            let offsetsName = "_\(typeName)_\(interval)flow\(node.id)Offsets"
                            globals.append("private let \(offsetsName): [Swift.Double] = [\(offsets.map(SwiftSpelling.literal).joined(separator: ", "))]")
                            let offsetsLocal = program.value("\(offsetsName)", type: "[Swift.Double]", form: .pinned)
                            statics = (offset: "{ \(offsetsLocal)[$0] }",
                                       height: sizes.allSatisfy { $0.height.bitPattern == sizes[0].height.bitPattern }
                                           ? "{ _ in \(SwiftSpelling.literal(sizes[0].height)) }" : "{ \(local)[$0].height }")
                        }
                    }
                }
            }
            var size: SwiftCode = "{ (i: Swift.Int) -> CGSize in "
            for (index, branch) in branches.enumerated() {
                size = size + (index == branches.count - 1
                    ? "return \(branch.value) }" : "if i < \(branch.end) { return \(branch.value) }; ")
            }
            elements = FlowElements(count: position.code, size: branches.isEmpty ? "{ _ in CGSize.zero }" : size)
            if runs.count == 1, case .statics(let items) = runs[0], Self.sizeGroups(items).count == 1 {
                elements.alikeSize = items[0].size
            }
            elements.offset = statics?.offset
            elements.height = statics?.height
        }
        flowSizes[node.id] = elements
        return elements
    }

    mutating func checkDynamicElementWidths(_ item: FlowItem, of node: PlanNode, innerWidth: SymbolicValue) throws(LayoutError) {
        guard let name = item.name, let parameter = dynamicParameters[name],
              program.isNewCheck("firstTooWide \(parameter.key) \(innerWidth.key)") else { return }
        let index = program.temporaryName("element")
        let message: SwiftCode = "LayoutMessages.tooWide(LayoutMessages.element(\(SwiftSpelling.string(name)), index: \(index)), Swift.Double(\(parameter)[\(index)].width), flow: \(SwiftSpelling.string(node.title)), \(innerWidth))"
        program.emit("if let \(index) = LayoutFlow.firstTooWide(\(parameter), width: \(innerWidth)) { throw \(outOfSpace(message, at: item.location)) }")
    }

    /// The lines at one width, measured once: measuring a fit height and laying out at the same
    /// width give the same lines.
    mutating func measureLines(_ node: PlanNode, _ elements: FlowElements, innerWidth: SymbolicValue) -> FlowLines {
        let key = "\(node.id) \(innerWidth.key)"
        if let known = flowLines[key] { return known }
        let spacing = spacingValue(node), lineSpacing = number(node.spacing.vertical, node, .spacingVertical)
        let lines: FlowLines
        if let size = elements.alikeSize {
            // Alike elements: one shared runtime function, which breaks only the first and last lines.
            let call: SwiftCode = "LayoutFlow.measure(count: \(elements.count), size: \(Self.sizeLiteral(size)), width: \(innerWidth), spacing: \(spacing), lineSpacing: \(lineSpacing))"
            let measured = program.value(call, type: "(lines: Swift.Int, height: Swift.Double)", form: .pinned, prefix: "lines")
            lines = FlowLines(measured: measured, height: program.value("\(measured).height", form: .inline))
        } else if let offset = elements.offset, let height = elements.height {
            // By the elements' offsets, where they add up exactly; where the lines end is kept
            // for placing them at this width (`placeFlow`), which then breaks none again.
            let arguments: SwiftCode = "offset: \(offset), height: \(height)"
            let call: SwiftCode = "LayoutFlow.measureLineEnds(count: \(elements.count), width: \(innerWidth), spacing: \(spacing), lineSpacing: \(lineSpacing), \(arguments))"
            let measured = program.value(call, type: "LayoutFlow.LineEnds", form: .pinned, prefix: "lines")
            lines = FlowLines(measured: measured, height: program.value("\(measured).height", form: .inline),
                              kept: "lineEnds: \(measured), \(arguments), ")
        } else {
            // The lines kept for placing at this width (`placeFlow`), which then breaks none again.
            let call: SwiftCode = "LayoutFlow.measureLines(count: \(elements.count), width: \(innerWidth), spacing: \(spacing), lineSpacing: \(lineSpacing), size: \(elements.size))"
            let measured = program.value(call, type: "LayoutFlow.MeasuredLines", form: .pinned, prefix: "lines")
            lines = FlowLines(measured: measured, height: program.value("\(measured).height", form: .inline), kept: "lines: \(measured), ")
        }
        flowLines[key] = lines
        return lines
    }

    mutating func placeFlow(_ node: PlanNode, _ elements: FlowElements, in inner: LayoutRect<SymbolicValue>, lines: FlowLines) {
        let spacing = spacingValue(node), lineSpacing = number(node.spacing.vertical, node, .spacingVertical)
        // Right to left, the runtime mirrors elements before making justified ones integral.
        let mirror: SwiftCode = "\(direction) == .rightToLeft ? \(containerWidth) : nil"
        // The lines measured at this width, which the runtime then need not break again.
        let kept: SwiftCode = lines.kept ?? ""
        let place: SwiftCode = "LayoutFlow.place(count: \(elements.count), x: \(inner.x), y: \(inner.y), width: \(inner.width), spacing: \(spacing), lineSpacing: \(lineSpacing), justified: \(String(node.justify)), mirroredIn: \(mirror), \(kept)size: \(elements.size)"
        let items = presentItems(node)
        let single: Bool
        if items.count == 1, case .shown = presence(items[0]) { single = true } else { single = false }
        if single, let name = items[0].name, let count = items[0].count, plan.parameterUses.flowItem(ofFlow: node.id) == nil {
            // Alike elements: one shared runtime function, not a specialisation per flow.
            let arguments: SwiftCode = "count: \(count), size: \(Self.sizeLiteral(items[0].size)), x: \(inner.x), y: \(inner.y), width: \(inner.width), spacing: \(spacing), lineSpacing: \(lineSpacing), justified: \(String(node.justify)), mirroredIn: \(mirror)"
            if let start = elementStart(name) {
                program.emit("LayoutFlow.place(\(arguments), into: \(start))")
            } else {
                program.emit("\(property(name)) = LayoutFlow.place(\(arguments))")
            }
            return
        }
        if single, let name = items[0].name, items[0].isDynamic {
            // The frames are the property's array, made in place.
            program.emit("""
                \(property(name)) = [CGRect](unsafeUninitializedCapacity: \(elements.count)) { frames, initialized in
                    \(place), frame: { frames.initializeElement(at: $0, to: $1) })
                    initialized = \(elements.count)
                }
                """)
            return
        }
        // Frames go to a temporary buffer (on the stack when small), then to the properties.
        var position = FlowOffset()
        var declarations: [SwiftCode] = []
        var copies: [SwiftCode] = []
        var body: [SwiftCode] = []
        for item in items {
            let first = position.code
            advance(&position, past: item)
            guard let name = item.name else { continue }
            if let start = elementStart(name), let count = item.count {
                // Straight to the item's place among the layout's elements.
                body.append("    for k in 0..<\(count) { \(start)[k] = frames[\(first) + k] }")
                continue
            }
            let isArray = item.count != nil || item.isDynamic
            let local = program.temporaryName(isArray ? "array" : "rect")
            declarations.append("var \(local): \(isArray ? "[CGRect] = []" : "CGRect = .zero")")
            let read: SwiftCode = isArray ? "\(local) = Swift.Array(frames[(\(first))..<(\(position.code))])" : "\(local) = frames[\(first)]"
            if case .runtime(let flag) = presence(item) {
                // A hidden item has no elements (and no frame).
                body.append("    if \(flag.value) { " + read + " }")
                // left alone where hidden: nil from the start, or another width variant's (§7.4)
                copies.append("if \(flag.value) { \(property(name)) = \(local) }")
            } else {
                body.append("    " + read)
                copies.append("\(property(name)) = \(local)")
            }
        }
        var statement: [SwiftCode] = declarations
        if position.dynamics == nil, position.statics > Self.maximumStackFrames {
            // A constant capacity puts the whole buffer in the function's stack frame, whatever
            // its size (a 250,000-element flow crashed with 8 MB of stack): a heap array instead.
            statement.append("do {")
            statement.append("    let frames = [CGRect](unsafeUninitializedCapacity: \(position.statics)) { buffer, initialized in")
            statement.append("        \(place), frame: { buffer.initializeElement(at: $0, to: $1) })")
            statement.append("        initialized = \(position.statics)")
            statement.append("    }")
        } else {
            // Small, or a count known only at run time (the runtime then checks the stack's room).
            statement.append("Swift.withUnsafeTemporaryAllocation(of: CGRect.self, capacity: \(elements.count)) { frames in")
            statement.append("    \(place), frame: { frames.initializeElement(at: $0, to: $1) })")
        }
        statement += body
        statement.append("}")
        statement += copies
        program.emit(statement.dropFirst().reduce(statement[0]) { $0 + "\n" + $1 })
    }
}
