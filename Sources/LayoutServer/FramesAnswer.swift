import LayoutCompiler
import LayoutRuntime

/// The body of `GET /api/frames`: the bytes `layoutc frames FILE --format json` prints for the
/// file and the query (the frame table's own writer, `FrameTable`), and nothing else. With
/// `page=1` (the preview page's own requests), one line of JSON follows them, with what the page
/// draws beyond the named frames at this size:
///
///     {"page": {"file": ID, "snapshot": N, "layout": NAME, "size": [W, H], "safeArea": [T, L, B, R], "direction": "ltr",
///      "fitMeasured": true, "variants": [...], "ignored": [...], "frames": [[INDEX, X, Y, W, H], ...], "absent": [INDEX, ...],
///      "unshrunk": [[INDEX, BASE], ...], "texts": [[INDEX, WIDTH, LINE_HEIGHT, LINES], ...],
///      "error": null, "nodes": null}}
///
/// INDEX is a node's place in the layout's `nodes` of `/api/layout` (depth-first document
/// order), which holds what does not change with the size (parents, depths, lines), for the
/// file as it was when `/api/layout` said the same `snapshot`. `size` is the container (the
/// fitted one, where the engine measured it: §7.3). `frames` has
/// the nodes the command does not list (unnamed ones), `absent` the named ones it does not list
/// (hidden, or in a `when` variant absent at this width: the others are its frames, in order,
/// each followed by its elements if it is a flow); when the layout does not fit at this
/// size, the command lists none, and `error` and `nodes` (every frame computed before the error,
/// as `/api/matrix` has them, the node at fault marked) say why and how far it got.
///
/// The command is `layoutc frames FILE --format json --layout NAME --size WxH --safe-area T,L,B,R`
/// with `--direction`, `--hide`, `--flag`, `--param`, `--scale`, `--sizes` and `--wrap` as the query gives them, less the names the
/// layout does not have (`ignored`), and every wrap item given its text (the page's default where
/// the query has none). One engine run gives both parts (`LayoutGeometry.framesAndTable`).
enum FramesAnswer {
    /// What one query resolves to for one layout: the command's arguments, in effect.
    struct Settings {
        var size: Size
        var safeArea: EdgeInsets
        var hidden: [String]
        /// The flags on (§8.7), those of the layout among the query's.
        var flags: [String] = []
        var dynamicSizes: [String: [Size]]
        var texts: [String: LayoutTextModel]
        var ignored: [String]
        /// A device's pixel grid (docs/format.md §8.2), for the device matrix's panels; nil: none.
        var scale: Double?

        init(_ snapshot: LayoutSnapshot, plan: LayoutPlan, query: FramesQuery, size: Size, safeArea: EdgeInsets, scale: Double? = nil) {
            self.scale = scale
            self.size = size
            self.safeArea = safeArea
            // A wrap item the query gives no text starts from the page's default (a sample, else 200x20).
            texts = snapshot.defaultTexts(for: plan)
            // Most requests (a slider's steps) name nothing: no sets of the layout's names for them.
            guard !query.hidden.isEmpty || !query.dynamicSizes.isEmpty || !query.textModels.isEmpty || !query.flags.isEmpty else {
                hidden = []
                dynamicSizes = [:]
                ignored = []
                return
            }
            // Names the layout no longer has (the file changed under the page's controls) are left out.
            let optional = Set(plan.optionalNames), sized = Set(plan.dynamicItemNames).union(plan.contentItemNames)
            let wrapped = Set(plan.wrapItemNames)
            hidden = query.hidden.filter(optional.contains)
            let layoutFlags = Set(plan.flagNames)
            flags = query.flags.filter(layoutFlags.contains)
            dynamicSizes = query.dynamicSizes.filter { sized.contains($0.key) }
            texts.merge(query.textModels.filter { wrapped.contains($0.key) }) { $1 }
            ignored = (query.hidden.filter { !optional.contains($0) } + query.dynamicSizes.keys.filter { !sized.contains($0) }
                + query.textModels.keys.filter { !wrapped.contains($0) } + query.flags.filter { !layoutFlags.contains($0) }).sorted()
        }

        func environment(_ direction: LayoutDirection) -> LayoutEngine.Environment {
            LayoutEngine.Environment(size: size, safeArea: safeArea, dynamicSizes: dynamicSizes, hidden: Set(hidden), direction: direction,
                                     measures: FramesRequest.measures(texts), flags: Set(flags), scale: scale)
        }
    }

