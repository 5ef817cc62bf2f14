import Foundation
import LayoutCompiler

/// Constants and imports in the editor (docs/format.md §7.5): the constants to complete after
/// `$` (with their values), hover on `$NAME` (its value and where it is defined), and go to
/// definition on `$NAME` (the definition, in an imported file too) and on an import's path.
enum ConstantNavigation {
    // MARK: Scope

    /// The layout the position is in (its index), or nil in a document of file constants or
    /// before every layout. A layout starts at the first of its `layout`, `constants`,
    /// `import` and root keys (YAML writes them in any order).
    static func layoutIndex(at location: SourceLocation, in file: LayoutFile) -> Int? {
        var starts: [(start: SourceLocation, layout: Int?)] = file.constantDocuments.map { ($0.location, nil) }
        for (index, layout) in file.layouts.enumerated() {
            var start = layout.location
            for other in [layout.scope.constantsLocation, layout.scope.importLocation, layout.root?.location, layout.size?.location] {
                if let other, other < start { start = other }
            }
            starts.append((start, index))
        }
        var found: (start: SourceLocation, layout: Int?)?
        for entry in starts where entry.start <= location {
            if let current = found, entry.start < current.start { continue }
            found = entry
        }
        return found?.layout ?? nil
    }

    /// The constants visible at the position, in no promised order.
    static func visible(at position: Position, in document: OpenDocument, analysis: DocumentAnalysis) -> [VisibleConstants.Constant] {
        guard let file = analysis.compiled?.file else { return [] }
        let layout = layoutIndex(at: document.location(of: position), in: file)
        return analysis.visibleConstants(in: layout)
    }

    // MARK: Completion

    /// After `$` (and the letters of a name): the visible constants, each with its value, sorted
    /// by name. Past `CompletionLimit.maximumItems` visible constants, only those whose name
    /// starts with the letters typed (ASCII case ignored), the first of them by name, and the
    /// list says it is incomplete, so the editor asks again as more letters are typed.
    static func completion(at position: Position, in document: OpenDocument, analysis: DocumentAnalysis) -> CompletionList? {
        let prefix = Array(String(decoding: Array(document.lineText(position.line).utf16.prefix(position.character)), as: UTF16.self).unicodeScalars)
        var start = prefix.count
        while start > 0, prefix[start - 1] == "_" || prefix[start - 1].properties.isAlphabetic || ("0"..."9").contains(prefix[start - 1]) { start -= 1 }
        guard start > 0, prefix[start - 1] == "$" else { return nil }
        let dollar = prefix[..<(start - 1)].reduce(0) { $0 + $1.utf16.count }
        let range = Range(start: Position(line: position.line, character: dollar), end: position)
        let typed = String(String.UnicodeScalarView(prefix[start...]))
        let visible = visible(at: position, in: document, analysis: analysis)
        let limited = CompletionLimit.first(visible, startingWith: typed, name: \.name)
        let items = limited.kept.map { constant in
            CompletionItem(label: "$" + constant.name, kind: constant.isParameter ? 6 : 21,
                           detail: constant.isParameter ? "parameter, default " + spelling(constant.value) : spelling(constant.value),
                           documentation: origin(of: constant, from: analysis.path), insertText: nil,
                           textEdit: TextEdit(range: range, newText: "$" + constant.name))
        }
        return CompletionList(isIncomplete: limited.isIncomplete, items: items)
    }

    // MARK: Hover

    static func hover(on name: String, range: Range, at position: Position, in document: OpenDocument, analysis: DocumentAnalysis) -> Hover? {
        guard let constant = visible(at: position, in: document, analysis: analysis).first(where: { $0.name == name }) else {
            return Hover(contents: MarkupContent(value: "**constant** `$\(name)`\n\nNo constant of this name is visible here."), range: range)
        }
        if constant.isParameter {
            return Hover(contents: MarkupContent(value: parameterText(constant, document: document, analysis: analysis)), range: range)
        }
        let text = "**constant** `$\(name)` = `\(spelling(constant.value))`\n\n" + origin(of: constant, from: analysis.path) + "."
        return Hover(contents: MarkupContent(value: text), range: range)
    }

