import Foundation
import LayoutCompiler

/// The language server's state and message handling, apart from any transport: messages come
/// in through `receive`, replies and notifications go out through `send`. Diagnostics are not
/// computed per change but by `publishPending`, which the transport calls when no message is
/// waiting, so a burst of changes is checked once, at its last version; a result is published
/// only for the version the document still has, so a stale one never follows a newer one.
///
/// Everything runs on one thread, which must have a large stack (the compiler's passes recurse
/// once per nesting level): `StdioTransport` makes one.
public final class LanguageServer {
    public static let version = "0.1.0"

    private let send: (Data) -> Void
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private let decoder = JSONDecoder()
    public private(set) var documents: [String: OpenDocument] = [:]
    /// Documents changed since their diagnostics were last published, in the order changed.
    private var pending: [String] = []
    /// The analysis of each open document's current version (the last one computed).
    private var analyses: [String: DocumentAnalysis] = [:]
    /// Open documents' text, for the documents that import them (docs/format.md §7.5).
    private let importReader: ImportReader
    /// The files each open document imported when last checked (resolved paths), so a change
    /// to one of them checks the document again.
    private var importedBy: [String: [String]] = [:]
    private var shutdownRequested = false
    /// Set by `exit`: the status the process should end with (0 after `shutdown`, else 1).
    public private(set) var exitStatus: Int32?

    /// `importRoots`: folders imports may read besides each document's (`--import-root`).
    public init(importRoots: [String] = [], send: @escaping (Data) -> Void) {
        self.send = send
        importReader = ImportReader(importRoots: importRoots)
    }

    /// Whether documents wait for their diagnostics.
    public var hasPendingDiagnostics: Bool { !pending.isEmpty }

    // MARK: Receiving

    /// Handles one message (the JSON body of a frame).
    public func receive(_ body: [UInt8]) {
        let data = Data(body)
        // JSON-RPC reads UTF-8 only: a message with other bytes is not handled (a request gets a
        // parse error with its id, which the bytes around the bad ones still tell).
        if let bad = Self.firstInvalidUTF8(body) {
            let reason = "the message is not UTF-8 (byte \(bad) of \(body.count)); it was not handled"
            let readable = Self.requestEnvelope(in: Array(String(decoding: body, as: UTF8.self).utf8))
            if let id = readable?.id {
                respondError(id: id, .parseError, reason)
            } else if let method = readable?.method {
                log("layoutc lsp: a \(method) notification is not UTF-8 (byte \(bad) of \(body.count)); it was skipped")
            } else {
                respondError(id: nil, .parseError, reason)
            }
            return
        }
        let envelope: IncomingEnvelope
        do {
            envelope = try decoder.decode(IncomingEnvelope.self, from: data)
        } catch {
            respondError(id: nil, .parseError, "the message is not a JSON-RPC object: \(Self.describe(error))")
            return
        }
        guard let method = envelope.method else {
            // A response to a request of ours (the server sends none that need one).
            if envelope.id == nil { respondError(id: nil, .invalidRequest, "a message with neither a method nor an id") }
            return
        }
        let id = envelope.id
        do {
            try dispatch(method, id: id, data: data)
        } catch let error as DecodingError {
            if let id { respondError(id: id, .invalidParams, "the parameters of \(method) cannot be read: \(Self.describe(error))") }
            else { log("the parameters of \(method) cannot be read: \(Self.describe(error))") }
        } catch {
            if let id { respondError(id: id, .internalError, "\(error)") }
        }
    }

    /// A framing problem the transport found: reported to the client's log, and when the bytes
    /// dropped hold a request (its id known), answered with a parse error so the client does not
    /// wait for an answer that never comes.
    public func framingProblem(_ reason: String, dropped: [UInt8] = []) {
        log("layoutc lsp: \(reason)")
        guard let request = Self.requestEnvelope(in: dropped), let id = request.id, let method = request.method else { return }
        respondError(id: id, .parseError, "the \(method) request's frame is not valid (\(reason)); it was not handled")
    }

    /// The JSON-RPC message (version 2.0, with a method) that starts at the first `{` of `bytes`
    /// and ends at their end, if they hold one.
    static func requestEnvelope(in bytes: [UInt8]) -> IncomingEnvelope? {
        guard let brace = bytes.firstIndex(of: 123) else { return nil }
        guard let envelope = try? JSONDecoder().decode(IncomingEnvelope.self, from: Data(bytes[brace...])),
              envelope.jsonrpc == "2.0", envelope.method != nil else { return nil }
        return envelope
    }

