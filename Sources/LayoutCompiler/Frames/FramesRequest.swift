import LayoutRuntimeCore

/// What `layoutc frames` asks: which layouts, at which size and safe area, with which dynamic
/// element sizes. Running it parses, validates and computes, all in memory.
public struct FramesRequest: Sendable {
    public var layoutName: String?
    /// Overrides each layout's `size`.
    public var size: Size?
    /// Overrides each layout's `safeArea`.
    public var safeArea: EdgeInsets?
    public var dynamicSizes: [String: [Size]]
    /// Names given sizes more than once (the command line's `--sizes` repeated for one name).
    public var repeatedSizeNames: [String] = []
    /// Optional nodes to hide, by name (docs/format.md §6.2).
    public var hidden: [String] = []
    public var direction: LayoutDirection = .leftToRight
    /// The flags of `when` to turn on (docs/format.md §8.7), and names given more than once.
    public var flags: [String] = []
    public var repeatedFlagNames: [String] = []
    /// Values for the layouts' parameters (docs/format.md §8.1, `--param`), and names given more
    /// than once.
    public var parameters: [String: Double] = [:]
    public var repeatedParameterNames: [String] = []
    /// The pixel grid's scale (docs/format.md, "The pixel grid", `--scale`); nil: none.
    public var scale: Double?
    /// Wrap items' text models, by item name (docs/format.md §7.1, `--wrap`).
    public var textModels: [String: LayoutTextModel] = [:]
    /// Names given a text model more than once.
    public var repeatedWrapNames: [String] = []
    /// How messages say to give a size or dynamic sizes (a command line names its flags).
    public var advice: InputAdvice = .inFile
    /// Hand the compiled file (AST and plans) back in `Result.compiledFile`: a process that
    /// exits after printing keeps it there, rather than free a large file node by node.
    public var keepsCompiledFile = false

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
        /// Run-time arguments the layouts cannot take (docs/format.md §6.6); checked only for a
        /// file without static errors, and then no frames are computed.
        public var usageProblems: [UsageProblem] = []
        /// The compiled file, when the request's `keepsCompiledFile` is set.
        public var compiledFile: LayoutCompiler.CompiledFile?
    }

    /// A run-time argument that does not fit the selected layouts.
    public enum UsageProblem: Hashable, Sendable {
        /// Sizes for a name that is no named dynamic item.
        case unknownSizesName(String)
        /// Sizes given twice for one name.
        case repeatedSizesName(String)
        /// A dynamic item outside a flow takes exactly one size.
        case contentSizeCount(String, given: Int)
        /// A name to hide that is no optional node.
        case unknownHiddenName(String)
        /// Sizes for a wrap item, which takes a text model (§7.6).
        case sizesForWrapItem(String)
        /// A text model for a name that is no wrap item (`isDynamic`: it is a dynamic item).
        case unknownWrapName(String, isDynamic: Bool)
        /// A text model given twice for one name.
        case repeatedWrapName(String)
        /// A flag to turn on that no selected layout has (§8.8).
        case unknownFlagName(String)
        /// A flag given twice (`--flag a,a` included).
        case repeatedFlagName(String)
        /// A value for a name that no selected layout has as a parameter (§8.8).
        case unknownParameterName(String, known: [String])
        /// A parameter given twice.
        case repeatedParameterName(String)
    }

    /// The run-time arguments (docs/format.md §6.6) that the selected layouts cannot take; shared
    /// by `frames` and `preview`.
    public static func usageProblems(of plans: [LayoutPlan], dynamicSizes: [String: [Size]], repeatedSizeNames: [String],
                                     hidden: [String], wrapNames: [String] = [], repeatedWrapNames: [String] = []) -> [UsageProblem] {
        var dynamicNames = Set<String>(), contentNames = Set<String>(), optionalNames = Set<String>(), wrapItems = Set<String>()
        for plan in plans {
            dynamicNames.formUnion(plan.dynamicItemNames)
            contentNames.formUnion(plan.contentItemNames)
            optionalNames.formUnion(plan.optionalNames)
            wrapItems.formUnion(plan.wrapItemNames)
        }
        var problems: [UsageProblem] = []
        for name in dynamicSizes.keys.sorted() {
            if wrapItems.contains(name) && !dynamicNames.contains(name) && !contentNames.contains(name) {
                problems.append(.sizesForWrapItem(name))
            } else if !dynamicNames.contains(name) && !contentNames.contains(name) {
                problems.append(.unknownSizesName(name))
            } else if repeatedSizeNames.contains(name) {
                problems.append(.repeatedSizesName(name))
            } else if contentNames.contains(name), dynamicSizes[name]?.count != 1, !dynamicNames.contains(name) {
                problems.append(.contentSizeCount(name, given: dynamicSizes[name]?.count ?? 0))
            }
        }
        for name in wrapNames.sorted() {
            if !wrapItems.contains(name) {
                problems.append(.unknownWrapName(name, isDynamic: dynamicNames.contains(name) || contentNames.contains(name)))
            } else if repeatedWrapNames.contains(name) {
                problems.append(.repeatedWrapName(name))
            }
        }
        problems += hidden.filter { !optionalNames.contains($0) }.map { .unknownHiddenName($0) }
        return problems
    }

    /// Text models as the engine's measures.
    public static func measures(_ models: [String: LayoutTextModel]) -> [String: LayoutEngine.Measure] {
        models.mapValues { model in { @Sendable width in model.size(at: width) } }
    }

    /// `context`: where the file was read from, so its imports can be (docs/format.md §7.5).
    public func run(on bytes: [UInt8], syntax: SourceSyntax = .yaml, context: LayoutCompiler.ImportContext? = nil) -> Result {
        DeepStack.run { runOnCurrentThread(on: bytes, syntax: syntax, context: context) }
    }

    package func runOnCurrentThread(on bytes: [UInt8], syntax: SourceSyntax = .yaml, context: LayoutCompiler.ImportContext? = nil) -> Result {
        let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: context)
        var diagnostics = DiagnosticBag()
        diagnostics.append(contentsOf: compiled.diagnostics)
        let selected = compiled.plans(named: layoutName, reportingTo: &diagnostics)
        var dynamicNames = Set<String>(), contentNames = Set<String>(), optionalNames = Set<String>()
        let allValid = !selected.contains { $0 == nil }
        for plan in selected {
            guard let plan else { continue }
            dynamicNames.formUnion(plan.dynamicItemNames)
            contentNames.formUnion(plan.contentItemNames)
            optionalNames.formUnion(plan.optionalNames)
        }
        if allValid {
            let problems = Self.usageProblems(of: selected.compactMap { $0 }, dynamicSizes: dynamicSizes,
                                              repeatedSizeNames: repeatedSizeNames, hidden: hidden,
                                              wrapNames: Array(textModels.keys), repeatedWrapNames: repeatedWrapNames)
                + Self.flagProblems(of: selected.compactMap { $0 }, flags: flags, repeated: repeatedFlagNames)
                + Self.parameterProblems(of: selected.compactMap { $0 }, given: parameters, repeated: repeatedParameterNames)
            if !problems.isEmpty {
                return Result(table: nil, diagnostics: diagnostics.sorted, unknownDynamicNames: [], usageProblems: problems,
                              compiledFile: keepsCompiledFile ? compiled : nil)
            }
        }
        if allValid, !parameters.isEmpty {
            // §8.1: the checks again with the values given, each failure at its place.
            let given = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: context, parameters: parameters)
            let rechecked = Self.recheckedPlans(selected, from: compiled, given: given, reportingTo: &diagnostics)
            return frames(of: rechecked, compiled: given, diagnostics: diagnostics, dynamicNames: dynamicNames,
                          contentNames: contentNames, allValid: allValid)
        }
        return frames(of: selected, compiled: compiled, diagnostics: diagnostics, dynamicNames: dynamicNames,
                      contentNames: contentNames, allValid: allValid)
    }

    /// The frames of the selected plans that passed their checks.
    private func frames(of selected: [LayoutPlan?], compiled: LayoutCompiler.CompiledFile, diagnostics: DiagnosticBag,
                        dynamicNames: Set<String>, contentNames: Set<String>, allValid: Bool) -> Result {
        var diagnostics = diagnostics
        var layouts: [FrameTable.Layout] = []
        let hiddenSet = Set(hidden)
        let flagSet = Set(flags)
        for plan in selected {
            guard let plan else { continue }
            // §7.3: a layout that fits both sizes needs none.
            guard let size = size ?? plan.defaultSize ?? (plan.fit == .both ? Size(width: 0, height: 0) : nil) else {
                diagnostics.error(.missingKey, advice.noContainerSize(plan.name), at: plan.location)
                continue
            }
            var environment = LayoutEngine.Environment(size: size, safeArea: safeArea ?? plan.defaultSafeArea ?? .zero, dynamicSizes: dynamicSizes,
                                                       hidden: hiddenSet, direction: direction, measures: Self.measures(textModels), scale: scale)
            environment.flags = flagSet
            switch LayoutEngine.layout(plan, in: environment) {
            case .success(let computed):
                layouts.append(FrameTable.Layout(name: plan.name, size: computed.size, frames: computed.frames, direction: direction, scale: scale))
            case .failure(let error):
                diagnostics.append(advice.reworded(error).diagnostic)
            }
        }
        let unknown = allValid ? dynamicSizes.keys.filter { !dynamicNames.contains($0) && !contentNames.contains($0) }.sorted() : []
        // A file of constants only (docs/format.md §7.5) has no layouts: an empty table, no error.
        let constantsOnly = compiled.file.layouts.isEmpty && !compiled.file.constantDocuments.isEmpty && !compiled.hasErrors
        return Result(table: selected.isEmpty && !constantsOnly ? nil : FrameTable(layouts: layouts), diagnostics: diagnostics.sorted, unknownDynamicNames: unknown,
                      compiledFile: keepsCompiledFile ? compiled : nil)
    }
}

