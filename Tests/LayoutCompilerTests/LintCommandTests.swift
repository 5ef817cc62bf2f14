import Foundation
import LayoutCompiler
import Testing

/// `layoutc lint` and `layoutc preview`, end to end with the built binary.
@Suite("layoutc lint and preview (CLI)")
struct LintCommandTests {
    /// The broken set and exactly what it must report.
    static let expectedBrokenSet = """
        Lint/Collapsed.layout.yaml:8:7: warning: item 'middle' is flexible but gets no width in hgroup 'columns': its siblings take all the space on iPhone SE (3rd generation) portrait (375×667) and 1 other device size [collapsedChild]
        Lint/Dynamic.layout.yaml:13:7: error: hgroup 'footer' needs 380 pt but has 375 pt on iPhone SE (3rd generation) portrait (375×667) and 1 other device size [outOfSpace]
        Lint/Dynamic.layout.yaml:13:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)
        Lint/Naming.layout.yaml:1:1: warning: layout name 'player_view' is not UpperCamelCase; it becomes a Swift type, so write it like 'PlayerView' [namingStyle]
        Lint/Naming.layout.yaml:3:3: warning: vgroup name 'Main' is not lowerCamelCase; it becomes a Swift property, so write it like 'main' [namingStyle]
        Lint/Naming.layout.yaml:5:7: warning: item name 'close_button' is not lowerCamelCase; it becomes a Swift property, so write it like 'closeButton' [namingStyle]
        Lint/Overlay.layout.yaml:5:7: warning: item 'banner' lies partly outside overlay 'screen', past its trailing and leading edges on iPhone SE (3rd generation) portrait (375×667) and 3 other device sizes [overlayChildOutside]
        Lint/Overlay.layout.yaml:9:7: warning: item 'badge' lies partly outside overlay 'screen', past its top and trailing edges on iPhone SE (3rd generation) portrait (375×667) and 25 other device sizes [overlayChildOutside]
        Lint/SingleChild.layout.yaml:5:7: warning: hgroup 'wrapper' holds only item 'content', which fills it: the group is redundant nesting; use the item in its place [singleChildGroup]
        Lint/TooWide.layout.yaml:6:7: error: hgroup 'buttons' needs 420 pt but has 375 pt on iPhone SE (3rd generation) portrait (375×667) and 5 other device sizes [outOfSpace]
        Lint/TooWide.layout.yaml:6:7: note: to fit, let a child give way with `shrink: 1`, make fixed widths, spacing or padding smaller, or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)
        Lint/UnusedPercent.layout.yaml:5:7: warning: the percent children of hgroup 'split' add up to 70% and none of its children is flexible, so 30% of its free width stays empty; make the percents add up to 100 or add a flexible child or spacer [unusedPercentSpace]

        """

    @Test("the broken set reports exactly the expected diagnostics; exit status 1")
    func brokenSet() throws {
        let out = try CommandLine_.run(["lint", "Lint"])
        #expect(out.stdout == Self.expectedBrokenSet)
        #expect(out.stderr == "Linted 8 files: 2 errors, 8 warnings.\n")
        #expect(out.status == 1)
    }

