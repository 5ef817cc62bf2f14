import LayoutRuntimeCore

/// flow and justified flow (docs/format.md §4.3): elements wrap left to right into lines as tall
/// as their tallest element; a justified flow spreads each line to the full width and makes
/// every element frame integral. Line breaking and placement are LayoutRuntime's `LayoutFlow`,
/// which generated code calls too.
extension LayoutDomain {
    mutating func layoutFlow(_ node: PlanNode, in frame: LayoutRect<Value>) throws(LayoutError) {
        let inner = inset(frame, byPaddingOf: node)
        try checkPadding(node, frame: frame, inner: inner)
        let elements = try flowElements(node)
        try checkElementWidths(node, innerWidth: inner.width)
        let lines = measureLines(node, elements, innerWidth: inner.width)
        let contentHeight = add(paddingSum(node, .vertical), lines.height)
        try check(.notFits(contentHeight, frame.height),
                  LayoutFailure(.flowHeight(node, needed: contentHeight, available: frame.height, lines: lines), at: node.location))
        let items = node.items
        // By index: iterating the items copied each one, retaining its strings.
        guard items.indices.contains(where: { items[$0].name != nil }) else { return }
        placeFlow(node, elements, in: inner, lines: lines)
    }

    /// The first element wider than the flow, in item order, is `outOfSpace` at its item. A
    /// static item's elements are alike: one check each, none when an earlier static item at
    /// least as wide passed.
    @inline(__always)  // called once per flow: the call itself showed in the engine's profile (issue 22)
    mutating func checkElementWidths(_ node: PlanNode, innerWidth: Value) throws(LayoutError) {
        var widestChecked = -Double.infinity
        let items = node.items
        // Items read in place by index: a copy of each retained its strings.
        for index in items.indices {
            let presence = items[index].canBeAbsent ? self.presence(items[index]) : .shown
            switch presence {
            case .hidden: continue
            case .runtime(let flag):
                let item = items[index]
                try when(flag) { (layout: inout Self) throws(LayoutError) in
                    try layout.checkElementWidth(item, at: index, of: node, innerWidth: innerWidth)
                }
            case .shown:
                if items[index].isDynamic {
                    try checkDynamicElementWidths(items[index], of: node, innerWidth: innerWidth)
                    continue
                }
                if hasParameters, let size = itemSize(node, index) {
                    // §8.1: a width given at run time, checked whatever an earlier item's was
                    try check(.notFits(size.width, innerWidth),
                              LayoutFailure(.tooWide(items[index], width: size.width, flow: node, available: innerWidth), at: items[index].location))
                    continue
                }
                let width = items[index].size.width
                if width <= widestChecked { continue }
                widestChecked = width
                try check(.notFits(constant(width), innerWidth),
                          LayoutFailure(.tooWide(items[index], width: constant(width), flow: node, available: innerWidth), at: items[index].location))
            }
        }
    }

    /// The first element of the item wider than the flow is `outOfSpace` at the item.
    mutating func checkElementWidth(_ item: FlowItem, at index: Int, of node: PlanNode, innerWidth: Value) throws(LayoutError) {
        if item.isDynamic {
            try checkDynamicElementWidths(item, of: node, innerWidth: innerWidth)
        } else {
            let width = (hasParameters ? itemSize(node, index)?.width : nil) ?? constant(item.size.width)
            try check(.notFits(width, innerWidth),
                      LayoutFailure(.tooWide(item, width: width, flow: node, available: innerWidth), at: item.location))
        }
    }
}
