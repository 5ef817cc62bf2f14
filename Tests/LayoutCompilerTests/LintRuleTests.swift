import Foundation
import LayoutCompiler
import Testing

/// Lints YAML in memory with the built-in matrix (or `layers`) and returns rule@line:column.
func lintResults(_ yaml: String, layers: [LintLayer] = []) -> [LintDiagnostic] {
    Linter.lint(Array(yaml.utf8), layers: layers).diagnostics
}

func lintCodes(_ yaml: String, layers: [LintLayer] = []) -> [String] {
    lintResults(yaml, layers: layers).map { "\($0.rule)@\($0.location.line):\($0.location.column)" }
}

@Suite("lint rules")
struct LintRuleTests {
    // MARK: collapsedChild

    @Test("collapsedChild fires where fixed siblings take all the width on the narrowest phones")
    func collapsedFires() {
        let yaml = layout(root: """
              hgroup: row
              children:
                - item: sidebar
                  width: 200
                - item: middle
                - item: side
                  width: 175
            """)
        let results = lintResults(yaml)
        #expect(results.map(\.rule) == ["collapsedChild"])
        #expect(results.first?.location == SourceLocation(line: 7, column: 7))
        #expect(results.first?.severity == .warning)
        #expect(results.first?.message.contains("on iPhone SE (3rd generation) portrait (375×667)") == true)
        #expect(results.first?.devices == ["iPhone SE (3rd generation) portrait (375×667)", "iPhone 13 mini portrait (375×812)"])
    }

    @Test("collapsedChild fires for a percent child, and not for spacers, fixed children or roomy groups")
    func collapsedPercentAndSilent() {
        let percent = layout(root: """
              vgroup: column
              children:
                - item: top
                  height: 2000
                - item: bottom
                  percent: 50
            """)
        // 2000 pt is more than any height: outOfSpace (and unused percent space), not collapsedChild.
        #expect(lintCodes(percent) == ["unusedPercentSpace@3:3", "outOfSpace@3:3"])
        let zeroPercent = layout(root: """
              hgroup: row
              children:
                - item: a
                  percent: 0
                - item: b
            """)
        #expect(lintCodes(zeroPercent) == ["collapsedChild@5:7"])
        let silent = layout(root: """
              hgroup: row
              children:
                - item: a
                  width: 375
                - spacer:
                - item: b
                  width: 100
                  percent: 0
            """)
        // (b has two widths: a static error; the spacer collapsing is fine.)
        #expect(!lintCodes(silent).contains { $0.hasPrefix("collapsedChild") })
        let roomy = layout(root: """
              hgroup: row
              children:
                - item: a
                  width: 100
                - item: b
            """)
        #expect(lintCodes(roomy).isEmpty)
    }

    // MARK: singleChildGroup

    @Test("singleChildGroup fires for a group whose one child fills it, not when the group does something")
    func singleChild() {
        let yaml = layout(root: """
              vgroup: main
              children:
                - hgroup: wrapper
                  children:
                    - item: content
                - hgroup: padded
                  padding: 4
                  children:
                    - item: inner
                - vgroup: centring
                  align: center
                  children:
                    - item: badge
                      width: 100
                - vgroup: margins
                  margin: 8
                  children:
                    - item: spaced
                - hgroup: pair
                  children:
                    - item: x
                    - item: y
            """)
        #expect(lintCodes(yaml) == ["singleChildGroup@5:7"])
    }

    // MARK: unusedPercentSpace

    @Test("unusedPercentSpace fires below 100% with no flexible sibling, not with one or at 100%")
    func unusedPercent() {
        let yaml = layout(root: """
              vgroup: main
              children:
                - hgroup: split
                  children:
                    - item: a
                      percent: 30
                    - item: b
                      percent: 40
                    - item: c
                      width: 20
                - hgroup: withFlexible
                  children:
                    - item: d
                      percent: 30
                    - spacer:
                - hgroup: full
                  children:
                    - item: e
                      percent: 60
                    - item: f
                      percent: 40
                - hgroup: noPercent
                  children:
                    - item: g
                      width: 10
            """)
        #expect(lintCodes(yaml) == ["unusedPercentSpace@5:7"])
    }

    // MARK: overlayChildOutside

    @Test("overlayChildOutside fires on devices where a child sticks out, not where it fits")
    func overlayOutside() {
        let yaml = layout(root: """
              overlay: screen
              children:
                - item: banner
                  size: [400, 60]
                  centerX: 0
                  top: 0
                - item: inside
                  size: [44, 44]
                  top: 8
                  trailing: 8
                  safeArea: true
                - item: fill
            """)
        let results = lintResults(yaml)
        #expect(results.map(\.rule) == ["overlayChildOutside"])
        // Phones narrower than 400 pt in portrait: 375 (two), 390, 393.
        #expect(results.first?.devices.count == 4)
        #expect(results.first?.message.contains("partly outside overlay 'screen'") == true)
    }