    static func body(_ snapshot: LayoutSnapshot, _ query: FramesQuery) -> [UInt8] {
        // §8.1: the file compiled with the values given; the command's `--param`.
        let snapshot = snapshot.applying(query.parameters)
        guard let plan = snapshot.plan(named: query.layout), let geometry = snapshot.geometries[plan.name] else {
            // What the command prints for a file whose layout has static errors (or is not there).
            var out = FrameTable(layouts: []).json()
            guard query.forPage else { return out.bytes }
            out.write("{\"page\": {\"file\": ")
            out.write(jsonString: snapshot.entry.id)
            out.write(", \"snapshot\": ")
            out.write(number: Double(snapshot.serial))
            if !snapshot.parameters.isEmpty, let failed = snapshot.compiled.diagnostics.first(where: { $0.severity == .error }) {
                // A value given fails a check (§8.1): said like a size the layout does not fit.
                out.write(", \"layout\": ")
                if let name = query.layout { out.write(jsonString: name) } else { out.write("null") }
                let failure = PreviewDocuments.Failure(code: failed.code.rawValue, message: failed.message, line: failed.location.line,
                                                       column: failed.location.column, formatted: failed.formatted(path: snapshot.entry.shownPath))
                out.write(", \"error\": ")
                out.write(PreviewHandler.encoded(failure))
                out.write(", \"nodes\": []}}\n")
                return out.bytes
            }
            out.write(", \"layout\": null, \"error\": null, \"nodes\": null}}\n")
            return out.bytes
        }
        let settings = Settings(snapshot, plan: plan, query: query, size: query.size ?? plan.defaultSize ?? Size(width: 390, height: 844),
                                safeArea: query.safeArea ?? plan.defaultSafeArea ?? .zero, scale: query.scale)
        let (frames, computed, error) = geometry.framesAndTable(in: settings.environment(query.direction))
        let table = FrameTable(layouts: computed.map { [FrameTable.Layout(name: plan.name, size: $0.size, frames: $0.frames, direction: query.direction,
                                                                          scale: query.scale)] } ?? [])
        var out = table.json()
        // Without `page=1` the answer is the command's bytes alone.
        guard query.forPage else { return out.bytes }
        out.write("{\"page\": {\"file\": ")
        out.write(jsonString: snapshot.entry.id)
        out.write(", \"layout\": ")
        out.write(jsonString: plan.name)
        out.write(", \"snapshot\": ")
        out.write(number: Double(snapshot.serial))
        out.write(", \"size\": [")
        // The fitted container (docs/format.md §7.3), where the engine measured it.
        writeNumbers([frames.containerSize.width.isFinite ? frames.containerSize.width : settings.size.width,
                      frames.containerSize.height.isFinite ? frames.containerSize.height : settings.size.height], to: &out)
        out.write("], \"safeArea\": [")
        writeNumbers([settings.safeArea.top, settings.safeArea.leading, settings.safeArea.bottom, settings.safeArea.trailing], to: &out)
        out.write("], \"direction\": \"")
        out.write(query.direction.rawValue)
        out.write("\", \"fitMeasured\": ")
        if plan.fit == nil {
            out.write("null")
        } else {
            out.write(frames.containerSize.width.isFinite && frames.containerSize.height.isFinite ? "true" : "false")
        }
        out.write(", \"variants\": ")
        writeStrings(WidthVariants.present(in: plan, width: settings.size.width), to: &out)
        out.write(", \"ignored\": ")
        writeStrings(settings.ignored, to: &out)
        out.write(", \"frames\": [")
        var first = true
        for index in geometry.nodes.indices {
            // The command lists the named nodes, unless it listed nothing (the error below).
            guard let rect = frames.rects[index], error != nil || geometry.nodes[index].name == nil else { continue }
            out.write(first ? "[" : ", [")
            first = false
            writeNumbers([Double(index), rect.x, rect.y, rect.width, rect.height], to: &out)
            out.write("]")
        }
        // Names may repeat (a `when` variant of each width): the page pairs the command's
        // frames with the named nodes in order, passing over these.
        out.write("], \"absent\": [")
        first = true
        for index in geometry.nodes.indices where error == nil && frames.rects[index] == nil && geometry.nodes[index].name != nil {
            if !first { out.write(", ") }
            first = false
            out.write(number: Double(index))
        }
        out.write("], \"unshrunk\": [")
        first = true
        for (index, base) in frames.unshrunk.sorted(by: { $0.key < $1.key }) {
            out.write(first ? "[" : ", [")
            first = false
            writeNumbers([Double(index), base], to: &out)
            out.write("]")
        }
        out.write("], \"texts\": [")
        first = true
        for index in geometry.nodes.indices {
            let node = geometry.nodes[index]
            guard node.isWrap, let name = node.name, let text = settings.texts[name], let rect = frames.rects[index] else { continue }
            out.write(first ? "[" : ", [")
            first = false
            writeNumbers([Double(index), text.width, text.lineHeight, Double(text.lines(at: rect.width))], to: &out)
            out.write("]")
        }
        out.write("], \"error\": ")
        if let error {
            let diagnostic = error.diagnostic
            let failure = PreviewDocuments.Failure(code: error.code.rawValue, message: diagnostic.message, line: error.location.line,
                                                   column: error.location.column, formatted: diagnostic.formatted(path: snapshot.entry.shownPath))
            let nodes = FrameComputation.nodes(geometry: geometry, frames: frames, error: error, texts: settings.texts)
            // Rare (a size the layout does not fit), so the general encoder is fine here.
            out.write(PreviewHandler.encoded(failure))
            out.write(", \"nodes\": ")
            out.write(PreviewHandler.encoded(nodes))
        } else {
            out.write("null, \"nodes\": null")
        }
        out.write("}}\n")
        return out.bytes
    }

    private static func writeNumbers(_ values: [Double], to out: inout TextBuffer) {
        for (index, value) in values.enumerated() {
            if index > 0 { out.write(", ") }
            // JSON has no infinity; a side the engine could not measure is null.
            if value.isFinite { out.write(number: value) } else { out.write("null") }
        }
    }

    private static func writeStrings(_ values: [String], to out: inout TextBuffer) {
        out.write("[")
        for (index, value) in values.enumerated() {
            if index > 0 { out.write(", ") }
            out.write(jsonString: value)
        }
        out.write("]")
    }
}
