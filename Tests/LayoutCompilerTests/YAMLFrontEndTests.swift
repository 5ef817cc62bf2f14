import LayoutCompiler
import Testing

/// docs/format.md §2 and docs/choices.md: the YAML form read with the YAML 1.2 core schema.
@Suite("YAML front end")
struct YAMLFrontEndTests {
    static func flowWith(justify: String) -> String {
        "layout: L\nsize: [100, 100]\nroot:\n  flow: f\n  justify: \(justify)\n  items:\n    - item: a\n      size: [10, 10]\n    - item: b\n      size: [10.5, 10]\n"
    }

    @Test("booleans are true / True / TRUE and false / False / FALSE", arguments: ["true", "True", "TRUE"])
    func trueSpellings(_ spelling: String) {
        // justified: g = 100 − 20.5 = 79.5 → b at 89.5 → (89, 0, 11, 10)
        expectFrames(Self.flowWith(justify: spelling), [F("f", 0, 0, 100, 100), F("a", 0, 0, 10, 10), F("b", 89, 0, 11, 10)])
    }

    @Test("false spellings mean the same as no key", arguments: ["false", "False", "FALSE"])
    func falseSpellings(_ spelling: String) {
        expectFrames(Self.flowWith(justify: spelling), [F("f", 0, 0, 100, 100), F("a", 0, 0, 10, 10), F("b", 20, 0, 10.5, 10)])
    }

    @Test("yes, no, on, off, y, 1 are not booleans", arguments: ["yes", "no", "on", "off", "y", "1", "\"true\"", "tRUE"])
    func notBooleans(_ spelling: String) {
        expectDiagnostics(Self.flowWith(justify: spelling), [Diag(.invalidValue, 5, 3)])
    }

    static let numberCases: [(String, Double)] = [
        ("44", 44), ("0x10", 16), ("0o17", 15), ("1e1", 10), ("1.5", 1.5), ("+5", 5), (".5", 0.5), ("5.", 5),
        ("-0", 0), ("0.0", 0), ("2.5E1", 25), ("0x1F", 31),
    ]

    @Test("plain numbers of the core schema", arguments: numberCases)
    func numbers(_ text: String, _ value: Double) {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  vgroup: g\n  children:\n    - item: a\n      height: \(text)\n"
        expectFrames(yaml, [F("g", 0, 0, 100, 100), F("a", 0, 0, 100, value)])
    }

    @Test("1e3 is a number (1000), larger than a 100 pt group")
    func exponentNumber() {
        let yaml = "layout: L\nsize: [100, 2000]\nroot:\n  vgroup: g\n  children:\n    - item: a\n      height: 1e3\n"
        expectFrames(yaml, [F("g", 0, 0, 100, 2000), F("a", 0, 0, 100, 1000)])
    }

    static let notNumberCases = ["\"44\"", "'44'", "1_000", "0b101", "12px", ".inf", "-.inf", ".nan", ".NaN", "0x", "1e", "null", "~", ""]

    @Test("quoted numbers, non-core spellings, infinities and NaN are invalidValue", arguments: notNumberCases)
    func notNumbers(_ text: String) {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  vgroup: g\n  children:\n    - item: a\n      height: \(text)\n"
        expectDiagnostics(yaml, [Diag(.invalidValue, 7, 7)])
    }

    static let multi = """
        layout: A
        size: [10, 20]
        root:
          item: a
        ---
        # the second layout
        layout: B
        size: [30, 40]
        root:
          item: b
        ...
        ---
        layout: C
        root:
          vgroup: c
          children: []
        """

