import Foundation
import Testing

/// `layoutc frames` with docs/format.md §7: `--wrap`, its usage errors (§7.6), and the fitted size
/// in every output format, through the real executable.
@Suite("layoutc frames --wrap and fitted sizes (docs/format.md §7.3, §7.6)")
struct WrapCommandTests {
    static let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")
    static let chat = ["frames", "ChatRow.layout.yaml", "--sizes", "name=120x20", "--sizes", "time=44x16"]

    @Test("a fit: height layout at several widths: the height follows the width, in table, JSON and CSV")
    func fittedAtWidths() throws {
        let expected: [(String, String)] = [("320x0", "320×104"), ("390x0", "390×84"), ("744x9999", "744×64")]
        for (size, heading) in expected {
            let out = try CommandLine_.run(Self.chat + ["--wrap", "message=520x20", "--size", size], in: Self.layouts)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.hasPrefix("ChatRow (\(heading))\n"), "\(out.stdout)")
        }
        let json = try CommandLine_.run(Self.chat + ["--wrap", "message=520x20", "--format", "json"], in: Self.layouts)
        #expect(json.stdout.contains(#"{"layout": "ChatRow", "size": {"width": 390, "height": 84}, "frames": ["#))
        #expect(json.stdout.contains(#"{"name": "message", "kind": "item", "x": 68, "y": 34, "width": 306, "height": 40}"#))
        let csv = try CommandLine_.run(Self.chat + ["--wrap", "message=520x20", "--format", "csv"], in: Self.layouts)
        #expect(csv.stdout.contains("ChatRow,row,hgroup,0,0,390,84"), "\(csv.stdout)")
    }

    @Test("malformed --wrap is a usage error before the file is read")
    func malformedWrap() throws {
        for value in ["message", "message=520", "message=axb", "message=-1x20", "1x=2x3", "=520x20"] {
            let out = try CommandLine_.run(["frames", "no-such-file.layout.yaml", "--wrap", value], in: Self.layouts)
            #expect(out.status == 64, "\(value): \(out.stderr)")
            #expect(out.stderr.contains("expected NAME=WxL or NAME=WxLxN, a wrap item's one-line width, line height and optional line limit N"), "\(value): \(out.stderr)")
        }
    }

    @Test("--wrap for another item, --sizes for a wrap item and one name twice are usage errors that say the fix")
    func wrongItem() throws {
        let cases: [([String], String)] = [
            (["--wrap", "message=520x20", "--wrap", "time=44x16"],
             "error: --wrap names 'time', which is not a wrap item (dynamic: wrap) of ChatRow.layout.yaml; a dynamic item takes --sizes time=WxH"),
            (["--sizes", "message=520x20"],
             "error: --sizes names 'message', a wrap item of ChatRow.layout.yaml: give its text with --wrap message=WxL (one-line width x line height)"),
            (["--wrap", "message=520x20", "--wrap", "message=100x20"],
             "error: --wrap gives 'message' more than once; give one --wrap message=WxL"),
            (["--wrap", "nobody=1x1", "--wrap", "message=520x20"],
             "error: --wrap names 'nobody', which is not a wrap item (dynamic: wrap) of ChatRow.layout.yaml"),
        ]
        for (arguments, message) in cases {
            let out = try CommandLine_.run(Self.chat + arguments, in: Self.layouts)
            #expect(out.status == 64, "\(arguments)")
            #expect(out.stderr == message + "\n", "\(arguments): \(out.stderr)")
            #expect(out.stdout.isEmpty)
        }
    }

    @Test("a wrap item without --wrap is itemIncomplete at the item, naming the flag")
    func missingWrap() throws {
        let out = try CommandLine_.run(Self.chat, in: Self.layouts)
        #expect(out.status == 1)
        #expect(out.stderr == "ChatRow.layout.yaml:39:11: error: wrap item 'message' has no measure; give its text with --wrap message=WxL (one-line width x line height) [itemIncomplete]\n")
    }
}
