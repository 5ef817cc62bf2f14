import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// A wrap item's measure is called at most once per distinct width within one layout
/// (docs/format.md §7.1), also past the cache's inline slots.
@Suite("wrap measure cache")
struct WrapCacheTests {
    final class Calls: @unchecked Sendable {
        var widths: [CGFloat] = []
    }

    @Test("generated code's LayoutWrapSizes: five widths asked twice each, each measured once")
    func measureRemembersEveryWidth() {
        let calls = Calls()
        let model = LayoutTextModel(width: 300, lineHeight: 10)
        let measure = { (width: CGFloat) -> CGSize in
            calls.widths.append(width)
            return model.measure(width)
        }
        var sizes = LayoutWrapSizes()
        for _ in 0..<2 {
            for width in [100.0, 50, .infinity, 75, 60, 30] {
                #expect(sizes.size(at: width, measure) == model.measure(CGFloat(width)))
            }
        }
        #expect(calls.widths == [100, 50, .infinity, 75, 60, 30])
    }

    @Test("the engine: a vgroup's wrap child is measured once per layout, at the width offered, in each of three layouts of one plan")
    func engineMeasuresOncePerLayout() throws {
        let source = """
        layout: W
        size: [200, 400]
        root:
          vgroup: main
          children:
            - item: text
              dynamic: wrap
        """
        let compiled = LayoutCompiler.compile(yaml: Array(source.utf8))
        let plan = try #require(compiled.plans.first ?? nil)
        for width in [200.0, 150, 120] {
            let calls = Calls()
            let model = LayoutTextModel(width: 300, lineHeight: 10)
            let environment = LayoutEngine.Environment(size: Size(width: width, height: 400),
                                                       measures: ["text": { @Sendable w in calls.widths.append(w); return model.size(at: w) }])
            guard case .success(let frames) = LayoutCompiler.frames(for: plan, in: environment) else {
                Issue.record("layout at \(width) failed")
                continue
            }
            let text = try #require(frames.first { $0.name == "text" })
            #expect(text.rect.width == width)
            #expect(text.rect.height == Double(model.measure(CGFloat(width)).height))
            #expect(calls.widths == [CGFloat(width)], "measured once, at the width offered")
        }
    }
}
