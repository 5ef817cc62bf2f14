import Foundation
import LayoutCompiler
@testable import LayoutServer
import Testing

/// docs/format.md §7.4 in `layoutc serve`: the layout document lists the breakpoints the page
/// marks on its width slider, and each set of frames names the variants its width selects.
@Suite("layoutc serve: width variants", .serialized)
struct WhenVariantServeTests {
    static let adaptive = """
        layout Adaptive (size: 390x600) {
          vgroup screen {
            vgroup stacked .when(..<600) {
              item photo .height(100)
            }
            hgroup sideBySide .when(600..<1000) {
              item photo .width(200)
            }
            item wide .when(1000...)
          }
        }

        """

    @Test func breakpointsAndVariants() async throws {
        let tree = try await ServedTree()
        defer { Task { await tree.close() } }
        try Self.adaptive.write(toFile: tree.root + "/Adaptive.layout", atomically: true, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(600))
        let layout = try JSONSerialization.jsonObject(with: Data(try await tree.get("/api/layout?file=Adaptive.layout").body.utf8)) as? [String: Any]
        let layouts = layout?["layouts"] as? [[String: Any]] ?? []
        #expect(layouts.first?["breakpoints"] as? [Double] == [600, 1000])
        for (width, variants) in [(390, ["vgroup 'stacked' (W < 600)"]), (600, ["hgroup 'sideBySide' (600 ≤ W < 1000)"]), (1200, ["item 'wide' (W ≥ 1000)"])] {
            let frames: [String: Any]? = try await FramesDocument.get("/api/frames?file=Adaptive.layout&width=\(width)&height=600", port: tree.port).document
            #expect(frames?["variants"] as? [String] == variants, "\(width)")
            let names = (frames?["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names.filter { $0 == "photo" }.count == (width < 1000 ? 1 : 0), "\(width)")
        }
        let matrix = try JSONSerialization.jsonObject(with: Data(try await tree.get("/api/matrix?file=Adaptive.layout").body.utf8)) as? [String: Any]
        for panel in matrix?["panels"] as? [[String: Any]] ?? [] {
            let width = (panel["size"] as? [String: Any])?["width"] as? Double ?? -1
            let expected = width < 600 ? "vgroup 'stacked' (W < 600)" : width < 1000 ? "hgroup 'sideBySide' (600 ≤ W < 1000)" : "item 'wide' (W ≥ 1000)"
            #expect(panel["variants"] as? [String] == [expected], "\(panel["label"] ?? "")")
        }
    }
}
