import LayoutRuntime

/// What `layoutc preview` asks: which layouts, at which sizes (a size, a device, or the device
/// matrix), with which dynamic sizes, hidden nodes and directions (docs/format.md §6). Running it parses, validates, computes every
/// node's frame and renders the SVG, all in memory. A size where the layout does not fit is
/// still drawn, as far as the engine got, with the node at fault outlined in red and the
/// diagnostic as a caption; static errors draw nothing.
public struct PreviewRequest: Sendable {
    public var layoutName: String?
    /// The sizes to draw each layout at; empty: each layout's own `size` and `safeArea`.
    public var sizes: [DeviceSize]
    public var dynamicSizes: [String: [Size]]
    /// Names given sizes more than once (`--sizes` repeated for one name): a usage problem.
    public var repeatedSizeNames: [String] = []
    /// Optional nodes to hide: not drawn, and listed under each panel.
    public var hidden: [String] = []
    /// Each size is drawn once per direction, in this order; right to left is drawn mirrored
    /// and its panel labelled so.
    public var directions: [LayoutDirection] = [.leftToRight]
    /// Draw the `sizes` with each layout's own `safeArea` instead of theirs (a plain
    /// `--size` without `--safe-area`).
    public var useLayoutSafeArea = false
    /// How messages say to give a size or dynamic sizes (a command line names its flags).
    public var advice: InputAdvice = .inFile

    public init(layoutName: String? = nil, sizes: [DeviceSize] = [], dynamicSizes: [String: [Size]] = [:]) {
        self.layoutName = layoutName
        self.sizes = sizes
        self.dynamicSizes = dynamicSizes
    }

    public struct Result: Sendable {
        /// nil when nothing could be drawn (static errors, no size, missing dynamic sizes).
        public var svg: String?
        public var diagnostics: [Diagnostic]
        /// Run-time arguments the layouts cannot take (as for `frames`); then nothing is drawn.
        public var usageProblems: [FramesRequest.UsageProblem] = []
        /// Whether any error was reported: the preview, if any, shows a failing layout.
        public var failed: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public func run(on bytes: [UInt8], syntax: SourceSyntax = .yaml) -> Result {
        DeepStack.run { runOnCurrentThread(on: bytes, syntax: syntax) }
    }

