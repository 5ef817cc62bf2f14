import Foundation
import LayoutRuntime

/// flow and justified flow (SPEC §4.3, seeds 000 and 001): elements wrap left to right into
/// lines as tall as their tallest element; a justified flow spreads each line to the full width
/// and makes every element frame integral. Line breaking and placement are LayoutRuntime's
/// `LayoutFlow`, which generated code calls too.
extension LayoutRun {
    /// A flow's elements in order: the sizes, and where each item's elements start.
    struct FlowElements {
        var sizes: [CGSize] = []
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
        try checkElementWidths(node, elements, innerWidth: inner.width)
        let measured = LayoutFlow.measure(elements.sizes, width: inner.width, spacing: node.spacing.horizontal,
                                          lineSpacing: node.spacing.vertical)
        let contentHeight = node.padding.vertical + measured.height
        if !Tolerance.fits(contentHeight, in: frame.height) {
            throw outOfSpace(node, LayoutMessages.flowHeight(node.title, contentHeight, frame.height, lines: measured.lines))
        }
        guard node.items.contains(where: { $0.name != nil }) else { return }

        let rects = LayoutFlow.place(elements.sizes, x: inner.minX, y: inner.minY, width: inner.width,
                                     spacing: node.spacing.horizontal, lineSpacing: node.spacing.vertical,
                                     justified: node.justify)
        for (index, item) in node.items.enumerated() {
            guard let name = item.name else { continue }
            let range = elements.starts[index]..<elements.starts[index + 1]
            if item.count == nil && !item.isDynamic {
                frames.append(LayoutEngine.Frame(name: name, kind: .item, rect: Rect(rects[range.lowerBound])))
            } else {
                for element in range {
                    frames.append(LayoutEngine.Frame(name: "\(name)[\(element - range.lowerBound)]", kind: .item, rect: Rect(rects[element])))
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
                    elements.sizes.append(CGSize(width: size.width, height: size.height))
                }
            } else {
                elements.sizes.append(contentsOf: repeatElement(CGSize(width: item.size.width, height: item.size.height), count: item.count ?? 1))
            }
            elements.starts.append(elements.sizes.count)
        }
        return elements
    }

    /// An element wider than the flow is `outOfSpace` at its item (the first such, in order).
    func checkElementWidths(_ node: PlanNode, _ elements: FlowElements, innerWidth: Double) throws(LayoutError) {
        for (index, item) in node.items.enumerated() {
            for element in elements.starts[index]..<elements.starts[index + 1] {
                let width = Double(elements.sizes[element].width)
                if !Tolerance.fits(width, in: innerWidth) {
                    let indexInItem = item.count == nil && !item.isDynamic ? nil : element - elements.starts[index]
                    throw outOfSpace(at: item.location, LayoutMessages.tooWide(LayoutMessages.element(item.name, index: indexInItem),
                                                                                width, flow: node.title, innerWidth))
                }
            }
        }
    }

    /// The content height of a flow's lines at `innerWidth` (without padding), after the
    /// element-width check.
    func flowLinesHeight(_ node: PlanNode, _ elements: FlowElements, innerWidth: Double) throws(LayoutError) -> Double {
        try checkElementWidths(node, elements, innerWidth: innerWidth)
        return LayoutFlow.measure(elements.sizes, width: innerWidth, spacing: node.spacing.horizontal,
                                  lineSpacing: node.spacing.vertical).height
    }
}

extension Rect {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
}
