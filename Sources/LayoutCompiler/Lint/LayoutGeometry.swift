/// Every node's frame, named or not, for lint rules and previews.
///
/// The engine lists named nodes only. To see the anonymous groups too without touching the
/// engine, this runs it on a copy of the plan where every node carries a private name
/// (`\u{1}` + its id, which no real name can be), and maps the frames back by id. The copy is
/// made once per layout (linear in its size); frames are identical to the engine's.
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
    private let named: LayoutPlan
    private static let marker: Character = "\u{1}"

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

        func rename(_ node: PlanNode) -> PlanNode {
            PlanNode(kind: node.kind, name: "\(Self.marker)\(byID.indices.contains(node.id) ? byID[node.id] : -1)",
                     location: node.location, id: node.id, attributes: node.attributes,
                     children: node.children.map(rename), items: node.items)
        }
        named = LayoutPlan(name: plan.name, location: plan.location, defaultSize: plan.defaultSize,
                           defaultSafeArea: plan.defaultSafeArea, root: rename(plan.root),
                           nodeCount: plan.nodeCount, dynamicItemNames: plan.dynamicItemNames)
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
        var environment = environment
        for name in plan.dynamicItemNames where environment.dynamicSizes[name] == nil {
            environment.dynamicSizes[name] = []
        }
        switch LayoutEngine.frames(for: named, in: environment) {
        case .failure:
            // Messages must name nodes by their real names: ask the engine with the real plan.
            switch LayoutEngine.frames(for: plan, in: environment) {
            case .failure(let error): return .failure(error)
            case .success: return .failure(LayoutError(code: .outOfSpace, message: "internal inconsistency", location: plan.location))
            }
        case .success(let frames):
            var result = Frames(rects: [Rect?](repeating: nil, count: nodes.count), elements: [])
            var currentFlow = -1
            for frame in frames {
                if frame.name.first == Self.marker, let index = Int(frame.name.dropFirst()), result.rects.indices.contains(index) {
                    result.rects[index] = frame.rect
                    currentFlow = nodes[index].kind == .flow ? index : -1
                } else if currentFlow >= 0 {
                    result.elements.append((currentFlow, frame))
                }
            }
            return .success(result)
        }
    }

    /// Whether a size-dependent error located at `location` depends on dynamic content.
    public func errorDependsOnDynamic(at location: SourceLocation) -> Bool {
        guard let index = nodeAtLocation[location] else { return hasDynamicItems }
        // An element wider than its flow: widths never depend on dynamic items.
        if itemLocations.contains(location) { return false }
        return checksDependOnDynamic[index]
    }

    /// The index of the node whose kind key is at `location`.
    public func nodeIndex(at location: SourceLocation) -> Int? { nodeAtLocation[location] }
}
