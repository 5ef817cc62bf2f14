import LayoutCompiler

/// Code actions for diagnostics whose message ends "did you mean 'X'?": replace the key or
/// value the diagnostic is about with X.
enum QuickFixes {
    static func actions(for diagnostics: [LSPDiagnostic], in document: OpenDocument) -> [CodeAction] {
        diagnostics.compactMap { diagnostic in
            guard let suggestion = suggestion(in: diagnostic.message), let range = target(of: diagnostic, suggestion: suggestion, in: document) else { return nil }
            let edit = TextEdit(range: range, newText: suggestion)
            return CodeAction(title: "Replace with '\(suggestion)'", kind: "quickfix", diagnostics: [diagnostic], isPreferred: true,
                              edit: WorkspaceEdit(changes: [document.uri: [edit]]))
        }
    }

    /// X of a message that ends "did you mean 'X'?" (not "did you mean 'X' after the name?",
    /// which asks for more than a replacement).
    static func suggestion(in message: String) -> String? {
        let marker = "did you mean '"
        guard message.hasSuffix("'?"), let start = message.range(of: marker, options: .backwards) else { return nil }
        let body = message[start.upperBound...].dropLast(2)
        guard !body.isEmpty, !body.contains("'") else { return nil }
        return String(body)
    }

    /// The word to replace: the one the diagnostic points at, or the value after the colon on
    /// its line (a value diagnostic points at its key): whichever is nearer to the suggestion.
    static func target(of diagnostic: LSPDiagnostic, suggestion: String, in document: OpenDocument) -> Range? {
        var candidates: [(String, Range)] = []
        if let word = document.word(at: diagnostic.range.start) { candidates.append(word) }
        let line = document.lineText(diagnostic.range.start.line)
        let utf16 = Array(line.utf16)
        var index = diagnostic.range.start.character
        while index < utf16.count, utf16[index] != 58 { index += 1 }  // ':'
        index += 1
        while index < utf16.count, utf16[index] == 32 { index += 1 }
        if index < utf16.count, let value = document.word(at: Position(line: diagnostic.range.start.line, character: index)) {
            candidates.append(value)
        }
        let plain = suggestion.hasPrefix(".") ? String(suggestion.dropFirst()) : suggestion
        return candidates.min { distance($0.0, plain) < distance($1.0, plain) }.map { candidate in
            // A modifier's word includes its dot; so does the suggestion then.
            var range = candidate.1
            if candidate.0.hasPrefix("."), !suggestion.hasPrefix(".") { range.start.character += 1 }
            return range
        }
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().trimmingPrefix(".")), b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
