import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// Lint of docs/format.md §7.1–7.3: wrap items laid out with every sample text of
/// `.layoutlint.yml` (`wrap:`), shrink children judged against their readable widths
/// (`readableWidths:`), layouts with `fit` checked at each device's width.
@Suite("lint of wrapping text, shrinking and fitted layouts")
struct LintTextFitTests {
    func lint(_ yaml: String, configuration: String) -> Linter.FileResult {
        let parsed = LintConfiguration.parse(configuration)
        #expect(parsed.diagnostics.isEmpty)
        return Linter.lint(Array(yaml.utf8), layers: parsed.configuration.layers(forRelativePath: "a.layout.yaml"))
    }

    func formatted(_ yaml: String, configuration: String) -> [String] {
        lint(yaml, configuration: configuration).diagnostics.map { $0.formatted(path: "a.layout.yaml") }
    }

    static let twoDevices = "root: true\ndevices: {only: [iphone-se-3, ipad-mini], orientations: [portrait], directions: [ltr]}\n"

    /// A card of a fixed height whose message wraps: a long text needs more lines than it has.
    static let bubble = """
        layout: Bubble
        root:
          vgroup: screen
          children:
            - vgroup: card
              height: 100
              padding: 8
              spacing: 4
              children:
                - item: title
                  height: 20
                - item: message
                  dynamic: wrap
        """

    /// A chat row that fits its height: a name that shrinks beside a fixed time, a message below.
    static let chatRow = """
        layout: ChatRow
        size: [390, 0]
        fit: height
        root:
          vgroup: row
          padding: 12
          spacing: 4
          children:
            - hgroup: top
              height: fit
              spacing: 8
              children:
                - item: name
                  dynamic: wrap
                  shrink: 1
                - item: time
                  width: 60
            - item: message
              dynamic: wrap
        """

    static let chatTexts = "wrap:\n  name: [[80, 20], [400, 20]]\n  message: [[120, 18], [2000, 18]]\n"

