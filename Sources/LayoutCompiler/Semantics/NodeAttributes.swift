/// A node's resolved sizes, insets and anchors.
///
/// Laid out for size, since every `PlanNode` holds one (issue 22: a 50 MB file's first compile
/// pays for each fresh page it touches): the eight-byte fields first, then each `AxisSize` (nine
/// bytes) with one-byte fields in what would be its padding, and what most nodes leave at its
/// default in two boxes made only for a node that has some (`rare`, `anchors`). 98 bytes; 160
/// with the bounds' box alone out of line.
public struct NodeAttributes: Sendable {
    public var padding: EdgeInsets = .zero
    /// Groups use `horizontal` alone: their one spacing along the main axis.
    public var spacing: (horizontal: Double, vertical: Double) = (0, 0)
    public var margin: Double = 0
    /// Bounds, aspect ratio, `shrink`, `when` and a wrap item's index: most nodes have none.
    private var rare: Box<RareValues>?
    /// Overlay children's anchors, kept out of line: most nodes have none, and six optional
    /// Doubles would otherwise cost every node 96 bytes.
    private var anchors: Box<AnchorValues>?
    public var width: AxisSize = .fill
    public var align: CrossAlignment = .leading
    public var justify = false
    public var safeArea = false
    /// `optional: true`: the node may be hidden at run time (docs/format.md §6.2).
    public var isOptional = false
    /// A content-sized item outside a flow (docs/format.md §6.1): `.fit` on each axis without an own size.
    public var isDynamic = false
    /// `dynamic: wrap` (§7.1, with `isDynamic`): its content size is a measure of the width offered.
    public var isWrap = false
    /// Whether any of the four bounds was given (stored: the walk asks it of every node it clamps).
    public private(set) var hasBounds = false
    public var height: AxisSize = .fill
    /// Stored apart from the box so that `canBeAbsent`, asked of every child, reads no box.
    private var hasWidthRange = false

    /// `when` (docs/format.md §7.4): the container widths at which the node is present; nil for all.
    public var widthRange: WidthRange? {
        get {
            // The flag first: the engine asks of every child it may hide, and nearly all have none.
            if _slowPath(hasWidthRange) { return boxedWidthRange }
            return nil
        }
        @inline(__always) set {
            // Every node sets it, nearly all to nil: no box and no call for that.
            if newValue == nil && rare == nil { return }
            setWidthRange(newValue)
        }
    }
    /// Out of line: the engine inlines `widthRange` into its loops over children, and the box's
    /// read there took registers from the common path (spills, issue 22).
    @inline(never)
    private var boxedWidthRange: WidthRange? { rare?.values.widthRange }

    /// `shrink` read from the box, out of line for the same reason (`PlanNode.shrink`).
    @inline(never)
    var boxedShrink: Double { rare?.values.shrink ?? 0 }

    private mutating func setWidthRange(_ range: WidthRange?) {
        updateRare { $0.widthRange = range }
        hasWidthRange = range != nil
    }
    /// Whether run time can leave the node out: `optional`, or `when`.
    public var canBeAbsent: Bool { isOptional || hasWidthRange }
    /// A wrap item's position in `LayoutPlan.wrapItemNames` (−1 for other nodes).
    public var wrapIndex: Int {
        get { rare?.values.wrapIndex ?? -1 }
        set { updateRare { $0.wrapIndex = newValue } }
    }
    /// `shrink` (§7.2): how much a fixed or fit child gives way; 0 when not given.
    public var shrink: Double {
        get { rare?.values.shrink ?? 0 }
        set {
            if newValue == 0 && rare == nil { return }
            updateRare { $0.shrink = newValue }
        }
    }

    /// `alignSelf` (§8.3): this child's cross alignment, over its group's `align`; nil when not given.
    public var alignSelf: CrossAlignment? {
        get { rare?.values.alignSelf }
        set {
            if newValue == nil && rare == nil { return }
            updateRare { $0.alignSelf = newValue }
        }
    }
    /// `spaceBefore` and `spaceAfter` (§8.4): empty space on the main axis around the child's
    /// slot; 0 when not given.
    public var spaceBefore: Double {
        get { rare?.values.spaceBefore ?? 0 }
        set {
            if newValue == 0 && rare == nil { return }
            updateRare { $0.spaceBefore = newValue }
        }
    }
    public var spaceAfter: Double {
        get { rare?.values.spaceAfter ?? 0 }
        set {
            if newValue == 0 && rare == nil { return }
            updateRare { $0.spaceAfter = newValue }
        }
    }

