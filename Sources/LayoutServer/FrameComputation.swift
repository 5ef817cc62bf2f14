import LayoutCompiler
import LayoutRuntime

/// Runs the engine for the page: every node's frame (named or not, flow elements after their
/// flow), and the error that stopped it with the node at fault. Pure; runs on a worker thread.
enum FrameComputation {
    static func layoutFile(_ snapshot: LayoutSnapshot) -> PreviewDocuments.LayoutFile {
        let path = snapshot.entry.shownPath
        var layouts: [PreviewDocuments.Layout] = []
        for (layout, plan) in zip(snapshot.compiled.file.layouts, snapshot.compiled.plans) {
            guard case .string(let name)? = layout.name else { continue }
            let texts = plan.map { snapshot.defaultTexts(for: $0) } ?? [:]
            let wrap = (plan?.wrapItemNames ?? []).compactMap { name in
                texts[name].map { PreviewDocuments.WrapText(name: name, width: $0.width, lineHeight: $0.lineHeight) }
            }
            let samples = (plan.map { snapshot.defaultSizes(for: $0) } ?? []).map {
                PreviewDocuments.ContentSample(name: $0.name, width: $0.size.width, height: $0.size.height)
            }
            layouts.append(PreviewDocuments.Layout(
                name: name, line: layout.location.line, column: layout.location.column, valid: plan != nil,
                size: plan?.defaultSize.map(PreviewDocuments.SizeValue.init), safeArea: plan?.defaultSafeArea.map(PreviewDocuments.Insets.init),
                optional: plan?.optionalNames ?? [], dynamic: plan?.dynamicItemNames ?? [], content: plan?.contentItemNames ?? [],
                samples: samples, wrap: wrap, fit: plan?.fit?.rawValue, breakpoints: plan.map(WidthVariants.breakpoints) ?? [],
                nodes: plan.flatMap { snapshot.geometries[$0.name] }.map(treeNodes) ?? [],
                items: plan.flatMap { snapshot.geometries[$0.name] }.map(treeItems) ?? [],
                flags: plan?.flagNames ?? [],
                parameters: (plan?.parameters ?? []).map { PreviewDocuments.ParameterValue(name: $0.name, value: $0.defaultValue) }))
        }
        let diagnostics = snapshot.compiled.diagnostics.map {
            PreviewDocuments.Message(severity: $0.severity.rawValue, code: $0.code.rawValue, message: $0.message,
                                     line: $0.location.line, column: $0.location.column, formatted: $0.formatted(path: path))
        }
        let lint = snapshot.compiled.hasErrors ? [] : snapshot.lint.map {
            PreviewDocuments.Message(severity: $0.severity.rawValue, code: $0.rule, message: $0.message,
                                     line: $0.location.line, column: $0.location.column, formatted: $0.formatted(path: path))
        }
        return PreviewDocuments.LayoutFile(id: snapshot.entry.id, snapshot: snapshot.serial, path: path, syntax: snapshot.syntax.rawValue,
                                           layouts: layouts, diagnostics: diagnostics, lint: lint)
    }

    static func treeNodes(_ geometry: LayoutGeometry) -> [PreviewDocuments.TreeNode] {
        geometry.nodes.indices.map { index in
            let node = geometry.nodes[index]
            return PreviewDocuments.TreeNode(name: node.name, kind: node.kind.rawValue, parent: geometry.parents[index] >= 0 ? geometry.parents[index] : nil,
                                             depth: geometry.depths[index], line: node.location.line, column: node.location.column, wrap: node.isWrap)
        }
    }

    static func treeItems(_ geometry: LayoutGeometry) -> [PreviewDocuments.TreeItem] {
        geometry.nodes.indices.flatMap { index in
            geometry.nodes[index].items.compactMap { item in
                item.name.map { PreviewDocuments.TreeItem(flow: index, name: $0, line: item.location.line, column: item.location.column) }
            }
        }
    }

    /// The frames at every size of the lint device matrix (the built-in one, or the one of the
    /// nearest `.layoutlint.yml`), portrait and landscape.
    static func matrix(_ snapshot: LayoutSnapshot, _ query: FramesQuery) -> PreviewDocuments.Matrix {
        let snapshot = snapshot.applying(query.parameters)
        guard let plan = snapshot.plan(named: query.layout), let geometry = snapshot.geometries[plan.name] else {
            return PreviewDocuments.Matrix(file: snapshot.entry.id, layout: query.layout, panels: [])
        }
        let panels = snapshot.deviceSizes(for: plan).map {
            frames(snapshot, plan: plan, geometry: geometry, query: query, size: $0.size, safeArea: $0.safeArea, label: $0.label,
                   scale: $0.scale)
        }
        return PreviewDocuments.Matrix(file: snapshot.entry.id, layout: plan.name, panels: panels)
    }

