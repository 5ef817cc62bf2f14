/// A validated layout, resolved into what the engine needs: every size decided from the node's
/// context (percent and flexible on the parent's main axis, fill elsewhere), defaults applied.
public struct LayoutPlan: Sendable {
    public var name: String
    /// Where the `layout` key is.
    public var location: SourceLocation
    public var defaultSize: Size?
    public var defaultSafeArea: EdgeInsets?
    public var root: PlanNode
    /// Number of plan nodes, for the engine's per-node caches (ids are 0..<nodeCount).
    public var nodeCount: Int
    /// Names of the dynamic flow items, whose sizes come at run time.
    public var dynamicItemNames: [String]
}

/// How a node is sized along one axis.
public enum AxisSize: Hashable, Sendable {
    case fixed(Double)
    case fit
    /// Share of the parent group's free main-axis space (0 … 100).
    case percent(Double)
    /// Weighted share of what the fixed, fit and percent siblings leave.
    case flexible(Double)
    /// Not given: fills what the parent offers.
    case fill

    var isFixedOrFit: Bool {
        switch self {
        case .fixed, .fit: return true
        default: return false
        }
    }
}

public enum CrossAlignment: String, Hashable, Sendable {
    case leading, center, trailing
}

public final class PlanNode: @unchecked Sendable {
    public let kind: NodeKind
    public let name: String?
    public let location: SourceLocation
    /// Position in depth-first order, for the engine's caches.
    public let id: Int
    public var width: AxisSize = .fill
    public var height: AxisSize = .fill
    public var padding: EdgeInsets = .zero
    /// Groups use `horizontal` alone: their one spacing along the main axis.
    public var spacing: (horizontal: Double, vertical: Double) = (0, 0)
    public var margin: Double = 0
    public var align: CrossAlignment = .leading
    public var justify = false
    /// Overlay children's anchors (`center: true` arrives as both centres 0).
    public var leading: Double?
    public var trailing: Double?
    public var centerX: Double?
    public var top: Double?
    public var bottom: Double?
    public var centerY: Double?
    public var safeArea = false
    public var children: [PlanNode] = []
    public var items: [FlowItem] = []

    init(kind: NodeKind, name: String?, location: SourceLocation, id: Int) {
        self.kind = kind
        self.name = name
        self.location = location
        self.id = id
    }

    /// "hgroup 'footer'", or "hgroup" for an anonymous one: how messages name a node.
    public var title: String {
        name.map { "\(kind.rawValue) '\($0)'" } ?? kind.rawValue
    }
}

/// One entry of a flow's `items`: a single element, an array of `count` elements, or a dynamic
/// item whose element sizes come at run time.
public struct FlowItem: Sendable {
    public var name: String?
    public var location: SourceLocation
    public var size: Size
    /// nil for a single element (named `name`), else elements `name[0]` … `name[count-1]`.
    public var count: Int?
    public var isDynamic: Bool

    public init(name: String?, location: SourceLocation, size: Size, count: Int?, isDynamic: Bool) {
        self.name = name
        self.location = location
        self.size = size
        self.count = count
        self.isDynamic = isDynamic
    }
}
