#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutRuntimeCore

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
    /// Whether any part of a node's frame (either axis) may depend on the content size of a
    /// dynamic item outside a flow that lint has no sample sizes for (`unsized`).
    public let frameDependsOnContent: [Bool]
    /// Whether the checks a node makes itself depend on such a content size.
    public let checksDependOnContent: [Bool]
    /// The dynamic items outside flows laid out at a stand-in size: nothing that depends on
    /// them is reported.
    public let unsized: Set<String>
    /// The node a size-dependent error located here is about (flow items map to their flow).
    let nodeAtLocation: [SourceLocation: Int]
    /// Flow items' locations, mapped to their flow in `nodeAtLocation`.
    let itemLocations: Set<SourceLocation>
    /// Index in `nodes` by plan node id (-1 for ids of nodes absent after validation errors).
    private let indexByID: [Int]
    /// The children of hgroups and vgroups that may shrink (docs/format.md §7.2), by index.
    let shrinkable: [Int]

    public init(plan: LayoutPlan, unsized: Set<String> = []) {
        self.plan = plan
        self.unsized = unsized
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
        // Widths never depend on dynamic items (docs/format.md §4.6: a width never depends on a height,
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
        (self.frameDependsOnContent, self.checksDependOnContent) = Self.contentDependence(nodes: nodes, parents: parents, unsized: unsized,
                                                                                                rootMeasures: plan.fit != nil)

        self.indexByID = byID
        self.shrinkable = nodes.indices.filter { index in
            let parent = parents[index]
            guard parent >= 0, nodes[index].shrink > 0 else { return false }
            return nodes[parent].kind == .hgroup || nodes[parent].kind == .vgroup
        }
    }

    /// Which frames and checks may depend on the unsized content items. A content item's width
    /// AND height vary, so unlike flow elements this is about both axes: a node depends when its
    /// parent does, when it measures (`fit`) over an unsized item, or when a sibling in its group
    /// does (the group shares its space out by those measures). A measured height also depends
    /// when its width does and the subtree holds a flow or an `aspect` (heights follow widths
    /// there, and in a wrap item), so this is iterated to a fixed point: a few linear passes in practice; should a
    /// hostile tree need more than 8, everything is taken to depend (safe: less is reported).
    static func contentDependence(nodes: [PlanNode], parents: [Int], unsized: Set<String>, rootMeasures: Bool = false) -> (frames: [Bool], checks: [Bool]) {
        let count = nodes.count
        guard !unsized.isEmpty else { return ([Bool](repeating: false, count: count), [Bool](repeating: false, count: count)) }
        var holds = [Bool](repeating: false, count: count)
        var widthSensitive = [Bool](repeating: false, count: count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let node = nodes[index]
            if node.kind == .item, node.isDynamic, let name = node.name, unsized.contains(name) { holds[index] = true }
            // A wrap item's height is measured at its width (docs/format.md §7.1), as a flow's is.
            if node.kind == .flow || node.aspect != nil || node.isWrap { widthSensitive[index] = true }
            if parents[index] >= 0 {
                holds[parents[index]] = holds[parents[index]] || holds[index]
                widthSensitive[parents[index]] = widthSensitive[parents[index]] || widthSensitive[index]
            }
        }
        var frames = [Bool](repeating: false, count: count)
        var measured = [Bool](repeating: false, count: count)
        var changed = true
        var passes = 0
        while changed {
            changed = false
            passes += 1
            if passes > 8 {
                let all = [Bool](repeating: true, count: count)
                return (all, all)
            }
            var anyChildMeasured = [Bool](repeating: false, count: count)
            for index in nodes.indices where measured[index] && parents[index] >= 0 { anyChildMeasured[parents[index]] = true }
            for index in nodes.indices {
                let node = nodes[index], parent = parents[index]
                let fit = node.width == .fit || node.height == .fit || (node.kind == .item && node.isDynamic)
                var depends = measured[index] || (fit && holds[index])
                if parent >= 0 {
                    // An overlay's children share nothing, unless it measures itself from them (§8.5).
                    let parentMeasures = nodes[parent].kind != .overlay || nodes[parent].width == .fit || nodes[parent].height == .fit
                        || (rootMeasures && parents[parent] < 0)
                    depends = depends || frames[parent] || (parentMeasures && anyChildMeasured[parent])
                }
                let measures = (fit && holds[index]) || (depends && widthSensitive[index] && (node.height == .fit || node.aspect != nil))
                if depends != frames[index] || measures != measured[index] {
                    frames[index] = frames[index] || depends
                    measured[index] = measured[index] || measures
                    changed = true
                }
            }
        }
        var checks = frames
        for index in nodes.indices where measured[index] && parents[index] >= 0 { checks[parents[index]] = true }
        return (frames, checks)
    }

    /// Whether the layout has a dynamic flow item anywhere.
    public var hasDynamicItems: Bool { !plan.dynamicItemNames.isEmpty }

    /// Frames at one size. Nodes are indexed as `nodes`; flow elements keep their names.
    public struct Frames: Sendable {
        /// Each node's frame (nil when the engine did not reach it).
        public var rects: [Rect?]
        /// The elements of flows: the flow's index, the element's frame as the engine names it.
        public var elements: [(flow: Int, frame: LayoutEngine.Frame)]
        /// Right to left: every frame is mirrored, so leading is the right edge.
        public var direction: LayoutDirection = .leftToRight
        /// The container the frames were computed in: the one given, or with the layout's `fit`
        /// (docs/format.md §7.3) the fitted one (NaN on an axis the engine failed to measure).
        public var containerSize = Size(width: 0, height: 0)
        /// The children that gave way (docs/format.md §7.2), by index: each one's main-axis size
        /// had it not shrunk (its frame's width in an hgroup, height in a vgroup).
        public var unshrunk: [Int: Double] = [:]

        /// The frames of the other direction: each `x` mirrored in a container `width` wide, as
        /// the engine mirrors them (docs/format.md §6.3; not for justified flows, whose elements
        /// are made integral after mirroring).
        public func mirrored(in width: Double) -> Frames {
            func mirror(_ rect: Rect) -> Rect {
                Rect(x: LayoutDirection.mirrored(x: rect.x, width: rect.width, in: width), y: rect.y, width: rect.width, height: rect.height)
            }
            var frames = self
            frames.rects = rects.map { $0.map(mirror) }
            frames.elements = elements.map { ($0.flow, LayoutEngine.Frame(name: $0.frame.name, kind: $0.frame.kind, rect: mirror($0.frame.rect))) }
            frames.direction = direction == .leftToRight ? .rightToLeft : .leftToRight
            return frames
        }

        /// The frames of the other direction, mirrored in the container they were computed in.
        public func mirrored() -> Frames { mirrored(in: containerSize.width) }
    }

    /// Runs the engine; dynamic flow items get the sizes given (none when absent), unsized
    /// content items a stand-in size (unsized wrap items a text with no width).
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
        for name in unsized {
            if plan.wrapItemNames.contains(name) {
                if environment.measures[name] == nil { environment.measures[name] = Self.standInMeasure }
            } else if environment.dynamicSizes[name] == nil {
                environment.dynamicSizes[name] = [Size(width: 0, height: 0)]
            }
        }
        let sink = GeometrySink(indexByID: indexByID, rects: [Rect?](repeating: nil, count: nodes.count))
        var run = LayoutRun(plan: plan, environment: environment, sink: sink)
        var failure: LayoutError?
        do {
            try run.layoutRoot()
        } catch {
            failure = error
        }
        var frames = Frames(rects: run.sink.rects, elements: run.sink.elements, direction: environment.direction)
        frames.containerSize = run.environment.size
        if !shrinkable.isEmpty { frames.unshrunk = unshrunk(rects: frames.rects, run: &run) }
        return (frames, failure)
    }

    /// One engine run for `layoutc serve`: every node's frame as `framesUntilError` gives them,
    /// and the named frames and container size exactly as `layoutc frames` computes them for the
    /// same environment (`LayoutEngine.layout`: the same walk, the same sink calls), so that the
    /// server writes the command's JSON without a second run. Missing dynamic sizes are not
    /// filled in here: the environment is the command's.
    public func framesAndTable(in environment: LayoutEngine.Environment) -> (frames: Frames, table: LayoutEngine.Computed?, error: LayoutError?) {
        var sink = GeometrySink(indexByID: indexByID, rects: [Rect?](repeating: nil, count: nodes.count))
        sink.named = FrameList(capacity: plan.nodeCount)
        var run = LayoutRun(plan: plan, environment: environment, sink: sink)
        var failure: LayoutError?
        do {
            try run.layoutRoot()
        } catch {
            failure = error
        }
        let named = run.sink.named?.frames ?? []
        var frames = Frames(rects: run.sink.rects, elements: run.sink.elements, direction: environment.direction)
        frames.containerSize = run.environment.size
        if !shrinkable.isEmpty { frames.unshrunk = unshrunk(rects: frames.rects, run: &run) }
        let table = failure == nil ? LayoutEngine.Computed(frames: named, size: frames.containerSize) : nil
        return (frames, table, failure)
    }

    /// An unsized wrap item's text: no width, no height.
    static let standInMeasure: LayoutEngine.Measure = { _ in LayoutSize(width: 0, height: 0) }

    /// The shrinkable children laid out narrower (in a vgroup: shorter) than their base size
    /// (docs/format.md §7.2: a fixed size less the group's margin, or the fit the group measured),
    /// with that size. The base is measured again here, with the run's own measurement (its
    /// caches make this cheap), rather than reported by the walk.
    private func unshrunk(rects: [Rect?], run: inout LayoutRun<GeometrySink>) -> [Int: Double] {
        var out: [Int: Double] = [:]
        for index in shrinkable {
            let parent = parents[index]
            guard let rect = rects[index], let groupRect = rects[parent] else { continue }
            let node = nodes[index], group = nodes[parent]
            let horizontal = group.kind == .hgroup
            guard node.aspect == nil else { continue }
            let base: Double
            switch horizontal ? node.width : node.height {
            case .fixed(let value):
                base = value - group.margin
            case .fit:
                do {
                    if horizontal {
                        base = try run.measureWidth(node)
                    } else {
                        let innerWidth = groupRect.width - group.padding.horizontal
                        base = try run.measureHeight(node, width: try run.measureWidthForHeight(node, available: innerWidth))
                    }
                } catch {
                    continue
                }
            default:
                continue
            }
            let size = horizontal ? rect.width : rect.height
            if size < base - Self.shrinkTolerance * max(1, abs(base)) { out[index] = base }
        }
        return out
    }

    /// How much narrower than its base a frame must be to count as shrunk (rounding aside).
    static let shrinkTolerance = 1e-9

    /// Keeps every node's frame by its index, and named flow elements with their flow's index.
    struct GeometrySink: FrameSink {
        static var alignsAfterWalk: Bool { false }
        let indexByID: [Int]
        var rects: [Rect?]
        var elements: [(flow: Int, frame: LayoutEngine.Frame)] = []
        /// The named frames as `layoutc frames` lists them, when asked for (`framesAndTable`).
        var named: FrameList?

        mutating func node(_ node: PlanNode, _ rect: Rect) {
            if indexByID.indices.contains(node.id), indexByID[node.id] >= 0 { rects[indexByID[node.id]] = rect }
            named?.node(node, rect)
        }

        mutating func element(ofItemNamed name: String, index: Int?, name known: String?, in flow: PlanNode, _ rect: Rect) {
            named?.element(ofItemNamed: name, index: index, name: known, in: flow, rect)
            guard indexByID.indices.contains(flow.id), indexByID[flow.id] >= 0 else { return }
            elements.append((indexByID[flow.id], LayoutEngine.Frame(name: known ?? index.map { FlowElementName.of(name, index: $0) } ?? name, kind: .item, rect: rect)))
        }
    }

    /// Whether a size-dependent error located at `location` depends on dynamic content.
    public func errorDependsOnDynamic(at location: SourceLocation) -> Bool {
        guard let index = nodeAtLocation[location] else { return hasDynamicItems || !unsized.isEmpty }
        if checksDependOnContent[index] { return true }
        // An element wider than its flow: widths never depend on dynamic flow items.
        if itemLocations.contains(location) { return false }
        return checksDependOnDynamic[index]
    }
}
