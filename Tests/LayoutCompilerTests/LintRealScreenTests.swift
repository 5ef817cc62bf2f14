import Foundation
import LayoutCompiler
import Testing

/// Lint of docs/format.md §6 layouts: sample content sizes from `.layoutlint.yml`, optional
/// nodes shown and hidden, both directions, and the rules that come with them.
@Suite("lint of real screens")
struct LintRealScreenTests {
    /// Lints `yaml` with the settings of a `.layoutlint.yml` text.
    func lint(_ yaml: String, configuration: String) -> [LintDiagnostic] {
        let parsed = LintConfiguration.parse(configuration)
        #expect(parsed.diagnostics.isEmpty)
        return Linter.lint(Array(yaml.utf8), layers: parsed.configuration.layers(forRelativePath: "a.layout.yaml")).diagnostics
    }

    func formatted(_ results: [LintDiagnostic]) -> [String] { results.map { $0.formatted(path: "a.layout.yaml") } }

    static let twoDevices = "root: true\ndevices: {only: [iphone-se-3, ipad-mini], orientations: [portrait]}\n"

    static let row = """
        layout: Card
        root:
          vgroup: screen
          children:
            - hgroup: row
              height: 40
              children:
                - item: icon
                  width: 40
                - item: label
                  dynamic: true
                - item: badge
                  optional: true
                  width: 300
        """