    @Test("overlayChildOutside measures safeArea children against the safe part of the overlay")
    func overlaySafeArea() {
        let yaml = layout(root: """
              overlay: screen
              children:
                - item: pinned
                  size: [44, 44]
                  top: -4
                  leading: 0
                  safeArea: true
            """)
        let results = lintResults(yaml)
        #expect(results.map(\.rule) == ["overlayChildOutside"])
        #expect(results.first?.message.contains("the safe part of overlay 'screen'") == true)
    }

    @Test("overlayChildOutside reports the top edge after a dynamic flow as after a static one", arguments: [
        "      - item: tag\n        dynamic: true\n", "      - item: tag\n        size: [60, 30]\n",
    ])
    func overlayAfterDynamicFlow(_ flowItem: String) {
        // The flow moves the overlay down, but the child's place inside the overlay does not depend on it.
        let yaml = layout(root: """
              vgroup: main
              children:
                - flow: tags
                  height: fit
                  items:

            """ + flowItem + """
                - overlay: hud
                  height: 120
                  children:
                    - item: badge
                      size: [44, 44]
                      top: -10
                      trailing: -10

            """)
        let results = lintResults(yaml)
        #expect(results.map(\.rule) == ["overlayChildOutside"])
        #expect(results.first?.message == "item 'badge' lies partly outside overlay 'hud', past its top and trailing edges on iPhone SE (3rd generation) portrait (375×667) and 25 other device sizes")
    }

    // MARK: namingStyle

    @Test("namingStyle: lowerCamelCase nodes, UpperCamelCase layouts")
    func naming() {
        let bad = """
            layout: player_view
            root:
              vgroup: Main
              children:
                - item: close_button
                - flow: Tags
                  height: 40
                  items:
                    - item: Chip
                      size: [10, 10]
            """
        #expect(lintCodes(bad) == ["namingStyle@1:1", "namingStyle@3:3", "namingStyle@5:7", "namingStyle@6:7", "namingStyle@9:11"])
        #expect(lintResults(bad).first?.message.contains("'PlayerView'") == true)
        let good = """
            layout: PlayerView
            root:
              vgroup: main
              children:
                - item: closeButton
                - item: url2
            """
        #expect(lintCodes(good).isEmpty)
    }

    // MARK: size-dependent errors across the matrix

    @Test("a layout that fits the widest phone but not the narrowest fails, naming the device and its size")
    func deviceMatrixError() {
        let yaml = layout(root: """
              hgroup: buttons
              children:
                - item: a
                  width: 210
                - item: b
                  width: 210
            """)
        let results = lintResults(yaml)
        #expect(results.count == 1)
        #expect(results.first?.rule == "outOfSpace")
        #expect(results.first?.severity == .error)
        #expect(results.first?.message == "hgroup 'buttons' needs 420 pt but has 375 pt on iPhone SE (3rd generation) portrait (375×667) and 5 other device sizes")
        #expect(results.first?.devices.contains("iPhone 16 Plus portrait (430×932)") == false)
    }

    @Test("the layout's own size is linted too, unless switched off")
    func ownSize() {
        let yaml = """
            layout: Own
            size: [100, 50]
            root:
              hgroup: row
              children:
                - item: a
                  width: 120
            """
        #expect(lintResults(yaml).first?.message.hasSuffix("at its own size (100×50)") == true)
        let off = [LintLayer(settings: LintSettings(devices: DeviceSelection(layoutSize: false)))]
        #expect(lintResults(yaml, layers: off).isEmpty)
    }

    // MARK: dynamic items

    @Test("dynamic flows: nothing reported that depends on their sizes, the rest still checked")
    func dynamicItems() {
        let yaml = layout(root: """
              vgroup: main
              children:
                - flow: chips
                  height: fit
                  items:
                    - item: chip
                      dynamic: true
                - item: body
                - hgroup: footer
                  height: 44
                  children:
                    - item: wide
                      width: 380
            """)
        #expect(lintCodes(yaml) == ["outOfSpace@11:7"])
        // A column that is too short only if the chips take room: lint cannot know, says nothing.
        let unknowable = layout(root: """
              vgroup: main
              children:
                - flow: chips
                  height: fit
                  items:
                    - item: chip
                      dynamic: true
                - item: body
                  height: 600
            """)
        #expect(lintCodes(unknowable).isEmpty)
        // An element wider than the flow does not depend on the dynamic elements.
        let wide = layout(root: """
              vgroup: main
              children:
                - flow: chips
                  height: fit
                  items:
                    - item: big
                      size: [500, 30]
                    - item: chip
                      dynamic: true
            """)
        #expect(lintCodes(wide).first == "outOfSpace@8:11")
    }

