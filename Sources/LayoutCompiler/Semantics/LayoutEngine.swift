#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutRuntimeCore

/// Computes frames (docs/format.md §4) for a validated layout at one container size: the layout
/// walk interpreted with Doubles (`LayoutRun`).
///
/// One pass over the tree, parents before children. `fit` sizes are measured on demand and
/// cached per node (a width depends on nothing outside the node; a height on its width only),
/// so nested fit groups stay linear instead of being measured again at every level.
public struct LayoutEngine {
    /// What a layout is computed for.
    public struct Environment: Sendable {
        public var size: Size
        public var safeArea: EdgeInsets
        /// Element sizes of dynamic flow items, by item name; a dynamic item outside a flow takes
        /// the first as its content size (docs/format.md §6.1).
        public var dynamicSizes: [String: [Size]]
        /// Names of the optional nodes to hide (§6.2).
        public var hidden: Set<String>
        /// Right to left mirrors every frame in the container (§6.3).
        public var direction: LayoutDirection
        /// The flags of `when` that are on (docs/format.md §8.7); every other flag is off.
        public var flags: Set<String>
        /// The measures of `dynamic: wrap` items, by item name (docs/format.md §7.1): a content
        /// size for an offered width (`.infinity`: unconstrained). The CLI's is a `LayoutTextModel`.
        public var measures: [String: Measure] {
            didSet { measureTable = MeasureTable(measures) }
        }
        /// The same in boxes, looked up once per plan: a function read out of a dictionary is
        /// wrapped in a new thunk on every read, and a name is hashed on every lookup.
        var measureTable: MeasureTable
        /// Pixels per point (docs/format.md, "The pixel grid"): content sizes, measures and a
        /// fitted container go up to the grid, every frame's edges to the nearest grid line.
        /// Nil: no grid, frames as computed.
        public var scale: Double?

        public init(size: Size, safeArea: EdgeInsets = .zero, dynamicSizes: [String: [Size]] = [:],
                    hidden: Set<String> = [], direction: LayoutDirection = .leftToRight, measures: [String: Measure] = [:],
                    flags: Set<String> = [], scale: Double? = nil) {
            self.scale = scale
            self.size = size
            self.safeArea = safeArea
            self.dynamicSizes = dynamicSizes
            self.hidden = hidden
            self.direction = direction
            self.measures = measures
            self.measureTable = MeasureTable(measures)
            self.flags = flags
        }
    }

    /// A wrap item's measure: its content size at an offered width. It must be a pure function
    /// of the width; the engine calls it at most once per width in one layout.
    public typealias Measure = @Sendable (Double) -> LayoutSize

    /// A layout's frames and the container size they were computed in: the given one, or with
    /// `fit` (docs/format.md §7.3) the fitted one.
    public struct Computed: Sendable {
        public var frames: [Frame]
        public var size: Size
    }

    /// A named node's frame in root coordinates; array elements are named `name[i]`.
    public struct Frame: Hashable, Sendable {
        public var name: String
        public var kind: NodeKind
        public var rect: Rect
    }

    /// The frames of every named node in depth-first document order, or the first
    /// size-dependent error.
    public static func frames(for plan: LayoutPlan, in environment: Environment) -> Result<[Frame], LayoutError> {
        layout(plan, in: environment).map(\.frames)
    }

    /// The frames and the container size: what `frames(for:in:)` gives, and the size a layout
    /// with `fit` measured.
    public static func layout(_ plan: LayoutPlan, in environment: Environment) -> Result<Computed, LayoutError> {
        var failure: LayoutError?
        var size = environment.size
        var overflow: [Frame] = []
        // The walk runs inside the table's initializer, writing each frame in place
        // (`FrameTableWriter`); the initialized count is what it wrote, even when it failed.
        var frames = [Frame](unsafeUninitializedCapacity: plan.frameCount.value(for: plan.root)) { storage, initialized in
            var run = LayoutRun(plan: plan, environment: environment, sink: FrameTableWriter(writingInto: storage))
            do throws(LayoutError) {
                try run.layoutRoot()
            } catch {
                failure = error
            }
            initialized = run.sink.count
            overflow = run.sink.overflow
            size = run.environment.size
            if failure == nil, let scale = environment.scale {
                FrameTableWriter.align(storage, count: initialized, &overflow, scale: scale)
            }
        }
        if let failure { return .failure(failure) }
        if !overflow.isEmpty { frames.append(contentsOf: overflow) }
        return .success(Computed(frames: frames, size: size))
    }
}

