/// The constants one place of a file sees (docs/format.md §7.5), with where each is defined:
/// what the language server completes after `$`, shows on hover and jumps to. The same tables
/// the compiler resolves references with (`ConstantResolution`), so they agree with it.
package enum VisibleConstants {
    package struct Constant: Sendable {
        package var name: String
        package var value: Literal
        /// The file that defines it (resolved path), nil for the file asked about.
        package var file: String?
        /// Where its name is written in that file.
        package var location: SourceLocation
        /// A parameter of the layout (docs/format.md §8.1): the value is its default.
        package var isParameter = false
    }

    /// The constants visible in `file` (read from `path`, nil when in memory) to layout
    /// `layout` (its own and the file's), or with `layout` nil to the file's documents of file
    /// constants; sorted by name (with `sorted` false, in no promised order: for a look-up by
    /// name, or a caller that keeps only a few). `imports` reads the imported files (each once per run).
    package static func visible(in file: LayoutFile, layout: Int?, path: String?, imports: ConstantImports?, sorted: Bool = true) -> [Constant] {
        var resolution = ConstantResolution(path: path, imports: imports,
                                            stack: path.map { [ConstantImports.resolve($0, relativeTo: nil)] } ?? [])
        var table = resolution.fileConstants(of: file)
        if let layout, layout >= 0, layout < file.layouts.count {
            // A layout's own constant over the file's of the same name, as references resolve (the pair is `duplicateName`).
            for entry in resolution.layoutConstants(of: file.layouts[layout].scope, over: table).entries {
                table.set(entry)
            }
        }
        var parameters: Set<SourceLocation> = []
        if let layout, layout >= 0, layout < file.layouts.count {
            parameters = Set(file.layouts[layout].scope.parameters.map(\.location))
        }
        let constants = table.entries.map { entry in
            Constant(name: entry.constant.name, value: entry.constant.value, file: entry.constant.file, location: entry.constant.location,
                     isParameter: entry.constant.file == nil && parameters.contains(entry.constant.location))
        }
        return sorted ? constants.sorted { $0.name < $1.name } : constants
    }
}