    @Test("wrap: every sample text is laid out at every device, and a message names the one that fails")
    func sampleTexts() {
        let configuration = Self.twoDevices + "wrap:\n  message: [[120, 18], [2000, 18]]\n"
        // 2000 pt of text in 359 pt is 6 lines of 18: 20 + 4 + 108 + 16 = 148; on the iPad 3 lines fit.
        #expect(formatted(Self.bubble, configuration: configuration) == [
            "a.layout.yaml:5:7: error: vgroup 'card' needs 148 pt but has 100 pt (message text 2000×18) on iPhone SE (3rd generation) portrait (375×667) [outOfSpace]\n"
                + "a.layout.yaml:5:7: note: to fit, let a child give way with `shrink: 1`, make fixed heights, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
        ])
        // A glob names the item; one sample may be written alone; the short text alone fits.
        #expect(formatted(Self.bubble, configuration: Self.twoDevices + "wrap: {\"mess*\": [120, 18]}\n").isEmpty)
        // Two samples: both runs at each device (and a sample run once when first and last agree).
        #expect(lint(Self.bubble, configuration: configuration).sizeCount == 2 * 2)
    }

    @Test("a wrap item without sample texts: said once per file, and what depends on its text is not reported")
    func missingTexts() {
        #expect(formatted(Self.bubble, configuration: Self.twoDevices) == [
            "a.layout.yaml:12:11: warning: no sample texts for the wrap item 'message' of layout 'Bubble', so what depends on its text is not checked; give some under 'wrap:' in .layoutlint.yml [missingSampleSizes]",
        ])
        // With a dynamic item without sizes too: one finding, at the first item, naming both.
        let both = Self.bubble.replacingOccurrences(of: "        - item: title\n          height: 20", with: "        - item: title\n          dynamic: true")
        #expect(formatted(both, configuration: Self.twoDevices) == [
            "a.layout.yaml:10:11: warning: no sample sizes for the dynamic item 'title' of layout 'Bubble' and no sample texts for the wrap item 'message' of layout 'Bubble', so what depends on their content is not checked; give some under 'sizes:' and 'wrap:' in .layoutlint.yml [missingSampleSizes]",
        ])
    }

    @Test("a fitted layout: checked at each device's width, its height the layout's, said in the message")
    func fittedHeight() {
        let yaml = """
            layout: Feed
            size: [320, 0]
            fit: height
            root:
              vgroup: feed
              padding: 8
              spacing: 8
              children:
                - item: poster
                  height: 1500
                - hgroup: actions
                  height: 44
                  children:
                    - item: like
                      width: 200
                    - item: share
                      width: 180
            """
        // The poster is taller than every device, which a fitted height does not mind; 'Tall' has
        // the SE's width and safe area, so it is the SE's run.
        let configuration = """
            root: true
            devices:
              only: [iphone-se-3, Tall, ipad-mini]
              orientations: [portrait]
              directions: [ltr]
              add: [{name: Tall, size: [375, 2000], safeArea: [20, 0, 0, 0]}]
            """
        let result = lint(yaml, configuration: configuration)
        #expect(result.diagnostics.map { $0.formatted(path: "a.layout.yaml") } == [
            "a.layout.yaml:11:7: error: hgroup 'actions' needs 380 pt but has 359 pt (height fitted to 1568) on iPhone SE (3rd generation) portrait (375 wide) and 1 other device size [outOfSpace]\n"
                + "a.layout.yaml:11:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
        ])
        #expect(result.diagnostics.first?.devices == ["iPhone SE (3rd generation) portrait (375 wide)", "its own size (320 wide)"])
        #expect(result.sizeCount == 3)
        // Without `fit` the device's height is used: the poster fits on no device but 'Tall'.
        let unfitted = lint(yaml.replacingOccurrences(of: "fit: height\n", with: ""), configuration: configuration)
        #expect(unfitted.diagnostics.map { $0.formatted(path: "a.layout.yaml") } == [
            "a.layout.yaml:4:3: error: vgroup 'feed' needs 1568 pt but has 667 pt on iPhone SE (3rd generation) portrait (375×667) and 2 other device sizes [outOfSpace]\n"
                + "a.layout.yaml:4:3: note: to fit, let a child give way with `shrink: 1`, make fixed heights, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
            "a.layout.yaml:10:7: error: hgroup 'actions' needs 380 pt but has 359 pt on Tall (375×2000) [outOfSpace]\n"
                + "a.layout.yaml:10:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
        ])
    }

    @Test("the device sizes of a fitted layout: one per width (height), height (width) or safe area (both)")
    func fittedDeviceSizes() {
        func size(_ label: String, _ width: Double, _ height: Double, top: Double = 0) -> DeviceSize {
            DeviceSize(label: label, deviceID: nil, orientation: nil, size: Size(width: width, height: height),
                       safeArea: EdgeInsets(top: top, leading: 0, bottom: 0, trailing: 0))
        }
        let sizes = [size("a", 375, 667), size("b", 375, 812), size("c", 390, 667), size("d", 375, 667, top: 20)]
        #expect(DeviceSize.distinct(sizes, fitting: .height).map(\.description) == ["a (375 wide)", "c (390 wide)", "d (375 wide)"])
        #expect(DeviceSize.distinct(sizes, fitting: .width).map(\.description) == ["a (667 high)", "b (812 high)", "d (667 high)"])
        #expect(DeviceSize.distinct(sizes, fitting: .both).map(\.description) == ["a (size fitted)", "d (size fitted)"])
    }

    @Test("readableWidths: a shrink child squeezed below it is a warning, with its unshrunk width and the fitted height")
    func readableWidth() {
        let configuration = Self.twoDevices + Self.chatTexts + "readableWidths: {name: 300}\n"
        // On the SE the top row has 351 pt: a 400-pt name and the 60-pt time and 8 of spacing
        // are 117 too many, which the name gives (283 pt, 2 lines); on the iPad it fits. The first
        // run to find it is the one with every last sample.
        #expect(formatted(Self.chatRow, configuration: configuration) == [
            "a.layout.yaml:13:11: warning: item 'name' shrinks to 283 pt wide in hgroup 'top' (from 400 pt), less than its readable width of 300 pt (name text 400×20, message text 2000×18; height fitted to 176) on iPhone SE (3rd generation) portrait (375 wide) and 1 other device size [shrunkBelowReadableWidth]",
        ])
        // Below its readable width but not squeezed (a short name) is no finding, and a name
        // squeezed to no less than its readable width neither.
        #expect(formatted(Self.chatRow, configuration: Self.twoDevices + Self.chatTexts + "readableWidths: {name: 280}\n").isEmpty)
        // Without a readable width, shrinking is the layout's business.
        #expect(formatted(Self.chatRow, configuration: Self.twoDevices + Self.chatTexts).isEmpty)
    }

    @Test("a run that fails warns about nothing: the shrink floor's outOfSpace, and the warning only where the row fits")
    func warningsAgreeWithErrors() {
        let yaml = Self.chatRow.replacingOccurrences(of: "          shrink: 1\n", with: "          shrink: 1\n          minWidth: 320\n")
        let configuration = """
            root: true
            devices:
              only: [iphone-se-3, Narrow]
              orientations: [portrait]
              directions: [ltr]
              layoutSize: false
              add: [{name: Narrow, size: [425, 800]}]
            """ + "\n" + Self.chatTexts + "readableWidths: {name: 340}\n"
        // The name is at least 320 wide (its minWidth clamps even the short name's fit), so the
        // SE's row (351 pt) cannot hold it beside the time: the name frozen at its floor leaves 37
        // pt too many, with every sample; those runs warn about nothing, though 320 is less than
        // 340. On 'Narrow' (401 pt) the short name stays 320 wide, not squeezed: no finding; the
        // long one gives 67 pt and keeps 333: it fits, below 340.
        let results = lint(yaml, configuration: configuration).diagnostics
        #expect(results.map { $0.formatted(path: "a.layout.yaml") } == [
            "a.layout.yaml:9:7: error: hgroup 'top' needs 388 pt but has 351 pt (name text 80×20, message text 120×18) on iPhone SE (3rd generation) portrait (375 wide) [outOfSpace]\n"
                + "a.layout.yaml:9:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
            "a.layout.yaml:13:11: warning: item 'name' shrinks to 333 pt wide in hgroup 'top' (from 400 pt), less than its readable width of 340 pt (name text 400×20, message text 2000×18; height fitted to 158) on Narrow (425 wide) [shrunkBelowReadableWidth]",
        ])
        #expect(results.map(\.devices) == [["iPhone SE (3rd generation) portrait (375 wide)"], ["Narrow (425 wide)"]])
    }

    @Test("wrap: and readableWidths: in .layoutlint.yml: bad values are located errors; the last match wins")
    func configuration() {
        let parsed = LintConfiguration.parse("wrap:\n  a: [[10, 20], [-1, 2]]\n  b: 12\n  c: [[1, 2, 3, 4]]\nreadableWidths: {d: wide, e: 80}\n")
        #expect(parsed.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "2:18 'a' must be [width, lineHeight] or [width, lineHeight, lines]: 2 numbers from 0 to \(NumberFormat.string(Validator.maximumMagnitude))",
            "3:6 the sample texts of 'b' must be a list of [width, lineHeight] pairs (one line that wide, lines that high)",
            "4:7 'c' must be [width, lineHeight] or [width, lineHeight, lines]: 2 numbers ≥ 0",
            "5:21 the readable width of 'd' must be a number from 0 to \(NumberFormat.string(Validator.maximumMagnitude))",
        ])
        let good = LintConfiguration.parse("wrap: {\"*\": [100, 20]}\nreadableWidths: {title: 60}\noverrides:\n  - layouts: [A]\n    wrap: {body: [[1, 2], [3, 4]]}\n    readableWidths: {\"*\": 90}\n")
        #expect(good.diagnostics.isEmpty)
        let a = LintState(layers: good.configuration.layers(forRelativePath: "x.layout"), layout: "A")
        #expect(a.texts(for: "body") == [LayoutTextModel(width: 1, lineHeight: 2), LayoutTextModel(width: 3, lineHeight: 4)])
        #expect(a.texts(for: "title") == [LayoutTextModel(width: 100, lineHeight: 20)])
        #expect(a.readableWidth(for: "title") == 90)
        let b = LintState(layers: good.configuration.layers(forRelativePath: "x.layout"), layout: "B")
        #expect(b.texts(for: "body") == [LayoutTextModel(width: 100, lineHeight: 20)])
        #expect(b.readableWidth(for: "title") == 60)
        #expect(b.readableWidth(for: "body") == nil)
    }

    @Test("the geometry reports the children that shrank and their unshrunk size, in an hgroup and a vgroup")
    func unshrunkSizes() throws {
        let yaml = """
            layout: Shrink
            size: [300, 400]
            root:
              vgroup: screen
              children:
                - hgroup: row
                  width: 300
                  height: 40
                  margin: 10
                  children:
                    - item: a
                      width: 200
                      shrink: 1
                    - item: b
                      width: 200
                      shrink: 1
                    - item: c
                      width: 40
                - vgroup: column
                  width: 100
                  height: 100
                  children:
                    - item: x
                      height: 80
                      shrink: 1
                    - item: msg
                      dynamic: wrap
                      shrink: 1
            """
        let plan = try #require(LayoutCompiler.compile(yaml: Array(yaml.utf8)).plans.first ?? nil)
        let geometry = LayoutGeometry(plan: plan)
        let measures = FramesRequest.measures(["msg": LayoutTextModel(width: 200, lineHeight: 20)])
        let result = geometry.frames(in: .init(size: Size(width: 300, height: 400), measures: measures))
        guard case .success(let frames) = result else { Issue.record("\(result)"); return }
        func index(_ name: String) throws -> Int { try #require(geometry.nodes.firstIndex { $0.name == name }) }
        // 440 in 300: a and b give 70 each (slots of 130, frames of 120); unshrunk 200 less the margin.
        #expect(frames.rects[try index("a")]?.width == 120)
        #expect(frames.unshrunk[try index("a")] == 190)
        #expect(frames.unshrunk[try index("b")] == 190)
        #expect(frames.unshrunk[try index("c")] == nil)
        // 80 + 40 (two lines at 100 pt) in 100: x gives 2/3 of 20, msg 1/3.
        let msg = try index("msg")
        #expect(frames.unshrunk[try index("x")] == 80)
        #expect(frames.unshrunk[msg] == 40)
        #expect(abs((frames.rects[msg]?.height ?? 0) - (40 - 20.0 / 3)) < 1e-9)
        #expect(frames.containerSize == Size(width: 300, height: 400))
    }

    @Test("a layout that fits its width is mirrored in the fitted width, as the engine computes right to left")
    func mirroredInTheFittedWidth() throws {
        let yaml = """
            layout: Chip
            fit: both
            root:
              hgroup: chip
              padding: [4, 8, 4, 8]
              spacing: 4
              children:
                - item: icon
                  size: [16, 16]
                - item: label
                  dynamic: wrap
            """
        let plan = try #require(LayoutCompiler.compile(yaml: Array(yaml.utf8)).plans.first ?? nil)
        let geometry = LayoutGeometry(plan: plan)
        let measures = FramesRequest.measures(["label": LayoutTextModel(width: 60, lineHeight: 18)])
        let device = Size(width: 375, height: 667)
        guard case .success(let ltr) = geometry.frames(in: .init(size: device, measures: measures)),
              case .success(let rtl) = geometry.frames(in: .init(size: device, direction: .rightToLeft, measures: measures)) else {
            Issue.record("the chip does not fit")
            return
        }
        #expect(ltr.containerSize == Size(width: 96, height: 26))
        #expect(ltr.mirrored().rects == rtl.rects)
    }

    @Test("on the command line: .layoutlint.yml's wrap: and readableWidths:, a fitted layout, the new rule listed")
    func commandLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-lint7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.chatRow.write(to: directory.appendingPathComponent("ChatRow.layout.yaml"), atomically: true, encoding: .utf8)
        try Self.bubble.write(to: directory.appendingPathComponent("Bubble.layout.yaml"), atomically: true, encoding: .utf8)
        try (Self.twoDevices + Self.chatTexts + "readableWidths: {name: 300}\n")
            .write(to: directory.appendingPathComponent(".layoutlint.yml"), atomically: true, encoding: .utf8)
        let out = try CommandLine_.run(["lint"], in: directory)
        #expect(out.stdout == """
            Bubble.layout.yaml:5:7: error: vgroup 'card' needs 148 pt but has 100 pt (message text 2000×18) on iPhone SE (3rd generation) portrait (375×667) [outOfSpace]
            Bubble.layout.yaml:5:7: note: to fit, let a child give way with `shrink: 1`, make fixed heights, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)
            ChatRow.layout.yaml:13:11: warning: item 'name' shrinks to 283 pt wide in hgroup 'top' (from 400 pt), less than its readable width of 300 pt (name text 400×20, message text 2000×18; height fitted to 176) on iPhone SE (3rd generation) portrait (375 wide) and 1 other device size [shrunkBelowReadableWidth]

            """)
        #expect(out.stderr == "Linted 2 files: 1 error, 1 warning.\n")
        #expect(out.status == 1)
        let json = try CommandLine_.run(["lint", "ChatRow.layout.yaml", "--reporter", "json", "--quiet"], in: directory)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.first?["devices"] as? [String] == ["iPhone SE (3rd generation) portrait (375 wide)", "its own size (390 wide)"])
        let rules = try CommandLine_.run(["lint", "--list-rules"], in: directory)
        #expect(rules.stdout.contains("\nshrunkBelowReadableWidth (warning): A shrink child of an hgroup gives way until it is narrower than the readable width .layoutlint.yml gives it ('readableWidths:') on some device.\n"))
    }
}
