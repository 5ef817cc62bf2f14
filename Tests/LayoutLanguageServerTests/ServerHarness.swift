import Foundation
import LayoutLanguageServer

/// A `LanguageServer` driven in memory: messages in as JSON objects, everything it sends
/// collected as JSON objects.
final class ServerHarness {
    var sent: [[String: Any]] = []
    private(set) var server: LanguageServer!

    init() {
        server = LanguageServer { [unowned self] data in
            if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] { self.sent.append(object) }
        }
    }

    func send(_ object: [String: Any]) {
        let data = try! JSONSerialization.data(withJSONObject: object)
        server.receive(Array(data))
    }

    func request(_ id: Int, _ method: String, _ params: [String: Any]) -> [String: Any]? {
        sent.removeAll()
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return sent.first { ($0["id"] as? Int) == id }
    }

    func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "layout", "version": version, "text": text]])
    }

    /// Publishes every pending document's diagnostics; returns the notifications sent.
    func publishAll() -> [[String: Any]] {
        sent.removeAll()
        while server.hasPendingDiagnostics { server.publishPending() }
        return sent.filter { ($0["method"] as? String) == "textDocument/publishDiagnostics" }.map { $0["params"] as! [String: Any] }
    }

    static func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }
    static func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> [String: Any] { ["start": position(l1, c1), "end": position(l2, c2)] }
}

/// `[line, character, line, character]` of a JSON range.
func flat(_ range: Any?) -> [Int] {
    guard let range = range as? [String: Any], let start = range["start"] as? [String: Int], let end = range["end"] as? [String: Int] else { return [] }
    return [start["line"]!, start["character"]!, end["line"]!, end["character"]!]
}
