import LayoutRuntimeCore

/// What the layout walk computes with.
///
/// The rules of docs/format.md §4 are written once, as extensions of this protocol
/// (`GroupLayout`, `FlowLayout`, `OverlayLayout`, `FitMeasurement`). Two domains interpret them:
/// - `LayoutRun` (`Value == Double`): the engine. A failed check throws its `LayoutError`.
/// - `SymbolicLayout` (a value is a constant or a Swift expression): the code generator. A check
///   that cannot be decided now becomes `if _slowPath(…) { throw … }` in the generated code.
///
/// A domain supplies the arithmetic, the checks, where frames go, and the few steps that call a
/// LayoutRuntime routine (a flow's line breaking); the walk decides everything else.
protocol LayoutDomain {
    associatedtype Value
    /// A flow's elements, as the domain reads them.
    associatedtype FlowElements
    /// The result of breaking a flow's elements into lines at one width.
    associatedtype FlowLines: FlowLinesValue where FlowLines.Value == Value
    /// Whether an optional node is shown, where that is known only at run time (`Never` in the
    /// engine, which knows).
    associatedtype Flag

    var plan: LayoutPlan { get }

    // MARK: Arithmetic, in exactly this order and no other (frames are bit-identical across domains)

    func constant(_ value: Double) -> Value
    func add(_ a: Value, _ b: Value) -> Value
    func sub(_ a: Value, _ b: Value) -> Value
    func mul(_ a: Value, _ b: Value) -> Value
    func div(_ a: Value, _ b: Value) -> Value
    func maximum(_ a: Value, _ b: Value) -> Value
    func minimum(_ a: Value, _ b: Value) -> Value

    // MARK: Inputs

    /// The value of the parameter that gave `field` of `node` (docs/format.md §8.1), nil where
    /// the number was written in the file: the engine's is always nil (it reads the plan's
    /// numbers, resolved with the values given), the generator's the argument's local.
    func parameterValue(_ node: PlanNode, _ field: ParameterField) -> Value?
    /// Whether `parameterValue` can be other than nil (false in the engine).
    var hasParameters: Bool { get }
    /// The size of a static flow item's elements where a parameter gave it (the validator
    /// derives an aspect side from the plan's numbers; this again from the values), nil where the
    /// plan's `size` holds (always in the engine).
    func itemSize(_ flow: PlanNode, _ index: Int) -> (width: Value, height: Value)?
    /// A flag that holds where `value` is above 0, for a structure a parameter's value decides
    /// at run time (nil in the engine, which decides it from the plan's number).
    func positive(_ value: Value) -> Flag?

    /// The container's size.
    var containerWidth: Value { get }
    var containerHeight: Value { get }
    /// The safe-area insets the layout is computed with.
    var safeAreaInsets: LayoutEdges<Value> { get }
    /// The container inset by the safe area, once computed and checked.
    var safeAreaCache: LayoutRect<Value>? { get set }

    // MARK: Checks

    /// Throws (or makes the generated code throw) `failure` when `condition` holds. The failure
    /// is made only then: a check runs for every node, a failure rarely.
    func check(_ condition: LayoutCondition<Value>, _ failure: @autoclosure () -> LayoutFailure<Self>) throws(LayoutError)
    /// Whether `condition` may hold: false only where it is known not to (the engine knows every
    /// value; generated code only its constants). Lets the walk skip work that would change nothing.
    func mayHold(_ condition: LayoutCondition<Value>) -> Bool
    /// `failure` happens whatever the sizes: reported now (the engine) or thrown unconditionally
    /// (generated code, which stops there).
    mutating func fail(_ failure: LayoutFailure<Self>) throws(LayoutError) -> Never

    // MARK: Run-time inputs of docs/format.md §6

