/// flow and justified flow (SPEC §4.3, seeds 000 and 001): elements wrap left to right into
/// lines as tall as their tallest element; a justified flow spreads each line to the full width
/// and makes every element frame integral.
extension LayoutRun {
    /// A flow's elements in order: the sizes, and where each item's elements start.
    struct FlowElements {
        var widths: [Double] = []
        var heights: [Double] = []
        /// `starts[i]` is the first element of `items[i]`; `starts.last` is the element count.
        var starts: [Int] = [0]
    }

    mutating func layoutFlow(_ node: PlanNode, in frame: Rect) throws(LayoutError) {
        let inner = frame.inset(by: node.padding)
        if Tolerance.isNegative(inner.width) {
            throw needs(node, node.padding.horizontal, frame.width, " of horizontal padding")
        }
        if Tolerance.isNegative(inner.height) {
            throw needs(node, node.padding.vertical, frame.height, " of vertical padding")
        }
        let elements = try flowElements(node)
        let lines = try flowLines(node, elements, innerWidth: inner.width)
        let contentHeight = node.padding.vertical + FlowLine.stackedHeight(lines, spacing: node.spacing.vertical)
        if !Tolerance.fits(contentHeight, in: frame.height) {
            throw needs(node, contentHeight, frame.height, " of height for \(lines.count) line\(lines.count == 1 ? "" : "s")")
        }
        guard node.items.contains(where: { $0.name != nil }) else { return }

        var rects = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: elements.widths.count)
        var top = inner.minY
        for line in lines {
            let count = line.elements.count
            let gap = node.justify && count >= 2
                ? (inner.width - line.contentWidth) / Double(count - 1)
                : node.spacing.horizontal
            var widthBefore = 0.0
            for (position, element) in line.elements.enumerated() {
                let x = inner.minX + widthBefore + Double(position) * gap
                widthBefore += elements.widths[element]
                let rect = Rect(x: x, y: top, width: elements.widths[element], height: elements.heights[element])
                rects[element] = node.justify ? Self.integral(rect) : rect
            }
            top += line.height + node.spacing.vertical
        }
        for (index, item) in node.items.enumerated() {
            guard let name = item.name else { continue }
            let range = elements.starts[index]..<elements.starts[index + 1]
            if item.count == nil && !item.isDynamic {
                frames.append(LayoutEngine.Frame(name: name, kind: .item, rect: rects[range.lowerBound]))
            } else {
                for element in range {
                    frames.append(LayoutEngine.Frame(name: "\(name)[\(element - range.lowerBound)]", kind: .item, rect: rects[element]))
                }
            }
        }
    }

    /// Expands items into elements: arrays `count` times, dynamic items from the environment.
    func flowElements(_ node: PlanNode) throws(LayoutError) -> FlowElements {
        var elements = FlowElements()
        elements.starts.reserveCapacity(node.items.count + 1)
        for item in node.items {
            if item.isDynamic {
                guard let name = item.name, let sizes = environment.dynamicSizes[name] else {
                    throw LayoutError(code: .itemIncomplete,
                                      message: "dynamic item '\(item.name ?? "")' has no sizes; give them at run time (layoutc: --sizes \(item.name ?? "NAME")=WxH,WxH,…)",
                                      location: item.location)
                }
                for size in sizes {
                    elements.widths.append(size.width)
                    elements.heights.append(size.height)
                }
            } else {
                let count = item.count ?? 1
                elements.widths.append(contentsOf: repeatElement(item.size.width, count: count))
                elements.heights.append(contentsOf: repeatElement(item.size.height, count: count))
            }
            elements.starts.append(elements.widths.count)
        }
        return elements
    }

    /// Breaks elements into lines; an element wider than the flow is `outOfSpace` at its item.
    func flowLines(_ node: PlanNode, _ elements: FlowElements, innerWidth: Double) throws(LayoutError) -> [FlowLine] {
        for (index, item) in node.items.enumerated() {
            for element in elements.starts[index]..<elements.starts[index + 1]
            where !Tolerance.fits(elements.widths[element], in: innerWidth) {
                let name = item.name.map { item.count == nil && !item.isDynamic ? "item '\($0)'" : "item '\($0)[\(element - elements.starts[index])]'" } ?? "an item"
                throw outOfSpace(at: item.location, "\(name) is \(pt(elements.widths[element])) pt wide but \(node.title) has \(pt(innerWidth)) pt for a line")
            }
        }
        return FlowLine.lines(widths: elements.widths, heights: elements.heights, width: innerWidth, spacing: node.spacing.horizontal)
    }

    /// CGRect.integral, after taking values within 1e-6 of an integer as that integer.
    static func integral(_ rect: Rect) -> Rect {
        func snap(_ value: Double) -> Double {
            let rounded = value.rounded()
            return abs(value - rounded) <= 1e-6 ? rounded : value
        }
        let x = snap(rect.minX).rounded(.down)
        let y = snap(rect.minY).rounded(.down)
        let maxX = snap(rect.maxX).rounded(.up)
        let maxY = snap(rect.maxY).rounded(.up)
        return Rect(x: x, y: y, width: maxX - x, height: maxY - y)
    }
}
