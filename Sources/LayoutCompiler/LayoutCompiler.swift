/// The compiler's front door: source bytes in, layouts, plans, frames and diagnostics out.
/// In memory only; the `layoutc` executable does the reading, writing and printing.
public enum LayoutCompiler {
    /// A file after parsing and validation.
    public struct CompiledFile: Sendable {
        public var file: LayoutFile
        /// One per layout of the file, in order; nil where the layout has errors.
        public var plans: [LayoutPlan?]
        /// Every static problem of the file, in file order.
        public var diagnostics: [Diagnostic]
        /// Constants the file defines that no reference uses (docs/format.md §7.5; lint warns).
        public var unusedConstants: [ConstantDefinition] = []
        /// Parameters that no reference uses (docs/format.md §8.1; lint warns).
        public var unusedParameters: [ConstantDefinition] = []

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// The plans of the layouts a command asked for: all of them, or the one named
        /// `layoutName` (nil where that layout has errors). A name the file lacks is a
        /// `missingKey` error listing the names it has.
        public func plans(named layoutName: String?, reportingTo diagnostics: inout DiagnosticBag) -> [LayoutPlan?] {
            guard let layoutName else { return plans }
            let selected = zip(file.layouts, plans).filter { $0.0.name == .string(layoutName) }.map(\.1)
            if selected.isEmpty {
                diagnostics.error(.missingKey, DiagnosticMessages.noLayoutNamed(layoutName, known: plans.compactMap { $0?.name }), at: .fileStart)
            }
            return selected
        }
    }

    /// Parses and validates a YAML-form layout file.
    public static func compile(yaml bytes: [UInt8]) -> CompiledFile {
        DeepStack.run { compileOnCurrentThread(yaml: bytes) }
    }

    /// Where a file was read from, and the run's imported files (docs/format.md §7.5): its
    /// imports are read relative to its folder, each file once per run.
    public struct ImportContext: Sendable {
        public var path: String
        public var imports: ConstantImports

        public init(path: String, imports: ConstantImports) {
            self.path = path
            self.imports = imports
        }
    }

    /// Parses and validates a layout file in the given syntax, on a large-stack thread; with
    /// `context` (where the file was read from), its imports are read relative to it.
    public static func compile(_ bytes: [UInt8], syntax: SourceSyntax, context: ImportContext?) -> CompiledFile {
        DeepStack.run { compileOnCurrentThread(bytes, syntax: syntax, context: context) }
    }

    /// As `compile`, with values for the layouts' parameters (docs/format.md §8.1) by name: a
    /// layout with a parameter of a given name reads the value given instead of its default,
    /// and every check reads it where it reads a number written in the file.
    public static func compile(_ bytes: [UInt8], syntax: SourceSyntax, context: ImportContext?, parameters: [String: Double]) -> CompiledFile {
        DeepStack.run { compileOnCurrentThread(bytes, syntax: syntax, context: context, parameters: parameters) }
    }

    /// Parses and validates a layout file in the given syntax; without `context`, an import is
    /// an `invalidValue` (the file was not read from a folder).
    package static func compileOnCurrentThread(_ bytes: [UInt8], syntax: SourceSyntax, context: ImportContext? = nil,
                                               parameters: [String: Double] = [:]) -> CompiledFile {
        let (file, syntaxDiagnostics) = syntax == .yaml ? YAMLFrontEnd.parse(bytes) : TextFrontEnd.parse(bytes)
        return validated(file, syntaxDiagnostics: syntaxDiagnostics, context: context, parameters: parameters)
    }

    /// Parses and validates a text-form layout file (docs/format.md §3) on the current thread.
    package static func compileOnCurrentThread(text bytes: [UInt8]) -> CompiledFile {
        let (file, syntaxDiagnostics) = TextFrontEnd.parse(bytes)
        return validated(file, syntaxDiagnostics: syntaxDiagnostics)
    }

    /// `compile(yaml:)` without the large-stack thread, for callers that already run on one
    /// (and for benchmarks of small inputs).
    package static func compileOnCurrentThread(yaml bytes: [UInt8]) -> CompiledFile {
        let (file, syntaxDiagnostics) = YAMLFrontEnd.parse(bytes)
        return validated(file, syntaxDiagnostics: syntaxDiagnostics)
    }

    /// A parsed file after validation, with the front end's and the validator's diagnostics
    /// in file order.
    static func validated(_ parsed: LayoutFile, syntaxDiagnostics: [Diagnostic], context: ImportContext? = nil,
                          parameters: [String: Double] = [:]) -> CompiledFile {
        var file = parsed
        var resolution = ConstantResolution(path: context?.path, imports: context?.imports, stack: context.map { [ConstantImports.resolve($0.path, relativeTo: nil)] } ?? [])
        resolution.parameterValues = parameters
        let unused = resolution.resolve(&file)
        let (plans, semanticDiagnostics) = Validator.validate(file)
        var bag = DiagnosticBag()
        bag.append(contentsOf: syntaxDiagnostics)
        bag.append(contentsOf: resolution.diagnostics.diagnostics)
        bag.append(contentsOf: semanticDiagnostics)
        var compiled = CompiledFile(file: file, plans: plans, diagnostics: bag.sorted)
        compiled.unusedConstants = unused
        compiled.unusedParameters = resolution.unusedParameters
        return compiled
    }

    /// Frames of one layout at one size, on a large-stack thread.
    public static func frames(for plan: LayoutPlan, in environment: LayoutEngine.Environment) -> Result<[LayoutEngine.Frame], LayoutError> {
        DeepStack.run { LayoutEngine.frames(for: plan, in: environment) }
    }
}
