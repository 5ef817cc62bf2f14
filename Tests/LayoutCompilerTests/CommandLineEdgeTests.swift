import Foundation
import Testing

/// Command-line details of issue 44, item 10: a negative size is reported as one, and
/// `preview --help` says what a failed run writes.
@Suite("command-line edges")
struct CommandLineEdgeTests {
    static let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")

    @Test("--size -1x100 and --safe-area -1,0,0,0 name the value, not a missing one")
    func negativeValues() throws {
        let size = try CommandLine_.run(["frames", "Toolbar.layout.yaml", "--size", "-1x100"], in: Self.layouts)
        #expect(size.status == 64)
        #expect(size.stderr.hasPrefix("Error: The value '-1x100' is invalid for '--size <WxH>': expected WIDTHxHEIGHT with numbers from 0 to 1000000000, like 390x844\n"))
        let insets = try CommandLine_.run(["preview", "Toolbar.layout.yaml", "--safe-area", "-1,0,0,0", "-o", "/dev/null"], in: Self.layouts)
        #expect(insets.status == 64)
        #expect(insets.stderr.hasPrefix("Error: The value '-1,0,0,0' is invalid for '--safe-area <T,L,B,R>': expected four insets"))
    }

    static func fix(_ extents: String) -> String {
        "to fit, let a child give way with `shrink: 1`, make fixed \(extents), spacing or padding smaller, "
            + "or add a width variant for narrower containers (`when: {maxWidth: …}`, docs/format.md §7.4)"
    }

    @Test("a group's children that need more room: the error as specified, and a note: line naming the fixes (frames, lint)")
    func outOfSpaceNote() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-note-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Row.layout.yaml")
        try Data("layout: Row\nsize: [390, 100]\nroot:\n  hgroup: row\n  children:\n    - item: a\n      width: 200\n    - item: b\n      width: 240\n".utf8)
            .write(to: file)
        let frames = try CommandLine_.run(["frames", "Row.layout.yaml"], in: directory)
        #expect(frames.status == 1)
        #expect(frames.stderr == "Row.layout.yaml:4:3: error: hgroup 'row' needs 440 pt but has 390 pt at 390×100 [outOfSpace]\n"
            + "Row.layout.yaml:4:3: note: \(Self.fix("widths"))\n")
        let lint = try CommandLine_.run(["lint", "Row.layout.yaml"], in: directory)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("Row.layout.yaml:4:3: error: hgroup 'row' needs 440 pt but has 375 pt on iPhone SE (3rd generation) portrait (375×667) and 7 other device sizes [outOfSpace]\n"
            + "Row.layout.yaml:4:3: note: \(Self.fix("widths"))\n"))
        // Padding that does not fit says what it needs, with no note: the fix is the padding itself.
        try Data("layout: Pad\nsize: [10, 100]\nroot:\n  hgroup: row\n  padding: 8\n  children:\n    - item: a\n".utf8)
            .write(to: directory.appendingPathComponent("Pad.layout.yaml"))
        let padding = try CommandLine_.run(["frames", "Pad.layout.yaml"], in: directory)
        #expect(padding.stderr == "Pad.layout.yaml:4:3: error: hgroup 'row' needs 16 pt of horizontal padding but has 10 pt at 10×100 [outOfSpace]\n")
    }

    @Test("preview: a size that does not fit is drawn and exits 1; a static error writes nothing; --help says so")
    func previewOnError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-preview-error-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("toolbar.svg").path
        let tight = try CommandLine_.run(["preview", "Toolbar.layout.yaml", "--size", "300x100", "-o", picture], in: Self.layouts)
        #expect(tight.status == 1)
        #expect(tight.stderr == "Toolbar.layout.yaml:16:3: error: vgroup 'main' needs 244 pt but has 7 pt at 300×100 [outOfSpace]\n"
            + "Toolbar.layout.yaml:16:3: note: \(Self.fix("heights"))\n")
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.contains("does not fit"))
        let bad = directory.appendingPathComponent("Bad.layout.yaml")
        try Data("layout: Bad\nsize: [10, 10]\nroot:\n  item: x\n  heigth: 4\n".utf8).write(to: bad)
        let badPicture = directory.appendingPathComponent("bad.svg").path
        let staticError = try CommandLine_.run(["preview", bad.path, "-o", badPicture], in: directory)
        #expect(staticError.status == 1)
        #expect(!FileManager.default.fileExists(atPath: badPicture))
        let help = try CommandLine_.run(["preview", "--help"], in: Self.layouts)
        #expect(help.stdout.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ").contains("A static error (or a usage error) writes nothing"))
    }
}