    /// Whether a node is laid out: known now (the engine), or only at run time (generated code's
    /// `Bool` parameter of an optional node).
    func presence(_ node: PlanNode) -> Presence<Flag>
    /// Whether a flow item's elements are laid out.
    func presence(_ item: FlowItem) -> Presence<Flag>
    /// `value` where `flag` holds, `otherwise` elsewhere.
    func select(_ flag: Flag, _ value: Value, otherwise: Value) -> Value
    /// A flag that holds where any of these does.
    func any(_ first: Flag, _ rest: [Flag]) -> Flag
    /// Runs `body` where `flag` holds: its checks, failures and frames happen only there. Its
    /// values may be read after it (the walk selects them by the same flag).
    mutating func when(_ flag: Flag, _ body: (inout Self) throws(LayoutError) -> Void) throws(LayoutError)
    /// A dynamic item's content size (§6.1); not given is `itemIncomplete` at the item.
    mutating func contentSize(_ node: PlanNode) throws(LayoutError) -> (width: Value, height: Value)
    /// A wrap item's content size at `width` (§7.1; nil: unconstrained, its natural size), its
    /// measure called at most once per width. No measure given is `itemIncomplete` at the item;
    /// a width of 0 or less where the natural width is more than 1e-9 is `outOfSpace` there.
    mutating func measureWrap(_ node: PlanNode, width: Value?) throws(LayoutError) -> (width: Value, height: Value)
    /// Shrinkable children's main sizes (into `shrinking.sizes`) when their group is `deficit`
    /// short (§7.2's loop, LayoutRuntime's `LayoutShrink`).
    mutating func resolveShrink(_ deficit: Value, _ shrinking: inout ShrinkingChildren<Value, Flag>, extent: Value)
    /// The container's size once a layout's `fit` (§7.3) has measured it: nil keeps an axis.
    mutating func fitContainer(width: Value?, height: Value?)
    /// Flexible children's slots under bounds (§6.4's freeze loop, LayoutRuntime's `LayoutFlex`).
    /// `presences` is nil when every child given is laid out; else one per child (shown or run time).
    mutating func resolveFlexible(_ space: Value, weights: [Value], minimums: [Value], maximums: [Value],
                                  presences: [Presence<Flag>]?) -> [Value]

    // MARK: Frames

    /// A node's frame, parents before children (named or not: the domain picks what it keeps).
    mutating func frame(_ node: PlanNode, _ rect: LayoutRect<Value>)

    // MARK: Buffers a group's layout needs while its children are laid out

    /// `count` slots to write over: copies of `slot`, or what the last group left in them (the
    /// engine reuses the arrays given back, so that laying out a group allocates nothing, and
    /// one of the same count is handed back as it is). The caller fills them.
    mutating func slots(_ count: Int, filledWith slot: GroupSlot<Value>) -> [GroupSlot<Value>]
    mutating func recycle(_ slots: consuming [GroupSlot<Value>])
    /// `count` rects to write over, the same way.
    mutating func rects(_ count: Int, filledWith rect: LayoutRect<Value>) -> [LayoutRect<Value>]
    mutating func recycle(_ rects: consuming [LayoutRect<Value>])
    mutating func emptyShrinking() -> ShrinkingChildren<Value, Flag>
    mutating func recycle(_ shrinking: consuming ShrinkingChildren<Value, Flag>)

    // MARK: Caches of fit measurements (pure functions of node and width)

    mutating func cachedFitWidth(_ node: PlanNode) -> Value?
    mutating func storeFitWidth(_ node: PlanNode, _ width: Value)
    mutating func cachedFitHeight(_ node: PlanNode, width: Value) -> Value?
    mutating func storeFitHeight(_ node: PlanNode, width: Value, _ height: Value)

    // MARK: Flows (LayoutRuntime's `LayoutFlow`)

    /// The flow's elements in order; a dynamic item without sizes is `itemIncomplete`.
    mutating func flowElements(_ node: PlanNode) throws(LayoutError) -> FlowElements
    /// The first element of a dynamic item wider than `innerWidth` is `outOfSpace` at the item.
    mutating func checkDynamicElementWidths(_ item: FlowItem, of node: PlanNode, innerWidth: Value) throws(LayoutError)
    /// Breaks the elements into lines at `innerWidth` (after the width checks).
    mutating func measureLines(_ node: PlanNode, _ elements: FlowElements, innerWidth: Value) -> FlowLines
    /// Places the elements in `inner` and hands the frames of named items on.
    mutating func placeFlow(_ node: PlanNode, _ elements: FlowElements, in inner: LayoutRect<Value>, lines: FlowLines)

    // MARK: Structure (generated code splits large layouts into functions here)

    /// Lays out a group's children in the rects computed for them, in order (hidden ones not).
    mutating func layoutChildren(of node: PlanNode, in rects: [LayoutRect<Value>]) throws(LayoutError)
    /// Lays out one overlay child in its rect.
    mutating func layoutOverlayChild(_ child: PlanNode, in rect: LayoutRect<Value>) throws(LayoutError)
}

