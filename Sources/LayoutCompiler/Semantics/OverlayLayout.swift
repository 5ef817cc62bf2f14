import LayoutRuntime

/// overlay (SPEC §4.5, seed 002): each child placed on its own inside the overlay's frame, or
/// inside its intersection with the safe area, by anchors solved one axis at a time.
extension LayoutRun {
    mutating func layoutOverlay(_ node: PlanNode, in frame: Rect) throws(LayoutError) {
        for child in node.children {
            var reference = frame
            if child.safeArea {
                let safe = try safeAreaRect(for: child)
                let minX = max(frame.minX, safe.minX), maxX = min(frame.maxX, safe.maxX)
                let minY = max(frame.minY, safe.minY), maxY = min(frame.maxY, safe.maxY)
                if Tolerance.isNegative(maxX - minX) || Tolerance.isNegative(maxY - minY) {
                    throw outOfSpace(child, LayoutMessages.pinned(child.title, overlay: node.title))
                }
                reference = Rect(x: minX, y: minY, width: max(maxX - minX, 0), height: max(maxY - minY, 0))
            }
            let width: Double? = switch child.width {
            case .fixed(let value): value
            case .fit: try measureWidth(child)
            default: nil
            }
            let (x, finalWidth) = try solve(child, start: child.leading, end: child.trailing, center: child.centerX, size: width,
                                            min: reference.minX, extent: reference.width, axis: "width")
            let height: Double? = switch child.height {
            case .fixed(let value): value
            case .fit: try measureHeight(child, width: finalWidth)
            default: nil
            }
            let (y, finalHeight) = try solve(child, start: child.top, end: child.bottom, center: child.centerY, size: height,
                                             min: reference.minY, extent: reference.height, axis: "height")
            try layout(child, in: Rect(x: x, y: y, width: finalWidth, height: finalHeight))
        }
    }

    /// One axis of the SPEC §4.5 table. The validator has already ruled out the conflicting and
    /// incomplete rows.
    func solve(_ child: PlanNode, start: Double?, end: Double?, center: Double?, size: Double?,
               min: Double, extent: Double, axis: String) throws(LayoutError) -> (Double, Double) {
        switch (start, end, center, size) {
        case (let a?, let b?, nil, nil):
            let length = extent - a - b
            if Tolerance.isNegative(length) {
                throw outOfSpace(child, LayoutMessages.insets(child.title, a + b, extent, axis: axis))
            }
            return (min + a, max(length, 0))
        case (let a?, nil, nil, let size?):
            return (min + a, size)
        case (nil, let b?, nil, let size?):
            return (min + extent - b - size, size)
        case (nil, nil, let c?, let size?):
            return (min + extent / 2 + c - size / 2, size)
        case (nil, nil, nil, nil):
            return (min, extent)
        default:
            throw incomplete(child, "\(child.title) has no complete \(axis == "width" ? "horizontal" : "vertical") position and \(axis)")
        }
    }
}
