import Foundation
import Testing

/// docs/format.md's recipe "a readable-width column" (§6.4): the layout as the doc shows it,
/// run through the built `layoutc`, gives exactly the frames the doc shows, and at every width the
/// column is min(600, W − 32) wide and centred, in both syntaxes.
@Suite("Readable-width column recipe (docs/format.md §6.4)")
struct ReadableWidthRecipeTests {
    /// The recipe's two code blocks: the layout, then the transcript of `layoutc frames` runs.
    static func recipe() throws -> (layout: String, transcript: String) {
        let doc = try String(contentsOf: CommandLine_.packageRoot.appendingPathComponent("docs/format.md"), encoding: .utf8)
        guard let anchor = doc.range(of: "<a id=\"readable-width\"></a>") else {
            Issue.record("docs/format.md has no readable-width recipe")
            return ("", "")
        }
        let blocks = doc[anchor.upperBound...].components(separatedBy: "```\n")
        // blocks[0] is prose; then layout, prose, transcript.
        guard blocks.count > 3 else {
            Issue.record("the recipe lacks its code blocks")
            return ("", "")
        }
        return (blocks[1], blocks[3])
    }

    static func directory(with layout: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readable-width-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try layout.write(to: directory.appendingPathComponent("Reading.layout"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test("the documented commands print the documented frames")
    func documentedFrames() throws {
        let (layout, transcript) = try Self.recipe()
        let directory = try Self.directory(with: layout)
        defer { try? FileManager.default.removeItem(at: directory) }
        // "$ layoutc ARGS" lines, each followed by its expected output.
        var runs: [(arguments: [String], expected: String)] = []
        for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ layoutc ") {
                runs.append((line.dropFirst("$ layoutc ".count).split(separator: " ").map(String.init), ""))
            } else if !runs.isEmpty, !line.isEmpty {
                runs[runs.count - 1].expected += line + "\n"
            }
        }
        #expect(runs.count == 3)
        for run in runs {
            let out = try CommandLine_.run(run.arguments, in: directory)
            #expect(out.status == 0)
            #expect(out.stderr == "")
            #expect(out.stdout == run.expected, "layoutc \(run.arguments.joined(separator: " "))")
        }
    }

    @Test("the column is min(600, W − 32) wide and centred at every width, in both syntaxes and directions")
    func centredAtEveryWidth() throws {
        let (layout, _) = try Self.recipe()
        let directory = try Self.directory(with: layout)
        defer { try? FileManager.default.removeItem(at: directory) }
        let yaml = try CommandLine_.run(["convert", "Reading.layout", "--to", "yaml"], in: directory)
        #expect(yaml.status == 0)
        try yaml.stdout.write(to: directory.appendingPathComponent("Reading.layout.yaml"), atomically: true, encoding: .utf8)
        for file in ["Reading.layout", "Reading.layout.yaml"] {
            for width in [320, 390, 632, 633, 744, 820, 834, 1024, 1133, 1180, 1366] {
                for direction in ["ltr", "rtl"] {
                    let out = try CommandLine_.run(["frames", file, "--size", "\(width)x800", "--direction", direction, "--format", "csv"],
                                                   in: directory)
                    #expect(out.status == 0, "\(file) \(width) \(direction): \(out.stderr)")
                    let column = out.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }.first { $0.count == 7 && $0[1] == "column" }
                    let expectedWidth = min(600, Double(width) - 32)
                    let x = (Double(width) - expectedWidth) / 2
                    #expect(column?.suffix(4).compactMap(Double.init) == [x, 16, expectedWidth, 768], "\(file) \(width) \(direction)")
                }
            }
        }
    }
}