    package func runOnCurrentThread(on bytes: [UInt8], syntax: SourceSyntax = .yaml) -> Result {
        let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax)
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: compiled.diagnostics)
        let selected = compiled.plans(named: layoutName, reportingTo: &diagnostics)
        if !selected.isEmpty, selected.allSatisfy({ $0 != nil }) {
            let problems = FramesRequest.usageProblems(of: selected.compactMap { $0 }, dynamicSizes: dynamicSizes,
                                                       repeatedSizeNames: repeatedSizeNames, hidden: hidden)
            if !problems.isEmpty { return Result(svg: nil, diagnostics: diagnostics.sorted, usageProblems: problems) }
        }
        var panels: [PreviewRenderer.Panel] = []
        var missingSizes = false
        let hiddenSet = Set(hidden)
        for plan in selected {
            guard let plan else { continue }
            var sizes = self.sizes
            if sizes.isEmpty {
                guard let own = plan.defaultSize else {
                    diagnostics.error(.missingKey, advice.noContainerSize(plan.name), at: plan.location)
                    continue
                }
                sizes = [DeviceSize(label: "", deviceID: nil, orientation: nil, size: own, safeArea: plan.defaultSafeArea ?? .zero)]
            }
            if useLayoutSafeArea {
                for index in sizes.indices { sizes[index].safeArea = plan.defaultSafeArea ?? .zero }
            }
            let geometry = LayoutGeometry(plan: plan)
            // Element sizes of a flow's dynamic item only the caller knows (lint's geometry would
            // lay it out with none): said once, nothing drawn.
            if let name = plan.dynamicItemNames.first(where: { dynamicSizes[$0] == nil && !hiddenSet.contains($0) }),
               let item = geometry.nodes.lazy.flatMap(\.items).first(where: { $0.isDynamic && $0.name == name }) {
                diagnostics.error(.itemIncomplete, DiagnosticMessages.noDynamicSizes(name, advice: advice.dynamicSizes(name)), at: item.location)
                missingSizes = true
                continue
            }
            sizesLoop: for size in sizes {
                for direction in directions {
                    let environment = LayoutEngine.Environment(size: size.size, safeArea: size.safeArea, dynamicSizes: dynamicSizes,
                                                               hidden: hiddenSet, direction: direction)
                    var panel: PreviewRenderer.Panel
                    // One run: a failing size keeps the frames computed before its error.
                    let (frames, failure) = geometry.framesUntilError(in: environment)
                    if let error = failure {
                        if error.missingSizesOf != nil {
                            // Sizes only the caller knows: said once, nothing drawn.
                            diagnostics.append(advice.reworded(error).diagnostic)
                            missingSizes = true
                            break sizesLoop
                        }
                        var diagnostic = error.diagnostic
                        let label = Self.label(size, direction: direction)
                        if !label.isEmpty { diagnostic.message += DiagnosticMessages.panel(label) }
                        diagnostics.append(diagnostic)
                        panel = Self.failingPanel(plan: plan, geometry: geometry, frames: frames, error: error, size: size)
                    } else {
                        panel = Self.panel(plan: plan, geometry: geometry, frames: frames, size: size)
                    }
                    panel.direction = direction
                    panel.hidden = plan.optionalNames.filter(hiddenSet.contains)
                    panels.append(panel)
                }
            }
        }
        let sorted = diagnostics.sorted
        // Static errors and missing sizes leave nothing trustworthy to draw.
        let drawable = !panels.isEmpty && !missingSizes && !sorted.contains { $0.severity == .error && $0.code != .outOfSpace && $0.code != .itemIncomplete }
            && selected.allSatisfy { $0 != nil }
        return Result(svg: drawable ? PreviewRenderer.svg(panels) : nil, diagnostics: sorted)
    }

    /// "iPhone 16 portrait, right to left": how a size and direction are named in a message.
    static func label(_ size: DeviceSize, direction: LayoutDirection) -> String {
        let rtl = direction == .rightToLeft ? "right to left" : ""
        return [size.label, rtl].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The frames the engine computed before its error, the node at fault marked, the
    /// diagnostic as the caption. Only named nodes: anonymous groups are not in the engine's list.
    static func failingPanel(plan: LayoutPlan, geometry: LayoutGeometry, frames partial: LayoutGeometry.Frames,
                             error: LayoutError?, size: DeviceSize) -> PreviewRenderer.Panel {
        // The named frames in the engine's order: each named node, then its flow's elements.
        var frames: [LayoutEngine.Frame] = []
        var elements = partial.elements[...]
        for (index, node) in geometry.nodes.enumerated() {
            if let name = node.name, let rect = partial.rects[index] {
                frames.append(LayoutEngine.Frame(name: name, kind: node.kind, rect: rect))
            }
            while let element = elements.first, element.flow == index {
                frames.append(element.frame)
                elements.removeFirst()
            }
        }
        var depths: [String: Int] = [:]
        var flowItems: Set<String> = []
        var atFault: String?
        for (index, node) in geometry.nodes.enumerated() {
            if let name = node.name { depths[name] = geometry.depths[index] }
            if node.location == error?.location { atFault = node.name }
            for item in node.items {
                guard let name = item.name else { continue }
                flowItems.insert(name)
                depths[name] = geometry.depths[index] + 1
                if item.location == error?.location { atFault = name }
            }
        }
        var out: [PreviewRenderer.Frame] = []
        for frame in frames {
            let base = frame.name.firstIndex(of: "[").map { String(frame.name[..<$0]) } ?? frame.name
            var drawn = PreviewRenderer.Frame(name: frame.name, kind: frame.kind, rect: frame.rect, depth: depths[base] ?? 0,
                                              isFlowElement: flowItems.contains(base))
            drawn.isAtFault = base == atFault
            out.append(drawn)
        }
        var panel = PreviewRenderer.Panel(layout: plan.name, label: size.label.isEmpty ? nil : size.label, size: size.size,
                                          safeArea: size.safeArea, frames: out)
        panel.failure = error.map { "\($0.message) [\($0.code.rawValue)]" }
        return panel
    }

    static func panel(plan: LayoutPlan, geometry: LayoutGeometry, frames: LayoutGeometry.Frames, size: DeviceSize) -> PreviewRenderer.Panel {
        var out: [PreviewRenderer.Frame] = []
        out.reserveCapacity(frames.rects.count + frames.elements.count)
        var elements = frames.elements[...]
        for index in geometry.nodes.indices {
            let node = geometry.nodes[index]
            guard node.kind != .spacer, let rect = frames.rects[index] else { continue }
            // Anonymous items have nothing to show; anonymous containers are tinted.
            if node.name == nil && node.kind == .item { continue }
            out.append(.init(name: node.name, kind: node.kind, rect: rect, depth: geometry.depths[index]))
            while let element = elements.first, element.flow == index {
                out.append(.init(name: element.frame.name, kind: .item, rect: element.frame.rect, depth: geometry.depths[index] + 1, isFlowElement: true))
                elements.removeFirst()
            }
        }
        return PreviewRenderer.Panel(layout: plan.name, label: size.label.isEmpty ? nil : size.label, size: size.size, safeArea: size.safeArea, frames: out)
    }
}