extension LayoutDomain {
    mutating func slots(_ count: Int, filledWith slot: GroupSlot<Value>) -> [GroupSlot<Value>] {
        Array(repeating: slot, count: count)
    }
    mutating func recycle(_ slots: consuming [GroupSlot<Value>]) {}
    mutating func rects(_ count: Int, filledWith rect: LayoutRect<Value>) -> [LayoutRect<Value>] {
        Array(repeating: rect, count: count)
    }
    mutating func recycle(_ rects: consuming [LayoutRect<Value>]) {}
    mutating func emptyShrinking() -> ShrinkingChildren<Value, Flag> { ShrinkingChildren() }
    mutating func recycle(_ shrinking: consuming ShrinkingChildren<Value, Flag>) {}

    mutating func layoutChildren(of node: PlanNode, in rects: [LayoutRect<Value>]) throws(LayoutError) {
        try node.forEachChild { (index, child) throws(LayoutError) in
            guard index < rects.count else { return }
            let rect = rects[index]
            // Shown without asking when the group has no optional child (asking read each child's `when`).
            try whenPresent(presence(of: child, in: node)) { (layout: inout Self) throws(LayoutError) in try layout.layout(child, in: rect, placedByGroup: true) }
        }
    }

    mutating func layoutOverlayChild(_ child: PlanNode, in rect: LayoutRect<Value>) throws(LayoutError) {
        try layout(child, in: rect)
    }
}

/// Whether a node (or flow item) is laid out (docs/format.md §6.2).
enum Presence<Flag> {
    case shown
    case hidden
    /// Shown where the flag holds, at run time.
    case runtime(Flag)

    var isHidden: Bool {
        if case .hidden = self { return true }
        return false
    }
}

extension LayoutDomain {
    /// Runs `body` where the node is laid out: now, never, or under its flag.
    @inline(__always)
    mutating func whenPresent(_ presence: Presence<Flag>, _ body: (inout Self) throws(LayoutError) -> Void) throws(LayoutError) {
        switch presence {
        case .shown: try body(&self)
        case .hidden: return
        case .runtime(let flag): try when(flag, body)
        }
    }

    /// A child's presence in its group: shown without asking when the group has no optional
    /// child (the walk asks for every child).
    @inline(__always)
    func presence(of child: PlanNode, in group: PlanNode) -> Presence<Flag> {
        group.hasOptionalChildren ? presence(child) : .shown
    }

    /// `body`'s value where the node is laid out (its checks hold only there), 0 elsewhere.
    @inline(__always)
    mutating func measured(_ presence: Presence<Flag>, _ body: (inout Self) throws(LayoutError) -> Value) throws(LayoutError) -> Value {
        switch presence {
        case .shown: return try body(&self)
        case .hidden: return constant(0)
        case .runtime(let flag):
            var result = constant(0)
            try when(flag) { (domain: inout Self) throws(LayoutError) in result = try body(&domain) }
            return result
        }
    }

    /// `value` where the node is laid out, 0 where it is hidden: what it adds to a sum.
    @inline(__always)
    func counted(_ presence: Presence<Flag>, _ value: Value) -> Value {
        switch presence {
        case .shown: return value
        case .hidden: return constant(0)
        case .runtime(let flag): return select(flag, value, otherwise: constant(0))
        }
    }

    /// `padding + spacing × (n − 1)` for the n children laid out (§6.2: a hidden child is not
    /// counted, so it brings no spacing), plus their own spaces (§8.4's `spaceBefore` and
    /// `spaceAfter`, which go with a hidden child too): what a group's main axis spends besides
    /// its children's slots.
    @inline(__always)
    func spacingOfShown(_ node: PlanNode, padding: Value? = nil) -> Value {
        // Inlined for its common case: a call per group was ~30 instructions (issue 22).
        guard node.hasOptionalChildren || hasChildSpaces(node) else {
            // Without padding, `spacing × (n − 1)` alone: never −0, so 0 + it is the same bits.
            let spacing = mul(spacingValue(node), constant(Double(max(node.children.count - 1, 0))))
            guard let padding else { return spacing }
            return add(padding, spacing)
        }
        // The engine's group with spaced children and none optional: a small function of its
        // own (the general one, with its presences, sets up a large frame for every group).
        if !node.hasOptionalChildren && !hasParameters { return spacingWithSpaces(node, padding: padding ?? constant(0)) }
        return spacingOfShownWithOptional(node, padding: padding ?? constant(0))
    }