    @Test("without samples: said once per file, and nothing that depends on the content size is reported")
    func missingSamples() {
        let results = lint(Self.row, configuration: Self.twoDevices)
        #expect(formatted(results) == [
            "a.layout.yaml:10:11: warning: no sample sizes for the dynamic item 'label' of layout 'Card', so what depends on its content size is not checked; give some under 'sizes:' in .layoutlint.yml [missingSampleSizes]",
        ])
        let two = Self.row + "\n---\n" + Self.row.replacingOccurrences(of: "Card", with: "Other").replacingOccurrences(of: "label", with: "title")
        #expect(formatted(lint(two, configuration: Self.twoDevices)) == [
            "a.layout.yaml:10:11: warning: no sample sizes for the dynamic items 'label' of layout 'Card'; 'title' of layout 'Other', so what depends on their content size is not checked; give some under 'sizes:' in .layoutlint.yml [missingSampleSizes]",
        ])
    }

    @Test("without samples, what does not depend on the content size is still checked")
    func independentChecks() {
        let yaml = """
            layout: Screen
            root:
              vgroup: screen
              children:
                - hgroup: row
                  height: 40
                  children:
                    - item: label
                      dynamic: true
                - hgroup: bar
                  height: 44
                  children:
                    - item: wide
                      width: 400
            """
        #expect(formatted(lint(yaml, configuration: Self.twoDevices)) == [
            "a.layout.yaml:8:11: warning: no sample sizes for the dynamic item 'label' of layout 'Screen', so what depends on its content size is not checked; give some under 'sizes:' in .layoutlint.yml [missingSampleSizes]",
            "a.layout.yaml:10:7: error: hgroup 'bar' needs 400 pt but has 375 pt on iPhone SE (3rd generation) portrait (375×667) [outOfSpace]\n"
                + "a.layout.yaml:10:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
        ])
        // A row measured over the label (height: fit) shares the screen with 'bar': then nothing
        // in the screen is judged.
        let measured = yaml.replacingOccurrences(of: "height: 40", with: "height: fit")
        #expect(lint(measured, configuration: Self.twoDevices).map(\.rule) == ["missingSampleSizes"])
    }

    @Test("every sample is laid out; a layout that fits only with a node hidden is an error naming it")
    func samplesAndHidden() {
        let configuration = Self.twoDevices + "sizes:\n  label: [[50, 20], [100, 20]]\n"
        #expect(formatted(lint(Self.row, configuration: configuration)) == [
            "a.layout.yaml:5:7: error: hgroup 'row' needs 390 pt but has 375 pt; it fits only with 'badge' hidden (label 50×20) on iPhone SE (3rd generation) portrait (375×667) [outOfSpace]\n"
                + "a.layout.yaml:5:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
        ])
        // A glob names the item; the shortest sample alone fits.
        let short = Self.twoDevices + "sizes:\n  \"lab*\": [30, 20]\n"
        #expect(lint(Self.row, configuration: short).isEmpty)
    }

    @Test("optional nodes: all shown, each hidden alone, all hidden")
    func hiddenStates() {
        let yaml = """
            layout: Bar
            root:
              vgroup: screen
              children:
                - hgroup: bar
                  height: 44
                  children:
                    - item: a
                      optional: true
                      width: 200
                    - item: b
                      optional: true
                      width: 200
                    - item: rest
                      width: 100
            """
        #expect(formatted(lint(yaml, configuration: Self.twoDevices)) == [
            "a.layout.yaml:5:7: error: hgroup 'bar' needs 500 pt but has 375 pt; it fits only with 'a' or 'b' hidden on iPhone SE (3rd generation) portrait (375×667) [outOfSpace]\n"
                + "a.layout.yaml:5:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
        ])
    }

    @Test("maxSizeNeverBinds: a bound no device reaches, pointed at its key")
    func maxNeverBinds() {
        let yaml = """
            layout: Column
            root:
              vgroup: screen
              align: center
              children:
                - item: text
                  width: flexible
                  maxWidth: 900
                  maxHeight: 2000
                - item: other
                  width: flexible
                  maxWidth: 600
            """
        #expect(formatted(lint(yaml, configuration: Self.twoDevices)) == [
            "a.layout.yaml:8:7: warning: 'maxWidth: 900' never takes effect: item 'text' is at most 744 pt wide at every size lint checks; remove it or lint at the sizes it is meant for [maxSizeNeverBinds]",
            "a.layout.yaml:9:7: warning: 'maxHeight: 2000' never takes effect: item 'text' is at most 566.5 pt high at every size lint checks; remove it or lint at the sizes it is meant for [maxSizeNeverBinds]",
        ])
    }

    @Test("maxSizeNeverBinds agrees with the errors of the same run: a bound that clamped in a failing run binds")
    func maxNeverBindsCountsFailingRuns() {
        let yaml = """
            layout: Chat
            root:
              vgroup: screen
              children:
                - vgroup: body
                  height: 60
                  children:
                    - item: message
                      dynamic: true
                      maxHeight: 40
                    - item: footer
                      height: 24
            """
        // The 54 pt sample is clamped to 40, and body then needs 40 + 24 = 64 of its 60 pt: the
        // bound took effect in that run, so no warning may say it never does.
        let configuration = Self.twoDevices + "sizes:\n  message: [[260, 18], [260, 54]]\n"
        #expect(formatted(lint(yaml, configuration: configuration)) == [
            "a.layout.yaml:5:7: error: vgroup 'body' needs 64 pt but has 60 pt (message 260×54) on iPhone SE (3rd generation) portrait (375×667) and 1 other device size [outOfSpace]\n"
                + "a.layout.yaml:5:7: note: to fit, let a child give way with `shrink: 1`, make fixed heights, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)",
        ])
        // With only the short sample, the bound never binds, and the warning stays.
        let short = Self.twoDevices + "sizes:\n  message: [260, 18]\n"
        #expect(formatted(lint(yaml, configuration: short)).map { $0.hasSuffix("[maxSizeNeverBinds]") } == [true])
    }

    @Test("aspectOverflow: the derived height is longer than the overlay; overlayChildOutside leaves it")
    func aspectOverflow() {
        let yaml = """
            layout: Player
            root:
              vgroup: screen
              children:
                - overlay: player
                  height: 100
                  children:
                    - item: video
                      aspect: 1.5
                      top: 0
            """
        #expect(formatted(lint(yaml, configuration: Self.twoDevices)) == [
            "a.layout.yaml:8:11: warning: item 'video' is 250 pt high by 'aspect: 1.5', more than the 100 pt of overlay 'player' on iPhone SE (3rd generation) portrait (375×667) and 1 other device size [aspectOverflow]",
        ])
    }

    @Test("right to left: the same edges are named, and each device is counted once")
    func bothDirections() {
        let yaml = """
            layout: Badge
            root:
              overlay: card
              children:
                - item: badge
                  size: [40, 40]
                  trailing: -10
                  top: 0
            """
        let results = lint(yaml, configuration: Self.twoDevices)
        #expect(formatted(results) == [
            "a.layout.yaml:5:7: warning: item 'badge' lies partly outside overlay 'card', past its trailing edge on iPhone SE (3rd generation) portrait (375×667) and 1 other device size [overlayChildOutside]",
        ])
        #expect(results.first?.devices == ["iPhone SE (3rd generation) portrait (375×667)", "iPad mini (6th generation) portrait (744×1133)"])
    }

    @Test("sizes: in .layoutlint.yml: bad values are located errors")
    func sizesConfiguration() {
        let parsed = LintConfiguration.parse("sizes:\n  name: [[10, 20], [-1, 2]]\n  bio: 12\n  other: [[1, 2, 3]]\n")
        #expect(parsed.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "2:21 'name' must be [width, height]: 2 numbers from 0 to \(NumberFormat.string(Validator.maximumMagnitude))",
            "3:8 the sample sizes of 'bio' must be a list of [width, height] pairs",
            "4:11 'other' must be [width, height]: 2 numbers ≥ 0",
        ])
        let good = LintConfiguration.parse("sizes: {title: [[1, 2], [3, 4]]}\noverrides:\n  - layouts: [A]\n    sizes: {\"*\": [5, 6]}\n")
        #expect(good.diagnostics.isEmpty)
        let state = LintState(layers: good.configuration.layers(forRelativePath: "x.layout"), layout: "A")
        #expect(state.samples(for: "title") == [Size(width: 5, height: 6)])
        #expect(LintState(layers: good.configuration.layers(forRelativePath: "x.layout"), layout: "B").samples(for: "title")
            == [Size(width: 1, height: 2), Size(width: 3, height: 4)])
    }

    @Test("devices: {directions: …} picks the directions, left to right first")
    func directionsConfiguration() {
        let both = LintConfiguration.parse("devices: {directions: [rtl, ltr]}\n")
        #expect(both.diagnostics.isEmpty)
        #expect(LintState(layers: both.configuration.layers(forRelativePath: "a"), layout: nil).directions == [.leftToRight, .rightToLeft])
        let bad = LintConfiguration.parse("devices: {directions: [ltr, up]}\n")
        #expect(bad.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == ["1:29 a direction is ltr or rtl, not 'up'"])
        // Left to right only: an rtl-only finding is not made.
        let yaml = "layout: A\nroot:\n  overlay: o\n  children:\n    - item: x\n      size: [10, 10]\n      leading: -5\n      top: 0\n"
        #expect(lint(yaml, configuration: "root: true\ndevices: {only: [iphone-se-3, ipad-mini], orientations: [portrait], directions: [rtl]}\n").map(\.devices) == [[
            "iPhone SE (3rd generation) portrait (375×667) right to left", "iPad mini (6th generation) portrait (744×1133) right to left",
        ]])
    }

    @Test("lint's mirrored frames are the engine's right-to-left frames", arguments: ["Profile", "VideoCard", "Toolbar", "LoadingOverlay", "DepthOfField"])
    func mirroredFramesAreTheEngines(_ name: String) throws {
        let url = CommandLine_.packageRoot.appendingPathComponent("layouts/\(name).layout.yaml")
        let compiled = LayoutCompiler.compile(try Array(Data(contentsOf: url)), syntax: .yaml, context: FolderImports.context(for: url))
        let plan = try #require(compiled.plans.first ?? nil)
        let geometry = LayoutGeometry(plan: plan)
        var sizes: [String: [Size]] = [:]
        for item in plan.contentItemNames { sizes[item] = [Size(width: 50, height: 16)] }
        var checked = 0
        for size in DeviceMatrix.all {
            for hidden in [Set<String>(), Set(plan.optionalNames)] {
                let ltr = geometry.frames(in: .init(size: size.size, safeArea: size.safeArea, dynamicSizes: sizes, hidden: hidden))
                let rtl = geometry.frames(in: .init(size: size.size, safeArea: size.safeArea, dynamicSizes: sizes, hidden: hidden, direction: .rightToLeft))
                guard case .success(let left) = ltr, case .success(let right) = rtl else {
                    // The same error both ways (§6.3), which lint reports once.
                    if case .failure(let a) = ltr, case .failure(let b) = rtl { #expect(a == b) } else { Issue.record("one direction failed") }
                    continue
                }
                let mirrored = left.mirrored(in: size.size.width)
                #expect(mirrored.rects == right.rects)
                #expect(mirrored.elements.map(\.frame) == right.elements.map(\.frame))
                #expect(mirrored.direction == .rightToLeft)
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