/// The layout walk with Doubles: one computation's state, its frames going to `sink`.
///
/// A class: the walk calls its non-mutating operations (`add`, `check`, …) on `self` for every
/// node, and a struct of this size would be copied for each call. One computation runs on one
/// thread, so its properties need no run-time exclusivity checks.
final class LayoutRun<Sink: FrameSink>: LayoutDomain {
    typealias Value = Double
    typealias Environment = LayoutEngine.Environment

    let plan: LayoutPlan
    /// The given environment; a layout's `fit` replaces the fitted sizes (NaN until measured).
    @exclusivity(unchecked) var environment: Environment
    @exclusivity(unchecked) var sink: Sink
    /// The pixel grid's scale, nil without one.
    let scale: Double?
    /// Wrap items' measures by `wrapIndex` (nil: not given), shared by every layout of the plan,
    /// and the sizes they gave in this one (each is called at most once per width): a flat
    /// buffer, so that a measurement found there costs a comparison or two.
    let wrapMeasures: [MeasureBox?]
    let wrapSizes: UnsafeMutablePointer<LayoutWrapCache>
    /// The widths past a cache's inline slots, by `wrapIndex` (a layout rarely has any).
    @exclusivity(unchecked) var wrapOverflow: [Int: LayoutWrapOverflow] = [:]
    @exclusivity(unchecked) var safeAreaCache: LayoutRect<Double>?
    /// Measured fit widths by node id (NaN: not measured yet). Nil until the first is stored:
    /// most layouts measure nothing, and three Doubles per node, filled and freed on every
    /// layout, cost more than the rest of the run's setting up. Buffers of `plan.nodeCount`
    /// (freed by `deinit`), not arrays: an array's store checked its uniqueness at every
    /// measurement (storing an overlay's fit height, docs/format.md §8.5, took some 60 of the
    /// 330 instructions its measuring cost).
    @exclusivity(unchecked) var fitWidths: UnsafeMutablePointer<Double>?
    /// The last width each node's height was measured at (the first `plan.nodeCount`, by id)
    /// and that height (the next `plan.nodeCount`); nil until the first is stored. Only the
    /// widths start as NaN: a height is read only where its width was stored with it.
    @exclusivity(unchecked) var fitHeights: UnsafeMutablePointer<Double>?
    /// Arrays given back by groups laid out, kept for the next ones (one per nesting level at most).
    @exclusivity(unchecked) var spareSlots = SpareArrays<GroupSlot<Double>>()
    @exclusivity(unchecked) var spareRects = SpareArrays<LayoutRect<Double>>()
    @exclusivity(unchecked) var spareShrinking: [ShrinkingChildren<Double, Never>] = []

    init(plan: LayoutPlan, environment: Environment, sink: Sink) {
        self.plan = plan
        self.environment = environment
        if let fit = plan.fit {
            // Not known until measured: an error meanwhile names the size given on the other axis.
            if fit.fitsWidth { self.environment.size.width = .nan }
            if fit.fitsHeight { self.environment.size.height = .nan }
        }
        self.sink = sink
        scale = environment.scale
        var measures = plan.wrapItemNames.isEmpty ? [] : environment.measureTable.boxes(for: plan)
        if let scale {
            // The run-time inputs on the grid once, before anything reads them (§8.2 step 1).
            self.environment.dynamicSizes = environment.dynamicSizes.mapValues { sizes in
                sizes.map { Size(width: LayoutPixelGrid.up($0.width, scale: scale), height: LayoutPixelGrid.up($0.height, scale: scale)) }
            }
            measures = measures.map { box in
                box.map { box in
                    let function = box.function
                    return MeasureBox { width in LayoutPixelGrid.measured(function(width), offered: width, scale: scale) }
                }
            }
        }
        wrapMeasures = measures
        wrapSizes = .allocate(capacity: wrapMeasures.count)
        wrapSizes.initialize(repeating: LayoutWrapCache(), count: wrapMeasures.count)
    }

    deinit {
        wrapSizes.deinitialize(count: wrapMeasures.count)
        wrapSizes.deallocate()
        fitWidths?.deallocate()
        fitHeights?.deallocate()
    }

    // MARK: Arithmetic

    @inline(__always) func constant(_ value: Double) -> Double { value }
    @inline(__always) func add(_ a: Double, _ b: Double) -> Double { a + b }
    @inline(__always) func sub(_ a: Double, _ b: Double) -> Double { a - b }
    @inline(__always) func mul(_ a: Double, _ b: Double) -> Double { a * b }
    @inline(__always) func div(_ a: Double, _ b: Double) -> Double { a / b }
    @inline(__always) func maximum(_ a: Double, _ b: Double) -> Double { max(a, b) }
    @inline(__always) func minimum(_ a: Double, _ b: Double) -> Double { min(a, b) }

