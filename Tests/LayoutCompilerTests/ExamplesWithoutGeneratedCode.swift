/// The docs/format.md §6 examples of layouts/ (Profile, VideoCard) have `optional` nodes, which
/// generated code cannot hide yet (docs/codegen.md): the tests that generate code for every file
/// of layouts/ leave them out. `layoutc frames`, lint and preview take them
/// (RealScreenFramesTests, the lint tests).
enum ExamplesWithoutGeneratedCode {
    static let layoutNames: Set<String> = ["Profile", "VideoCard"]

    /// Whether a file of layouts/ (`Profile.layout`, `Profile.layout.yaml`) is one of them.
    static func contains(_ fileName: String) -> Bool {
        layoutNames.contains(String(fileName.prefix { $0 != "." }))
    }
}
