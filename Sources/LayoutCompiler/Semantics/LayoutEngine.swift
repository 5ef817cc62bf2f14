import LayoutRuntime

/// Computes frames (SPEC §4) for a validated layout at one container size.
///
/// One pass over the tree, parents before children. `fit` sizes are measured on demand and
/// cached per node (a width depends on nothing outside the node; a height on its width only),
/// so nested fit groups stay linear instead of being measured again at every level.
public struct LayoutEngine {
    /// What a layout is computed for.
    public struct Environment: Sendable {
        public var size: Size
        public var safeArea: EdgeInsets
        /// Element sizes of dynamic flow items, by item name.
        public var dynamicSizes: [String: [Size]]

        public init(size: Size, safeArea: EdgeInsets = .zero, dynamicSizes: [String: [Size]] = [:]) {
            self.size = size
            self.safeArea = safeArea
            self.dynamicSizes = dynamicSizes
        }
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
        var run = LayoutRun(plan: plan, environment: environment)
        do {
            try run.layoutRoot()
            return .success(run.frames)
        } catch {
            return .failure(error)
        }
    }
}

/// The state of one computation: the frames so far and the measurement caches.
struct LayoutRun {
    let plan: LayoutPlan
    let environment: Environment
    let container: Rect
    var frames: [LayoutEngine.Frame] = []
    /// Measured fit widths by node id (NaN: not measured yet).
    var fitWidths: [Double]
    /// The last width each node's height was measured at, and that height.
    var fitHeightWidths: [Double]
    var fitHeights: [Double]

    typealias Environment = LayoutEngine.Environment

    init(plan: LayoutPlan, environment: Environment) {
        self.plan = plan
        self.environment = environment
        self.container = Rect(x: 0, y: 0, width: environment.size.width, height: environment.size.height)
        fitWidths = Array(repeating: .nan, count: plan.nodeCount)
        fitHeightWidths = Array(repeating: .nan, count: plan.nodeCount)
        fitHeights = Array(repeating: .nan, count: plan.nodeCount)
    }

    mutating func layoutRoot() throws(LayoutError) {
        let root = plan.root
        var frame = container
        if root.safeArea {
            frame = try safeAreaRect(for: root)
        }
        try layout(root, in: frame)
    }

    mutating func layout(_ node: PlanNode, in frame: Rect) throws(LayoutError) {
        if let name = node.name {
            frames.append(LayoutEngine.Frame(name: name, kind: node.kind, rect: frame))
        }
        switch node.kind {
        case .item, .spacer: return
        case .hgroup, .vgroup: try layoutGroup(node, in: frame)
        case .flow: try layoutFlow(node, in: frame)
        case .overlay: try layoutOverlay(node, in: frame)
        }
    }

    /// The container inset by the safe-area insets; a negative size is `outOfSpace` at `node`.
    func safeAreaRect(for node: PlanNode) throws(LayoutError) -> Rect {
        let safe = container.inset(by: environment.safeArea)
        if Tolerance.isNegative(safe.width) || Tolerance.isNegative(safe.height) {
            let horizontal = Tolerance.isNegative(safe.width)
            let needed = horizontal ? environment.safeArea.horizontal : environment.safeArea.vertical
            let available = horizontal ? container.width : container.height
            throw outOfSpace(node, LayoutMessages.safeArea(node.title, needed, available))
        }
        return safe
    }

    // MARK: Messages

    // The texts are LayoutRuntime's `LayoutMessages`, which generated code uses too.

    func outOfSpace(_ node: PlanNode, _ message: String) -> LayoutError {
        outOfSpace(at: node.location, message)
    }

    func outOfSpace(at location: SourceLocation, _ message: String) -> LayoutError {
        LayoutError(code: .outOfSpace,
                    message: LayoutMessages.atSize(message, width: environment.size.width, height: environment.size.height),
                    location: location)
    }

    func needs(_ node: PlanNode, _ needed: Double, _ available: Double, _ what: String = "") -> LayoutError {
        outOfSpace(node, LayoutMessages.needs(node.title, needed, available, what))
    }

    func incomplete(_ node: PlanNode, _ message: String) -> LayoutError {
        LayoutError(code: .itemIncomplete, message: message, location: node.location)
    }
}