extension FramesRequest {
    /// The usage errors of `--param` (docs/format.md §8.8): a name that is no parameter of a
    /// selected layout, or one given twice.
    public static func parameterProblems(of plans: [LayoutPlan], given: [String: Double], repeated: [String]) -> [UsageProblem] {
        let known = plans.flatMap { $0.parameters.map(\.name) }
        let knownSet = Set(known)
        var seen: Set<String> = []
        let knownInOrder = known.filter { seen.insert($0).inserted }
        return given.keys.sorted().filter { !knownSet.contains($0) }.map { .unknownParameterName($0, known: knownInOrder) }
            + repeated.filter(knownSet.contains).map { .repeatedParameterName($0) }
    }

    /// The selected layouts compiled again with the parameters' values given (docs/format.md
    /// §8.1): a layout whose checks fail with them gets no plan, and its errors (those in its
    /// document that the defaults did not have) are reported as run-time errors.
    static func recheckedPlans(_ selected: [LayoutPlan?], from compiled: LayoutCompiler.CompiledFile, given: LayoutCompiler.CompiledFile,
                               reportingTo diagnostics: inout DiagnosticBag) -> [LayoutPlan?] {
        let starts = compiled.file.layouts.map(\.location)
        var selectedIndices: [Int] = []
        var result: [LayoutPlan?] = []
        for (index, plan) in compiled.plans.enumerated() {
            guard let plan, selected.contains(where: { $0?.location == plan.location }) else { continue }
            selectedIndices.append(index)
            result.append(index < given.plans.count ? given.plans[index] : nil)
        }
        let known = Set(compiled.diagnostics.map { "\($0.location) \($0.code) \($0.message)" })
        for diagnostic in given.diagnostics where diagnostic.severity == .error && !known.contains("\(diagnostic.location) \(diagnostic.code) \(diagnostic.message)") {
            // The layout whose document holds it: the last that starts at or before it.
            let owner = starts.lastIndex { $0 <= diagnostic.location } ?? 0
            if selectedIndices.contains(owner) { diagnostics.append(diagnostic) }
        }
        return result
    }

    /// The usage errors of `--flag` (docs/format.md §8.8): a name that is no flag of a selected
    /// layout, or one given twice.
    public static func flagProblems(of plans: [LayoutPlan], flags: [String], repeated: [String]) -> [UsageProblem] {
        let known = Set(plans.flatMap(\.flagNames))
        return flags.filter { !known.contains($0) }.map { .unknownFlagName($0) }
            + repeated.filter(known.contains).map { .repeatedFlagName($0) }
    }
}
