import Testing
@testable import LayoutCompiler

/// Element names are written as bytes (FlowElementName): they must be what interpolation made.
@Suite struct FlowElementNameTests {
    @Test(arguments: [("chip", 0), ("chip", 9), ("chip", 10), ("chip", 4095), ("a", 99_999),
                      ("aVeryLongItemNameIndeed", 123), ("tägé", 7), ("x", -12), ("n", Int.max), ("m", Int.min)])
    func matchesInterpolation(name: String, index: Int) {
        #expect(FlowElementName.of(name, index: index) == "\(name)[\(index)]")
    }

    @Test func exactBytes() {
        #expect(FlowElementName.of("chip", index: 42) == "chip[42]")
        #expect(Array(FlowElementName.of("tägé", index: 3).utf8) == Array("tägé[3]".utf8))
    }

    /// Through the CLI's own path: a flow of an array item names its elements so.
    @Test func framesOfAnArrayItem() throws {
        let yaml = """
        layout: L
        size: [100, 100]
        root:
          flow: f
          items:
            - item: chip
              size: [10, 10]
              count: 12
        """
        let compiled = LayoutCompiler.compileOnCurrentThread(yaml: Array(yaml.utf8))
        let plan = try #require(compiled.plans.first ?? nil)
        guard case .success(let frames) = LayoutEngine.frames(for: plan, in: LayoutEngine.Environment(size: Size(width: 100, height: 100))) else {
            Issue.record("layout failed")
            return
        }
        #expect(frames.map(\.name).suffix(3) == ["chip[9]", "chip[10]", "chip[11]"])
    }
}
