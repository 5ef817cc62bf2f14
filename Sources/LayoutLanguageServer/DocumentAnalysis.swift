import LayoutCompiler

/// What the server knows of one version of a document: its diagnostics as `layoutc lint`
/// reports them (static errors, size-dependent errors and lint findings at the devices of the
/// document's `.layoutlint.yml`), and, when hover asks, its compiled layouts.
final class DocumentAnalysis {
    let version: Int
    let layers: [LintLayer]
    /// The file the document is (nil: not a file, so an import cannot be read), and the files
    /// it imports, read once for this version (docs/format.md §7.5).
    let path: String?
    let imports: ConstantImports?
    private let document: OpenDocument
    private var compiledFile: LayoutCompiler.CompiledFile?
    private var nodeIndex: NodeIndex?
    /// Each layout's frames at the device sizes, computed on the first hover over it.
    private var layoutFrames: [Int: LayoutFrames] = [:]
    /// The constants visible in each layout (key -1: outside every layout), resolved on the
    /// first completion, hover or definition there: an incomplete completion list is asked for
    /// again at every letter typed, and resolving 100,000 imported constants takes a while.
    private var visibleConstants: [Int: [VisibleConstants.Constant]] = [:]

    init(document: OpenDocument, layers: [LintLayer], reader: ImportReader) {
        self.version = document.version
        self.document = document
        self.layers = layers
        let path = OpenDocument.path(of: document.uri)
        self.path = path.hasPrefix("/") ? path : nil
        self.imports = self.path == nil ? nil : reader.imports(for: path)
    }

    private var context: LayoutCompiler.ImportContext? {
        guard let path, let imports else { return nil }
        return LayoutCompiler.ImportContext(path: path, imports: imports)
    }

    /// Every file this version imports, directly or through another import (resolved paths):
    /// when one of them changes, the document is checked again.
    var importedPaths: [String] { imports?.importedPaths ?? [] }

    /// The diagnostics to publish (on the current thread, which must have a large stack).
    func diagnostics() -> [LSPDiagnostic] {
        guard document.isLayout else { return [] }
        if document.isTooLarge {
            let megabytes = document.bytes.count >> 20
            return [LSPDiagnostic(range: Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)), severity: 1, code: "read",
                                  message: "this document is \(megabytes) MB, larger than the 64 MB layoutc reads; it is not checked")]
        }
        let result = Linter.lintOnCurrentThread(document.bytes, syntax: document.syntax, layers: layers, context: context)
        // Problems inside an imported file belong to that file: its own diagnostics show them.
        return result.diagnostics.filter { $0.file == nil }.map { diagnostic in
            LSPDiagnostic(range: document.range(at: diagnostic.location), severity: diagnostic.severity == .error ? 1 : 2,
                          code: diagnostic.rule, message: diagnostic.note.map { diagnostic.message + "\n" + $0 } ?? diagnostic.message)
        }
    }

    /// The constants visible to `layout` (nil: the file's documents of constants), in no
    /// promised order; computed once per version and layout.
    func visibleConstants(in layout: Int?) -> [VisibleConstants.Constant] {
        guard let file = compiled?.file else { return [] }
        if let known = visibleConstants[layout ?? -1] { return known }
        let found = VisibleConstants.visible(in: file, layout: layout, path: path, imports: imports, sorted: false)
        visibleConstants[layout ?? -1] = found
        return found
    }

    /// The parsed and validated file (computed once per version).
    var compiled: LayoutCompiler.CompiledFile? {
        if document.isTooLarge || !document.isLayout { return nil }
        if let compiledFile { return compiledFile }
        let compiled = LayoutCompiler.compileOnCurrentThread(document.bytes, syntax: document.syntax, context: context)
        compiledFile = compiled
        return compiled
    }

    /// The nodes of the compiled file in document order (computed once per version).
    var nodes: NodeIndex? {
        if let nodeIndex { return nodeIndex }
        guard let compiled else { return nil }
        let made = NodeIndex(compiled.file)
        nodeIndex = made
        return made
    }

    /// The frames of layout `index` at every device size (computed once per version).
    func frames(ofLayout index: Int, plan: LayoutPlan) -> LayoutFrames {
        if let cached = layoutFrames[index] { return cached }
        let made = LayoutFrames(plan: plan, layers: layers)
        layoutFrames[index] = made
        return made
    }
}

/// The nodes of a parsed file, in document order, with the layout each belongs to.
struct NodeIndex {
    struct Entry {
        var node: Node
        var layout: Int
        var depth: Int
    }

    var entries: [Entry] = []

    init(_ file: LayoutFile) {
        for (index, document) in file.layouts.enumerated() {
            guard let root = document.root else { continue }
            // Iteratively, as the tree may be thousands of levels deep.
            var stack: [(Node, Int)] = [(root, 0)]
            while let (node, depth) = stack.popLast() {
                entries.append(Entry(node: node, layout: index, depth: depth))
                for child in node.children.reversed() { stack.append((child, depth + 1)) }
            }
        }
    }

    /// The node written on a line (one-based) whose kind keyword or name is `word`.
    func node(onLine line: Int, word: String) -> Entry? {
        entries.first { entry in
            guard entry.node.location.line == line else { return false }
            if word == entry.node.kind.rawValue { return true }
            if case .string(let name)? = entry.node.name, name == word { return true }
            return false
        }
    }
}