    /// A parameter (docs/format.md §8.1): its default, how a value is given, and the lines of its uses.
    static func parameterText(_ parameter: VisibleConstants.Constant, document: OpenDocument, analysis: DocumentAnalysis) -> String {
        let name = parameter.name
        var lines: [Int] = []
        for line in 0..<document.lineStarts.count {
            if ReferenceScan.contains("$" + name, in: document.lineText(line)) { lines.append(line + 1) }
        }
        let uses = lines.isEmpty ? "No reference uses it." : (lines.count == 1 ? "Used on line " : "Used on lines ") + lines.map(String.init).joined(separator: ", ") + "."
        return "**parameter** `$\(name)`, default `\(spelling(parameter.value))`\n\n"
            + "A number given at run time: `layoutc frames --param \(name)=NUMBER`, or the `\(name):` argument of the generated initializer. "
            + origin(of: parameter, from: analysis.path) + ". " + uses
    }

    /// "Defined in this file, line 3" or "Defined in `Tokens.layout.yaml`, line 2 (imported)".
    static func origin(of constant: VisibleConstants.Constant, from path: String?) -> String {
        guard let file = constant.file else { return "Defined in this file, line \(constant.location.line)" }
        return "Defined in `\(shown(file, from: path))`, line \(constant.location.line) (imported)"
    }

    /// A path as the importing file would write it: relative to its folder when below it.
    static func shown(_ file: String, from path: String?) -> String {
        guard let path, let slash = path.lastIndex(of: "/") else { return file }
        let folder = String(path[...slash])
        return file.hasPrefix(folder) ? String(file.dropFirst(folder.count)) : file
    }

    /// A constant's value as written in either syntax: `16`, `[8, 16, 8, 16]`.
    static func spelling(_ value: Literal) -> String {
        switch value {
        case .number(let number, _): return NumberFormat.string(number)
        case .list(let elements): return "[" + elements.map(spelling).joined(separator: ", ") + "]"
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return "\(flag)"
        case .reference(let reference): return "$" + reference.name
        case .null: return "null"
        case .mapping: return "{…}"
        }
    }

    // MARK: Definition

    /// `$NAME` at the position: its definition; an import's path: that file.
    static func definition(at position: Position, word: String?, in document: OpenDocument, analysis: DocumentAnalysis, open: [String: OpenDocument]) -> [Location]? {
        if let word, word.hasPrefix("$"), word.count > 1 {
            let name = String(word.dropFirst())
            guard let constant = visible(at: position, in: document, analysis: analysis).first(where: { $0.name == name }) else { return [] }
            guard let file = constant.file else { return [Location(uri: document.uri, range: document.range(at: constant.location))] }
            let uri = URL(fileURLWithPath: file).absoluteString
            // The name's range in that file, as the editor holds it (or as it is on disk).
            let target = open.values.first { OpenDocument.path(of: $0.uri) == file }
                ?? (try? String(contentsOfFile: file, encoding: .utf8)).map { OpenDocument(uri: uri, version: 0, text: $0, languageId: nil) }
            let range = target?.range(at: constant.location) ?? Range(start: Position(line: constant.location.line - 1, character: 0),
                                                                        end: Position(line: constant.location.line - 1, character: 0))
            return [Location(uri: target?.uri ?? uri, range: range)]
        }
        guard let file = analysis.compiled?.file, let path = importPath(at: document.location(of: position), in: file) else { return nil }
        let resolved = ConstantImports.resolve(path, relativeTo: analysis.path ?? OpenDocument.path(of: document.uri))
        guard resolved.hasPrefix("/") else { return [] }
        let start = Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
        let uri = open.values.first { OpenDocument.path(of: $0.uri) == resolved }?.uri ?? URL(fileURLWithPath: resolved).absoluteString
        return [Location(uri: uri, range: start)]
    }

    /// The path of the import written on the position's line (the last one starting at or
    /// before it, when a line lists several).
    static func importPath(at location: SourceLocation, in file: LayoutFile) -> String? {
        let scopes = file.constantDocuments.map(\.scope) + file.layouts.map(\.scope)
        let onLine = scopes.flatMap(\.imports).filter { $0.location.line == location.line }.sorted { $0.location < $1.location }
        let best = onLine.last { $0.location.column <= location.column } ?? onLine.first
        guard case .string(let written)? = best?.path, !written.isEmpty else { return nil }
        return written
    }
}

/// Where a `$NAME` is written in a line: the name whole, not the start of a longer one.
enum ReferenceScan {
    static func contains(_ reference: String, in line: String) -> Bool {
        var rest = Substring(line)
        while let range = rest.range(of: reference) {
            let after = rest[range.upperBound...].first
            guard let after, after == "_" || after.isLetter || after.isNumber else { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}
