import Foundation
@testable import LayoutServer
import Testing

/// docs/format.md §4 in `layoutc serve`: a layout whose sizes overflow a Double answers 200 with
/// the command line's `outOfSpace` diagnostic (it answered 500: its JSON could not hold `inf`).
@Suite("layoutc serve: frames that would not be finite", .serialized)
struct ServeFiniteTests {
    /// 36 overlays nested, `aspect` alternating 1e9 and 1e-9 (issue 20's reproducer): level 34's
    /// height overflows.
    static let extreme: String = {
        var text = "layout Extreme (size: 390x844) {\n  overlay level0 {\n"
        for level in 1...36 {
            let indent = String(repeating: "  ", count: level + 1)
            let (anchors, aspect) = level % 2 == 1 ? (".leading(0) .top(0) .bottom(0)", "1000000000") : (".leading(0) .trailing(0) .top(0)", "0.000000001")
            text += indent + "overlay level\(level) \(anchors) .aspect(\(aspect)) {\n"
        }
        for level in stride(from: 36, through: 0, by: -1) { text += String(repeating: "  ", count: level + 1) + "}\n" }
        return text + "}\n"
    }()

    @Test("frames, the device matrix and the layout file are answered, with the diagnostic and no infinity")
    func overflowIsADiagnostic() async throws {
        let served = try await ServedFolder.temporary("layoutc-serve-finite-", files: ["Extreme.layout": Self.extreme])
        defer { served.stop() }
        let (root, port) = (served.root, served.port)
        let line = 36, column = 71
        let document: [String: Any]? = try await FramesDocument.get("/api/frames?file=Extreme.layout", port: port).document
        let error = document?["error"] as? [String: Any]
        #expect(error?["formatted"] as? String
                == "\(root)/Extreme.layout:\(line):\(column): error: overlay 'level34' gets a height that is not a finite number (inf) at 390×844 [outOfSpace]")
        let names = (document?["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.count == 34 && names.last == "level33", "\(names)")
        let matrix = try await RawHTTPClient.get("/api/matrix?file=Extreme.layout", port: port)
        #expect(matrix.status == 200)
        #expect(!matrix.body.contains("inf,") && !matrix.body.contains("nan"))
        let panels = (try JSONSerialization.jsonObject(with: Data(matrix.body.utf8)) as? [String: Any])?["panels"] as? [[String: Any]] ?? []
        #expect(panels.count > 1 && panels.allSatisfy { $0["error"] != nil })
        #expect(try await RawHTTPClient.get("/api/layout?file=Extreme.layout", port: port).status == 200)
    }
}
