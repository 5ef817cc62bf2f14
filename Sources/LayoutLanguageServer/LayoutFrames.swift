import LayoutCompiler
import LayoutRuntime

/// One layout's frames at every device size of its matrix, as hover shows them: left to
/// right, optional nodes shown, each dynamic item at its first sample size of `.layoutlint.yml`
/// and each wrap item at its first sample text (a stand-in size without one).
struct LayoutFrames {
    let geometry: LayoutGeometry
    /// Each size of the matrix with the frames there, or the error that stopped the layout.
    let runs: [(DeviceSize, Result<LayoutGeometry.Frames, LayoutError>)]
    /// "`name` 120×20" for each item laid out at a sample.
    let inputs: [String]
    let unsized: [String]
    private let indexByLocation: [SourceLocation: Int]

    init(plan: LayoutPlan, layers: [LintLayer]) {
        let state = LintState(layers: layers, layout: plan.name)
        var dynamicSizes: [String: [Size]] = [:]
        var texts: [String: LayoutTextModel] = [:]
        var unsized: [String] = []
        var inputs: [String] = []
        for item in plan.contentItemNames {
            if let first = state.samples(for: item)?.first {
                dynamicSizes[item] = [first]
                inputs.append("`\(item)` \(NumberFormat.string(first.width))×\(NumberFormat.string(first.height))")
            } else {
                unsized.append(item)
            }
        }
        for item in plan.wrapItemNames {
            if let first = state.texts(for: item)?.first {
                texts[item] = first
                inputs.append("`\(item)` text \(NumberFormat.string(first.width))×\(NumberFormat.string(first.lineHeight))")
            } else {
                unsized.append(item)
            }
        }
        let geometry = LayoutGeometry(plan: plan, unsized: Set(unsized))
        let measures = FramesRequest.measures(texts)
        runs = state.sizes(for: plan).map { size in
            let environment = LayoutEngine.Environment(size: size.size, safeArea: size.safeArea, dynamicSizes: dynamicSizes, measures: measures,
                                                       scale: size.scale)
            return (size, geometry.frames(in: environment))
        }
        var indexByLocation: [SourceLocation: Int] = [:]
        for (index, node) in geometry.nodes.enumerated() where indexByLocation[node.location] == nil {
            indexByLocation[node.location] = index
        }
        self.geometry = geometry
        self.inputs = inputs
        self.unsized = unsized
        self.indexByLocation = indexByLocation
    }

    /// The geometry's index of the node written at `location`.
    func index(of location: SourceLocation) -> Int? { indexByLocation[location] }
}