    static func frames(_ snapshot: LayoutSnapshot, plan: LayoutPlan, geometry: LayoutGeometry, query: FramesQuery,
                       size: Size, safeArea: EdgeInsets, label: String?, scale: Double? = nil) -> PreviewDocuments.Frames {
        // A device's panel is on its pixel grid (docs/format.md §8.2), as lint lays it out.
        let settings = FramesAnswer.Settings(snapshot, plan: plan, query: query, size: size, safeArea: safeArea, scale: scale)
        let texts = settings.texts, ignored = settings.ignored
        let environment = settings.environment(query.direction)
        let (frames, error) = geometry.framesUntilError(in: environment)
        // The fitted container (docs/format.md §7.3), where the engine measured it.
        let fitted = Size(width: frames.containerSize.width.isFinite ? frames.containerSize.width : size.width,
                          height: frames.containerSize.height.isFinite ? frames.containerSize.height : size.height)

        let nodes = Self.nodes(geometry: geometry, frames: frames, error: error, texts: texts)
        let failure = error.map { error in
            var message = error.message
            if let label { message += DiagnosticMessages.panel(label) }
            var diagnostic = Diagnostic(error.code, message, at: error.location)
            diagnostic.note = error.fix
            return PreviewDocuments.Failure(code: error.code.rawValue, message: diagnostic.message, line: error.location.line,
                                            column: error.location.column, formatted: diagnostic.formatted(path: snapshot.entry.shownPath))
        }
        return PreviewDocuments.Frames(file: snapshot.entry.id, layout: plan.name, label: label, size: PreviewDocuments.SizeValue(fitted),
                                       safeArea: PreviewDocuments.Insets(safeArea), usesSafeArea: DrawnSafeArea.usesSafeArea(plan.root),
                                       direction: query.direction.rawValue, fit: plan.fit?.rawValue,
                                       fitMeasured: plan.fit.map { _ in frames.containerSize.width.isFinite && frames.containerSize.height.isFinite },
                                       nodes: nodes, error: failure, variants: WidthVariants.present(in: plan, width: size.width), ignored: ignored)
    }

    /// Every node's frame for the page (named or not, flow elements after their flow), the node
    /// at fault marked.
    static func nodes(geometry: LayoutGeometry, frames: LayoutGeometry.Frames, error: LayoutError?,
                      texts: [String: LayoutTextModel]) -> [PreviewDocuments.Node] {
        var nodes: [PreviewDocuments.Node] = []
        nodes.reserveCapacity(frames.rects.count + frames.elements.count)
        var outputIndex = [Int](repeating: -1, count: geometry.nodes.count)
        var elements = frames.elements[...]
        for index in geometry.nodes.indices {
            let node = geometry.nodes[index]
            guard let rect = frames.rects[index] else { continue }
            let parentIndex = geometry.parents[index]
            let parent = parentIndex >= 0 && outputIndex[parentIndex] >= 0 ? outputIndex[parentIndex] : nil
            outputIndex[index] = nodes.count
            var output = PreviewDocuments.Node(id: nodes.count, parent: parent, depth: geometry.depths[index], name: node.name, kind: node.kind.rawValue,
                                               x: rect.x, y: rect.y, width: rect.width, height: rect.height,
                                               line: node.location.line, column: node.location.column, element: false,
                                               atFault: error.map { $0.location == node.location } ?? false)
            if node.isWrap, let name = node.name, let text = texts[name] {
                output.text = PreviewDocuments.NodeText(width: text.width, lineHeight: text.lineHeight, lines: text.lines(at: rect.width))
            }
            if let base = frames.unshrunk[index] {
                output.unshrunk = geometry.nodes[parentIndex].kind == .hgroup
                    ? PreviewDocuments.SizeValue(width: base, height: rect.height) : PreviewDocuments.SizeValue(width: rect.width, height: base)
            }
            nodes.append(output)
            let flow = nodes.count - 1
            while let element = elements.first, element.flow == index {
                elements.removeFirst()
                let name = element.frame.name
                let base = name.firstIndex(of: "[").map { String(name[..<$0]) } ?? name
                let item = node.items.first { $0.name == base }
                let location = item?.location ?? node.location
                let rect = element.frame.rect
                nodes.append(PreviewDocuments.Node(id: nodes.count, parent: flow, depth: geometry.depths[index] + 1, name: name, kind: NodeKind.item.rawValue,
                                                   x: rect.x, y: rect.y, width: rect.width, height: rect.height,
                                                   line: location.line, column: location.column, element: true,
                                                   atFault: error.map { item != nil && $0.location == location } ?? false))
            }
        }
        // The node at fault may have no frame yet (an element that did not fit; a group whose
        // size is measured before anything is placed): then its nearest ancestor that has one
        // is outlined.
        if let error, !nodes.contains(where: \.atFault),
           var index = geometry.nodes.indices.first(where: { geometry.nodes[$0].location == error.location || geometry.nodes[$0].items.contains { $0.location == error.location } }) {
            while index >= 0, outputIndex[index] < 0 { index = geometry.parents[index] }
            if index >= 0 { nodes[outputIndex[index]].atFault = true }
        }
        return nodes
    }
}
