/// The declarations a user calls of one layout's generated type, without their bodies
/// (`layoutc generate --interface`, the language server's hover on a layout's name): the type,
/// its properties, its initializers with their labels, types and defaults, and `apply`. Each
/// declaration is spelled as in the generated file, so what it shows is what compiles.
extension GeneratedType {
    /// The interface as Swift text, one declaration a line, inside the type's braces.
    func interface() -> String {
        var out = SwiftSourceWriter()
        let access = options.access == .public ? "public " : ""
        let fit = plan.fit
        out.line("/// The frames of layout `\(plan.name)` (\(options.sourceName):\(plan.location.line)), one per named node.")
        out.block("\(access)struct \(typeName): Equatable, Sendable") { out in
            for member in members {
                let hidden = member.isOptional ? ", nil when hidden" : ""
                out.line("/// \(member.isArray ? "item" : member.kind.rawValue) `\(member.name)`\(member.isArray ? ", one frame per element" : "")\(hidden) (line \(member.location.line))")
                out.line("\(access)var \(SwiftSpelling.identifier(member.name)): \(member.type)")
            }
            if fit != nil {
                out.line("/// The container size the frames were computed for: the layout's `fit: \(fit?.rawValue ?? "")` measured it.")
                out.line("\(access)var size: CGSize")
            }
            out.line()
            let containerParameter: [String] = switch fit {
            case nil: ["size: CGSize"]
            case .height?: ["width: CGFloat"]
            case .width?: ["height: CGFloat"]
            case .both?: []
            }
            let sizeParameters = containerParameter + ["safeArea: LayoutInsets = \(interfaceSafeAreaDefault)"] + runtimeParameters
            out.line("\(access)init(\(sizeParameters.joined(separator: ", "))) throws(LayoutRuntimeError)")
            if fit == nil {
                let boundsParameters = ["bounds: CGRect", "safeArea: LayoutInsets = \(interfaceSafeAreaDefault)"] + runtimeParameters
                out.line("\(access)init(\(boundsParameters.joined(separator: ", "))) throws(LayoutRuntimeError)")
            }
            // `apply` exists for 1 to 256 members (GeneratedApply).
            if !members.isEmpty, members.count <= 256 {
                for (condition, view) in [("#if canImport(UIKit)", "UIView"), ("#elseif canImport(AppKit)", "NSView")] {
                    out.line(condition)
                    let parameters = members.enumerated().map { index, member in
                        "\(SwiftSpelling.label(member.name)) view\(index): \(member.isArray ? "[\(view)] = []" : "\(view)? = nil")"
                    }
                    out.line("@MainActor \(access)func apply(\(parameters.joined(separator: ", ")))")
                }
                out.line("#endif")
            }
        }
        return out.text
    }

    /// The initializers' run-time parameters after the container and safe area, as
    /// `GeneratedType.write` declares them.
    private var runtimeParameters: [String] { GeneratedType.runtimeSignature(of: plan) }

    /// The initializers' default safe area, as `GeneratedType.write` spells it.
    private var interfaceSafeAreaDefault: String {
        guard let insets = plan.defaultSafeArea, insets != .zero else { return ".zero" }
        let values = [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)]
        return "LayoutInsets(\(values.map { "\($0.0): \(SwiftSpelling.literal($0.1))" }.joined(separator: ", ")))"
    }
}

extension SwiftCodeGenerator {
    /// Each layout's interface (`GeneratedType.interface()`), in file order, separated by blank
    /// lines; the diagnostics that prevent generating the code prevent this too.
    public static func interface(_ plans: [LayoutPlan], options: Options) -> Result<String, Failure> {
        if case .failure(let failure) = generate(plans, options: options) { return .failure(failure) }
        var options = options
        options.sourceName = DiagnosticText.quoted(options.sourceName)
        return .success(plans.map { GeneratedType(plan: $0, options: options).interface() }.joined(separator: "\n"))
    }

    /// Parses, validates and prints the interface of one file's layouts (nil text on any error).
    public static func interface(source bytes: [UInt8], syntax: SourceSyntax, options: Options, context: LayoutCompiler.ImportContext? = nil)
        -> (text: String?, diagnostics: [Diagnostic]) {
        DeepStack.run {
            let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: context)
            guard !compiled.hasErrors else { return (nil, compiled.diagnostics) }
            switch interface(compiled.plans.compactMap { $0 }, options: options) {
            case .success(let text): return (text, compiled.diagnostics)
            case .failure(let failure): return (nil, compiled.diagnostics + failure.diagnostics)
            }
        }
    }
}
