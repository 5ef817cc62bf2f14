/// Source-to-source services of both syntaxes: the canonical formatter of the text form and
/// the converter between the forms. In memory, on a large-stack thread (the printers recurse
/// once per nesting level, like the parsers).
public enum LayoutSource {
    public struct Output: Sendable {
        /// The new source, or nil when the input could not be read without losing something.
        public var text: String?
        /// Why there is no text: what the front end reported, or what the target cannot hold.
        public var diagnostics: [Diagnostic]
    }

    /// The AST of a file in either syntax with its comments, and what its front end reported
    /// (no validation).
    public static func parse(_ bytes: [UInt8], syntax: SourceSyntax) -> (file: LayoutFile, diagnostics: [Diagnostic]) {
        DeepStack.run { parseOnCurrentThread(bytes, syntax: syntax) }
    }

    static func parseOnCurrentThread(_ bytes: [UInt8], syntax: SourceSyntax) -> (file: LayoutFile, diagnostics: [Diagnostic]) {
        switch syntax {
        case .text:
            return TextFrontEnd.parse(bytes)
        case .yaml:
            var (file, diagnostics) = YAMLFrontEnd.parse(bytes)
            YAMLComments.attach(bytes, to: &file)
            return (file, diagnostics)
        }
    }

    /// The canonical text of a text-form file. A file whose front end reports anything but a
    /// missing name or root is not formatted (the text would lose what could not be read): its
    /// diagnostics come back instead.
    public static func format(_ bytes: [UInt8]) -> Output {
        convert(bytes, from: .text, to: .text)
    }

    /// A file rewritten in the other (or the same) syntax, comments kept; nil text with the
    /// diagnostics when the input has front-end errors or holds what the target cannot.
    public static func convert(_ bytes: [UInt8], from source: SourceSyntax, to target: SourceSyntax) -> Output {
        DeepStack.run {
            let (file, diagnostics) = parseOnCurrentThread(bytes, syntax: source)
            // The text front end's missingKey (no name, no root, no layout) drops nothing.
            let losesNothing = diagnostics.allSatisfy { source == .text && $0.code == .missingKey }
            guard losesNothing else {
                var bag = DiagnosticBag()
                bag.append(contentsOf: diagnostics)
                return Output(text: nil, diagnostics: bag.sorted)
            }
            return print(file, as: target)
        }
    }

    /// Any AST in a syntax (on the current thread).
    public static func print(_ file: LayoutFile, as syntax: SourceSyntax) -> Output {
        switch syntax {
        case .yaml:
            return Output(text: YAMLPrinter.print(file), diagnostics: [])
        case .text:
            let (text, problems) = TextPrinter.print(file)
            var bag = DiagnosticBag()
            bag.append(contentsOf: problems)
            return problems.isEmpty ? Output(text: text, diagnostics: []) : Output(text: nil, diagnostics: bag.sorted)
        }
    }
}
