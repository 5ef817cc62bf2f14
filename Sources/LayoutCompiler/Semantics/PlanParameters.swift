/// Which numbers of a plan a parameter gave (docs/format.md §8.1), and the checks that read
/// them: what the code generator needs to take those numbers as arguments instead of folding
/// them. A side table on the plan, not a field of every node: the engine never reads it (its
/// walk reads the plan's plain Doubles, which hold the values this compile resolved).
public struct PlanParameters: Sendable {
    /// The parameter's index (in `LayoutPlan.parameters`) by node id and field.
    private var indexes: [Int: Int] = [:]
    /// A flow's static items whose size or aspect a parameter gave, by the flow's node id: the
    /// parameters of each such item, by its index in the flow's `items`.
    private(set) var flowItems: [Int: [Int: FlowItemParameters]] = [:]
    /// The checks of the validator that read a parameter's value, in the order it made them:
    /// generated code runs them again with the values given (§8.1, "Checks").
    public internal(set) var checks: [ParameterCheck] = []

    public init() {}

    public var isEmpty: Bool { indexes.isEmpty && checks.isEmpty }

    /// The parameter that gave `field` of node `id`, nil for a number written in the file.
    public subscript(node id: Int, field field: ParameterField) -> Int? {
        indexes.isEmpty ? nil : indexes[id &* ParameterField.count &+ field.rawValue]
    }

    mutating func record(node id: Int, field: ParameterField, parameter: Int) {
        indexes[id &* ParameterField.count &+ field.rawValue] = parameter
    }

    mutating func recordFlowItem(_ item: FlowItemParameters, at index: Int, inFlow id: Int) {
        flowItems[id, default: [:]][index] = item
    }

    /// The parameters of a flow's items by index, nil where no item's size is a parameter.
    public func flowItem(ofFlow id: Int) -> [Int: FlowItemParameters]? {
        flowItems.isEmpty ? nil : flowItems[id]
    }

    /// The parameters of a flow's item, nil where its size is the file's numbers.
    public func flowItem(_ index: Int, inFlow id: Int) -> FlowItemParameters? {
        flowItems.isEmpty ? nil : flowItems[id]?[index]
    }
}

/// The parameters that gave a static flow item's size (docs/format.md §8.1): its width, height
/// and aspect ratio, and which side the ratio derives (the validator derives it once, when the
/// plan is made; generated code again from the values given).
public struct FlowItemParameters: Hashable, Sendable {
    public var width: Int?
    public var height: Int?
    public var aspect: Int?
    /// With an aspect ratio (`ratio`, the plan's): the height is the width ÷ the ratio (true), or
    /// the width the height × it.
    public var ratio: Double?
    public var derivesHeight = false

    public var isEmpty: Bool { width == nil && height == nil && aspect == nil }
}

/// A number of a node that a parameter may give: one per number the walk reads.
public enum ParameterField: Int, CaseIterable, Sendable {
    case width, height, percent, flexible
    case paddingTop, paddingLeading, paddingBottom, paddingTrailing
    /// A group's spacing, or a flow's horizontal spacing; `spacingVertical` a flow's line spacing.
    case spacing, spacingVertical
    case margin
    case leading, trailing, centerX, top, bottom, centerY
    case minWidth, maxWidth, minHeight, maxHeight
    case aspect, shrink, spaceBefore, spaceAfter

    static let count = allCases.count
}

/// One validator check that read a parameter (docs/format.md §8.1): generated code runs it
/// again with the values given and throws the static check's code at its place. The message
/// is the static one, with the value given where the static one wrote its number
/// (`messageParts` around it).
public struct ParameterCheck: Sendable {
    /// A number of the check: a parameter's value, or a number written in the file.
    public enum Operand: Hashable, Sendable {
        case parameter(Int)
        case constant(Double)
    }

    public enum Condition: Sendable {
        /// Not finite, negative (unless allowed) or above `limit` in magnitude (`checked`).
        case notFinite(Operand)
        case negative(Operand)
        case tooLarge(Operand, limit: Double)
        /// `flexible: 0` (`flexibleZero`).
        case notPositive(Operand)
        /// `aspect`: 0, or below the smallest ratio.
        case zero(Operand)
        case below(Operand, limit: Double)
        /// `min > max` of one axis.
        case greater(Operand, than: Operand)
        /// Σ percent of a group's children above 100 (+1e-9), added in order.
        case sumAbove([Operand], limit: Double)
    }

    public var condition: Condition
    public var code: DiagnosticCode
    public var location: SourceLocation
    /// The message before and after the number that depends on the values (the value checked,
    /// the maximum, the sum); one part when the message has no such number.
    public var messageParts: [String]
    /// Which value the message writes between its parts: for `greater`, 0 for the first
    /// operand, 1 for the second; the others write their one value (or the sum).
    public var messageValues: [Int]
}
