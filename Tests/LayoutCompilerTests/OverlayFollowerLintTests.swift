import LayoutCompiler
import Testing

/// docs/format.md §8.5 in lint: a child that follows a measured overlay on an axis does not size
/// it, so it can stick out; overlayChildOutside says so, and how to make it count.
@Suite("lint: followers of overlays that measure (docs/format.md §8.5)")
struct OverlayFollowerLintTests {
    static let yaml = """
        layout: L
        size: [390, 0]
        fit: height
        root:
          overlay: card
          children:
            - vgroup: content
              padding: 16
              children:
                - item: image
                  height: 100
            - item: ribbon
              bottom: 0
              leading: 0
              size: [10, 300]

        """

    @Test("a follower taller than the measured card: overlayChildOutside on every device, with the fix")
    func followerOutside() {
        let results = lintResults(Self.yaml)
        #expect(results.map(\.rule) == ["overlayChildOutside"])
        #expect(results.first?.location.line == 12 && results.first?.location.column == 7)
        // The card measures 16 + 100 + 16 = 132 at every width; the ribbon (300) reaches past its top.
        #expect(results.first?.message.hasPrefix("item 'ribbon' lies partly outside overlay 'card', past its top edge; it follows the overlay's measured height without sizing it: give it a height and a 'top' anchor so that it counts (height fitted to 132) on ") == true,
                "\(results.map(\.message))")
        #expect(results.first?.devices.isEmpty == false)
    }

    @Test("a follower of a card measured from a content size lint has no samples for: its place is unknown, not reported")
    func followerOfUnsampledContent() {
        let yaml = """
            layout: L
            size: [390, 0]
            fit: height
            root:
              overlay: card
              children:
                - item: text
                  dynamic: true
                  leading: 0
                  top: 0
                - item: ribbon
                  bottom: 0
                  leading: 0
                  size: [10, 30]

            """
        #expect(lintResults(yaml).map(\.rule).filter { $0 == "overlayChildOutside" }.isEmpty, "\(lintResults(yaml).map(\.message))")
    }

    @Test("the same child placed by 'top' sizes the card: nothing to report")
    func sizingChildInside() {
        let sized = Self.yaml.replacingOccurrences(of: "bottom: 0", with: "top: 0")
        #expect(lintResults(sized).isEmpty, "\(lintResults(sized).map(\.message))")
    }
}