    /// docs/format.md §6.4 bounds: 0 and +∞ when not given.
    public var minWidth: Double {
        get { rare?.values.minWidth ?? 0 }
        set { updateRare { $0.minWidth = newValue; $0.hasBounds = true } }
    }
    public var maxWidth: Double {
        get { rare?.values.maxWidth ?? .infinity }
        set { updateRare { $0.maxWidth = newValue; $0.hasBounds = true } }
    }
    public var minHeight: Double {
        get { rare?.values.minHeight ?? 0 }
        set { updateRare { $0.minHeight = newValue; $0.hasBounds = true } }
    }
    public var maxHeight: Double {
        get { rare?.values.maxHeight ?? .infinity }
        set { updateRare { $0.maxHeight = newValue; $0.hasBounds = true } }
    }
    /// docs/format.md §6.5: width ÷ height, deriving one axis from the other.
    public var aspect: Double? {
        get { rare?.values.aspect }
        set { updateRare { $0.aspect = newValue } }
    }

    private mutating func updateRare(_ change: (inout RareValues) -> Void) {
        hasBounds = Box.update(&rare, default: RareValues(), change).hasBounds
    }

    struct RareValues {
        var minWidth = 0.0
        var maxWidth = Double.infinity
        var minHeight = 0.0
        var maxHeight = Double.infinity
        var shrink = 0.0
        var spaceBefore = 0.0
        var spaceAfter = 0.0
        var alignSelf: CrossAlignment?
        var wrapIndex = -1
        var aspect: Double?
        var widthRange: WidthRange?
        var hasBounds = false
    }

    /// Values most nodes leave at their defaults, out of line. Changed only while uniquely
    /// referenced (`update`), so sharing it is safe; its field unchecked so that the engine's
    /// reads are not run-time exclusivity checks.
    final class Box<Values>: @unchecked Sendable {
        @exclusivity(unchecked) var values: Values

        init(_ values: Values) {
            self.values = values
        }

        /// Applies `change` to the box's values (to `initial` where there is no box yet), and
        /// returns them. A box held by this value alone is changed in place: a node with several
        /// of the fields allocates one box, not one per key.
        @discardableResult
        static func update(_ box: inout Box?, default initial: @autoclosure () -> Values, _ change: (inout Values) -> Void) -> Values {
            if isKnownUniquelyReferenced(&box), let box {
                change(&box.values)
                return box.values
            }
            var values = box?.values ?? initial()
            change(&values)
            box = Box(values)
            return values
        }
    }

    /// Overlay children's anchors (`center: true` arrives as both centres 0).
    public var leading: Double? {
        get { anchors?.values.leading }
        set { updateAnchors { $0.leading = newValue } }
    }
    public var trailing: Double? {
        get { anchors?.values.trailing }
        set { updateAnchors { $0.trailing = newValue } }
    }
    public var centerX: Double? {
        get { anchors?.values.centerX }
        set { updateAnchors { $0.centerX = newValue } }
    }
    public var top: Double? {
        get { anchors?.values.top }
        set { updateAnchors { $0.top = newValue } }
    }
    public var bottom: Double? {
        get { anchors?.values.bottom }
        set { updateAnchors { $0.bottom = newValue } }
    }
    public var centerY: Double? {
        get { anchors?.values.centerY }
        set { updateAnchors { $0.centerY = newValue } }
    }

    private mutating func updateAnchors(_ change: (inout AnchorValues) -> Void) {
        Box.update(&anchors, default: AnchorValues(), change)
    }

    struct AnchorValues {
        var leading: Double?
        var trailing: Double?
        var centerX: Double?
        var top: Double?
        var bottom: Double?
        var centerY: Double?
    }

    public init(kind: NodeKind) {
        if kind == .flow {
            spacing = (10, 10)  // docs/format.md §2: a flow's spacing defaults to 10 × 10
        }
    }
}
