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

    @Test("preview: a size that does not fit is drawn and exits 1; a static error writes nothing; --help says so")
    func previewOnError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-preview-error-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("toolbar.svg").path
        let tight = try CommandLine_.run(["preview", "Toolbar.layout.yaml", "--size", "300x100", "-o", picture], in: Self.layouts)
        #expect(tight.status == 1)
        #expect(tight.stderr == "Toolbar.layout.yaml:16:3: error: vgroup 'main' needs 244 pt but has 7 pt at 300×100 [outOfSpace]\n")
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
