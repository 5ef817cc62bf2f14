import Foundation
import LayoutCompiler
@testable import LayoutServer
import Testing

/// Serve's frames say whether the layout measures from the safe area, and the page shades it
/// only then (issue 43, item 8: device thumbnails of a cell drew a band the cell does not use).
@Suite("layoutc serve: the safe area is shaded where the layout uses it")
struct ServeSafeAreaTests {
    static func panels(_ tree: ServedTree, _ file: String) async throws -> [[String: Any]] {
        let reply = try await tree.get("/api/matrix?file=\(file)")
        let document = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
        return document?["panels"] as? [[String: Any]] ?? []
    }

    @Test func theMatrixSaysWhichLayoutsUseTheSafeArea() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        // Card's screen has `.safeArea`; Other is one item that never reads the insets.
        let card = try await Self.panels(tree, "Card.layout")
        #expect(!card.isEmpty)
        #expect(card.allSatisfy { $0["usesSafeArea"] as? Bool == true })
        let other = try await Self.panels(tree, "sub/Other.layout.yaml")
        #expect(!other.isEmpty)
        #expect(other.allSatisfy { $0["usesSafeArea"] as? Bool == false })
        // The page draws the bands only then.
        #expect(try await tree.get("/shapes.js").body.contains("frames.usesSafeArea !== false"))
    }
}
