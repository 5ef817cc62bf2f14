/// Random layouts for the codegen differential test with an overlay that measures itself
/// (docs/format.md §8.5): sizing children of every kind (a number size, a content size, a wrap
/// item, a group, an aspect ratio, a nested overlay) beside followers (a background, a corner
/// badge, a centred child, a safe-area child, a separator). Invalid draws are dropped by the
/// caller, as the other random layouts are.
extension GeneratedCodeDifferentialTests.Generator {
    mutating func measuringOverlayLayout(_ index: Int) -> String {
        counter = 0
        keywords = []
        var lines = ["layout: R\(index)"]
        if rng.chance(0.5) {
            lines.append("fit: \(["height", "height", "width", "both"][rng.int(0...3)])")
            lines.append("root:")
            measuringOverlay(indent: 2, props: [], into: &lines)
        } else {
            let hgroup = rng.chance(0.4)
            lines += ["root:", "  \(hgroup ? "hgroup" : "vgroup"): column", "  align: \(["leading", "center", "trailing"][rng.int(0...2)])",
                      "  spacing: \(n(rng.value(0, 8)))", "  children:"]
            var props = hgroup ? ["width: fit"] : ["height: fit"]
            if rng.chance(0.4) { props.append(hgroup ? "height: fit" : "width: fit") }
            if rng.chance(0.2) { props.append("\(hgroup ? "maxWidth" : "maxHeight"): \(n(rng.value(20, 200)))") }
            if rng.chance(0.2) { props.append("optional: true") }
            measuringOverlay(indent: 6, props: props, into: &lines)
            lines += ["    - item: \(name())", "      \(hgroup ? "width" : "height"): \(n(rng.value(0, 60)))"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An overlay whose first lines are `props`, at `indent` (a list item where `props` is not empty).
    mutating func measuringOverlay(indent: Int, props: [String], into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        lines.append((props.isEmpty ? pad : String(repeating: " ", count: indent - 2) + "- ") + "overlay: \(name())")
        for prop in props { lines.append(pad + prop) }
        lines.append(pad + "children:")
        var children: [[String]] = []
        for _ in 0..<rng.int(1...3) { children.append(sizingChild()) }
        for _ in 0..<rng.int(0...2) { children.append(follower()) }
        for child in children.shuffledDeterministically(&rng) {
            for (offset, line) in child.enumerated() {
                lines.append(pad + (offset == 0 ? "  - " : "    ") + line)
            }
        }
    }

    /// `leading` / `top` now and then, 0 … 20 (a child with a size of its own needs one).
    mutating func nearAnchors(required: Bool) -> [String] {
        var anchors: [String] = []
        if required || rng.chance(0.5) { anchors.append("leading: \(n(rng.value(-4, 20)))") }
        if required || rng.chance(0.5) { anchors.append("top: \(n(rng.value(-4, 20)))") }
        return anchors
    }

    mutating func sizingChild() -> [String] {
        var lines: [String]
        switch rng.int(0...6) {
        case 0:
            lines = ["item: \(name())", "size: [\(n(rng.value(0, 200))), \(n(rng.value(0, 120)))]"] + nearAnchors(required: true)
        case 1:
            lines = ["item: \(name())", "dynamic: true"] + nearAnchors(required: true)
        case 2:
            lines = ["item: \(name())", "dynamic: wrap", "leading: \(n(rng.value(0, 20)))", "top: \(n(rng.value(0, 20)))"]
            if rng.chance(0.4) { lines.append("trailing: \(n(rng.value(0, 20)))") }
            if rng.chance(0.2) { lines.append("maxWidth: \(n(rng.value(40, 300)))") }
        case 3:
            lines = ["vgroup: \(name())", "padding: \(n(rng.value(0, 16)))", "spacing: \(n(rng.value(0, 8)))", "children:",
                     "  - item: \(name())", "    height: \(n(rng.value(0, 120)))", "    width: \(n(rng.value(0, 120)))",
                     "  - item: \(name())", "    dynamic: wrap"]
            if rng.chance(0.3) { lines += ["leading: \(n(rng.value(0, 20)))", "trailing: \(n(rng.value(0, 20)))"] }
            if rng.chance(0.3) { lines += ["top: \(n(rng.value(0, 20)))", "bottom: \(n(rng.value(0, 20)))"] }
        case 4:
            lines = ["hgroup: \(name())", "spacing: \(n(rng.value(0, 8)))", "padding: \(n(rng.value(0, 8)))", "children:",
                     "  - item: \(name())", "    size: [\(n(rng.value(0, 60))), \(n(rng.value(0, 60)))]",
                     "  - item: \(name())", "    dynamic: true"]
        case 5:
            lines = ["item: \(name())", "aspect: \(n([0.5, 1, 1.5, 16.0 / 9][rng.int(0...3)]))", "width: \(n(rng.value(0, 200)))"] + nearAnchors(required: true)
        default:
            lines = ["overlay: \(name())", "children:",
                     "  - item: \(name())", "    size: [\(n(rng.value(0, 100))), \(n(rng.value(0, 100)))]",
                     "    leading: \(n(rng.value(0, 10)))", "    top: \(n(rng.value(0, 10)))",
                     "  - item: \(name())"]
        }
        if rng.chance(0.15) { lines.insert("optional: true", at: 1) }
        return lines
    }

    mutating func follower() -> [String] {
        var lines: [String]
        switch rng.int(0...4) {
        case 0: lines = ["item: \(name())"]
        case 1:
            lines = ["item: \(name())", "size: [\(n(rng.value(0, 40))), \(n(rng.value(0, 40)))]",
                     "trailing: \(n(rng.value(-8, 8)))", "bottom: \(n(rng.value(-8, 8)))"]
        case 2: lines = ["item: \(name())", "size: [\(n(rng.value(0, 300))), \(n(rng.value(0, 300)))]", "center: true"]
        case 3:
            lines = ["item: \(name())", "safeArea: true", "size: [\(n(rng.value(0, 40))), \(n(rng.value(0, 40)))]",
                     "leading: \(n(rng.value(0, 8)))", "top: \(n(rng.value(0, 8)))"]
        default:
            lines = ["item: \(name())", "leading: \(n(rng.value(0, 16)))", "trailing: 0", "bottom: 0", "height: 1"]
        }
        if rng.chance(0.15) { lines.insert("optional: true", at: 1) }
        return lines
    }
}
