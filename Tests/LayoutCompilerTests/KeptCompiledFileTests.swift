import LayoutCompiler
import Testing

/// `FramesRequest.keepsCompiledFile`: the compiled file comes back with the result (so that
/// `layoutc frames` can keep it until the process exits), and only when asked for.
@Suite("a frames request keeps its compiled file when asked")
struct KeptCompiledFileTests {
    static let yaml = Array("""
        layout: Small
        size: [100, 50]
        root:
          hgroup: row
          children:
            - item: a
              width: 30
            - item: b
        """.utf8)

    @Test("kept: the same file and plans the frames came from; not kept by default")
    func kept() throws {
        var request = FramesRequest()
        let plain = request.run(on: Self.yaml)
        #expect(plain.compiledFile == nil)
        request.keepsCompiledFile = true
        let result = request.run(on: Self.yaml)
        let compiled = try #require(result.compiledFile)
        #expect(compiled.file.layouts.count == 1)
        #expect(compiled.plans.count == 1 && compiled.plans[0] != nil)
        #expect(result.table?.layouts.map(\.frames.count) == plain.table?.layouts.map(\.frames.count))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("kept with a usage problem too")
    func keptWithUsageProblem() throws {
        var request = FramesRequest()
        request.hidden = ["nope"]
        request.keepsCompiledFile = true
        let result = request.run(on: Self.yaml)
        #expect(result.usageProblems == [.unknownHiddenName("nope")])
        #expect(result.compiledFile?.plans.count == 1)
    }
}