    /// The plan's numbers are the values this compile resolved (the defaults, or `--param`'s).
    @inline(__always) func parameterValue(_ node: PlanNode, _ field: ParameterField) -> Double? { nil }
    @inline(__always) var hasParameters: Bool { false }
    @inline(__always) func positive(_ value: Double) -> Never? { nil }
    @inline(__always) func itemSize(_ flow: PlanNode, _ index: Int) -> (width: Double, height: Double)? { nil }

    var containerWidth: Double { environment.size.width }
    var containerHeight: Double { environment.size.height }
    var safeAreaInsets: LayoutEdges<Double> {
        let insets = environment.safeArea
        return LayoutEdges(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)
    }

    // MARK: Checks

    func holds(_ condition: LayoutCondition<Double>) -> Bool {
        switch condition {
        case .notFits(let needed, let available): return !Tolerance.fits(needed, in: available)
        case .negative(let value): return Tolerance.isNegative(value)
        case .notFinite(let rect): return !LayoutTolerance.isFinite(rect.x, rect.y, rect.width, rect.height)
        case .either(let a, let b): return holds(a) || holds(b)
        }
    }

    /// The condition is a literal at every call: inlined, its case is known and only its test is
    /// left (a call of `holds` per check cost some 20 instructions a node).
    @inline(__always)
    func mayHold(_ condition: LayoutCondition<Double>) -> Bool {
        if case .notFits(let needed, let available) = condition { return !Tolerance.fits(needed, in: available) }
        return holds(condition)
    }

    @inline(__always)
    func check(_ condition: LayoutCondition<Double>, _ failure: @autoclosure () -> LayoutFailure<LayoutRun>) throws(LayoutError) {
        let holds: Bool
        switch condition {
        case .notFits(let needed, let available): holds = !Tolerance.fits(needed, in: available)
        case .negative(let value): holds = Tolerance.isNegative(value)
        case .notFinite(let rect): holds = !LayoutTolerance.isFinite(rect.x, rect.y, rect.width, rect.height)
        case .either: holds = self.holds(condition)
        }
        if _slowPath(holds) { try fail(failure()) }
    }

    func fail(_ failure: LayoutFailure<LayoutRun>) throws(LayoutError) -> Never {
        throw error(failure)
    }

