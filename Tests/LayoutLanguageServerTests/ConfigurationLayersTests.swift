import Foundation
import LayoutCompiler
@testable import LayoutLanguageServer
import Testing

/// The editor lints a document with the configuration `layoutc lint`, `preview` and `serve`
/// read (one `LintConfigurationFinder`), per-layout overrides included.
@Suite struct ConfigurationLayersTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theRepositorysVideoCardIsLintedInPortraitOnly() {
        let path = Self.root.appendingPathComponent("layouts/VideoCard.layout.yaml").path
        let layers = ConfigurationLayers.layers(for: path)
        #expect(LintState(layers: layers, layout: "VideoCard").orientations == [.portrait])
        #expect(LintState(layers: layers, layout: "ChatRow").orientations == Set(Orientation.allCases))
        #expect(LintState(layers: layers, layout: "VideoCard").samples(for: "title") == [Size(width: 120, height: 22), Size(width: 300, height: 66)])
        #expect(ConfigurationLayers.layers(for: "untitled:Bar.layout").isEmpty)
    }
}