    /// `spacingOfShown` where every child is laid out and every space is the plan's number (no
    /// parameter): the same operations in the same order as `spacingOfShownWithOptional`.
    func spacingWithSpaces(_ node: PlanNode, padding: Value) -> Value {
        var total = add(padding, mul(spacingValue(node), constant(Double(max(node.children.count - 1, 0)))))
        node.forEachChild { child in
            let before = child.spaceBefore, after = child.spaceAfter
            if before + after != 0 { total = add(total, add(constant(before), constant(after))) }
        }
        return total
    }

    /// `spacingOfShown` of a node with an optional or spaced child: counted child by child.
    func spacingOfShownWithOptional(_ node: PlanNode, padding: Value) -> Value {
        let spacing = spacingValue(node)
        var total: Value
        if !node.hasOptionalChildren {
            // Every child is laid out (a group with spaced children and no optional one, §8.4):
            // the count is the children's, as the loop below would find it.
            total = add(padding, mul(spacing, constant(Double(max(node.children.count - 1, 0)))))
        } else {
            var certain = 0
            var flags: [Flag] = []
            node.forEachChild { child in
                switch presence(of: child, in: node) {
                case .shown: certain += 1
                case .hidden: return
                case .runtime(let flag): flags.append(flag)
                }
            }
            if flags.isEmpty {
                total = add(padding, mul(spacing, constant(Double(max(certain - 1, 0)))))
            } else {
                // The count is a whole number of Doubles: the same bits as the engine's Int count.
                var count = constant(Double(certain))
                for flag in flags { count = add(count, select(flag, constant(1), otherwise: constant(0))) }
                total = add(padding, mul(spacing, maximum(sub(count, constant(1)), constant(0))))
            }
        }
        guard hasChildSpaces(node) else { return total }
        // Child by child in order, a hidden child's as 0 (adding 0 keeps the bits): the engine
        // and generated code add the same numbers in the same order. The children are borrowed
        // (`forEachChild`), not retained one by one.
        node.forEachChild { child in
            let before = child.spaceBefore, after = child.spaceAfter
            if before + after == 0 && !isParameter(child, .spaceBefore) && !isParameter(child, .spaceAfter) { return }
            let value = add(number(before, child, .spaceBefore), number(after, child, .spaceAfter))
            total = add(total, counted(presence(of: child, in: node), value))
        }
        return total
    }
}

/// What a flow's line breaking gives the walk.
protocol FlowLinesValue {
    associatedtype Value
    /// The stacked height of the lines, without padding.
    var height: Value { get }
}

/// x, y, width and height in a domain's values.
struct LayoutRect<Value> {
    var x: Value
    var y: Value
    var width: Value
    var height: Value
}

/// Top, leading, bottom and trailing in a domain's values.
struct LayoutEdges<Value> {
    var top: Value
    var leading: Value
    var bottom: Value
    var trailing: Value
}

/// A condition under which a size-dependent error is thrown.
enum LayoutCondition<Value> {
    /// `!LayoutTolerance.fits(needed, in: available)`.
    case notFits(Value, Value)
    /// `LayoutTolerance.isNegative(value)`.
    case negative(Value)
    /// Some value of the frame is not finite (docs/format.md §4).
    case notFinite(LayoutRect<Value>)
    /// Either holds.
    indirect case either(LayoutCondition<Value>, LayoutCondition<Value>)
}

