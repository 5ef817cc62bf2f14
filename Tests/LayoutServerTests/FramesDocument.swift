import Foundation

/// A frames answer read as the page reads it (Page/app.js, `getFrames` and `framesDocument`):
/// the bytes of `layoutc frames --format json`, then the page's line, put on the nodes of
/// `/api/layout`, so that tests can ask for a node by name with its parent, line and text.
struct FramesDocument {
    /// The command's part, byte for byte.
    var table: [UInt8]
    /// The command's JSON, parsed.
    var tableJSON: [String: Any]
    /// The page's line, parsed (`page`).
    var page: [String: Any]
    /// Both together: `nodes`, `error`, `size`, `variants`, … as the page draws them.
    var document: [String: Any]

    enum Failure: Error {
        case malformed(String)
    }

    /// Splits an answer at its last line.
    static func split(_ body: [UInt8]) throws -> (table: [UInt8], page: [UInt8]) {
        guard body.last == UInt8(ascii: "\n"), let cut = body.dropLast().lastIndex(of: UInt8(ascii: "\n")) else {
            throw Failure.malformed(String(decoding: body, as: UTF8.self))
        }
        return (Array(body[...cut]), Array(body[(cut + 1)...]))
    }

    static func get(_ target: String, port: UInt16) async throws -> FramesDocument {
        // `page=1`: the page's line after the command's bytes, as the page asks for it.
        let reply = try await RawHTTPClient.get(target + (target.contains("?") ? "&page=1" : "?page=1"), port: port)
        guard reply.status == 200 else { throw Failure.malformed("status \(reply.status ?? 0): \(reply.body)") }
        let file = URLComponents(string: target)?.queryItems?.first { $0.name == "file" }?.value ?? ""
        let info = try await RawHTTPClient.get("/api/layout?file=" + (file.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? file), port: port)
        let layouts = (try JSONSerialization.jsonObject(with: Data(info.body.utf8)) as? [String: Any])?["layouts"] as? [[String: Any]] ?? []
        return try FramesDocument(body: Array(reply.body.utf8), layouts: layouts)
    }

    init(body: [UInt8], layouts: [[String: Any]]) throws {
        let (table, line) = try Self.split(body)
        let tableJSON = try JSONSerialization.jsonObject(with: Data(table)) as? [String: Any] ?? [:]
        let page = (try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])?["page"] as? [String: Any] ?? [:]
        self.table = table
        self.tableJSON = tableJSON
        self.page = page
        self.document = Self.assemble(tableJSON: tableJSON, page: page, layouts: layouts)
    }

    static func assemble(tableJSON: [String: Any], page: [String: Any], layouts: [[String: Any]]) -> [String: Any] {
        let layout = layouts.first { $0["name"] as? String == page["layout"] as? String }
        var document: [String: Any] = ["file": page["file"] ?? NSNull(), "direction": page["direction"] ?? "ltr",
                                       "variants": page["variants"] ?? [], "ignored": page["ignored"] ?? []]
        document["layout"] = page["layout"] as? String
        document["error"] = page["error"] as? [String: Any]
        document["fit"] = layout?["fit"] as? String
        document["fitMeasured"] = page["fitMeasured"] as? Bool
        if let size = page["size"] as? [Double] { document["size"] = ["width": size[0], "height": size[1]] }
        if let nodes = page["nodes"] as? [[String: Any]] {
            document["nodes"] = nodes
            return document
        }
        let computed = (tableJSON["layouts"] as? [[String: Any]])?.first
        let tree = layout?["nodes"] as? [[String: Any]] ?? []
        let items = layout?["items"] as? [[String: Any]] ?? []
        let listed = computed?["frames"] as? [[String: Any]] ?? []
        let absent = Set((page["absent"] as? [Int]) ?? [])
        var next = 0
        func base(_ frame: [String: Any]) -> String {
            let name = frame["name"] as? String ?? ""
            return name.firstIndex(of: "[").map { String(name[..<$0]) } ?? name
        }
        var unnamed: [Int: [String: Any]] = [:]
        for entry in page["frames"] as? [[Double]] ?? [] {
            unnamed[Int(entry[0])] = ["x": entry[1], "y": entry[2], "width": entry[3], "height": entry[4]]
        }
        let unshrunk = Dictionary((page["unshrunk"] as? [[Double]] ?? []).map { (Int($0[0]), $0[1]) }, uniquingKeysWith: { $1 })
        let texts = Dictionary((page["texts"] as? [[Double]] ?? []).map { (Int($0[0]), ["width": $0[1], "lineHeight": $0[2], "lines": $0[3]]) },
                               uniquingKeysWith: { $1 })
        var placed = [Int](repeating: -1, count: tree.count)
        var nodes: [[String: Any]] = []
        for (index, n) in tree.enumerated() {
            let name = n["name"] as? String
            var frame: [String: Any]?
            if name == nil {
                frame = unnamed[index]
            } else if !absent.contains(index), next < listed.count {
                frame = listed[next]
                next += 1
            }
            guard let frame else { continue }
            placed[index] = nodes.count
            var node: [String: Any] = ["id": nodes.count, "depth": n["depth"] ?? 0, "kind": n["kind"] ?? "", "line": n["line"] ?? 0,
                                       "element": false, "atFault": false]
            for key in ["x", "y", "width", "height"] { node[key] = frame[key] }
            node["name"] = name
            let parent = n["parent"] as? Int
            if let parent, placed[parent] >= 0 { node["parent"] = placed[parent] }
            node["text"] = texts[index]
            if let base = unshrunk[index], let parent {
                node["unshrunk"] = tree[parent]["kind"] as? String == "hgroup"
                    ? ["width": base, "height": frame["height"] as? Double ?? 0] : ["width": frame["width"] as? Double ?? 0, "height": base]
            }
            let id = nodes.count
            nodes.append(node)
            let flowItems = items.filter { $0["flow"] as? Int == index }
            while next < listed.count, let item = flowItems.first(where: { $0["name"] as? String == base(listed[next]) }) {
                let element = listed[next]
                next += 1
                var out: [String: Any] = ["id": nodes.count, "parent": id, "depth": (n["depth"] as? Int ?? 0) + 1, "kind": "item",
                                          "line": item["line"] ?? 0, "element": true, "atFault": false]
                for key in ["name", "x", "y", "width", "height"] { out[key] = element[key] }
                nodes.append(out)
            }
        }
        document["nodes"] = nodes
        return document
    }
}
