/// Every node's frame, named or not, for lint rules and previews: the engine's walk with a frame
/// sink that keeps every node's frame by its index here.
public struct LayoutGeometry: Sendable {
    public let plan: LayoutPlan
    /// Plan nodes by id.
    public let nodes: [PlanNode]
    /// Parent id by id (-1 for the root).
    public let parents: [Int]
    /// Depth by id (0 for the root).
    public let depths: [Int]
    /// Whether a node's height depends on the sizes of dynamic flow items (docs/lint.md);
    /// no width ever does.
    public let heightDependsOnDynamic: [Bool]
    /// Whether a node's vertical position depends on them.
    public let yDependsOnDynamic: [Bool]
    /// Whether the checks a node makes itself (free space, content height) depend on them.
    public let checksDependOnDynamic: [Bool]
    /// The node a size-dependent error located here is about (flow items map to their flow).
    let nodeAtLocation: [SourceLocation: Int]
    /// Flow items' locations, mapped to their flow in `nodeAtLocation`.
    let itemLocations: Set<SourceLocation>
    /// Index in `nodes` by plan node id (-1 for ids of nodes absent after validation errors).
    private let indexByID: [Int]

    public init(plan: LayoutPlan) {
        self.plan = plan
        var nodes: [PlanNode] = []
        var parents: [Int] = []
        var depths: [Int] = []
        nodes.reserveCapacity(plan.nodeCount)
        // Ids are assigned depth-first but children whose validation failed are absent, so
        // index by position in a fresh walk and keep the plan's id for the engine's caches.
        var byID = [Int](repeating: -1, count: plan.nodeCount)
        func walk(_ node: PlanNode, parent: Int, depth: Int) {
            let index = nodes.count
            nodes.append(node)
            parents.append(parent)
            depths.append(depth)
            if node.id < byID.count { byID[node.id] = index }
            for child in node.children { walk(child, parent: index, depth: depth + 1) }
        }
        walk(plan.root, parent: -1, depth: 0)

        // Which subtrees hold a flow with a dynamic item, bottom-up (children follow parents).
        var holdsDynamic = [Bool](repeating: false, count: nodes.count)
        for index in stride(from: nodes.count - 1, through: 0, by: -1) {
            if nodes[index].items.contains(where: \.isDynamic) { holdsDynamic[index] = true }
            if holdsDynamic[index], parents[index] >= 0 { holdsDynamic[parents[index]] = true }
        }
        // Widths never depend on dynamic items (SPEC §4.6: a width never depends on a height,
        // and elements only make a flow taller). Heights and vertical positions may: a node's
        // fit height measured over a dynamic flow, then whatever shares space with it.
        let fitDepends = nodes.indices.map { holdsDynamic[$0] && nodes[$0].height == .fit }
        var anyChildFitDepends = [Bool](repeating: false, count: nodes.count)
        for index in nodes.indices where fitDepends[index] && parents[index] >= 0 {
            anyChildFitDepends[parents[index]] = true
        }
        var heightDepends = [Bool](repeating: false, count: nodes.count)
        var yDepends = [Bool](repeating: false, count: nodes.count)
        var checksDepend = [Bool](repeating: false, count: nodes.count)
        var locations: [SourceLocation: Int] = [:]
        var itemLocations = Set<SourceLocation>()
        locations.reserveCapacity(nodes.count)
        for index in nodes.indices {
            let node = nodes[index]
            let parent = parents[index]
            if parent >= 0 {
                let parentNode = nodes[parent]
                switch node.height {
                case .fixed: heightDepends[index] = false
                case .fit: heightDepends[index] = fitDepends[index]
                case .percent, .flexible, .fill:
                    heightDepends[index] = heightDepends[parent]
                        || (parentNode.kind == .vgroup && anyChildFitDepends[parent])
                        || (parentNode.kind == .overlay && node.safeArea && yDepends[parent])
                }
                yDepends[index] = yDepends[parent] || heightDepends[parent] || anyChildFitDepends[parent] || heightDepends[index]
            }
            checksDepend[index] = heightDepends[index] || anyChildFitDepends[index] || (node.kind == .flow && node.items.contains(where: \.isDynamic))
            if parent >= 0, nodes[parent].kind == .overlay {
                // Its reference rect: the overlay's frame, or that frame met with the safe area.
                checksDepend[index] = checksDepend[index] || heightDepends[parent] || (node.safeArea && yDepends[parent])
            }
            locations[node.location] = index
            for item in node.items where locations[item.location] == nil {
                locations[item.location] = index
                itemLocations.insert(item.location)
            }
        }
        self.nodes = nodes
        self.parents = parents
        self.depths = depths
        self.heightDependsOnDynamic = heightDepends
        self.yDependsOnDynamic = yDepends
        self.checksDependOnDynamic = checksDepend
        self.nodeAtLocation = locations
        self.itemLocations = itemLocations

        self.indexByID = byID
    }