/// A size-dependent error, its message's parts still in the domain's values. Each reason is one
/// text of LayoutRuntime's `LayoutMessages` (`outOfSpace`) or of `DiagnosticMessages`
/// (`itemIncomplete`), so the engine and generated code say the same thing. Nodes, not their
/// titles, are kept: a failure is made for every check, and titles are strings.
struct LayoutFailure<Domain: LayoutDomain> {
    enum Reason {
        /// "T needs N pt[ what] but has A pt".
        case needs(PlanNode, needed: Domain.Value, available: Domain.Value, what: NeedsDetail)
        /// A slot smaller than the group's margin.
        case margin(PlanNode, margin: Domain.Value, slot: Domain.Value, child: PlanNode)
        /// A safe area of negative size.
        case safeArea(PlanNode, needed: Domain.Value, available: Domain.Value)
        /// An overlay child whose reference rect and the safe area do not meet.
        case pinned(PlanNode, overlay: PlanNode)
        /// Two anchors that leave a negative size.
        case insets(PlanNode, needed: Domain.Value, extent: Domain.Value, axis: Axis)
        /// A flow whose lines are taller than its frame.
        case flowHeight(PlanNode, needed: Domain.Value, available: Domain.Value, lines: Domain.FlowLines)
        /// A static flow item's elements wider than its flow.
        case tooWide(FlowItem, width: Domain.Value, flow: PlanNode, available: Domain.Value)
        /// `itemIncomplete`.
        case incomplete(IncompleteReason)
        /// A wrap item offered no width for its text (§7.1).
        case noWidthToWrap(PlanNode, offered: Domain.Value)
        /// A frame holding a value that is not finite (§4).
        case notFinite(PlanNode, LayoutRect<Domain.Value>)
    }

    var reason: Reason
    var location: SourceLocation

    init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }
}

enum Axis {
    case horizontal, vertical

    /// "width" or "height".
    var extent: String { self == .horizontal ? "width" : "height" }
}

/// What a node needs more of, in a `needs` message.
enum NeedsDetail {
    case total
    case padding(Axis)
    /// The cross size of one child.
    case cross(Axis, child: PlanNode)

    /// " of horizontal padding", " of height for item 'x'", or nothing.
    var text: String {
        switch self {
        case .total: return ""
        case .padding(let axis): return " of \(axis == .horizontal ? "horizontal" : "vertical") padding"
        case .cross(let axis, let child): return " of \(axis.extent) for \(child.title)"
        }
    }
}

/// Why a size could not be found (`itemIncomplete`), as `DiagnosticMessages` words it.
enum IncompleteReason {
    case widthChild(PlanNode, child: PlanNode)
    case widthNoChild(PlanNode)
    case heightChild(PlanNode, child: PlanNode)
    case heightNoChild(PlanNode)
    case noContent(PlanNode, Axis)
    case noPosition(PlanNode, Axis)
    /// An hgroup measuring its width cannot count an aspect child whose height is no number.
    case aspectWidth(PlanNode)
    /// An hgroup measuring its height cannot count an aspect child whose height fills.
    case aspectHeight(PlanNode)
    /// An overlay measuring that axis has no child that sizes it (§8.5).
    case noSizingChild(PlanNode, Axis)
    /// An overlay measuring its width cannot count an aspect child whose height comes from anchors.
    case overlayAspectWidth(PlanNode)
    /// A dynamic item whose content size was not given.
    case noContentSize(PlanNode)
    /// A wrap item whose measure was not given.
    case noMeasure(PlanNode)

    var message: String {
        switch self {
        case .widthChild(let node, let child): return DiagnosticMessages.cannotMeasureWidth(node.title, child: child.title)
        case .widthNoChild(let node): return DiagnosticMessages.cannotMeasureWidthNoChild(node.title)
        case .heightChild(let node, let child): return DiagnosticMessages.cannotMeasureHeight(node.title, child: child.title)
        case .heightNoChild(let node): return DiagnosticMessages.cannotMeasureHeightNoChild(node.title)
        case .noContent(let node, let axis): return DiagnosticMessages.noContent(node.title, axis: axis.extent)
        case .noPosition(let node, let axis): return DiagnosticMessages.noPosition(node.title, axis: axis.extent)
        case .aspectWidth(let node): return DiagnosticMessages.aspectWidth(node.title)
        case .aspectHeight(let node): return DiagnosticMessages.aspectHeight(node.title)
        case .noSizingChild(let node, let axis): return DiagnosticMessages.noSizingChild(node.title, horizontal: axis == .horizontal)
        case .overlayAspectWidth(let node): return DiagnosticMessages.overlayAspectWidth(node.title)
        case .noContentSize(let node): return DiagnosticMessages.noContentSize(node.name, advice: InputAdvice.inFile.contentSize(node.name ?? ""))
        case .noMeasure(let node): return DiagnosticMessages.noMeasure(node.name, advice: InputAdvice.inFile.measure(node.name ?? ""))
        }
    }
}
