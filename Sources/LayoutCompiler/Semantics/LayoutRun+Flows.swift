#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutRuntimeCore

/// The flows of the layout walk with Doubles: a flow's elements expanded from its items, its lines
/// measured, and its elements placed and handed to the sink.
extension LayoutRun {
    /// A flow's elements in order: the sizes, and where each item's elements start.
    struct FlowElements {
        var sizes: [LayoutSize] = []
        /// `starts[i]` is the first element of `items[i]`; `starts.last` is the element count.
        var starts: [Int] = [0]
    }

    struct FlowLines: FlowLinesValue {
        var lines: Int
        var height: Double
    }

    /// Expands items into elements: arrays `count` times, dynamic items from the environment.
    @inline(__always)  // called once per flow, at two sites (issue 22)
    func flowElements(_ node: PlanNode) throws(LayoutError) -> FlowElements {
        // The two arrays read in place: binding `fixedElements` copied its names too.
        if let sizes = node.fixedElements?.sizes, let starts = node.fixedElements?.starts { return FlowElements(sizes: sizes, starts: starts) }
        var elements = FlowElements()
        elements.starts.reserveCapacity(node.items.count + 1)
        for item in node.items {
            if isHidden(item) {
                // Laid out as if it were not in the file.
            } else if item.isDynamic {
                guard let name = item.name, let sizes = environment.dynamicSizes[name] else {
                    var error = LayoutError(code: .itemIncomplete,
                                            message: DiagnosticMessages.noDynamicSizes(item.name, advice: InputAdvice.inFile.dynamicSizes(item.name ?? "")),
                                            location: item.location)
                    error.missingSizesOf = item.name
                    throw error
                }
                elements.sizes.append(contentsOf: sizes)
            } else {
                elements.sizes.append(contentsOf: repeatElement(item.size, count: item.count ?? 1))
            }
            elements.starts.append(elements.sizes.count)
        }
        return elements
    }

    func checkDynamicElementWidths(_ item: FlowItem, of node: PlanNode, innerWidth: Double) throws(LayoutError) {
        guard let name = item.name, let sizes = environment.dynamicSizes[name],
              let index = LayoutFlow.firstTooWide(sizes, width: innerWidth)
        else { return }
        throw outOfSpace(at: item.location, LayoutMessages.tooWide(LayoutMessages.element(name, index: index),
                                                                   sizes[index].width, flow: node.title, innerWidth))
    }

    func measureLines(_ node: PlanNode, _ elements: FlowElements, innerWidth: Double) -> FlowLines {
        let measured = LayoutFlow.measure(elements.sizes, width: innerWidth, spacing: node.spacing.horizontal,
                                          lineSpacing: node.spacing.vertical)
        return FlowLines(lines: measured.lines, height: measured.height)
    }

    func placeFlow(_ node: PlanNode, _ elements: FlowElements, in inner: LayoutRect<Double>, lines: FlowLines) {
        let names = node.fixedElements?.names
        if let names, names.count == elements.sizes.count {
            placeNamedElements(node, elements.sizes, names: names, in: inner)
            return
        }
        let starts = elements.starts
        // Each frame goes to the sink as it is placed (no array of them). Elements come in order,
        // and an item's are `starts[item]..<starts[item + 1]` (none for a hidden one), so the
        // item an element belongs to only moves forward; what the frames need of it is read
        // once per item (reading an item's fields copied it, retaining its strings).
        var item = -1
        var itemName: String?
        var itemStart = 0, itemEnd = 0
        var isSingle = false
        node.items.withUnsafeBufferPointer { items in
        elements.sizes.withUnsafeBufferPointer { sizes in
            // Mirrored by the runtime, so that justified frames are made integral after mirroring.
            LayoutFlow.place(count: sizes.count, x: inner.x, y: inner.y, width: inner.width,
                             spacing: node.spacing.horizontal, lineSpacing: node.spacing.vertical, justified: node.justify,
                             mirroredIn: environment.direction == .rightToLeft ? environment.size.width : nil,
                             size: { sizes[$0] }, frame: { element, rect in
                if element >= itemEnd {
                    repeat { item += 1 } while element >= starts[item + 1]
                    itemName = items[item].name
                    isSingle = items[item].count == nil && !items[item].isDynamic
                    itemStart = starts[item]
                    itemEnd = starts[item + 1]
                }
                guard let itemName else { return }
                sink.element(ofItemNamed: itemName, index: isSingle ? nil : element - itemStart, name: names?[element], in: node, aligned(rect))
            })
        }
        }
    }

    /// `placeFlow` for a flow whose elements are named in the plan (a static flow of up to
    /// `FixedFlowElements.maximumNamed` elements): an element's name is its frame's, nil for an
    /// anonymous item's, so no item is followed (following them read each item's name, retained
    /// and released, for every flow).
    private func placeNamedElements(_ node: PlanNode, _ sizes: [LayoutSize], names: [String?], in inner: LayoutRect<Double>) {
        names.withUnsafeBufferPointer { names in
        sizes.withUnsafeBufferPointer { sizes in
            // `placeFlow` checked that there are as many names as sizes.
            LayoutFlow.place(count: sizes.count, x: inner.x, y: inner.y, width: inner.width,
                             spacing: node.spacing.horizontal, lineSpacing: node.spacing.vertical, justified: node.justify,
                             mirroredIn: environment.direction == .rightToLeft ? environment.size.width : nil,
                             size: { sizes[$0] }, frame: { element, rect in
                guard let name = names[element] else { return }
                sink.element(ofItemNamed: name, index: nil, name: name, in: node, aligned(rect))
            })
        }
        }
    }
}
