/// The Language Server Protocol's structures that `layoutc lsp` reads and writes, as Codable
/// values named as the specification names them (3.17). Only the fields the server uses: a
/// client's other fields are ignored when decoding.

/// A zero-based line and a character offset in UTF-16 code units (the protocol's default).
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Position, b: Position) -> Bool {
        (a.line, a.character) < (b.line, b.character)
    }
}

/// From `start` up to, not including, `end`.
public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range
}

public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: String
}

public struct TextDocumentItem: Codable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int
    public var text: String
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable {
    public var uri: String
    public var version: Int
}

/// One change of `didChange`: a range and its new text, or (no range) the whole new text.
public struct TextDocumentContentChangeEvent: Codable, Sendable {
    public var range: Range?
    public var text: String
}

public struct DidOpenTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentItem
}

public struct DidChangeTextDocumentParams: Codable, Sendable {
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]
}

public struct DidCloseTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

/// hover, completion and definition all take a document and a position.
public struct TextDocumentPositionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct DocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct CodeActionParams: Codable, Sendable {
    public struct Context: Codable, Sendable {
        public var diagnostics: [LSPDiagnostic]
    }
    public var textDocument: TextDocumentIdentifier
    public var range: Range
    public var context: Context
}

/// A diagnostic as the protocol carries it (`Diagnostic` is the compiler's).
public struct LSPDiagnostic: Codable, Hashable, Sendable {
    public var range: Range
    /// 1 error, 2 warning.
    public var severity: Int?
    public var code: String?
    public var source: String?
    public var message: String

    public init(range: Range, severity: Int?, code: String?, source: String? = "layoutc", message: String) {
        self.range = range
        self.severity = severity
        self.code = code
        self.source = source
        self.message = message
    }
}

public struct PublishDiagnosticsParams: Codable, Sendable {
    public var uri: String
    public var version: Int?
    public var diagnostics: [LSPDiagnostic]
}

public struct MarkupContent: Codable, Sendable {
    public var kind: String = "markdown"
    public var value: String
}

public struct Hover: Codable, Sendable {
    public var contents: MarkupContent
    public var range: Range?
}

public struct CompletionItem: Codable, Hashable, Sendable {
    public var label: String
    /// 10 Property, 12 Value, 14 Keyword (node kinds), 20 EnumMember.
    public var kind: Int?
    public var detail: String?
    public var documentation: String?
    public var insertText: String?
    /// What replaces the word typed so far (a constant's `$NAME`, `$` included).
    public var textEdit: TextEdit? = nil
}

public struct CompletionList: Codable, Sendable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]
}

public struct DocumentSymbol: Codable, Sendable {
    public var name: String
    public var detail: String?
    /// 5 Class (a layout), 3 Namespace (a group), 13 Variable (an item), 18 Array (a flow).
    public var kind: Int
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]?
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
}

public struct WorkspaceEdit: Codable, Sendable {
    public var changes: [String: [TextEdit]]
}

public struct CodeAction: Codable, Sendable {
    public var title: String
    public var kind: String
    public var diagnostics: [LSPDiagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit
}

public struct FormattingParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct DidChangeWatchedFilesParams: Codable, Sendable {
    public struct FileEvent: Codable, Sendable {
        public var uri: String
        /// 1 created, 2 changed, 3 deleted.
        public var type: Int
    }
    public var changes: [FileEvent]
}