    @Test("the example layouts lint clean, also with --strict")
    func examplesClean() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: CommandLine_.packageRoot.appendingPathComponent("layouts").path)
            .filter { $0.hasPrefix(".") == false }.sorted().map { "layouts/" + $0 }
        let out = try CommandLine_.run(["lint"] + files + ["--strict"], in: CommandLine_.packageRoot)
        #expect(out.stdout == "")
        #expect(out.stderr.hasSuffix(" files: 0 errors, 0 warnings.\n"))
        #expect(out.status == 0)
    }

    @Test("warnings alone exit 0; with --strict 1")
    func strict() throws {
        let lenient = try CommandLine_.run(["lint", "Lint/Naming.layout.yaml", "--quiet"])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.split(separator: "\n").count == 3)
        #expect(lenient.stderr == "")
        let strict = try CommandLine_.run(["lint", "Lint/Naming.layout.yaml", "--strict", "--quiet"])
        #expect(strict.status == 1)
    }

    @Test("reporters on the command line: json, sarif, github")
    func reporters() throws {
        let json = try CommandLine_.run(["lint", "Lint", "--reporter", "json", "--quiet"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["files"] as? Int == 8)
        #expect((object?["diagnostics"] as? [Any])?.count == 10)
        let sarif = try CommandLine_.run(["lint", "Lint", "--reporter", "sarif", "--quiet"])
        let root = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        #expect(root?["version"] as? String == "2.1.0")
        let github = try CommandLine_.run(["lint", "Lint/TooWide.layout.yaml", "--reporter", "github", "--quiet"])
        #expect(github.stdout.hasPrefix("::error file=Lint/TooWide.layout.yaml,line=6,col=7,title=layoutc lint%3A outOfSpace::"))
    }

    @Test("configuration: found by walking up, excludes, overrides; its own errors located")
    func configuration() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let screens = root.appendingPathComponent("App/Screens")
        try FileManager.default.createDirectory(at: screens.appendingPathComponent("Drafts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Landscape"), withIntermediateDirectories: true)
        let wide = "layout: Wide\nroot:\n  hgroup: row\n  children:\n    - item: a\n      width: 500\n"
        try wide.write(to: screens.appendingPathComponent("Drafts/Wide.layout.yaml"), atomically: true, encoding: .utf8)
        try wide.write(to: root.appendingPathComponent("App/Landscape/Wide.layout.yaml"), atomically: true, encoding: .utf8)
        try "layout: bad_name\nroot:\n  item: x\n".write(to: screens.appendingPathComponent("Bad.layout.yaml"), atomically: true, encoding: .utf8)
        try """
            root: true
            exclude: [Drafts]
            overrides:
              - files: ["Landscape/**"]
                devices: {orientations: [landscape]}
            """.write(to: root.appendingPathComponent("App/.layoutlint.yml"), atomically: true, encoding: .utf8)
        try "rules:\n  namingStyle: error\n".write(to: screens.appendingPathComponent(".layoutlint.yml"), atomically: true, encoding: .utf8)
        let out = try CommandLine_.run(["lint", "App"], in: root)
        #expect(out.stdout == "App/Screens/Bad.layout.yaml:1:1: error: layout name 'bad_name' is not UpperCamelCase; it becomes a Swift type, so write it like 'BadName' [namingStyle]\n")
        #expect(out.status == 1)
        // An explicitly named file is linted even where excluded.
        let named = try CommandLine_.run(["lint", "App/Screens/Drafts/Wide.layout.yaml", "--quiet"], in: root)
        #expect(named.stdout.contains("[outOfSpace]"))
        // An unknown key in the configuration is an error at its line and column.
        try "rules:\n  namingStyle: error\nexclud: [x]\n".write(to: screens.appendingPathComponent(".layoutlint.yml"), atomically: true, encoding: .utf8)
        let badConfig = try CommandLine_.run(["lint", "App", "--quiet"], in: root)
        #expect(badConfig.stdout.hasPrefix("App/Screens/.layoutlint.yml:3:1: error: unknown key 'exclud' in a .layoutlint.yml file; did you mean 'exclude'? [unknownKey]\n"))
        #expect(badConfig.status == 1)
    }

    @Test("usage errors and missing paths")
    func usage() throws {
        #expect(try CommandLine_.run(["lint", "--reporter", "xml"]).status == 64)
        let missing = try CommandLine_.run(["lint", "NoSuchFolder", "--quiet"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("NoSuchFolder: error: no such file or folder"))
    }

    @Test("preview writes an SVG atomically, only when it changes, and nothing on errors")
    func preview() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Small.svg").path
        let first = try CommandLine_.run(["preview", "Small.layout.yaml", "-o", output])
        #expect(first.status == 0, "\(first.stderr)")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("data-name=\"a\" data-kind=\"item\""))
        let before = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try CommandLine_.run(["preview", "Small.layout.yaml", "-o", output]).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(before == after)
        // Device and all devices.
        let device = try CommandLine_.run(["preview", "Small.layout.yaml", "--device", "iphone-se-3 landscape", "-o", output])
        #expect(device.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("iPhone SE (3rd generation) landscape (667×375)"))
        // Errors: nothing written, diagnostics as for frames.
        let broken = directory.appendingPathComponent("Broken.svg").path
        let error = try CommandLine_.run(["preview", "Broken.layout.yaml", "-o", broken])
        #expect(error.status == 1)
        #expect(error.stderr.contains("Broken.layout.yaml:7:7: error: "))
        #expect(!FileManager.default.fileExists(atPath: broken))
        // A size where the layout does not fit: drawn, marked, and exit status 1.
        let tooSmall = directory.appendingPathComponent("TooSmall.svg").path
        let failing = try CommandLine_.run(["preview", "Small.layout.yaml", "--size", "10x10", "-o", tooSmall])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("[outOfSpace]"))
        #expect(try String(contentsOfFile: tooSmall, encoding: .utf8).contains("class=\"at-fault\""))
        #expect(try CommandLine_.run(["preview", "Small.layout.yaml", "--device", "Nokia 3310", "-o", broken]).status == 64)
        #expect(try CommandLine_.run(["preview", "Small.layout.yaml", "--all-devices", "--size", "1x1", "-o", broken]).status == 64)
        let all = try CommandLine_.run(["preview", "Small.layout.yaml", "--all-devices", "-o", broken])
        #expect(all.status == 0)
        #expect(try String(contentsOfFile: broken, encoding: .utf8).components(separatedBy: "class=\"panel\"").count - 1 == DeviceMatrix.all.count + 1)
    }
}
