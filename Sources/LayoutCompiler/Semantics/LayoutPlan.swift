#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutRuntimeCore

/// A validated layout, resolved into what the engine needs: every size decided from the node's
/// context (percent and flexible on the parent's main axis, fill elsewhere), defaults applied.
extension LayoutPlan {
    /// The named items that can be hidden at run time: optional, or inside an optional node.
    public var hideableItemNames: Set<String> {
        var names: Set<String> = []
        func walk(_ node: PlanNode, hidden: Bool) {
            let hideable = hidden || node.attributes.canBeAbsent
            if hideable, node.kind == .item, let name = node.name { names.insert(name) }
            for child in node.children { walk(child, hidden: hideable) }
        }
        walk(root, hidden: false)
        return names
    }
}

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
    /// Names of the dynamic items outside flows (one content size each, docs/format.md §6.1), in
    /// document order.
    public var contentItemNames: [String] = []
    /// Names of the optional nodes, flow items included (docs/format.md §6.2), in document order.
    public var optionalNames: [String] = []
    /// Names of the `dynamic: wrap` items (docs/format.md §7.1), in document order: each takes a
    /// measure, a function of the width it is offered.
    public var wrapItemNames: [String] = []
    /// The container sizes the layout computes (docs/format.md §7.3), nil when both are given.
    public var fit: LayoutFit?
    /// The flags of `when` (docs/format.md §8.7) in the order of first use: run-time booleans,
    /// off unless turned on.
    public var flagNames: [String] = []
    /// The layout's parameters (docs/format.md §8.1) in the order of definition: numbers the app
    /// gives at run time. The plan's numbers hold the values this compile resolved (the
    /// defaults, or the values given with `--param`).
    public var parameters: [LayoutParameter] = []
    /// Which of the plan's numbers a parameter gave, and the checks that read them: what
    /// generated code takes as arguments and checks again (the engine reads neither).
    public var parameterUses = PlanParameters()
    /// The engine's frame-table size, counted at the plan's first layout (`PlanFrameCount`).
    let frameCount = PlanFrameCount()
}

/// One of a layout's `parameters` (docs/format.md §8.1).
public struct LayoutParameter: Hashable, Sendable {
    public var name: String
    /// The number written in the file.
    public var defaultValue: Double
    /// The value this compile resolved `$name` to: the default, or the value given at run time.
    public var value: Double
    /// Where the name is defined.
    public var location: SourceLocation

    public init(name: String, defaultValue: Double, value: Double, location: SourceLocation) {
        self.name = name
        self.defaultValue = defaultValue
        self.value = value
        self.location = location
    }
}

/// A layout's `fit` (docs/format.md §7.3): which container sizes are outputs.
public enum LayoutFit: String, CaseIterable, Hashable, Sendable {
    case height, width, both

    /// Whether the container's width is computed.
    public var fitsWidth: Bool { self != .height }
    /// Whether the container's height is computed.
    public var fitsHeight: Bool { self != .width }
    /// "height", "width", or "width and height".
    var axisName: String { self == .both ? "width and height" : rawValue }
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

/// A node of a validated layout. Immutable, so the engine reads it without exclusivity checks.
///
/// Its fields are declared in this order for size, as `NodeAttributes`' are: the one-byte
/// fields fill the attributes' last bytes, and with `fixedElements` a reference and `aspect` its
/// bits without an optional's tag the object is 184 bytes, glibc's 192-byte block (276 and 288
/// before; issue 22: a 50 MB file has some 500,000 of them, each on fresh pages).
public final class PlanNode: @unchecked Sendable {
    public let attributes: NodeAttributes
    public let kind: NodeKind
    /// Kept apart from `attributes` (read out of line there): the engine asks for every child.
    public let hasBounds: Bool
    /// Whether any child may be hidden, or has bounds or an aspect ratio: groups without either
    /// take the plain path of docs/format.md §4.2.
    let hasOptionalChildren: Bool
    let hasLimitedChildren: Bool
    /// `shrink > 0` and `alignSelf` of this node (their values are in the attributes' box),
    /// whether its children shrink or have their own spaces, and which axes of an overlay it
    /// sizes: one byte.
    let flags: PlanNodeFlags
    public let name: String?
    public let location: SourceLocation
    /// Position in depth-first order, for the engine's caches.
    public let id: Int
    public let children: [PlanNode]
    public let items: [FlowItem]
    /// A flow's elements when every item's are known now (no dynamic or optional item), made
    /// once for every size the layout is computed at.
    let fixedElements: FixedFlowElements?
    /// `attributes.aspect`'s bits, 0 for none (the validator allows only ratios above 0): an
    /// optional Double here would cost the object 16 bytes more. Bits, not a Double, so that the
    /// engine's test of every child is one compare with memory (a Double's went through a
    /// vector register: four instructions, where the optional's tag took two).
    private let aspectBits: UInt64

