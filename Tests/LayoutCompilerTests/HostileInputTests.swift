import Foundation
import LayoutCompiler
import Testing

/// Inputs meant to crash, hang or poison the compiler: each must be answered by frames or a
/// located diagnostic (docs/choices.md). Generated here, not checked in. No wall-clock asserts.
@Suite("hostile input")
struct HostileInputTests {
    @Test("an alias bomb (billion laughs) costs nothing: every alias is a syntax error")
    func aliasBomb() {
        var text = "layout: Bomb\nsize: [10, 10]\nroot:\n  item: a\n"
        var expected: [Diag] = []
        text += "lol0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        expected.append(Diag(.unknownKey, 5, 1))
        for level in 1...9 {
            var line = "lol\(level): &a\(level) ["
            expected.append(Diag(.unknownKey, 5 + level, 1))
            for index in 0..<9 {
                if index > 0 { line += ", " }
                expected.append(Diag(.syntax, 5 + level, line.count + 1))
                line += "*a\(level - 1)"
            }
            text += line + "]\n"
        }
        let result = request(text)
        let actual = result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) }
        #expect(actual == expected)
        #expect(result.table?.layouts.isEmpty ?? true)
    }

    /// `{vgroup: gK, children: [` … for `depth` levels; returns the text and the column of each `[`.
    static func flowNesting(_ depth: Int) -> (String, [Int]) {
        var line = "root: "
        var brackets: [Int] = []
        for level in 1...depth {
            line += "{vgroup: g\(level), children: ["
            brackets.append(line.utf8.count)
        }
        line += "{item: leaf}"
        line += String(repeating: "]}", count: depth)
        return ("layout: Deep\nsize: [100, 100]\n" + line + "\n", brackets)
    }

    @Test("10,000 levels of flow-style nesting: a syntax error where the limit is exceeded")
    func deepFlowNesting() {
        let (text, brackets) = Self.flowNesting(10_000)
        // The document is collection 1, node k is 2k and its children 2k + 1: the 4,101st
        // collection (choices.md: 4,100) is the children list of node 2,050.
        expectDiagnostics(text, [Diag(.syntax, 3, brackets[2049])])
    }

    @Test("2,000 nested groups are still legal and get frames")
    func deepButLegal() {
        let (text, _) = Self.flowNesting(2_000)
        let frames = orderedFrames(text)
        #expect(frames.count == 2_001)
        #expect(frames.allSatisfy { $0.rect == R(0, 0, 100, 100) })
        #expect(frames.last?.name == "leaf")
    }

    @Test("2,100 levels of block-style nesting: a syntax error where the limit is exceeded")
    func deepBlockNesting() {
        let depth = 2_100
        var text = "layout: Deep\nsize: [100, 100]\nroot:\n  vgroup: g1\n"
        var indent = 2
        for level in 1...depth {
            let pad = String(repeating: " ", count: indent)
            text += pad + "children:\n" + pad + "- " + (level == depth ? "item: leaf\n" : "vgroup: g\(level + 1)\n")
            indent += 2
        }
        // node k's children list is the `- ` on line 2k + 4, column 2k + 1; k = 2,050 (libyaml agrees)
        expectDiagnostics(text, [Diag(.syntax, 4104, 4101)])
    }

    @Test("an hgroup of 300,000 siblings (about 5 MB)")
    func manySiblings() {
        var text = "layout: Wide\nsize: [300000, 10]\nroot: {hgroup: g, children: ["
        for index in 0..<300_000 {
            if index > 0 { text += ", " }
            text += "{item: c\(index)}"
        }
        text += "]}\n"
        #expect(text.utf8.count > 4_000_000)
        let result = request(text)
        #expect(result.diagnostics.isEmpty)
        let frames = result.table?.layouts.first?.frames ?? []
        #expect(frames.count == 300_001)
        guard frames.count == 300_001 else { return }
        #expect(frames[0].rect == R(0, 0, 300_000, 10))
        for index in [0, 1, 12_345, 299_999] {
            #expect(frames[index + 1].name == "c\(index)")
            #expect(close(frames[index + 1].rect, R(Double(index), 0, 1, 10)))
        }
    }

    static let hostileNumbers: [(String, String)] = [
        ("1e308", "height"), (".nan", "height"), (".inf", "height"), ("-.inf", "height"), ("1e309", "height"),
        ("-1e308", "top"), (".nan", "top"), ("1e10", "leading"), ("1000000000000", "count"), ("99999999999999999999999", "count"),
        ("-1", "count"), ("1e5", "count"),
    ]

    @Test("huge, infinite and NaN numbers are invalidValue at the key", arguments: hostileNumbers)
    func hostileNumber(_ value: String, _ key: String) {
        let head: String, rest: String
        switch key {
        case "top": (head, rest) = ("  overlay: o\n  children:\n", "      size: [1, 1]\n      bottom: 0\n      leading: 0\n")
        case "leading": (head, rest) = ("  overlay: o\n  children:\n", "      size: [1, 1]\n      trailing: 0\n      top: 0\n")
        case "count": (head, rest) = ("  flow: o\n  items:\n", "      size: [1, 1]\n")
        default: (head, rest) = ("  vgroup: o\n  children:\n", "      width: 1\n")
        }
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n" + head + "    - item: a\n      \(key): \(value)\n" + rest
        let result = request(yaml)
        let actual = result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) }
        #expect(actual == [Diag(.invalidValue, 7, 7)], "\(result.diagnostics.map(\.message))")
        #expect(allFinite(result.table))
    }

    @Test("-0 is read as 0 and never printed as -0")
    func negativeZero() {
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n  overlay: o\n  children:\n    - item: a\n      size: [-0, -0.0]\n      leading: -0\n      top: -0.0\n"
        let result = request(yaml)
        #expect(result.diagnostics.isEmpty)
        let json = result.table?.rendered(as: .json) ?? ""
        #expect(!json.contains("-0"), "\(json)")
        #expect(result.table?.layouts.first?.frames.last?.rect == R(0, 0, 0, 0))
    }

    @Test("extreme but valid numbers stay finite")
    func extremeValid() {
        let yaml = "layout: L\nsize: [1000000000, 1000000000]\nroot:\n  hgroup: g\n  padding: 1000000000\n  children: []\n"
        expectDiagnostics(yaml, [Diag(.outOfSpace, 4, 3)])
        let tiny = "layout: L\nsize: [1e-300, 5e-324]\nroot:\n  hgroup: g\n  children:\n    - item: a\n      flexible: 1e-300\n    - item: b\n      flexible: 1e9\n"
        let result = request(tiny)
        #expect(result.diagnostics.isEmpty)
        #expect(allFinite(result.table))
    }

    @Test("a 5 MB name is a name")
    func hugeName() {
        let name = String(repeating: "a", count: 5_000_000)
        let result = request("layout: L\nsize: [1, 2]\nroot:\n  item: \(name)\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.table?.layouts.first?.frames.first?.name.utf8.count == 5_000_000)
        #expect(result.table?.layouts.first?.frames.first?.rect == R(0, 0, 1, 2))
    }

    @Test("a 5 MB key is libyaml's syntax error (a simple key is at most 1,024 characters); a long one is unknownKey, briefly")
    func hugeKey() {
        let key = String(repeating: "k", count: 5_000_000)
        let result = request("layout: L\nsize: [1, 2]\nroot:\n  item: a\n  \(key): 1\n")
        // libyaml: "could not find expected ':'" just after the scalar
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.syntax, 5, 5_000_003)])
        #expect((result.diagnostics.first?.message.utf8.count ?? 0) < 1_000)
        let long = String(repeating: "k", count: 1_000)
        let second = request("layout: L\nsize: [1, 2]\nroot:\n  item: a\n  \(long): 1\n")
        #expect(second.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.unknownKey, 5, 3)])
        #expect((second.diagnostics.first?.message.utf8.count ?? 0) < 200)
    }

    @Test("a count of 100,000 (the maximum) lays out")
    func maximumCount() {
        let yaml = "layout: L\nsize: [1000, 100000]\nroot:\n  flow: f\n  spacing: 0\n  items:\n    - item: e\n      count: 100000\n      size: [1, 1]\n"
        let result = request(yaml)
        #expect(result.diagnostics.isEmpty)
        let frames = result.table?.layouts.first?.frames ?? []
        #expect(frames.count == 100_001)
        #expect(frames.last.map { $0.name == "e[99999]" && $0.rect == R(999, 99, 1, 1) } == true)
    }

    static let badByteCases: [(String, [UInt8], Diag)] = [
        ("an invalid UTF-8 byte", Array("layout: L\nroot:\n  item: ".utf8) + [0xFF] + Array("\n".utf8), Diag(.syntax, 3, 9)),
        ("a truncated UTF-8 sequence", Array("layout: L\nroot:\n  item: ".utf8) + [0xC3, 0x28] + Array("\n".utf8), Diag(.syntax, 3, 10)),
        ("a NUL byte", Array("layout: L\nroot:\n  item: a".utf8) + [0x00] + Array("\n".utf8), Diag(.syntax, 3, 10)),
        ("a control character", Array("layout: L\nroot:\n  item: a".utf8) + [0x01] + Array("\n".utf8), Diag(.syntax, 3, 10)),
        ("NUL bytes only", [0, 0, 0, 0], Diag(.syntax, 1, 1)),
    ]

    @Test("bytes that are not UTF-8 text are a located syntax error", arguments: badByteCases)
    func badBytes(_ label: String, _ bytes: [UInt8], _ expected: Diag) {
        #expect(diagnostics(bytes: bytes, size: S(1, 1)) == [expected])
    }

    static let odd: [(String, String, [Diag])] = [
        ("an empty file", "", [Diag(.missingKey, 1, 1)]),
        ("only comments and blank lines", "# nothing\n\n   \n# here\n", [Diag(.missingKey, 1, 1)]),
        ("a scalar", "hello\n", [Diag(.invalidValue, 1, 1)]),
        ("a number", "42", [Diag(.invalidValue, 1, 1)]),
        ("a list", "- a\n- b\n", [Diag(.invalidValue, 1, 1)]),
        ("an empty document", "---\n", [Diag(.missingKey, 2, 1)]),
        ("tabs for indentation", "layout: L\nsize: [1, 1]\nroot:\n\titem: a\n", [Diag(.syntax, 4, 1)]),
        ("a duplicate top-level key", "layout: L\nsize: [1, 1]\nsize: [2, 2]\nroot:\n  item: a\n", [Diag(.syntax, 3, 1)]),
        ("root that is a list", "layout: L\nsize: [1, 1]\nroot:\n  - item: a\n", [Diag(.invalidValue, 4, 3)]),
        ("root that is a scalar", "layout: L\nsize: [1, 1]\nroot: item\n", [Diag(.invalidValue, 3, 7)]),
        ("an empty root", "layout: L\nsize: [1, 1]\nroot:\n", [Diag(.missingKey, 3, 1)]),
        ("a mapping as a key", "layout: L\nsize: [1, 1]\nroot:\n  item: a\n  ? {x: 1}\n  : 2\n", [Diag(.invalidValue, 5, 5)]),
    ]

    @Test("odd files are answered with a located diagnostic", arguments: odd)
    func oddFile(_ label: String, _ yaml: String, _ expected: [Diag]) {
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == expected,
                "\(result.diagnostics.map(\.message))")
        #expect(result.table?.layouts.isEmpty ?? true)
    }

    @Test("100,000 unknown keys in one node: each reported once, a duplicate among them too")
    func manyUnknownKeys() {
        var text = "layout: L\nsize: [1, 1]\nroot:\n  item: a\n"
        var expected: [Diag] = []
        for index in 0..<100_000 {
            text += "  unknownKey\(index): 1\n"
            expected.append(Diag(.unknownKey, 5 + index, 3))
        }
        text += "  unknownKey77: 2\n"
        expected.append(Diag(.syntax, 100_005, 3))
        #expect(diagnostics(text) == expected)
    }

    @Test("counts that add up past 1,000,000 flow elements: invalidValue at the count that crosses")
    func tooManyElements() {
        var text = "layout: L\nsize: [1000, 1000]\nroot:\n  flow: f\n  items:\n"
        for index in 0..<20 {
            text += "    - item: x\(index)\n      count: 100000\n      size: [1, 1]\n"
        }
        // items 0-9 make exactly 1,000,000; item 10's count (line 6 + 3 × 10 + 1) crosses it
        #expect(diagnostics(text) == [Diag(.invalidValue, 37, 7)])
    }

    @Test("3,000 items of count 100,000: `frames` refuses the file without expanding a single array")
    func hugeCountsNeverExpanded() throws {
        let root = try HostileEnvironment.scratch("counts")
        defer { try? FileManager.default.removeItem(at: root) }
        var text = "layout: L\nsize: [1000, 1000]\nroot:\n  flow: f\n  items:\n"
        for index in 0..<3_000 {
            text += "    - item: x\(index)\n      count: 100000\n      size: [1, 1]\n"
        }
        try HostileEnvironment.write(text, to: root.appendingPathComponent("counts.layout.yaml"))
        // 300 million elements would take 4.8 GB: under a 1 GB address-space limit the run
        // could not even try, so an answer proves nothing was expanded.
        let run = try HostileEnvironment.run(["counts.layout.yaml"], in: root,
                                             shell: "ulimit -v 1048576 && exec \"$LAYOUTC\" frames \"$1\"", timeout: 60)
        #expect(!run.timedOut)
        #expect(run.reason == .exit)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "counts.layout.yaml:37:7: error: this item takes the layout past 1000000 flow elements, more than a frame table can hold usefully [invalidValue]\n")
    }
}
