/// What lint saw of each node over every run of one layout (every device, sample, hidden
/// state and direction): the largest width and height, for rules that judge the whole matrix
/// at once (`maxSizeNeverBinds`). An axis that may depend on sizes lint does not know is marked
/// unknown instead. A run that failed counts too, so a rule agrees with the errors of the same
/// run: what it laid out before the error is recorded, and a node it never reached (shown, but
/// the engine stopped first) is unknown, since its bound may have taken effect there (a
/// `maxHeight` that clamped an item is what made its group run out of space).
struct LayoutObservations {
    var largestWidth: [Double]
    var largestHeight: [Double]
    var widthUnknown: [Bool]
    var heightUnknown: [Bool]

    init(count: Int) {
        largestWidth = [Double](repeating: -.infinity, count: count)
        largestHeight = [Double](repeating: -.infinity, count: count)
        widthUnknown = [Bool](repeating: false, count: count)
        heightUnknown = [Bool](repeating: false, count: count)
    }

    mutating func record(_ frames: LayoutGeometry.Frames, geometry: LayoutGeometry) {
        for index in frames.rects.indices {
            guard let rect = frames.rects[index] else { continue }
            if geometry.frameDependsOnContent[index] {
                widthUnknown[index] = true
                heightUnknown[index] = true
                continue
            }
            largestWidth[index] = max(largestWidth[index], rect.width)
            if geometry.heightDependsOnDynamic[index] { heightUnknown[index] = true }
            largestHeight[index] = max(largestHeight[index], rect.height)
        }
    }

    /// A run that stopped at an error: its frames so far, and every shown node without a frame
    /// marked unknown on both axes. `hidden`: the names hidden in the run.
    mutating func recordFailed(_ frames: LayoutGeometry.Frames, geometry: LayoutGeometry, hidden: Set<String>) {
        record(frames, geometry: geometry)
        var isHidden = [Bool](repeating: false, count: geometry.nodes.count)
        for index in geometry.nodes.indices {
            let parent = geometry.parents[index]
            isHidden[index] = (parent >= 0 && isHidden[parent]) || geometry.nodes[index].name.map { hidden.contains($0) } ?? false
            guard !isHidden[index], index >= frames.rects.count || frames.rects[index] == nil else { continue }
            widthUnknown[index] = true
            heightUnknown[index] = true
        }
    }
}