    @Test("a stream of several documents is several layouts, in file order")
    func multipleDocuments() {
        let result = request(Self.multi, size: S(5, 6))
        #expect(result.diagnostics.isEmpty)
        let table = result.table?.layouts ?? []
        #expect(table.map(\.name) == ["A", "B", "C"])
        #expect(table.map { $0.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } }
                == [[F("a", 0, 0, 5, 6)], [F("b", 0, 0, 5, 6)], [F("c", 0, 0, 5, 6)]])
    }

    @Test("each layout uses its own default size; one without is missingKey at its layout key")
    func defaultSizes() {
        let result = request(Self.multi)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.missingKey, 13, 1)])
        #expect(result.table?.layouts.map(\.name) == ["A", "B"])
        #expect(result.table?.layouts.map(\.size) == [S(10, 20), S(30, 40)])
    }

    @Test("selecting one layout by name")
    func selectLayout() {
        let result = request(Self.multi, layout: "B")
        #expect(result.diagnostics.isEmpty)
        #expect(result.table?.layouts.map(\.name) == ["B"])
        #expect(result.table?.layouts.first?.frames.first?.rect == R(0, 0, 30, 40))
        let missing = request(Self.multi, layout: "Nope")
        #expect(missing.diagnostics.map(\.code) == [.missingKey])
        #expect(missing.table?.layouts.isEmpty ?? true)
    }

    @Test("a layout with a static error gets no frames; the others do")
    func staticErrorInOneLayout() {
        let yaml = "layout: A\nsize: [1, 1]\nroot:\n  item: a\n  bogus: 1\n---\nlayout: B\nsize: [1, 1]\nroot:\n  item: b\n"
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.unknownKey, 5, 3)])
        #expect(result.table?.layouts.map(\.name) == ["B"])
    }

    static let libyamlErrors: [(String, String, Diag)] = [
        ("an unclosed flow mapping", "layout: L\nroot: {item: a\n", Diag(.syntax, 3, 1)),
        ("a mapping value where none is allowed", "layout: L\nroot:\n  item: a\n    height: 3\n", Diag(.syntax, 4, 11)),
        ("a second colon", "layout: L\nroot:\n  item: a\n  height: 3: 4\n", Diag(.syntax, 4, 12)),
        ("a list entry in a mapping", "layout: L\nroot:\n  item: a\n- b\n", Diag(.syntax, 4, 1)),
        ("an unterminated quoted scalar", "layout: L\nroot:\n  item: \"a\n", Diag(.syntax, 4, 1)),
        ("a tab as indentation", "layout: L\nroot:\n\titem: a\n", Diag(.syntax, 3, 1)),
    ]

    @Test("libyaml's syntax errors at libyaml's line and column", arguments: libyamlErrors)
    func libyamlError(_ label: String, _ yaml: String, _ expected: Diag) {
        let result = diagnostics(yaml, size: S(1, 1))
        #expect(result.last == expected, "\(result)")
        #expect(result.contains(expected))
        #expect(request(yaml, size: S(1, 1)).table?.layouts.isEmpty ?? true)
    }

    @Test("duplicate keys are syntax errors at the second occurrence")
    func duplicateKeys() {
        expectDiagnostics("layout: A\nlayout: B\nsize: [1, 1]\nroot:\n  item: a\n", [Diag(.syntax, 2, 1)])
        expectDiagnostics("layout: A\nsize: [1, 1]\nroot:\n  vgroup: g\n  children: []\n  children: []\n", [Diag(.syntax, 6, 3)])
        expectDiagnostics("layout: A\nsize: [1, 1]\nroot: {vgroup: g, children: [], children: []}\n", [Diag(.syntax, 3, 33)])
    }

    @Test("aliases and tags are rejected; an anchor alone is harmless")
    func aliasesAndTags() {
        let anchor = "layout: A\nsize: [10, 10]\nroot:\n  vgroup: g\n  children:\n    - item: a\n      height: &h 4\n"
        expectFrames(anchor, [F("g", 0, 0, 10, 10), F("a", 0, 0, 10, 4)])
        let alias = anchor + "    - item: b\n      height: *h\n"
        expectDiagnostics(alias, [Diag(.syntax, 9, 15)])
        expectDiagnostics("layout: A\nsize: [10, 10]\nroot:\n  item: !!str a\n", [Diag(.syntax, 4, 9)])
        expectDiagnostics("layout: A\nsize: [10, 10]\nroot: !Node\n  item: a\n", [Diag(.syntax, 3, 7)])
    }

    @Test("comments, CRLF line ends, a byte-order mark and explicit document markers are fine")
    func harmlessSyntax() {
        let yaml = "\u{FEFF}%YAML 1.2\n---\r\n# comment\r\nlayout: L # trailing\r\nsize: [3, 4]\r\nroot:\r\n  item: a\r\n...\r\n"
        expectFrames(yaml, [F("a", 0, 0, 3, 4)])
    }

    @Test("flow-style YAML is the same tree")
    func flowStyle() {
        let yaml = "{layout: L, size: [100, 10], root: {hgroup: g, children: [{item: a, width: 30}, {item: b}]}}"
        expectFrames(yaml, [F("g", 0, 0, 100, 10), F("a", 0, 0, 30, 10), F("b", 30, 0, 70, 10)])
    }

    /// A layout of `items` items (two lines each) and then `tail`.
    static func long(items: Int, tail: String) -> [UInt8] {
        var text = "layout: L\nsize: [100, 100]\nroot:\n  vgroup: v\n  children:\n"
        for index in 0..<items { text += "    - item: i\(index)\n      height: 1\n" }
        return Array((text + tail).utf8)
    }

    @Test("a syntax error after 12,288 valid items: libyaml's message at its line and column; a scalar over two lines reads as one")
    func longFile() throws {
        let items = 12_288
        let error = Self.long(items: items, tail: "    - item: last\n      width: a: b\n")
        let line = 5 + 2 * items + 2
        #expect(YAMLFrontEnd.parse(error).diagnostics.map { "\($0.location): \($0.message)" }
            == ["\(line):15: mapping values are not allowed in this context"])
        let multiline = Self.long(items: items, tail: "    - item: last\n      height:\n        1\n")
        let plan = try #require(LayoutCompiler.compileOnCurrentThread(yaml: multiline).plans.first ?? nil)
        #expect(plan.nodeCount == items + 2)
    }
}
