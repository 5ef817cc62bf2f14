/// What `layoutc frames` asks: which layouts, at which size and safe area, with which dynamic
/// element sizes. Running it parses, validates and computes, all in memory.
public struct FramesRequest: Sendable {
    public var layoutName: String?
    /// Overrides each layout's `size`.
    public var size: Size?
    /// Overrides each layout's `safeArea`.
    public var safeArea: EdgeInsets?
    public var dynamicSizes: [String: [Size]]
    /// How messages say to give a size or dynamic sizes (a command line names its flags).
    public var advice: InputAdvice = .inFile

    public init(layoutName: String? = nil, size: Size? = nil, safeArea: EdgeInsets? = nil, dynamicSizes: [String: [Size]] = [:]) {
        self.layoutName = layoutName
        self.size = size
        self.safeArea = safeArea
        self.dynamicSizes = dynamicSizes
    }

    public struct Result: Sendable {
        /// The layouts whose frames could be computed; nil when none was selected.
        public var table: FrameTable?
        /// Static and size-dependent problems, in file order.
        public var diagnostics: [Diagnostic]
        /// Names given dynamic sizes that no selected (valid) layout has as a dynamic item.
        public var unknownDynamicNames: [String]
    }

    public func run(on bytes: [UInt8], syntax: SourceSyntax = .yaml) -> Result {
        DeepStack.run { runOnCurrentThread(on: bytes, syntax: syntax) }
    }

    public func runOnCurrentThread(on bytes: [UInt8], syntax: SourceSyntax = .yaml) -> Result {
        let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax)
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: compiled.diagnostics)
        let selected = compiled.plans(named: layoutName, reportingTo: &diagnostics)
        var layouts: [FrameTable.Layout] = []
        var dynamicNames = Set<String>()
        var allValid = true
        for plan in selected {
            guard let plan else {
                allValid = false
                continue
            }
            dynamicNames.formUnion(plan.dynamicItemNames)
            guard let size = size ?? plan.defaultSize else {
                diagnostics.error(.missingKey, advice.noContainerSize(plan.name), at: plan.location)
                continue
            }
            let environment = LayoutEngine.Environment(size: size, safeArea: safeArea ?? plan.defaultSafeArea ?? .zero, dynamicSizes: dynamicSizes)
            switch LayoutEngine.frames(for: plan, in: environment) {
            case .success(let frames):
                layouts.append(FrameTable.Layout(name: plan.name, size: size, frames: frames))
            case .failure(let error):
                diagnostics.append(advice.reworded(error).diagnostic)
            }
        }
        let unknown = allValid ? dynamicSizes.keys.filter { !dynamicNames.contains($0) }.sorted() : []
        return Result(table: selected.isEmpty ? nil : FrameTable(layouts: layouts), diagnostics: diagnostics.sorted, unknownDynamicNames: unknown)
    }
}
