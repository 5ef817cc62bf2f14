import Foundation
import LayoutCompiler
import Testing

/// The preview shades the safe area only where the layout measures from it (issue 43, item 8):
/// a fitted 64 pt cell drawn at every device had the device's 59 pt top band drawn over it.
@Suite("layoutc preview: the safe area is drawn where the layout uses it")
struct PreviewSafeAreaTests {
    static let cell = """
        layout: Cell
        size: [390, 64]
        fit: height
        root:
          hgroup: cell
          children:
            - item: icon
              size: [44, 44]
            - item: title
              width: flexible
              height: 20

        """

    @Test("a fitted cell that does not use the safe area, drawn at every device: no safe-area band")
    func cellAtAllDevices() throws {
        let svg = try #require(PreviewRequest(sizes: DeviceMatrix.all).run(on: Array(Self.cell.utf8)).svg)
        #expect(svg.contains("class=\"panel\""))
        #expect(!svg.contains("<g class=\"safe-area\""))
        #expect(!svg.contains("class=\"safe-area-edge\""))
    }

    @Test("a root with `safeArea: true` at every device: the device's insets are shaded")
    func screenAtAllDevices() throws {
        let screen = Self.cell.replacingOccurrences(of: "fit: height\n", with: "")
            .replacingOccurrences(of: "  hgroup: cell\n", with: "  hgroup: cell\n  safeArea: true\n")
        let preview = PreviewRequest(sizes: DeviceMatrix.all).run(on: Array(screen.utf8))
        #expect(preview.diagnostics.isEmpty, "\(preview.diagnostics.map(\.message))")
        let svg = try #require(preview.svg)
        #expect(svg.contains("<g class=\"safe-area\""))
    }

    @Test("an overlay child with `safeArea: true` is enough")
    func overlayChild() throws {
        let yaml = """
            layout: Player
            size: [390, 844]
            safeArea: [59, 0, 34, 0]
            root:
              overlay: player
              children:
                - item: close
                  size: [44, 44]
                  top: 8
                  trailing: 8
                  safeArea: true

            """
        let svg = try #require(PreviewRequest().run(on: Array(yaml.utf8)).svg)
        #expect(svg.contains("<g class=\"safe-area\""))
        let without = yaml.replacingOccurrences(of: "      safeArea: true\n", with: "")
        let plain = try #require(PreviewRequest().run(on: Array(without.utf8)).svg)
        #expect(!plain.contains("<g class=\"safe-area\""))
    }
}