    /// The failure as the engine reports it: the message's numbers filled in, the size named.
    func error(_ failure: LayoutFailure<LayoutRun>) -> LayoutError {
        let message: String
        switch failure.reason {
        case .needs(let node, let needed, let available, let what): message = LayoutMessages.needs(node.title, needed, available, what.text)
        case .margin(let node, let margin, let slot, let child): message = LayoutMessages.margin(node.title, margin, slot, child: child.title)
        case .safeArea(let node, let needed, let available): message = LayoutMessages.safeArea(node.title, needed, available)
        case .pinned(let child, let overlay): message = LayoutMessages.pinned(child.title, overlay: overlay.title)
        case .insets(let node, let needed, let extent, let axis): message = LayoutMessages.insets(node.title, needed, extent, axis: axis.extent)
        case .flowHeight(let node, let needed, let available, let lines):
            message = LayoutMessages.flowHeight(node.title, needed, available, lines: lines.lines)
        case .tooWide(let item, let width, let flow, let available):
            message = LayoutMessages.tooWide(LayoutMessages.element(item.name, index: item.count == nil ? nil : 0), width, flow: flow.title, available)
        case .incomplete(let reason):
            return LayoutError(code: .itemIncomplete, message: reason.message, location: failure.location)
        case .noWidthToWrap(let node, let offered):
            message = LayoutMessages.noWidthToWrap(node.title, offered)
        case .notFinite(let node, let rect):
            message = LayoutMessages.notFinite(node.title, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        }
        var error = outOfSpace(at: failure.location, message)
        if case .needs(let node, _, _, .total) = failure.reason { error.fix = DiagnosticMessages.groupOutOfSpaceFix(node) }
        return error
    }

    func outOfSpace(at location: SourceLocation, _ message: String) -> LayoutError {
        LayoutError(code: .outOfSpace, text: message, containerSize: environment.size, location: location)
    }

    // MARK: Run-time inputs

    /// Hidden by `--hide` (§6.2), absent at this container width (§7.4: the width as given,
    /// before safe-area insets), or by its flags (§8.7).
    @inline(__always)
    func isHidden(_ node: PlanNode) -> Bool {
        if let range = node.widthRange, !range.contains(environment.size.width) { return true }
        if let condition = node.flagCondition, !condition.holds(environment.flags) { return true }
        return node.isOptional && !environment.hidden.isEmpty && environment.hidden.contains(node.name ?? "")
    }

    @inline(__always)
    func isHidden(_ item: FlowItem) -> Bool {
        if let range = item.widthRange, !range.contains(environment.size.width) { return true }
        if let condition = item.flagCondition, !condition.holds(environment.flags) { return true }
        return item.isOptional && !environment.hidden.isEmpty && environment.hidden.contains(item.name ?? "")
    }

    /// The engine knows what is hidden: a node is shown or hidden, never decided later.
    typealias Flag = Never

    @inline(__always)
    func presence(_ node: PlanNode) -> Presence<Never> { isHidden(node) ? .hidden : .shown }

    @inline(__always)
    func presence(_ item: FlowItem) -> Presence<Never> { isHidden(item) ? .hidden : .shown }

    func select(_ flag: Never, _ value: Double, otherwise: Double) -> Double {}
    func any(_ first: Never, _ rest: [Never]) -> Never {}
    func when(_ flag: Never, _ body: (inout LayoutRun) throws(LayoutError) -> Void) throws(LayoutError) {}

    func contentSize(_ node: PlanNode) throws(LayoutError) -> (width: Double, height: Double) {
        guard let name = node.name, let size = environment.dynamicSizes[name]?.first else {
            var error = LayoutError(code: .itemIncomplete, message: IncompleteReason.noContentSize(node).message, location: node.location)
            error.missingSizesOf = node.name
            error.isContentSize = true
            throw error
        }
        return (size.width, size.height)
    }

    func resolveFlexible(_ space: Double, weights: [Double], minimums: [Double], maximums: [Double],
                         presences: [Presence<Never>]?) -> [Double] {
        LayoutFlex.resolve(space, weights: weights, minimums: minimums, maximums: maximums)
    }

    func measureWrap(_ node: PlanNode, width: Double?) throws(LayoutError) -> (width: Double, height: Double) {
        let index = node.attributes.wrapIndex
        let offered = width ?? .infinity
        if let known = wrapSizes[index].known(offered) { return (known.width, known.height) }
        guard let measure = wrapMeasures[index]?.function else {
            var error = LayoutError(code: .itemIncomplete, message: IncompleteReason.noMeasure(node).message, location: node.location)
            error.missingSizesOf = node.name
            error.isMeasure = true
            throw error
        }
        if _slowPath(offered <= 0), wrapSizes[index].hasNoWidth(offered, measure: measure) {
            try fail(LayoutFailure(.noWidthToWrap(node, offered: offered), at: node.location))
        }
        let size: LayoutSize
        if _slowPath(wrapSizes[index].isFull) {
            size = wrapSizes[index].size(at: offered) { wrapOverflow[index, default: LayoutWrapOverflow()].size(at: $0, measure: measure) }
        } else {
            size = wrapSizes[index].size(at: offered, measure: measure)
        }
        return (size.width, size.height)
    }

    func resolveShrink(_ deficit: Double, _ shrinking: inout ShrinkingChildren<Double, Never>, extent: Double) {
        LayoutShrink.resolve(deficit, count: shrinking.count, bases: shrinking.bases, factors: shrinking.factors, floors: shrinking.floors,
                             extent: extent, sizes: &shrinking.sizes, frozen: &shrinking.frozen)
    }

    func emptyShrinking() -> ShrinkingChildren<Double, Never> { spareShrinking.popLast() ?? ShrinkingChildren() }

    func recycle(_ shrinking: consuming ShrinkingChildren<Double, Never>) {
        guard spareShrinking.count < SpareArrays<ShrinkingChildren<Double, Never>>.capacity else { return }
        shrinking.removeAll()
        spareShrinking.append(shrinking)
    }

    func fitContainer(width: Double?, height: Double?) {
        if let width { environment.size.width = LayoutPixelGrid.up(width, scale) }
        if let height { environment.size.height = LayoutPixelGrid.up(height, scale) }
    }

    // MARK: Frames

    @inline(__always)
    func frame(_ node: PlanNode, _ rect: LayoutRect<Double>) {
        sink.node(node, aligned(mirrored(Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height))))
    }

