import Foundation
import LayoutCompiler

/// The hover on a layout's name: the Swift declarations `layoutc generate` writes for it (the
/// type, its properties, initializers and `apply`), as `layoutc generate --interface` prints them,
/// so the initializer's labels are found without building.
enum InterfaceHover {
    /// The hover when `word` on the cursor's line is the name of the layout declared there.
    static func hover(on word: String, range: Range, at position: Position, in document: OpenDocument,
                      analysis: DocumentAnalysis) -> Hover? {
        guard let compiled = analysis.compiled else { return nil }
        // The declaration's place, not the plan's: a layout with errors has no plan.
        guard let index = compiled.file.layouts.firstIndex(where: { $0.name == .string(word) && $0.location.line == position.line + 1 })
        else { return nil }
        let plan = index < compiled.plans.count ? compiled.plans[index] : nil
        return Hover(contents: MarkupContent(value: text(of: word, plan: plan, in: compiled, document: document)), range: range)
    }

    static func text(of name: String, plan: LayoutPlan?, in compiled: LayoutCompiler.CompiledFile, document: OpenDocument) -> String {
        let typeName = SwiftCodeGenerator.typeName(for: name)
        var text = "**layout** `\(name)`: the Swift type `\(typeName)` (`layoutc generate --interface`)\n\n"
        guard let plan, !compiled.hasErrors else {
            return text + "No code: the file has errors, and `layoutc generate` writes nothing until they are fixed."
        }
        let name = (OpenDocument.path(of: document.uri) as NSString).lastPathComponent
        switch SwiftCodeGenerator.interface([plan], options: SwiftCodeGenerator.Options(sourceName: name)) {
        case .success(let interface):
            text += "```swift\n" + interface + "```\n"
        case .failure(let failure):
            text += "No code: " + failure.diagnostics.map(\.message).joined(separator: "; ")
        }
        return text
    }
}