    init(kind: NodeKind, name: String?, location: SourceLocation, id: Int, attributes: NodeAttributes,
         children: [PlanNode] = [], items: [FlowItem] = []) {
        self.hasBounds = attributes.hasBounds
        self.aspectBits = attributes.aspect?.bitPattern ?? 0
        var flags: PlanNodeFlags = []
        if attributes.shrink > 0 { flags.insert(.shrinks) }
        if attributes.alignSelf != nil { flags.insert(.alignsSelf) }
        if Self.sizesOverlay(kind, attributes, horizontally: true) { flags.insert(.sizesOverlayWidth) }
        if Self.sizesOverlay(kind, attributes, horizontally: false) { flags.insert(.sizesOverlayHeight) }
        // One pass over the children for the three flags (three `contains` walked them three
        // times, retaining each child, issue 22).
        var hasOptionalChildren = false, hasLimitedChildren = false, hasShrinkingChildren = false, hasSpacedChildren = false
        children.withUnsafeBufferPointer { children in
            for child in children {
                hasOptionalChildren = hasOptionalChildren || child.attributes.canBeAbsent
                hasLimitedChildren = hasLimitedChildren || child.hasBounds || child.aspect != nil
                hasShrinkingChildren = hasShrinkingChildren || child.flags.contains(.shrinks)
                hasSpacedChildren = hasSpacedChildren || child.attributes.spaceBefore != 0 || child.attributes.spaceAfter != 0
            }
        }
        self.hasOptionalChildren = hasOptionalChildren
        self.hasLimitedChildren = hasLimitedChildren
        if hasShrinkingChildren { flags.insert(.hasShrinkingChildren) }
        if hasSpacedChildren { flags.insert(.hasSpacedChildren) }
        self.flags = flags
        self.kind = kind
        self.name = name
        self.location = location
        self.id = id
        self.attributes = attributes
        self.children = children
        self.items = items
        self.fixedElements = kind == .flow ? FixedFlowElements(items) : nil
    }

    /// docs/format.md §6.5: width ÷ height, deriving one axis from the other.
    public var aspect: Double? { aspectBits != 0 ? Double(bitPattern: aspectBits) : nil }
    public var width: AxisSize { attributes.width }
    public var height: AxisSize { attributes.height }
    public var padding: EdgeInsets { attributes.padding }
    public var spacing: (horizontal: Double, vertical: Double) { attributes.spacing }
    public var margin: Double { attributes.margin }
    public var align: CrossAlignment { attributes.align }
    public var justify: Bool { attributes.justify }
    public var leading: Double? { attributes.leading }
    public var trailing: Double? { attributes.trailing }
    public var centerX: Double? { attributes.centerX }
    public var top: Double? { attributes.top }
    public var bottom: Double? { attributes.bottom }
    public var centerY: Double? { attributes.centerY }
    public var safeArea: Bool { attributes.safeArea }
    public var minWidth: Double { attributes.minWidth }
    public var maxWidth: Double { attributes.maxWidth }
    public var minHeight: Double { attributes.minHeight }
    public var maxHeight: Double { attributes.maxHeight }
    public var isOptional: Bool { attributes.isOptional }
    public var widthRange: WidthRange? { attributes.widthRange }
    /// `when`'s flags (§8.7); nil when it names none.
    public var flagCondition: FlagCondition? { attributes.flagCondition }
    public var isDynamic: Bool { attributes.isDynamic }
    /// `dynamic: wrap` (§7.1).
    public var isWrap: Bool { attributes.isWrap }
    /// Whether any child has `shrink > 0` (§7.2): other groups never run the shrink loop.
    var hasShrinkingChildren: Bool { flags.contains(.hasShrinkingChildren) }
    /// Whether any child has `spaceBefore` or `spaceAfter` (§8.4): other groups never read them.
    var hasSpacedChildren: Bool { flags.contains(.hasSpacedChildren) }
    public var shrink: Double {
        if _slowPath(flags.contains(.shrinks)) { return attributes.boxedShrink }
        return 0
    }
    /// §8.3: the child's own cross alignment, nil for its group's `align`.
    public var alignSelf: CrossAlignment? {
        if _slowPath(flags.contains(.alignsSelf)) { return attributes.alignSelf }
        return nil
    }
    /// §8.4: the child's own space before and after its slot on its group's main axis.
    public var spaceBefore: Double { attributes.spaceBefore }
    public var spaceAfter: Double { attributes.spaceAfter }

