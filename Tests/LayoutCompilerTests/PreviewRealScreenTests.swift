import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// `layoutc preview` of docs/format.md §6: content sizes, hidden nodes, right to left.
@Suite("layoutc preview of real screens")
struct PreviewRealScreenTests {
    static let profile = CommandLine_.packageRoot.appendingPathComponent("layouts/Profile.layout.yaml")
    static let sizes: [String: [Size]] = ["name": [Size(width: 140, height: 24)], "bio": [Size(width: 358, height: 96)]]

    @Test("both directions: two panels per size, the second mirrored and labelled, each the engine's frames")
    func bothDirections() throws {
        let bytes = try Array(Data(contentsOf: Self.profile))
        var request = PreviewRequest(dynamicSizes: Self.sizes)
        request.directions = [.leftToRight, .rightToLeft]
        let svg = try #require(request.run(on: bytes, context: FolderImports.context(for: Self.profile)).svg)
        let parsed = try #require(SVGRects.parse(svg))
        #expect(parsed.panels == 2)
        #expect(parsed.texts.contains("Profile — 390×844"))
        #expect(parsed.texts.contains("Profile — 390×844 — right to left"))
        for (panel, direction) in [(1, LayoutDirection.leftToRight), (2, .rightToLeft)] {
            var frames = FramesRequest(dynamicSizes: Self.sizes)
            frames.direction = direction
            let expected = try #require(frames.run(on: bytes, context: FolderImports.context(for: Self.profile)).table?.layouts.first?.frames)
            let found = parsed.rects.filter { $0.panel == panel }
            #expect(found.map(\.name) == expected.map(\.name))
            #expect(zip(found.map(\.rect), expected.map(\.rect)).allSatisfy(PreviewTests.sameToHundredths))
        }
        // Mirrored: the avatar is on the left, then on the right.
        let avatars = parsed.rects.filter { $0.name == "avatar" }.map(\.rect.x)
        #expect(avatars == [16, 390 - 16 - 72])
    }

    @Test("hidden nodes are not drawn and are listed under the panel")
    func hidden() throws {
        let bytes = try Array(Data(contentsOf: Self.profile))
        var request = PreviewRequest(dynamicSizes: Self.sizes)
        request.hidden = ["verified"]
        let svg = try #require(request.run(on: bytes, context: FolderImports.context(for: Self.profile)).svg)
        let parsed = try #require(SVGRects.parse(svg))
        #expect(!parsed.rects.contains { $0.name == "verified" })
        #expect(parsed.rects.contains { $0.name == "name" })
        #expect(parsed.texts.contains("Hidden (not drawn): 'verified'"))
        request.hidden = ["bio"]
        let wrong = request.run(on: bytes, context: FolderImports.context(for: Self.profile))
        #expect(wrong.svg == nil)
        #expect(wrong.usageProblems == [.unknownHiddenName("bio")])
    }

    @Test("a content item without a size draws nothing and says how to give it")
    func missingContentSize() throws {
        let bytes = try Array(Data(contentsOf: Self.profile))
        let result = PreviewRequest(dynamicSizes: ["name": [Size(width: 140, height: 24)]]).run(on: bytes, context: FolderImports.context(for: Self.profile))
        #expect(result.svg == nil)
        #expect(result.diagnostics.map { $0.formatted(path: "Profile.layout.yaml") } == [
            "Profile.layout.yaml:37:7: error: dynamic item 'bio' has no content size; give it at run time [itemIncomplete]",
        ])
    }

    @Test("on the command line: --hide, --direction, --both-directions and their usage errors")
    func commandLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-preview6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("p.svg").path
        let base = ["preview", Self.profile.path, "--sizes", "name=140x24", "--sizes", "bio=358x96", "-o", output]
        let rtl = try CommandLine_.run(base + ["--direction", "rtl", "--hide", "verified"])
        #expect(rtl.status == 0)
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains(">Profile — 390×844 — right to left<"))
        #expect(!svg.contains("data-name=\"verified\""))
        let both = try CommandLine_.run(base + ["--both-directions", "--all-devices"])
        #expect(both.status == 0)
        let parsed = try #require(SVGRects.parse(try String(contentsOfFile: output, encoding: .utf8)))
        // Every device and the layout's own size (its safe area is no device's), as lint has them.
        #expect(parsed.panels == 2 * (DeviceMatrix.all.count + 1))
        let conflict = try CommandLine_.run(base + ["--both-directions", "--direction", "rtl"])
        #expect(conflict.status == 64)
        #expect(conflict.stderr.contains("give either --both-directions or --direction"))
        let unknown = try CommandLine_.run(base + ["--hide", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "error: --hide names 'nope', which is not an optional node of \(Self.profile.path)\n")
    }

    /// Issue 21: `preview --all-devices` draws what lint checks, from the same `.layoutlint.yml`
    /// (found by `LintConfigurationFinder`): layouts/VideoCard's override keeps portrait only,
    /// so no landscape phone (where the 16:9 player does not fit) is drawn and nothing fails.
    @Test("--all-devices follows .layoutlint.yml's per-layout override: VideoCard in portrait only, exit 0")
    func allDevicesFollowsOverrides() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-preview-i21-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("VideoCard.svg").path
        let file = CommandLine_.packageRoot.appendingPathComponent("layouts/VideoCard.layout.yaml").path
        let run = try CommandLine_.run(["preview", file, "--all-devices", "-o", output])
        #expect(run.stderr == "")
        #expect(run.status == 0)
        let parsed = try #require(SVGRects.parse(try String(contentsOfFile: output, encoding: .utf8)))
        let titles = parsed.texts.filter { $0.hasPrefix("VideoCard — ") }
        let portrait = DeviceMatrix.sizes(of: DeviceMatrix.builtIn, orientations: [.portrait])
        // Every portrait device, then the layout's own 390×340, as lint has them.
        #expect(parsed.panels == portrait.count + 1)
        #expect(titles.count == portrait.count + 1)
        #expect(titles.first == "VideoCard — \(portrait[0].label) (\(Int(portrait[0].size.width))×\(Int(portrait[0].size.height)))")
        #expect(titles.last == "VideoCard — its own size (390×340)")
        #expect(!titles.contains { $0.contains("landscape") })
        // Lint agrees: the same file lints clean with the same configuration.
        let lint = try CommandLine_.run(["lint", file, "--quiet"])
        #expect(lint.status == 0)
    }
}
