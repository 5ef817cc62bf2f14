import LayoutRuntimeCore

/// What `layoutc preview` asks: which layouts, at which sizes (a size, a device, or the device
/// matrix), with which dynamic sizes, wrap items' texts, hidden nodes and directions (docs/format.md
/// §6, §7). Running it parses, validates, computes every
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
    /// Wrap items' text models (`--wrap`, docs/format.md §7.1): their lines are drawn.
    public var textModels: [String: LayoutTextModel] = [:]
    /// Names given a text model more than once: a usage problem.
    public var repeatedWrapNames: [String] = []
    /// `.layoutlint.yml`'s settings (`--all-devices`): a wrap item without a text model takes
    /// its first sample text, a dynamic item outside a flow without a size its first sample
    /// size, as lint's first run does; the panel says which.
    public var lintLayers: [LintLayer]?
    /// Draw each layout at the sizes lint checks it at (`--all-devices`): the devices and
    /// orientations `lintLayers` leave for that layout (its `overrides` included), and its own
    /// size, instead of `sizes`.
    public var deviceMatrix = false
    /// Optional nodes to hide: not drawn, and listed under each panel.
    public var hidden: [String] = []
    /// The flags of `when` to turn on (docs/format.md §8.7), and names given more than once.
    public var flags: [String] = []
    public var repeatedFlagNames: [String] = []
    /// Values for the layouts' parameters (docs/format.md §8.1, `--param`), and names given more
    /// than once.
    public var parameters: [String: Double] = [:]
    public var repeatedParameterNames: [String] = []
    /// Each size is drawn once per direction, in this order; right to left is drawn mirrored
    /// and its panel labelled so.
    public var directions: [LayoutDirection] = [.leftToRight]
    /// The pixel grid (`--scale`, docs/format.md "The pixel grid"); nil: each device's own
    /// scale, none for a plain size.
    public var scale: Double?
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

    /// `context`: where the file was read from, so its imports can be (docs/format.md §7.5).
    public func run(on bytes: [UInt8], syntax: SourceSyntax = .yaml, context: LayoutCompiler.ImportContext? = nil) -> Result {
        DeepStack.run { runOnCurrentThread(on: bytes, syntax: syntax, context: context) }
    }

    package func runOnCurrentThread(on bytes: [UInt8], syntax: SourceSyntax = .yaml, context: LayoutCompiler.ImportContext? = nil) -> Result {
        let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: context)
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: compiled.diagnostics)
        let selected = compiled.plans(named: layoutName, reportingTo: &diagnostics)
        if !selected.isEmpty, selected.allSatisfy({ $0 != nil }) {
            let problems = FramesRequest.usageProblems(of: selected.compactMap { $0 }, dynamicSizes: dynamicSizes,
                                                       repeatedSizeNames: repeatedSizeNames, hidden: hidden,
                                                       wrapNames: Array(textModels.keys), repeatedWrapNames: repeatedWrapNames)
                + FramesRequest.flagProblems(of: selected.compactMap { $0 }, flags: flags, repeated: repeatedFlagNames)
                + FramesRequest.parameterProblems(of: selected.compactMap { $0 }, given: parameters, repeated: repeatedParameterNames)
            if !problems.isEmpty { return Result(svg: nil, diagnostics: diagnostics.sorted, usageProblems: problems) }
            if !parameters.isEmpty {
                // §8.1: the checks again with the values given; a layout that fails them draws nothing.
                let given = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: context, parameters: parameters)
                let rechecked = FramesRequest.recheckedPlans(selected, from: compiled, given: given, reportingTo: &diagnostics)
                return drawn(rechecked, diagnostics: diagnostics)
            }
        }
        return drawn(selected, diagnostics: diagnostics)
    }

    /// The panels of the selected plans that passed their checks, as one picture.
    private func drawn(_ selected: [LayoutPlan?], diagnostics: DiagnosticBag) -> Result {
        var diagnostics = diagnostics
        var panels: [PreviewRenderer.Panel] = []
        var missingSizes = false
        let hiddenSet = Set(hidden)
        for plan in selected {
            guard let plan else { continue }
            var sizes = deviceMatrix ? LintState(layers: lintLayers ?? [], layout: plan.name).sizes(for: plan) : self.sizes
            if sizes.isEmpty {
                // §7.3: a layout that fits both sizes needs none.
                guard let own = plan.defaultSize ?? (plan.fit == .both ? Size(width: 0, height: 0) : nil) else {
                    diagnostics.error(.missingKey, advice.noContainerSize(plan.name), at: plan.location)
                    continue
                }
                sizes = [DeviceSize(label: "", deviceID: nil, orientation: nil, size: own, safeArea: plan.defaultSafeArea ?? .zero)]
            }
            if useLayoutSafeArea {
                for index in sizes.indices { sizes[index].safeArea = plan.defaultSafeArea ?? .zero }
            }
            // Sizes that differ only on the axes the layout computes draw the same picture.
            if let fit = plan.fit { sizes = DeviceSize.distinct(sizes, fitting: fit) }
            let (sizesUsed, textsUsed, samplesUsed) = inputs(for: plan)
            let measures = FramesRequest.measures(textsUsed)
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
                    let environment = LayoutEngine.Environment(size: size.size, safeArea: size.safeArea, dynamicSizes: sizesUsed,
                                                               hidden: hiddenSet, direction: direction, measures: measures,
                                                               flags: Set(flags), scale: scale ?? size.scale)
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
                        panel = Self.failingPanel(plan: plan, geometry: geometry, frames: frames, error: error, size: size, texts: textsUsed)
                    } else {
                        panel = Self.panel(plan: plan, geometry: geometry, frames: frames, size: size, texts: textsUsed)
                    }
                    panel.direction = direction
                    panel.hidden = plan.optionalNames.filter(hiddenSet.contains)
                    panel.flags = plan.flagNames.filter(flags.contains)
                    panel.parameters = plan.parameters.filter { $0.value != $0.defaultValue }.map { "\($0.name)=\(NumberFormat.string($0.value))" }
                    panel.samples = samplesUsed
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

    /// The content sizes and text models a plan is drawn with: those given, then (with
    /// `lintLayers`) the first sample of `.layoutlint.yml` for each item not given one, and
    /// those samples named ("message text 120×18").
    func inputs(for plan: LayoutPlan) -> (sizes: [String: [Size]], texts: [String: LayoutTextModel], samples: [String]) {
        var sizes = dynamicSizes, texts = textModels, samples: [String] = []
        guard let lintLayers else { return (sizes, texts, samples) }
        let state = LintState(layers: lintLayers, layout: plan.name)
        for name in plan.contentItemNames where sizes[name] == nil {
            guard let sample = state.samples(for: name)?.first else { continue }
            sizes[name] = [sample]
            samples.append("\(name) \(NumberFormat.string(sample.width))×\(NumberFormat.string(sample.height))")
        }
        for name in plan.wrapItemNames where texts[name] == nil {
            guard let sample = state.texts(for: name)?.first else { continue }
            texts[name] = sample
            samples.append("\(name) text \(NumberFormat.string(sample.width))×\(NumberFormat.string(sample.lineHeight))")
        }
        return (sizes, texts, samples)
    }

    /// The container a panel shows: the fitted one (docs/format.md §7.3), else the one given
    /// (also where the engine stopped before measuring it).
    static func drawnSize(_ frames: LayoutGeometry.Frames, _ size: DeviceSize) -> Size {
        let fitted = frames.containerSize
        return Size(width: fitted.width.isFinite ? fitted.width : size.size.width, height: fitted.height.isFinite ? fitted.height : size.size.height)
    }

    /// A panel's label: the size's, and which width variants (docs/format.md §7.4) it shows,
    /// "iPad Air portrait: hgroup 'sideBySide' (W ≥ 600)".
    static func caption(_ plan: LayoutPlan, _ size: DeviceSize) -> String? {
        let variants = WidthVariants.present(in: plan, width: size.size.width)
        let parts = [size.label, variants.joined(separator: ", ")].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ": ")
    }

    /// "iPhone 16 portrait, right to left": how a size and direction are named in a message.
    static func label(_ size: DeviceSize, direction: LayoutDirection) -> String {
        let rtl = direction == .rightToLeft ? "right to left" : ""
        return [size.label, rtl].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The frames the engine computed before its error, the node at fault marked, the
    /// diagnostic as the caption. Only named nodes: anonymous groups are not in the engine's list.
    static func failingPanel(plan: LayoutPlan, geometry: LayoutGeometry, frames partial: LayoutGeometry.Frames,
                             error: LayoutError?, size: DeviceSize, texts: [String: LayoutTextModel] = [:]) -> PreviewRenderer.Panel {
        // The named frames in the engine's order: each named node, then its flow's elements.
        var frames: [LayoutEngine.Frame] = []
        // What a named node's frame shows besides itself: its text's lines, its unshrunk size.
        var extras: [String: (text: LayoutTextModel?, unshrunk: Size?)] = [:]
        var elements = partial.elements[...]
        for (index, node) in geometry.nodes.enumerated() {
            if let name = node.name, let rect = partial.rects[index] {
                frames.append(LayoutEngine.Frame(name: name, kind: node.kind, rect: rect))
                extras[name] = (node.isWrap ? texts[name] : nil, unshrunkSize(index, rect, geometry, partial))
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
            if !drawn.isFlowElement, let extra = extras[frame.name] {
                drawn.text = extra.text
                drawn.unshrunk = extra.unshrunk
            }
            out.append(drawn)
        }
        var panel = PreviewRenderer.Panel(layout: plan.name, label: caption(plan, size), size: drawnSize(partial, size),
                                          safeArea: DrawnSafeArea.insets(size.safeArea, for: plan), frames: out)
        panel.fit = plan.fit
        panel.fitMeasured = partial.containerSize.width.isFinite && partial.containerSize.height.isFinite
        panel.failure = error.map { "\($0.message) [\($0.code.rawValue)]" }
        return panel
    }

    /// The frame size a shrunk child (docs/format.md §7.2) would have had; nil when it did not shrink.
    static func unshrunkSize(_ index: Int, _ rect: Rect, _ geometry: LayoutGeometry, _ frames: LayoutGeometry.Frames) -> Size? {
        guard let base = frames.unshrunk[index] else { return nil }
        return geometry.nodes[geometry.parents[index]].kind == .hgroup
            ? Size(width: base, height: rect.height) : Size(width: rect.width, height: base)
    }

    static func panel(plan: LayoutPlan, geometry: LayoutGeometry, frames: LayoutGeometry.Frames, size: DeviceSize,
                      texts: [String: LayoutTextModel] = [:]) -> PreviewRenderer.Panel {
        var out: [PreviewRenderer.Frame] = []
        out.reserveCapacity(frames.rects.count + frames.elements.count)
        var elements = frames.elements[...]
        for index in geometry.nodes.indices {
            let node = geometry.nodes[index]
            guard node.kind != .spacer, let rect = frames.rects[index] else { continue }
            // Anonymous items have nothing to show; anonymous containers are tinted.
            if node.name == nil && node.kind == .item { continue }
            var frame = PreviewRenderer.Frame(name: node.name, kind: node.kind, rect: rect, depth: geometry.depths[index])
            if node.isWrap, let name = node.name { frame.text = texts[name] }
            frame.unshrunk = unshrunkSize(index, rect, geometry, frames)
            if node.name != nil { frame.follows = geometry.followedAxes(index) }
            out.append(frame)
            while let element = elements.first, element.flow == index {
                out.append(.init(name: element.frame.name, kind: .item, rect: element.frame.rect, depth: geometry.depths[index] + 1, isFlowElement: true))
                elements.removeFirst()
            }
        }
        var panel = PreviewRenderer.Panel(layout: plan.name, label: caption(plan, size), size: drawnSize(frames, size),
                                          safeArea: DrawnSafeArea.insets(size.safeArea, for: plan), frames: out)
        panel.fit = plan.fit
        return panel
    }
}