    /// The offset of the first byte that is not valid UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private func params<P: Decodable>(_ type: P.Type, _ data: Data) throws -> P {
        try decoder.decode(ParamsEnvelope<P>.self, from: data).params
    }

    private func dispatch(_ method: String, id: RequestID?, data: Data) throws {
        if shutdownRequested, method != "exit" {
            if let id { respondError(id: id, .invalidRequest, "the server is shutting down") }
            return
        }
        switch method {
        case "initialize":
            respond(id: id, InitializeResult())
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave":
            break
        case "workspace/didChangeWatchedFiles":
            // A file changed on disk: the open documents importing it are checked again.
            let p = try params(DidChangeWatchedFilesParams.self, data)
            for change in p.changes { markImporters(of: OpenDocument.path(of: change.uri), except: nil) }
        case "shutdown":
            shutdownRequested = true
            respond(id: id, Optional<Empty>.none)
        case "exit":
            exitStatus = shutdownRequested ? 0 : 1
        case "textDocument/didOpen":
            let p = try params(DidOpenTextDocumentParams.self, data)
            let item = p.textDocument
            let document = OpenDocument(uri: item.uri, version: item.version, text: item.text, languageId: item.languageId)
            documents[item.uri] = document
            changed(document)
        case "textDocument/didChange":
            let p = try params(DidChangeTextDocumentParams.self, data)
            guard var document = documents[p.textDocument.uri] else {
                log("didChange for \(p.textDocument.uri), which is not open")
                return
            }
            document.apply(p.contentChanges, version: p.textDocument.version)
            documents[p.textDocument.uri] = document
            changed(document)
        case "textDocument/didClose":
            let p = try params(DidCloseTextDocumentParams.self, data)
            documents[p.textDocument.uri] = nil
            analyses[p.textDocument.uri] = nil
            pending.removeAll { $0 == p.textDocument.uri }
            importedBy[p.textDocument.uri] = nil
            // Importers read the file from disk again.
            let path = OpenDocument.path(of: p.textDocument.uri)
            importReader.setOpen(path, bytes: nil)
            markImporters(of: path, except: nil)
            // Clear what the editor shows for it.
            notify("textDocument/publishDiagnostics", PublishDiagnosticsParams(uri: p.textDocument.uri, version: nil, diagnostics: []))
        case "textDocument/hover":
            let p = try params(TextDocumentPositionParams.self, data)
            guard let document = opened(p.textDocument.uri, id: id) else { return }
            respond(id: id, HoverText.hover(at: p.position, in: document, analysis: analysis(of: document)))
        case "textDocument/completion":
            let p = try params(TextDocumentPositionParams.self, data)
            guard let document = opened(p.textDocument.uri, id: id) else { return }
            let list = ConstantNavigation.completion(at: p.position, in: document, analysis: analysis(of: document))
                ?? CompletionList(isIncomplete: false, items: Completion.items(at: p.position, in: document))
            respond(id: id, list)
        case "textDocument/documentSymbol":
            let p = try params(DocumentParams.self, data)
            guard let document = opened(p.textDocument.uri, id: id) else { return }
            let file = analysis(of: document).compiled?.file ?? LayoutFile()
            respond(id: id, DocumentSymbols.symbols(of: file, in: document))
        case "textDocument/formatting":
            let p = try params(DocumentParams.self, data)
            guard let document = opened(p.textDocument.uri, id: id) else { return }
            format(document, id: id)
        case "textDocument/codeAction":
            let p = try params(CodeActionParams.self, data)
            guard let document = opened(p.textDocument.uri, id: id) else { return }
            respond(id: id, QuickFixes.actions(for: p.context.diagnostics, in: document))
        case "textDocument/definition":
            let p = try params(TextDocumentPositionParams.self, data)
            guard let document = opened(p.textDocument.uri, id: id) else { return }
            let word = document.word(at: p.position)?.text
            if document.isLayout, !document.isTooLarge,
               let found = ConstantNavigation.definition(at: p.position, word: word, in: document, analysis: analysis(of: document), open: documents) {
                respond(id: id, found)
                return
            }
            guard let word else {
                respond(id: id, [Location]())
                return
            }
            respond(id: id, Definitions.locations(of: word, from: document, open: documents.keys.sorted().compactMap { documents[$0] }))
        default:
            if let id {
                respondError(id: id, .methodNotFound, "layoutc lsp does not handle \(method)")
            }
            // Unknown notifications are ignored, as the protocol asks ($/ ones in particular).
        }
    }

    /// The open document, or an error response (a request about a document never opened).
    private func opened(_ uri: String, id: RequestID?) -> OpenDocument? {
        if let document = documents[uri] { return document }
        respondError(id: id, .invalidParams, "the document \(uri) is not open (send textDocument/didOpen first)")
        return nil
    }

    private func format(_ document: OpenDocument, id: RequestID?) {
        guard !document.isTooLarge else {
            respondError(id: id, .requestFailed, "the document is larger than the 64 MB layoutc reads")
            return
        }
        // A YAML document is printed again in its own syntax, comments kept (as
        // `layoutc convert --to yaml` writes it); a text one is `layoutc format`'s output.
        let output = document.syntax == .text
            ? LayoutSource.format(document.bytes)
            : LayoutSource.convert(document.bytes, from: .yaml, to: .yaml)
        guard let text = output.text else {
            let first = output.diagnostics.first.map { "\($0.location.line):\($0.location.column): \($0.message) [\($0.code.rawValue)]" } ?? ""
            respondError(id: id, .requestFailed, "the document has syntax errors and is not formatted: \(first)")
            return
        }
        if Array(text.utf8) == document.bytes {
            respond(id: id, [TextEdit]())
        } else {
            respond(id: id, [TextEdit(range: document.fullRange, newText: text)])
        }
    }

    /// A document opened or changed: checked again, and so is every open document importing it.
    private func changed(_ document: OpenDocument) {
        markPending(document.uri)
        let path = OpenDocument.path(of: document.uri)
        importReader.setOpen(path, bytes: document.bytes)
        markImporters(of: path, except: document.uri)
    }

    private func markImporters(of path: String, except uri: String?) {
        guard path.hasPrefix("/") else { return }
        for (importer, paths) in importedBy.sorted(by: { $0.key < $1.key }) where importer != uri && paths.contains(path) {
            markPending(importer)
        }
    }

    private func markPending(_ uri: String) {
        analyses[uri] = nil
        if !pending.contains(uri) { pending.append(uri) }
    }

    private func analysis(of document: OpenDocument) -> DocumentAnalysis {
        if let cached = analyses[document.uri], cached.version == document.version { return cached }
        let made = DocumentAnalysis(document: document, layers: ConfigurationLayers.layers(for: OpenDocument.path(of: document.uri)),
                                    reader: importReader)
        analyses[document.uri] = made
        return made
    }

    // MARK: Diagnostics

    /// Computes and publishes the diagnostics of one changed document (the one changed
    /// longest ago); the transport calls it again while messages do not wait. Returns whether
    /// one was published.
    @discardableResult
    public func publishPending() -> Bool {
        guard !pending.isEmpty else { return false }
        let uri = pending.removeFirst()
        guard let document = documents[uri] else { return false }
        let analysis = analysis(of: document)
        let diagnostics = analysis.diagnostics()
        importedBy[uri] = analysis.importedPaths
        // Only for the version the document still has (always so on one thread; kept as the rule).
        guard documents[uri]?.version == analysis.version else { return false }
        notify("textDocument/publishDiagnostics", PublishDiagnosticsParams(uri: uri, version: analysis.version, diagnostics: diagnostics))
        return true
    }

    // MARK: Sending

    private func respond<R: Encodable>(id: RequestID?, _ result: R?) {
        write(ResponseMessage(id: id, result: result, error: nil))
    }

    private func respondError(id: RequestID?, _ code: ErrorCode, _ message: String) {
        write(ResponseMessage<Empty>(id: id, result: nil, error: (code, message)))
    }

    private func notify<P: Encodable>(_ method: String, _ params: P) {
        write(NotificationMessage(method: method, params: params))
    }

    private func log(_ message: String) {
        notify("window/logMessage", LogMessageParams(type: 2, message: message))
    }

    private func write<M: Encodable>(_ message: M) {
        guard let data = try? encoder.encode(message) else { return }
        send(data)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON in UTF-8" : "bad value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default:
            return "\(error)"
        }
    }
}

struct LogMessageParams: Codable {
    var type: Int
    var message: String
}

/// The answer to `initialize`: what the server does.
struct InitializeResult: Encodable {
    struct Capabilities: Encodable {
        struct Sync: Encodable {
            var openClose = true
            /// 2: incremental.
            var change = 2
        }
        struct CompletionOptions: Encodable {
            var triggerCharacters = [":", " ", ".", "(", "-", "$"]
        }
        struct CodeActionOptions: Encodable {
            var codeActionKinds = ["quickfix"]
        }
        var positionEncoding = "utf-16"
        var textDocumentSync = Sync()
        var hoverProvider = true
        var completionProvider = CompletionOptions()
        var documentSymbolProvider = true
        var documentFormattingProvider = true
        var codeActionProvider = CodeActionOptions()
        var definitionProvider = true
    }
    struct ServerInfo: Encodable {
        var name = "layoutc"
        var version = LanguageServer.version
    }
    var capabilities = Capabilities()
    var serverInfo = ServerInfo()
}
