/// The texts of the diagnostics of constants and imports (docs/format.md §7.5).
enum ConstantMessages {
    static func notAConstantValue(_ name: String, found: String) -> String {
        "constant '\(name)' must be a number or a list of numbers, found \(found)"
    }

    static func constantsNotAMapping(_ found: String) -> String {
        "'constants' must be a mapping of names to numbers (constants: {gutter: 16}), found \(found)"
    }

    static func invalidConstantName(_ name: String) -> String {
        "constant name '\(name)' must match [A-Za-z_][A-Za-z0-9_]*"
    }

    static func unknownConstant(_ name: String, suggestion: String?) -> String {
        if name.isEmpty { return "'$' names no constant: write '$' and the constant's name, as in '$gutter'" }
        let hint = suggestion.map { "; did you mean '$\($0)'?" } ?? ""
        return "no constant '\(name)' is visible here\(hint)"
    }

    static func duplicateConstant(_ name: String, first: SourceLocation, firstFile: String?) -> String {
        "constant '\(name)' is already defined at \(firstFile.map { $0 + ":" } ?? "")\(first); constants are not shadowed"
    }

    static func duplicateThroughImport(_ name: String, first: SourceLocation, firstFile: String?) -> String {
        "this import brings constant '\(name)', already defined at \(firstFile.map { $0 + ":" } ?? "")\(first); constants are not shadowed"
    }

    static func importNotAPath(_ found: String, textForm: Bool) -> String {
        "an import is a file's path, as in \(textForm ? "'import \"Tokens.layout\"'" : "'import: Tokens.layout.yaml'"), found \(found)"
    }

    static func unreadableImport(_ path: String, reason: String) -> String {
        "cannot import '\(path)': \(reason)"
    }

    static func importCycle(_ path: String) -> String {
        "importing '\(path)' closes an import cycle: a file cannot import itself, directly or through others"
    }

    static let importHoldsNUL = "an import path cannot hold a NUL character ('\\0'): write the file's path without it"

    static func importOutsideProject(_ path: String, roots: String) -> String {
        "cannot import '\(path)': it lies outside the project (\(roots)), and imports read only files inside it; to allow another folder, give it with --import-root FOLDER"
    }

    static func importLinkedOutsideFails(_ path: String) -> String {
        "'\(path)' is a link to a file outside the project, and that file (or one it imports) has errors, not shown here since they could quote it; check it in its own folder (layoutc lint FOLDER), or give that folder with --import-root FOLDER"
    }

    static func importTooDeep(_ path: String, limit: Int) -> String {
        "importing '\(path)' nests imports more than \(limit) files deep; import the constants through fewer files"
    }

    static let noImports = "imports are read relative to the file's folder, and this file was not read from one"
}
