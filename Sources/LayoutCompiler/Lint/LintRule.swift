/// How a lint rule reports: not at all, as a warning, or as an error.
public enum LintSeverity: String, Hashable, Sendable, CaseIterable {
    case off, warning, error
}

/// What every rule declares: its name (used in reports and `.layoutlint.yml`), a one-line
/// description, and its default severity.
public struct LintRuleDescriptor: Hashable, Sendable {
    public var name: String
    public var summary: String
    public var defaultSeverity: LintSeverity

    public init(name: String, summary: String, defaultSeverity: LintSeverity = .warning) {
        self.name = name
        self.summary = summary
        self.defaultSeverity = defaultSeverity
    }
}

/// One problem a rule found, before severity and device aggregation.
public struct LintFinding: Hashable, Sendable {
    public var rule: String
    public var location: SourceLocation
    public var message: String

    public init(rule: String, location: SourceLocation, message: String) {
        self.rule = rule
        self.location = location
        self.message = message
    }
}

/// A lint rule. Static checks see the syntax tree (and the plan when the layout is valid);
/// size-dependent checks see every node's frame at one device size. Each rule implements
/// the hooks it needs; each lives in its own file.
protocol LintRule {
    static var descriptor: LintRuleDescriptor { get }
    /// Checks that need no container size.
    static func check(document: LayoutDocument, plan: LayoutPlan?, into findings: inout [LintFinding])
    /// Checks of the frames at one size. Nodes whose frame depends on dynamic flow items
    /// (`geometry.heightDependsOnDynamic`, `yDependsOnDynamic`) must not be reported on that
    /// axis: lint does not know their sizes; nor nodes whose frame depends on a content size lint
    /// has no samples for (`geometry.frameDependsOnContent`), on either axis.
    static func check(geometry: LayoutGeometry, frames: LayoutGeometry.Frames, size: DeviceSize, into findings: inout [LintFinding])
    /// Checks of a valid layout against the sizes of the device matrix, without computing frames.
    static func check(plan: LayoutPlan, sizes: [DeviceSize], into findings: inout [LintFinding])
    /// Checks of a layout over every run at once, after the last.
    static func check(geometry: LayoutGeometry, observations: LayoutObservations, document: LayoutDocument, into findings: inout [LintFinding])
}

extension LintRule {
    static func check(document: LayoutDocument, plan: LayoutPlan?, into findings: inout [LintFinding]) {}
    static func check(geometry: LayoutGeometry, frames: LayoutGeometry.Frames, size: DeviceSize, into findings: inout [LintFinding]) {}
    static func check(geometry: LayoutGeometry, observations: LayoutObservations, document: LayoutDocument, into findings: inout [LintFinding]) {}
    static func check(plan: LayoutPlan, sizes: [DeviceSize], into findings: inout [LintFinding]) {}
    static var name: String { descriptor.name }
}

public enum LintRules {
    static var all: [any LintRule.Type] {
        [
        CollapsedChildRule.self,
        SingleChildGroupRule.self,
        UnusedPercentSpaceRule.self,
        OverlayChildOutsideRule.self,
        NamingStyleRule.self,
        MaxSizeNeverBindsRule.self,
        AspectOverflowRule.self,
        MissingSampleSizesRule.self,
        ShrunkBelowReadableWidthRule.self,
        ClippedTextRule.self,
        WidthVariantGapRule.self,
        UnusedConstantRule.self,
        UnusedParameterRule.self,
        AlignSelfWithoutEffectRule.self,
        SpacersAroundFlexibleChildRule.self,
        ]
    }

    /// Every rule's descriptor, in the order above.
    public static var descriptors: [LintRuleDescriptor] { all.map { $0.descriptor } }

    public static func descriptor(named name: String) -> LintRuleDescriptor? {
        descriptors.first { $0.name == name }
    }

    /// Size-dependent errors are not rules: they are the compiler's own codes, always errors.
    public static func isErrorCode(_ name: String) -> Bool { DiagnosticCode(rawValue: name) != nil }
}

/// Walks a plan in document order.
func forEachNode(_ node: PlanNode, _ body: (PlanNode) -> Void) {
    body(node)
    for child in node.children { forEachNode(child, body) }
}

/// Below this many points an extent counts as zero.
let lintEpsilon = 1e-9

/// The AST node written at `location` (a plan node's), to point at one of its keys.
func syntaxNode(at location: SourceLocation, in document: LayoutDocument) -> Node? {
    func find(_ node: Node) -> Node? {
        if node.location == location { return node }
        for child in node.children { if let found = find(child) { return found } }
        return nil
    }
    return document.root.flatMap(find)
}
