import LayoutCompiler
import LayoutRuntime

/// The markdown of a hover: on a node, its kind, name and frame at each device size of the
/// matrix (with the run-time content it was laid out with); on a key, what it means.
enum HoverText {
    static func hover(at position: Position, in document: OpenDocument, analysis: DocumentAnalysis) -> Hover? {
        guard document.isLayout, let (word, range) = document.word(at: position) else { return nil }
        let bare = word.hasPrefix(".") || word.hasPrefix("$") ? String(word.dropFirst()) : word
        if let compiled = analysis.compiled {
            let index = NodeIndex(compiled.file)
            if let entry = index.node(onLine: position.line + 1, word: bare), !word.hasPrefix(".") {
                let plan = entry.layout < compiled.plans.count ? compiled.plans[entry.layout] : nil
                return Hover(contents: MarkupContent(value: nodeText(entry, plan: plan, layers: analysis.layers)), range: range)
            }
        }
        guard let text = KeyDescriptions.hoverText(of: bare) else { return nil }
        return Hover(contents: MarkupContent(value: text), range: range)
    }

    static func nodeText(_ entry: NodeIndex.Entry, plan: LayoutPlan?, layers: [LintLayer]) -> String {
        let node = entry.node
        var name: String?
        if case .string(let text)? = node.name { name = text }
        var text = "**\(node.kind.rawValue)**" + (name.map { " `\($0)`" } ?? " (anonymous)")
        if let meaning = KeyDescriptions.kinds[node.kind] { text += "\n\n" + meaning }
        guard let plan else {
            return text + "\n\nNo frames: the layout has errors."
        }
        text += "\n\nFrames in layout `\(plan.name)` (left to right, optional nodes shown):\n\n"
        let state = LintState(layers: layers, layout: plan.name)
        var dynamicSizes: [String: [Size]] = [:]
        var texts: [String: LayoutTextModel] = [:]
        var unsized: [String] = []
        var inputs: [String] = []
        for item in plan.contentItemNames {
            if let first = state.samples(for: item)?.first {
                dynamicSizes[item] = [first]
                inputs.append("`\(item)` \(number(first.width))×\(number(first.height))")
            } else {
                unsized.append(item)
            }
        }
        for item in plan.wrapItemNames {
            if let first = state.texts(for: item)?.first {
                texts[item] = first
                inputs.append("`\(item)` text \(number(first.width))×\(number(first.lineHeight))")
            } else {
                unsized.append(item)
            }
        }
        let geometry = LayoutGeometry(plan: plan, unsized: Set(unsized))
        guard let nodeIndex = geometry.nodes.firstIndex(where: { $0.location == node.location }) else {
            return text + "No frame: the node is not laid out."
        }
        text += "| device | x | y | width | height |\n| --- | ---: | ---: | ---: | ---: |\n"
        for size in state.sizes(for: plan) {
            let environment = LayoutEngine.Environment(size: size.size, safeArea: size.safeArea, dynamicSizes: dynamicSizes,
                                                       measures: FramesRequest.measures(texts))
            switch geometry.frames(in: environment) {
            case .success(let frames):
                if let rect = frames.rects[nodeIndex] {
                    text += "| \(size) | \(number(rect.x)) | \(number(rect.y)) | \(number(rect.width)) | \(number(rect.height)) |\n"
                } else {
                    text += "| \(size) | – | – | – | – |\n"
                }
            case .failure(let error):
                text += "| \(size) | \(error.code.rawValue) | | | |\n"
            }
        }
        if !inputs.isEmpty { text += "\nContent from .layoutlint.yml samples: " + inputs.joined(separator: ", ") + "." }
        if !unsized.isEmpty { text += "\nWithout samples (a stand-in size): " + unsized.map { "`\($0)`" }.joined(separator: ", ") + "." }
        if !plan.dynamicItemNames.isEmpty {
            let flowItems = plan.dynamicItemNames.filter { !plan.contentItemNames.contains($0) }
            if !flowItems.isEmpty { text += "\nDynamic flow items with no elements: " + flowItems.map { "`\($0)`" }.joined(separator: ", ") + "." }
        }
        return text
    }

    static func number(_ value: Double) -> String { NumberFormat.string(value) }
}
