import Foundation
import LayoutCompiler
import Testing

func configDiagnostics(_ text: String) -> [Diag] {
    LintConfiguration.parse(text).diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) }
}

@Suite(".layoutlint.yml")
struct LintConfigurationTests {
    @Test("every setting parses")
    func full() throws {
        let text = """
            root: true
            rules:
              namingStyle: error
              singleChildGroup: off
            disable: [unusedPercentSpace]
            enable: collapsedChild
            exclude: ["Generated/**", "*.draft.layout.yaml"]
            devices:
              only: [iphone-se-3, "iPhone 16 Pro Max", iPad mini]
              exclude: [ipad-mini]
              orientations: [portrait]
              layoutSize: false
              add:
                - name: Kiosk Display
                  size: [1080, 1920]
                  safeArea: [0, 0, 0, 0]
                  landscapeSafeArea: [0, 0, 0, 0]
            overrides:
              - files: ["Landscape/**"]
                layouts: [Wide]
                devices: {orientations: [landscape]}
                rules: {namingStyle: off}
            """
        let (configuration, diagnostics) = LintConfiguration.parse(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(configuration.root)
        #expect(configuration.settings.rules.map { "\($0.rule)=\($0.severity.rawValue)" }
                == ["namingStyle=error", "singleChildGroup=off", "unusedPercentSpace=off", "collapsedChild=warning"])
        #expect(configuration.excludes(relativePath: "Generated/A.layout.yaml"))
        #expect(configuration.excludes(relativePath: "deep/x/Screen.draft.layout.yaml"))
        #expect(!configuration.excludes(relativePath: "Screens/Screen.layout.yaml"))
        let state = LintState(layers: configuration.layers(forRelativePath: "Screens/A.layout.yaml"), layout: "A")
        #expect(state.devices.map(\.id) == ["iphone-se-3", "iphone-16-pro-max", "kiosk-display"])
        #expect(state.orientations == [.portrait])
        #expect(!state.layoutSize)
        #expect(state.severities["namingStyle"] == .error)
        #expect(state.severities["overlayChildOutside"] == .warning)
        // The override applies to the matching files and the named layout only.
        let wide = LintState(layers: configuration.layers(forRelativePath: "Landscape/W.layout.yaml"), layout: "Wide")
        #expect(wide.orientations == [.landscape])
        #expect(wide.severities["namingStyle"] == .off)
        let other = LintState(layers: configuration.layers(forRelativePath: "Landscape/W.layout.yaml"), layout: "Other")
        #expect(other.orientations == [.portrait])
        #expect(LintState().sizes(for: nil).count == DeviceMatrix.all.count)
    }

    @Test("unknown keys are diagnosed like layout files: located, with a suggestion")
    func unknownKeys() {
        let text = """
            rulez:
              namingStyle: off
            devices:
              orientation: [portrait]
            overrides:
              - file: ["x"]
            """
        #expect(configDiagnostics(text) == [Diag(.unknownKey, 1, 1), Diag(.unknownKey, 4, 3), Diag(.unknownKey, 6, 5)])
        let messages = LintConfiguration.parse(text).diagnostics.map(\.message)
        #expect(messages[0].contains("did you mean 'rules'?"))
        #expect(messages[1].contains("did you mean 'orientations'?"))
    }

    @Test("bad values: unknown rules and devices, severities, orientations, sizes")
    func badValues() {
        let text = """
            rules:
              namingStlye: off
              collapsedChild: loud
              outOfSpace: off
            disable: [singleChild]
            devices:
              only: [iPhone 99]
              orientations: [upside-down]
              add:
                - name: X
                  size: [10]
                - size: [1, 2]
            root: yes
            """
        #expect(configDiagnostics(text) == [
            Diag(.unknownKey, 2, 3), Diag(.invalidValue, 3, 19), Diag(.unknownKey, 4, 3), Diag(.invalidValue, 5, 11),
            Diag(.invalidValue, 7, 10), Diag(.invalidValue, 8, 18), Diag(.invalidValue, 11, 13), Diag(.missingKey, 10, 7),
            Diag(.missingKey, 12, 7), Diag(.invalidValue, 13, 7),
        ].sorted { ($0.line, $0.column) < ($1.line, $1.column) })
        let messages = LintConfiguration.parse(text).diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("did you mean 'namingStyle'?") })
        #expect(messages.contains { $0.contains("compiler error, which cannot be turned off") })
    }

    @Test("YAML errors and an empty file")
    func syntax() {
        #expect(configDiagnostics("rules: [a\n") .map(\.code) == [.syntax])
        #expect(configDiagnostics("a: 1\na: 2\n").map(\.code) == [.syntax])
        #expect(configDiagnostics("").isEmpty)
        #expect(configDiagnostics("# only a comment\n").isEmpty)
        #expect(configDiagnostics("- a\n") == [Diag(.invalidValue, 1, 1)])
    }

    @Test("globs: *, **, ?, patterns without a slash match at any depth")
    func globs() {
        #expect(Glob("Generated/**").matches("Generated/a/b.layout"))
        #expect(!Glob("Generated/**").matches("Other/Generated.layout"))
        #expect(Glob("**/Tests/**").matches("Tests/x.layout"))
        #expect(Glob("**/Tests/**").matches("a/Tests/b/x.layout"))
        #expect(Glob("Screens/*.layout").matches("Screens/a.layout"))
        #expect(!Glob("Screens/*.layout").matches("Screens/sub/a.layout"))
        #expect(Glob("*.draft.layout").matches("x/y/a.draft.layout"))
        #expect(Glob("a?.layout").matches("ab.layout"))
        #expect(Glob("Tests").matchesPathOrAncestor("Tests/Fixtures/A.layout.yaml"))
        #expect(!Glob("Tests").matchesPathOrAncestor("layouts/A.layout.yaml"))
    }
}
