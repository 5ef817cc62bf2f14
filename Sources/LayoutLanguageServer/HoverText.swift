import LayoutCompiler
import LayoutRuntime

/// The markdown of a hover: on a node, its kind, name and frame at each device size of the
/// matrix (with the run-time content it was laid out with); on a layout's name, its generated
/// Swift interface (`InterfaceHover`); on a key, what it means.
enum HoverText {
    static func hover(at position: Position, in document: OpenDocument, analysis: DocumentAnalysis) -> Hover? {
        guard document.isLayout, let (word, range) = document.word(at: position) else { return nil }
        let bare = word.hasPrefix(".") || word.hasPrefix("$") ? String(word.dropFirst()) : word
        if word.hasPrefix("$"), word.count > 1 {
            return ConstantNavigation.hover(on: String(word.dropFirst()), range: range, at: position, in: document, analysis: analysis)
        }
        if !word.hasPrefix("."), let hover = InterfaceHover.hover(on: word, range: range, at: position, in: document, analysis: analysis) {
            return hover
        }
        if let compiled = analysis.compiled, let index = analysis.nodes {
            if let entry = index.node(onLine: position.line + 1, word: bare), !word.hasPrefix(".") {
                let plan = entry.layout < compiled.plans.count ? compiled.plans[entry.layout] : nil
                let frames = plan.map { analysis.frames(ofLayout: entry.layout, plan: $0) }
                return Hover(contents: MarkupContent(value: nodeText(entry, plan: plan, frames: frames)), range: range)
            }
        }
        guard let text = KeyDescriptions.hoverText(of: bare) else { return nil }
        return Hover(contents: MarkupContent(value: text), range: range)
    }

    static func nodeText(_ entry: NodeIndex.Entry, plan: LayoutPlan?, frames: LayoutFrames?) -> String {
        let node = entry.node
        var name: String?
        if case .string(let text)? = node.name { name = text }
        var text = "**\(node.kind.rawValue)**" + (name.map { " `\($0)`" } ?? " (anonymous)")
        if let meaning = KeyDescriptions.kinds[node.kind] { text += "\n\n" + meaning }
        guard let plan, let frames else {
            return text + "\n\nNo frames: the layout has errors."
        }
        text += "\n\nFrames in layout `\(plan.name)` (left to right, optional nodes shown):\n\n"
        guard let nodeIndex = frames.index(of: node.location) else {
            return text + "No frame: the node is not laid out."
        }
        text += "| device | x | y | width | height |\n| --- | ---: | ---: | ---: | ---: |\n"
        for (size, result) in frames.runs {
            switch result {
            case .success(let computed):
                if let rect = computed.rects[nodeIndex] {
                    text += "| \(size) | \(number(rect.x)) | \(number(rect.y)) | \(number(rect.width)) | \(number(rect.height)) |\n"
                } else {
                    text += "| \(size) | – | – | – | – |\n"
                }
            case .failure(let error):
                text += "| \(size) | \(error.code.rawValue) | | | |\n"
            }
        }
        if !frames.inputs.isEmpty { text += "\nContent from .layoutlint.yml samples: " + frames.inputs.joined(separator: ", ") + "." }
        if !frames.unsized.isEmpty { text += "\nWithout samples (a stand-in size): " + frames.unsized.map { "`\($0)`" }.joined(separator: ", ") + "." }
        let flowItems = plan.dynamicItemNames.filter { !plan.contentItemNames.contains($0) }
        if !flowItems.isEmpty { text += "\nDynamic flow items with no elements: " + flowItems.map { "`\($0)`" }.joined(separator: ", ") + "." }
        return text
    }

    static func number(_ value: Double) -> String { NumberFormat.string(value) }
}
