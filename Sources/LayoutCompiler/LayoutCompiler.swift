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

    /// Parses and validates a layout file in the given syntax.
    package static func compileOnCurrentThread(_ bytes: [UInt8], syntax: SourceSyntax) -> CompiledFile {
        switch syntax {
        case .yaml:
            return compileOnCurrentThread(yaml: bytes)
        case .text:
            return compileOnCurrentThread(text: bytes)
        }
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
    static func validated(_ file: LayoutFile, syntaxDiagnostics: [Diagnostic]) -> CompiledFile {
        let (plans, semanticDiagnostics) = Validator.validate(file)
        var bag = DiagnosticBag()
        bag.append(contentsOf: syntaxDiagnostics)
        bag.append(contentsOf: semanticDiagnostics)
        return CompiledFile(file: file, plans: plans, diagnostics: bag.sorted)
    }

    /// Frames of one layout at one size, on a large-stack thread.
    public static func frames(for plan: LayoutPlan, in environment: LayoutEngine.Environment) -> Result<[LayoutEngine.Frame], LayoutError> {
        DeepStack.run { LayoutEngine.frames(for: plan, in: environment) }
    }
}