    @Test("static errors are reported as everywhere else")
    func staticErrors() {
        let yaml = layout(root: """
              hgroup: row
              children:
                - item: a
                  heigth: 4
            """)
        #expect(lintCodes(yaml) == ["unknownKey@6:7"])
    }

    // MARK: settings

    @Test("severity per rule: off, warning, error")
    func severities() {
        let yaml = layout(root: """
              vgroup: Main
              children:
                - item: a
            """)
        #expect(lintResults(yaml).map(\.severity) == [.warning, .warning])
        let error = [LintLayer(settings: LintSettings(rules: [.init(rule: "namingStyle", severity: .error), .init(rule: "singleChildGroup", severity: .off)]))]
        #expect(lintResults(yaml, layers: error).map(\.severity) == [.error])
        // A layer for another layout does not apply.
        let other = [LintLayer(layouts: ["Other"], settings: LintSettings(rules: [.init(rule: "namingStyle", severity: .off)]))]
        #expect(lintResults(yaml, layers: other).count == 2)
    }

    @Test("the matrix can be narrowed and extended")
    func matrix() {
        let yaml = layout(root: """
              hgroup: row
              children:
                - item: a
                  width: 500
            """)
        #expect(lintResults(yaml).first?.devices.count == 8)  // the phones in portrait
        let landscapeOnly = [LintLayer(settings: LintSettings(devices: DeviceSelection(orientations: [.landscape])))]
        #expect(lintResults(yaml, layers: landscapeOnly).isEmpty)
        let watch = Device(id: "kiosk", name: "Kiosk", family: .custom, portrait: S(320, 480), portraitSafeArea: .zero, landscapeSafeArea: nil)
        let added = [LintLayer(settings: LintSettings(devices: DeviceSelection(add: [watch], orientations: [.landscape])))]
        #expect(lintResults(yaml, layers: added).first?.devices == ["Kiosk (320×480)"])
        let only = DeviceMatrix.device(named: "iphone-16-pro-max").map { [$0] }
        let onlyWide = [LintLayer(settings: LintSettings(devices: DeviceSelection(only: only)))]
        #expect(lintResults(yaml, layers: onlyWide).first?.devices == ["iPhone 16 Pro Max portrait (440×956)"])
    }

    @Test("every rule declares a name, a doc line and a default severity; names are unique")
    func descriptors() {
        let names = LintRules.descriptors.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names == ["collapsedChild", "singleChildGroup", "unusedPercentSpace", "overlayChildOutside", "namingStyle",
                          "maxSizeNeverBinds", "aspectOverflow", "missingSampleSizes", "shrunkBelowReadableWidth", "clippedText", "widthVariantGap", "unusedConstant", "unusedParameter",
                          "alignSelfWithoutEffect", "spacersAroundFlexibleChild"])
        #expect(LintRules.descriptors.allSatisfy { !$0.summary.isEmpty && $0.defaultSeverity == .warning })
    }

    @Test("the built-in matrix: iPhones from 375 pt and iPads, portrait and landscape, with safe areas")
    func builtInMatrix() {
        let sizes = DeviceMatrix.all
        #expect(sizes.count == 2 * DeviceMatrix.builtIn.count)
        #expect(sizes.first?.description == "iPhone SE (3rd generation) portrait (375×667)")
        #expect(sizes.allSatisfy { $0.size.width >= 375 && $0.size.height >= 375 })
        #expect(sizes.contains { $0.description == "iPad Pro 13-inch (M4) landscape (1376×1032)" })
        #expect(DeviceMatrix.device(named: "iphone 15")?.id == "iphone-16")
        for size in sizes {
            let safe = Rect(x: 0, y: 0, width: size.size.width, height: size.size.height).inset(by: size.safeArea)
            #expect(safe.width > 0 && safe.height > 0)
        }
    }

    @Test("the example layouts lint clean")
    func examplesClean() throws {
        let folder = CommandLine_.packageRoot.appendingPathComponent("layouts")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names.count >= 9)
        // The sample sizes of the dynamic items (Profile, VideoCard) come from layouts/.layoutlint.yml.
        let configuration = LintConfiguration.parse(try String(contentsOf: folder.appendingPathComponent(".layoutlint.yml"), encoding: .utf8))
        #expect(configuration.diagnostics.isEmpty)
        for name in names {
            let url = folder.appendingPathComponent(name)
            let bytes = try Array(Data(contentsOf: url))
            let input = Linter.Input(bytes: bytes, layers: configuration.configuration.layers(forRelativePath: name), context: FolderImports.context(for: url))
            let results = try #require(Linter.lint([input]).first).diagnostics
            #expect(results.isEmpty, "\(name): \(results.map { $0.formatted(path: name) })")
        }
    }
}
