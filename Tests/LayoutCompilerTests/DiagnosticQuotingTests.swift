import Foundation
import LayoutCompiler
import Testing

/// Names and values in double-quoted YAML strings (and file names) can hold ESC, BEL, CR and
/// LF; no reporter may print them raw, or a layout could forge a diagnostic line, a
/// `::warning::` command in a CI log, or terminal escapes.
@Suite("control characters in diagnostics")
struct DiagnosticQuotingTests {
    static let hostile = #"""
        layout: "A\e[31mB\nx.layout:1:1: error: forged"
        size: [10, 10]
        root:
          item: "a\u0007\r"

        """#

    @Test("DiagnosticText spells out C0, DEL, C1, line separators and bidi overrides; leaves the rest")
    func quoting() {
        #expect(DiagnosticText.quoted("plain 'name' é ✓") == "plain 'name' é ✓")
        #expect(DiagnosticText.quoted("a\u{1B}[31m\n\r\t\u{7}\u{7F}\u{9B}\u{2028}\u{202E}\u{2066}z")
                == #"a\u{1B}[31m\n\r\t\u{7}\u{7F}\u{9B}\u{2028}\u{202E}\u{2066}z"#)
    }

    @Test("frames: each diagnostic is one line, its control characters quoted")
    func frames() throws {
        let result = request(Self.hostile)
        let lines = result.diagnostics.map { $0.formatted(path: "x.layout.yaml") }
        #expect(lines == [
            #"x.layout.yaml:1:1: error: layout name 'A\u{1B}[31mB\nx.layout:1:1: error: forged' must be a Swift type name such as 'PlayerLayout' (letters, digits and _, not starting with a digit) [invalidName]"#,
            #"x.layout.yaml:4:3: error: 'a\u{7}\r' is not a valid node name: use letters, digits and _, not starting with a digit [invalidName]"#,
        ])
    }

    @Test("lint: no reporter prints a control character, in messages or in file names",
          arguments: ["xcode", "json", "github", "sarif"])
    func reporters(reporter: String) throws {
        let root = try HostileEnvironment.scratch("quoting")
        try HostileEnvironment.write(Self.hostile, to: root.appendingPathComponent("e\u{1B}[1mvil\n.layout.yaml"))
        let run = try CommandLine_.run(["lint", ".", "--reporter", reporter, "--quiet"], in: root)
        #expect(run.status == 1)
        #expect(!run.stdout.isEmpty)
        let controls = run.stdout.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
        #expect(controls.isEmpty, "\(run.stdout)")
        // Every line is a whole record: no message or path breaks one in two.
        switch reporter {
        case "xcode":
            #expect(run.stdout == #"""
                e\u{1B}[1mvil\n.layout.yaml:1:1: error: layout name 'A\u{1B}[31mB\nx.layout:1:1: error: forged' must be a Swift type name such as 'PlayerLayout' (letters, digits and _, not starting with a digit) [invalidName]
                e\u{1B}[1mvil\n.layout.yaml:4:3: error: 'a\u{7}\r' is not a valid node name: use letters, digits and _, not starting with a digit [invalidName]

                """#)
        case "github":
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.allSatisfy { $0.hasPrefix("::error file=e\\u{1B}[1mvil\\n.layout.yaml,line=") })
        default:
            _ = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
            #expect(run.stdout.contains(#"layout name 'A\\u{1B}[31mB\\nx.layout:1:1: error: forged'"#))
        }
    }
}