    /// Whether the layout has a dynamic flow item anywhere.
    public var hasDynamicItems: Bool { !plan.dynamicItemNames.isEmpty }

    /// Frames at one size. Nodes are indexed as `nodes`; flow elements keep their names.
    public struct Frames: Sendable {
        /// Each node's frame (nil when the engine did not reach it).
        public var rects: [Rect?]
        /// The elements of flows: the flow's index, the element's frame as the engine names it.
        public var elements: [(flow: Int, frame: LayoutEngine.Frame)]
    }

    /// Runs the engine; dynamic items get the sizes given (none when absent).
    public func frames(in environment: LayoutEngine.Environment) -> Result<Frames, LayoutError> {
        let (frames, error) = framesUntilError(in: environment)
        return error.map { .failure($0) } ?? .success(frames)
    }

    /// The frames the engine computed, and the error that stopped it (frames before it are kept,
    /// so a preview can draw what fits and mark what does not).
    public func framesUntilError(in environment: LayoutEngine.Environment) -> (frames: Frames, error: LayoutError?) {
        var environment = environment
        for name in plan.dynamicItemNames where environment.dynamicSizes[name] == nil {
            environment.dynamicSizes[name] = []
        }
        let sink = GeometrySink(indexByID: indexByID, rects: [Rect?](repeating: nil, count: nodes.count))
        var run = LayoutRun(plan: plan, environment: environment, sink: sink)
        do {
            try run.layoutRoot()
            return (Frames(rects: run.sink.rects, elements: run.sink.elements), nil)
        } catch {
            return (Frames(rects: run.sink.rects, elements: run.sink.elements), error)
        }
    }

    /// Keeps every node's frame by its index, and named flow elements with their flow's index.
    struct GeometrySink: FrameSink {
        let indexByID: [Int]
        var rects: [Rect?]
        var elements: [(flow: Int, frame: LayoutEngine.Frame)] = []

        mutating func node(_ node: PlanNode, _ rect: Rect) {
            if indexByID.indices.contains(node.id), indexByID[node.id] >= 0 { rects[indexByID[node.id]] = rect }
        }

        mutating func element(of item: FlowItem, index: Int?, in flow: PlanNode, _ rect: Rect) {
            guard let name = item.name, indexByID.indices.contains(flow.id), indexByID[flow.id] >= 0 else { return }
            elements.append((indexByID[flow.id], LayoutEngine.Frame(name: index.map { "\(name)[\($0)]" } ?? name, kind: .item, rect: rect)))
        }
    }

    /// Whether a size-dependent error located at `location` depends on dynamic content.
    public func errorDependsOnDynamic(at location: SourceLocation) -> Bool {
        guard let index = nodeAtLocation[location] else { return hasDynamicItems }
        // An element wider than its flow: widths never depend on dynamic items.
        if itemLocations.contains(location) { return false }
        return checksDependOnDynamic[index]
    }
}
