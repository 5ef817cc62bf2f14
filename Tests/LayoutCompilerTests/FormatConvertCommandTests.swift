import Foundation
import LayoutCompiler
import Testing

/// `layoutc format` and `layoutc convert`, end to end on the built binary.
@Suite("layoutc format and convert")
struct FormatConvertCommandTests {
    static let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")

    /// A fresh directory holding the given files.
    func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    let formatted = "layout L (size: 10x10) {\n  vgroup main (spacing: 4) {\n    item a .height(4)  // a\n  }\n}\n"
    let messy = "layout L(size:10x10){vgroup main(spacing:4){item a .height(4)//a\n}}"

    @Test("format prints the canonical text; --check passes formatted files and fails the others")
    func formatAndCheck() throws {
        let dir = try directory(["good.layout": formatted, "messy.layout": messy.replacingOccurrences(of: "//a", with: "// a")])
        let out = try CommandLine_.run(["format", "messy.layout"], in: dir)
        #expect(out.status == 0)
        #expect(out.stdout == formatted)
        let good = try CommandLine_.run(["format", "--check", "good.layout"], in: dir)
        #expect(good.status == 0 && good.stdout.isEmpty && good.stderr.isEmpty)
        let bad = try CommandLine_.run(["format", "--check", "good.layout", "messy.layout"], in: dir)
        #expect(bad.status == 1)
        #expect(bad.stderr == "messy.layout:1:1: error: this file is not formatted (first difference on this line); run 'layoutc format --in-place messy.layout' [format]\n")
    }

    @Test("format --in-place rewrites what is not formatted and leaves formatted files untouched")
    func inPlace() throws {
        let dir = try directory(["good.layout": formatted, "messy.layout": messy.replacingOccurrences(of: "//a", with: "// a")])
        let goodURL = dir.appendingPathComponent("good.layout")
        let before = try FileManager.default.attributesOfItem(atPath: goodURL.path)[.systemFileNumber] as? Int
        let out = try CommandLine_.run(["format", "--in-place", "good.layout", "messy.layout"], in: dir)
        #expect(out.status == 0 && out.stderr.isEmpty && out.stdout.isEmpty)
        #expect(try String(contentsOf: dir.appendingPathComponent("messy.layout"), encoding: .utf8) == formatted)
        // untouched: the same inode (no rename over it)
        let after = try FileManager.default.attributesOfItem(atPath: goodURL.path)[.systemFileNumber] as? Int
        #expect(before == after)
        // no temporary files left behind
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["good.layout", "messy.layout"])
    }

    @Test("a file with syntax errors is not formatted: its errors, exit 1, the file untouched")
    func syntaxErrors() throws {
        let broken = "layout L {\n  vgroup {\n    item a .height(\n"
        let dir = try directory(["broken.layout": broken, "Y.layout.yaml": "layout: Y\nroot:\n  item: a\n"])
        let out = try CommandLine_.run(["format", "--in-place", "broken.layout"], in: dir)
        #expect(out.status == 1)
        #expect(out.stderr.hasPrefix("broken.layout:4:1: error: "))
        #expect(try String(contentsOf: dir.appendingPathComponent("broken.layout"), encoding: .utf8) == broken)
        let yaml = try CommandLine_.run(["format", "Y.layout.yaml"], in: dir)
        #expect(yaml.status == 1 && yaml.stderr.contains("YAML form"))
    }

    @Test("convert --to text gives each example's text twin; --to yaml goes back to the same frames")
    func convertExamples() throws {
        for name in ["Player", "Toolbar", "LoadingOverlay"] {
            let out = try CommandLine_.run(["convert", "\(name).layout.yaml", "--to", "text"], in: Self.layouts)
            #expect(out.status == 0, "\(out.stderr)")
            let twin = try String(contentsOf: Self.layouts.appendingPathComponent("\(name).layout"), encoding: .utf8)
            // the twins differ only in their first comment line, which names the file
            #expect(out.stdout.split(separator: "\n").dropFirst() == twin.split(separator: "\n").dropFirst())
            let back = try CommandLine_.run(["convert", "\(name).layout", "--to", "yaml"], in: Self.layouts)
            #expect(back.status == 0)
            let dir = try directory(["\(name).yaml": back.stdout])
            let sizes = name == "Player" ? ["--sizes", "extra=10x10"] : []
            let a = try CommandLine_.run(["frames", "\(name).yaml", "--format", "csv"] + sizes, in: dir)
            let b = try CommandLine_.run(["frames", "\(name).layout", "--format", "csv"] + sizes, in: Self.layouts)
            #expect(a.stdout == b.stdout && !a.stdout.isEmpty)
        }
    }

    @Test("every command picks the syntax by extension and first line; --syntax overrides")
    func syntaxSelection() throws {
        let text = try CommandLine_.run(["frames", "Toolbar.layout", "--format", "csv"], in: Self.layouts)
        let yaml = try CommandLine_.run(["frames", "Toolbar.layout.yaml", "--format", "csv"], in: Self.layouts)
        #expect(text.status == 0 && text.stdout == yaml.stdout)
        let forced = try CommandLine_.run(["frames", "Toolbar.layout", "--syntax", "yaml"], in: Self.layouts)
        #expect(forced.status == 1 && forced.stderr.contains("[syntax]"))
        let dir = try directory(["Y.layout": "# a YAML file named .layout\nlayout: Y\nsize: [10, 10]\nroot:\n  item: a\n"])
        let detected = try CommandLine_.run(["convert", "Y.layout", "--to", "text"], in: dir)
        #expect(detected.status == 0)
        #expect(detected.stdout == "// a YAML file named .layout\nlayout Y (size: 10x10) {\n  item a\n}\n")
    }
}
