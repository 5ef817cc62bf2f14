/// What lint saw of each node over every run of one layout (every device, sample, hidden
/// state and direction): the largest width and height, for rules that judge the whole matrix
/// at once (`maxSizeNeverBinds`). An axis that may depend on sizes lint does not know is marked
/// unknown instead.
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
}