    /// The frame's edges on the pixel grid, when there is one (§8.2 step 3: after mirroring and
    /// justified rounding, so applied to each frame as it is handed on, in root coordinates).
    @inline(__always)
    func aligned(_ rect: Rect) -> Rect {
        guard let scale, !Sink.alignsAfterWalk else { return rect }
        return LayoutPixelGrid.aligned(rect, scale: scale)
    }

    /// The frame as the direction places it: right to left mirrors it in the container.
    @inline(__always)
    func mirrored(_ rect: Rect) -> Rect {
        guard environment.direction == .rightToLeft else { return rect }
        var result = rect
        result.x = LayoutDirection.mirrored(x: rect.x, width: rect.width, in: environment.size.width)
        return result
    }

    // MARK: Buffers

    /// The array given back last, as its group left it when it has `count` slots (the caller
    /// fills it through its buffer: filling it here checked its uniqueness once more a group).
    @inline(__always)  // a call per group, now that it is this small
    func slots(_ count: Int, filledWith slot: GroupSlot<Double>) -> [GroupSlot<Double>] {
        var slots = spareSlots.pop()
        if slots.count != count { Self.refill(&slots, count, with: slot) }
        return slots
    }

    func recycle(_ slots: consuming [GroupSlot<Double>]) {
        spareSlots.push(slots)
    }

    /// The same for rects.
    @inline(__always)  // a call per group, now that it is this small
    func rects(_ count: Int, filledWith rect: LayoutRect<Double>) -> [LayoutRect<Double>] {
        var rects = spareRects.pop()
        if rects.count != count { Self.refill(&rects, count, with: rect) }
        return rects
    }

    func recycle(_ rects: consuming [LayoutRect<Double>]) {
        spareRects.push(rects)
    }

    /// `array` made `count` copies of `value`, for an array given back with another count (an
    /// array of the count asked is handed back as it is: sibling groups mostly have as many
    /// children, and a nesting level reuses the same array). Out of line, so that the usual
    /// case stays small. Emptying cost more than the rest of a group's buffers
    /// (`removeAll(keepingCapacity:)` goes through `replaceSubrange`), and
    /// `append(contentsOf:)` more than appending one by one (a new array past the spares, in a
    /// deep chain, took the generic path).
    @inline(never)
    static func refill<Element>(_ array: inout [Element], _ count: Int, with value: Element) {
        if !array.isEmpty { array.removeAll(keepingCapacity: true) }
        array.reserveCapacity(count)
        for _ in 0..<count { array.append(value) }
    }

    // MARK: Caches

    // Every node of the plan has an id below `plan.nodeCount`; the tests of `id` keep a node of
    // another plan from reading or writing past the buffers all the same.

    func cachedFitWidth(_ node: PlanNode) -> Double? {
        guard let fitWidths, node.id >= 0, node.id < plan.nodeCount else { return nil }
        let cached = fitWidths[node.id]
        return cached.isNaN ? nil : cached
    }

    func storeFitWidth(_ node: PlanNode, _ width: Double) {
        guard node.id >= 0, node.id < plan.nodeCount else { return }
        let widths = fitWidths ?? Self.filledWithNaN(plan.nodeCount, capacity: plan.nodeCount)
        fitWidths = widths
        widths[node.id] = width
    }

    func cachedFitHeight(_ node: PlanNode, width: Double) -> Double? {
        guard let fitHeights, node.id >= 0, node.id < plan.nodeCount else { return nil }
        return fitHeights[node.id] == width ? fitHeights[plan.nodeCount &+ node.id] : nil
    }

    @inline(__always)  // one call site in the walk; the buffer's making stays out of line
    func storeFitHeight(_ node: PlanNode, width: Double, _ height: Double) {
        guard node.id >= 0, node.id < plan.nodeCount else { return }
        let heights = fitHeights ?? Self.filledWithNaN(plan.nodeCount, capacity: 2 * plan.nodeCount)
        fitHeights = heights
        heights[node.id] = width
        heights[plan.nodeCount &+ node.id] = height
    }

    /// A buffer of `capacity` Doubles whose first `count` are NaN (nothing measured), for
    /// `deinit` to free.
    @inline(never)
    static func filledWithNaN(_ count: Int, capacity: Int) -> UnsafeMutablePointer<Double> {
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
        buffer.initialize(repeating: .nan, count: count)
        return buffer
    }
}

extension LayoutRun where Sink == FrameList {
    /// A computation that keeps the named frames.
    convenience init(plan: LayoutPlan, environment: Environment) {
        self.init(plan: plan, environment: environment, sink: FrameList())
    }

    /// The named frames so far: all of them once `layoutRoot()` returned.
    var frames: [LayoutEngine.Frame] { sink.frames }
}