    /// "hgroup 'footer'", or "hgroup" for an anonymous one: how messages name a node.
    public var title: String { Self.title(kind: kind, name: name) }

    static func title(kind: NodeKind, name: String?) -> String {
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
    /// `optional: true`: the item may be hidden at run time (docs/format.md §6.2).
    public var isOptional: Bool
    /// `when` (docs/format.md §7.4): the container widths at which the item is present; nil for all.
    public var widthRange: WidthRange?
    /// `when`'s flags (docs/format.md §8.7); nil when it names none.
    public var flagCondition: FlagCondition?
    /// Whether run time can leave the item out: `optional`, or `when`.
    public var canBeAbsent: Bool { isOptional || widthRange != nil || flagCondition != nil }

    public init(name: String?, location: SourceLocation, size: Size, count: Int?, isDynamic: Bool, isOptional: Bool = false) {
        self.name = name
        self.location = location
        self.size = size
        self.count = count
        self.isDynamic = isDynamic
        self.isOptional = isOptional
    }
}

/// The elements of a flow whose items are all static: their sizes, where each item's start
/// (`starts.last` is the count), and each element's name in the frame table (`chip[3]`, nil
/// for an anonymous item's; no names past `maximumNamed` elements, which are named when
/// their frames are made). A class, so that a plan node holds one reference (8 bytes, not 24:
/// most nodes are no flows).
final class FixedFlowElements: Sendable {
    let sizes: [LayoutSize]
    let starts: [Int]
    let names: [String?]?

    static let maximumNamed = 4096

    init?(_ items: [FlowItem]) {
        // Through the buffer, reading each item's fields in place: `contains(where:)` and `for …
        // in` copied every item (retaining its name) three times over (issue 22).
        guard let (sizes, starts, names) = items.withUnsafeBufferPointer(Self.elements) else { return nil }
        self.sizes = sizes
        self.starts = starts
        self.names = names
    }

    private static func elements(_ items: UnsafeBufferPointer<FlowItem>) -> ([LayoutSize], [Int], [String?]?)? {
        for index in items.indices where items[index].isDynamic || items[index].isOptional || items[index].widthRange != nil
            || items[index].flagCondition != nil {
            return nil
        }
        // Counted before anything is allocated: past the limit the validator refuses the layout
        // (invalidValue), and the elements must not be made on the way there.
        var total = 0
        for index in items.indices {
            total += items[index].count ?? 1
            if total > Validator.maximumElements { return nil }
        }
        var sizes: [LayoutSize] = []
        sizes.reserveCapacity(total)
        var starts: [Int] = []  // not `[0]`: that was a second allocation before the reserve
        starts.reserveCapacity(items.count + 1)
        starts.append(0)
        for index in items.indices {
            sizes.append(contentsOf: repeatElement(items[index].size, count: items[index].count ?? 1))
            starts.append(sizes.count)
        }
        var names: [String?]?
        if sizes.count <= maximumNamed {
            var list: [String?] = []
            list.reserveCapacity(sizes.count)
            for index in items.indices {
                guard let count = items[index].count else {
                    list.append(items[index].name)
                    continue
                }
                guard let name = items[index].name else {
                    list.append(contentsOf: repeatElement(nil, count: count))
                    continue
                }
                for element in 0..<count { list.append(FlowElementName.of(name, index: element)) }
            }
            names = list
        }
        return (sizes, starts, names)
    }
}
