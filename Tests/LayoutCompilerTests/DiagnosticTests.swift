import LayoutCompiler
import Testing

/// docs/format.md §4.7: every diagnostic code, at the line and column it must point at.
@Suite("diagnostics (docs/format.md §4.7)")
struct DiagnosticTests {
    @Test("syntax: a duplicate key, at its second occurrence")
    func syntaxDuplicateKey() {
        let yaml = """
            layout: L
            size: [10, 10]
            root:
              vgroup: g
              children:
                - item: a
                  height: 1
                  height: 2
            """
        expectDiagnostics(yaml, [Diag(.syntax, 8, 7)])
    }

    @Test("syntax: libyaml's error at libyaml's line and column")
    func syntaxLibYAML() {
        // libyaml: "did not find expected key while parsing a block mapping" at 4:1
        expectDiagnostics("layout: L\nroot:\n  item: a\n- b\n", [Diag(.syntax, 4, 1)])
    }

    @Test("unknownKey at the key, suggesting the key probably meant")
    func unknownKey() {
        let yaml = """
            layout: L
            size: [10, 10]
            root:
              item: a
              hieght: 4
            """
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.unknownKey, 5, 3)])
        #expect(result.diagnostics.first?.message.contains("'height'") == true, "\(result.diagnostics.map(\.message))")
    }

    @Test("unknownKey suggestions for other typos", arguments: [("chilren", "children"), ("paddng", "padding"), ("justfy", "justify"), ("centerx", "centerX"), ("safearea", "safeArea")])
    func unknownKeySuggestion(_ typo: String, _ meant: String) {
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n  vgroup: a\n  \(typo): 1\n"
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.unknownKey, 5, 3)])
        #expect(result.diagnostics.first?.message.contains("'\(meant)'") == true, "\(result.diagnostics.map(\.message))")
    }

    @Test("unknownKey at the top level of a layout")
    func unknownTopLevelKey() {
        expectDiagnostics("layout: L\nsize: [1, 1]\nrot:\n  item: a\n", [Diag(.missingKey, 1, 1), Diag(.unknownKey, 3, 1)])
    }

    static let invalidValues: [(String, String)] = [
        ("height", "-1"), ("height", "\"44\""), ("height", "abc"), ("height", ".inf"), ("height", ".nan"),
        ("height", "1e308"), ("height", "1000000001"), ("height", "~"), ("height", "[1, 2]"), ("size", "[1]"),
        ("size", "[1, -2]"), ("size", "10"), ("percent", "101"), ("percent", "-1"), ("flexible", "0"),
        ("flexible", "-2"), ("height", "true"),
    ]

    @Test("invalidValue at the key, for a child of a vgroup", arguments: invalidValues)
    func invalidValue(_ key: String, _ value: String) {
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n  vgroup: g\n  children:\n    - item: a\n      \(key): \(value)\n"
        expectDiagnostics(yaml, [Diag(.invalidValue, 7, 7)])
    }

    static let invalidGroupValues: [(String, String)] = [
        ("spacing", "[1, 2]"), ("padding", "[1, 2, 3]"), ("padding", "-1"), ("margin", "-3"), ("align", "middle"),
        ("align", "top"), ("spacing", "-1"),
    ]

    @Test("invalidValue at the key, on a group", arguments: invalidGroupValues)
    func invalidGroupValue(_ key: String, _ value: String) {
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n  hgroup: g\n  \(key): \(value)\n  children: []\n"
        expectDiagnostics(yaml, [Diag(.invalidValue, 5, 3)])
    }

    static let invalidFlowValues: [(String, String)] = [
        ("justify", "yes"), ("justify", "1"), ("spacing", "[1, 2, 3]"), ("items", "3"), ("padding", "[1, 2, 3, x]"),
    ]

    @Test("invalidValue at the key, on a flow", arguments: invalidFlowValues)
    func invalidFlowValue(_ key: String, _ value: String) {
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n  flow: f\n  \(key): \(value)\n"
        expectDiagnostics(yaml, [Diag(.invalidValue, 5, 3)])
    }

    static let invalidItemValues: [(String, String)] = [
        ("count", "0"), ("count", "100001"), ("count", "3.0"), ("count", "2.5"), ("count", "\"3\""),
        ("width", "fit"), ("width", "flexible"), ("dynamic", "yes"),
    ]

    @Test("invalidValue at the key, on a flow item", arguments: invalidItemValues)
    func invalidItemValue(_ key: String, _ value: String) {
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n  flow: f\n  items:\n    - item: a\n      size: [5, 5]\n      \(key): \(value)\n"
        expectDiagnostics(yaml, [Diag(.invalidValue, 8, 7)])
    }

    @Test("invalidValue: a scalar where a node is expected, and a layout name that is a list")
    func invalidValueNode() {
        expectDiagnostics("layout: L\nsize: [1, 1]\nroot:\n  vgroup: g\n  children:\n    - 5\n    - [a]\n",
                          [Diag(.invalidValue, 6, 7), Diag(.invalidValue, 7, 7)])
        expectDiagnostics("layout: L\nsize: [1, 1]\nroot:\n  item: [a, b]\n", [Diag(.invalidValue, 4, 3)])
        expectDiagnostics("layout: L\nsize: [1, 1]\nroot:\n  overlay: o\n  children:\n    - item: a\n      width: flexible\n",
                          [Diag(.invalidValue, 7, 7)])
    }

    @Test("duplicateName at the later node")
    func duplicateName() {
        let yaml = """
            layout: L
            size: [10, 10]
            root:
              vgroup: a
              children:
                - item: b
                - hgroup: a
                  children:
                    - item: b
            """
        expectDiagnostics(yaml, [Diag(.duplicateName, 7, 7), Diag(.duplicateName, 9, 11)])
    }

    @Test("duplicateName: two layouts of one file with one name, at the later layout")
    func duplicateLayoutName() {
        let yaml = "layout: L\nsize: [1, 1]\nroot:\n  item: a\n---\nlayout: L\nsize: [1, 1]\nroot:\n  item: a\n"
        expectDiagnostics(yaml, [Diag(.duplicateName, 6, 1)])
    }

    static let invalidNames: [(String, String, Diag)] = [
        ("a name starting with a digit", "  item: 9lives\n", Diag(.invalidName, 4, 3)),
        ("a name with a dash", "  item: my-item\n", Diag(.invalidName, 4, 3)),
        ("a boolean", "  item: true\n", Diag(.invalidName, 4, 3)),
        ("a number", "  item: 5\n", Diag(.invalidName, 4, 3)),
        ("a named spacer", "  vgroup:\n  children:\n    - spacer: s\n", Diag(.invalidName, 6, 7)),
        ("a non-ASCII letter", "  item: café\n", Diag(.invalidName, 4, 3)),
    ]

    @Test("invalidName at the kind key", arguments: invalidNames)
    func invalidName(_ label: String, _ root: String, _ expected: Diag) {
        expectDiagnostics("layout: L\nsize: [1, 1]\nroot:\n" + root, [expected])
    }

    @Test("Swift keywords are fine as names")
    func keywordNames() {
        expectFrames("layout: class\nsize: [1, 1]\nroot:\n  vgroup: struct\n  children:\n    - item: self\n",
                     [F("struct", 0, 0, 1, 1), F("self", 0, 0, 1, 1)])
    }

    @Test("invalidName of a layout, at the layout key")
    func invalidLayoutName() {
        expectDiagnostics("size: [1, 1]\nlayout: 1x\nroot:\n  item: a\n", [Diag(.invalidName, 2, 1)])
    }

    static let conflictingSizes: [(String, String, Diag)] = [
        ("size with width", "    - item: a\n      width: 10\n      size: [1, 2]\n", Diag(.conflictingSize, 8, 7)),
        ("height then size", "    - item: a\n      size: [1, 2]\n      height: 10\n", Diag(.conflictingSize, 8, 7)),
        ("percent with a fixed main size", "    - item: a\n      percent: 10\n      width: 10\n", Diag(.conflictingSize, 8, 7)),
        ("width: flexible with flexible: 2", "    - item: a\n      width: flexible\n      flexible: 2\n", Diag(.conflictingSize, 8, 7)),
        ("percent with flexible", "    - item: a\n      flexible: 2\n      percent: 5\n", Diag(.conflictingSize, 8, 7)),
        ("fit with percent", "    - hgroup: a\n      percent: 5\n      width: fit\n", Diag(.conflictingSize, 8, 7)),
    ]

    @Test("conflictingSize at the second key of the pair", arguments: conflictingSizes)
    func conflictingSize(_ label: String, _ child: String, _ expected: Diag) {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  hgroup: g\n  children:\n" + child
        let result = diagnostics(yaml)
        #expect(result.first == expected, "\(result)")
        #expect(result.allSatisfy { $0.code == .conflictingSize || $0.code == .itemIncomplete }, "\(result)")
    }

    @Test("width: flexible on the cross axis is just fill, no conflict with flexible: 2")
    func crossFlexibleNoConflict() {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  vgroup: g\n  children:\n    - item: a\n      width: flexible\n      flexible: 2\n    - item: b\n"
        expectFrames(yaml, [F("g", 0, 0, 100, 100), F("a", 0, 0, 100, 200.0 / 3), F("b", 0, 200.0 / 3, 100, 100.0 / 3)])
    }

    @Test("conflictingSize: dynamic with a size or count")
    func dynamicConflicts() {
        let base = "layout: L\nsize: [100, 100]\nroot:\n  flow: f\n  items:\n    - item: d\n      dynamic: true\n"
        expectDiagnostics(base + "      size: [1, 1]\n", [Diag(.conflictingSize, 8, 7)])
        expectDiagnostics(base + "      count: 2\n", [Diag(.conflictingSize, 8, 7)])
    }

    static let conflictingConstraints: [(String, String)] = [
        ("leading, trailing and width", "leading: 1\n      trailing: 1\n      width: 10"),
        ("top, bottom and height", "top: 1\n      bottom: 1\n      height: 10"),
        ("centerX with leading", "centerX: 1\n      leading: 1\n      width: 10"),
        ("centerY with bottom", "centerY: 1\n      bottom: 1\n      height: 10"),
        ("center: true with centerX", "center: true\n      centerX: 3\n      size: [1, 1]"),
    ]

    @Test("conflictingConstraints at the overlay child", arguments: conflictingConstraints)
    func conflictingConstraint(_ label: String, _ properties: String) {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  overlay: o\n  children:\n    - item: a\n      \(properties)\n"
        expectDiagnostics(yaml, [Diag(.conflictingConstraints, 6, 7)])
    }

    @Test("percentOverflow at the group, whatever the size")
    func percentOverflow() {
        let yaml = """
            layout: L
            root:
              vgroup: g
              children:
                - hgroup: h
                  children:
                    - item: a
                      percent: 60
                    - item: b
                      percent: 40.5
            """
        expectDiagnostics(yaml, [Diag(.percentOverflow, 5, 7)])
    }

    @Test("missingKey: layout, root, a node's kind key")
    func missingKey() {
        expectDiagnostics("size: [1, 1]\nroot:\n  item: a\n", [Diag(.missingKey, 1, 1)])
        expectDiagnostics("layout: L\nsize: [1, 1]\n", [Diag(.missingKey, 1, 1)])
        expectDiagnostics("layout:\nsize: [1, 1]\nroot:\n  item: a\n", [Diag(.missingKey, 1, 1)])
        expectDiagnostics("layout: L\nsize: [1, 1]\nroot:\n  vgroup: g\n  children:\n    - width: 3\n      height: 4\n",
                          [Diag(.missingKey, 6, 7)])
    }

    @Test("missingKey: no size given anywhere, at the layout key")
    func missingSize() {
        let result = request("# a comment\nlayout: L\nroot:\n  item: a\n")
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.missingKey, 2, 1)])
        // The library names no command-line flag; `layoutc frames` adds its own (CommandLineTests).
        #expect(result.diagnostics.first?.message == "layout 'L' has no size: give it 'size: [width, height]'")
    }

    static let misplacedKeys: [(String, String, Diag)] = [
        ("count on a group child", "    - item: a\n      count: 3\n", Diag(.misplacedKey, 7, 7)),
        ("dynamic on a group", "    - vgroup: a\n      dynamic: true\n", Diag(.misplacedKey, 7, 7)),
        ("an anchor on a group child", "    - item: a\n      top: 3\n", Diag(.misplacedKey, 7, 7)),
        ("center: false on a group child", "    - item: a\n      center: false\n", Diag(.misplacedKey, 7, 7)),
        ("safeArea on a group child", "    - item: a\n      safeArea: true\n", Diag(.misplacedKey, 7, 7)),
        ("padding on an item", "    - item: a\n      padding: 3\n", Diag(.misplacedKey, 7, 7)),
        ("margin on a flow", "    - flow: a\n      margin: 3\n", Diag(.misplacedKey, 7, 7)),
        ("justify on a group", "    - vgroup: a\n      justify: true\n", Diag(.misplacedKey, 7, 7)),
        ("align on an overlay", "    - overlay: a\n      align: center\n", Diag(.misplacedKey, 7, 7)),
        ("items on a group", "    - vgroup: a\n      items: []\n", Diag(.misplacedKey, 7, 7)),
        ("children on a flow", "    - flow: a\n      children: []\n", Diag(.misplacedKey, 7, 7)),
        ("children on an item", "    - item: a\n      children: []\n", Diag(.misplacedKey, 7, 7)),
        ("a second kind key", "    - item: a\n      hgroup: b\n", Diag(.misplacedKey, 7, 7)),
        ("layout inside a node", "    - item: a\n      layout: X\n", Diag(.misplacedKey, 7, 7)),
        ("root inside a node", "    - item: a\n      root: X\n", Diag(.misplacedKey, 7, 7)),
        ("a group inside a flow's items", "    - flow: a\n      items:\n        - vgroup: b\n", Diag(.misplacedKey, 8, 11)),
    ]

    @Test("misplacedKey at the key", arguments: misplacedKeys)
    func misplacedKey(_ label: String, _ child: String, _ expected: Diag) {
        let yaml = "layout: L\nsize: [100, 100]\nroot:\n  hgroup: g\n  children:\n" + child
        expectDiagnostics(yaml, [expected])
    }

    @Test("misplacedKey: anchors and percent on overlay children / root, node keys at the top level")
    func misplacedElsewhere() {
        expectDiagnostics("layout: L\nsize: [1, 1]\nroot:\n  overlay: o\n  children:\n    - item: a\n      percent: 5\n",
                          [Diag(.misplacedKey, 7, 7)])
        expectDiagnostics("layout: L\nsize: [1, 1]\nroot:\n  item: a\n  width: 1\n", [Diag(.misplacedKey, 5, 3)])
        expectDiagnostics("layout: L\nsize: [1, 1]\npadding: 3\nroot:\n  item: a\n", [Diag(.misplacedKey, 3, 1)])
        expectDiagnostics("layout: L\nsize: [1, 1]\nroot:\n  item: a\n  size: [1, 1]\n", [Diag(.misplacedKey, 5, 3)])
    }

    @Test("itemIncomplete: a static flow item without a size, and an overlay child without a position or size")
    func itemIncomplete() {
        expectDiagnostics("layout: L\nsize: [100, 100]\nroot:\n  flow: f\n  items:\n    - item: a\n      width: 10\n",
                          [Diag(.itemIncomplete, 6, 7)])
        expectDiagnostics("layout: L\nsize: [100, 100]\nroot:\n  overlay: o\n  children:\n    - item: a\n      width: 10\n",
                          [Diag(.itemIncomplete, 6, 7)])
        expectDiagnostics("layout: L\nsize: [100, 100]\nroot:\n  overlay: o\n  children:\n    - item: a\n      trailing: 10\n",
                          [Diag(.itemIncomplete, 6, 7)])
        expectDiagnostics("layout: L\nsize: [100, 100]\nroot:\n  overlay: o\n  children:\n    - item: a\n      centerY: 10\n",
                          [Diag(.itemIncomplete, 6, 7)])
    }

    @Test("outOfSpace at the group, with a message that names the size")
    func outOfSpace() {
        let yaml = """
            layout: Screen
            size: [375, 667]
            root:
              vgroup: main
              children:
                - hgroup: footer
                  children:
                    - item: a
                      width: 200
                    - item: b
                      width: 220
            """
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.outOfSpace, 6, 7)])
        let message = result.diagnostics.first?.message ?? ""
        #expect(message.contains("420") && message.contains("375") && message.contains("375×667"), "\(message)")
    }

    @Test("a file with several problems reports every static one, in file order")
    func severalProblems() {
        let yaml = """
            layout: L
            size: [100, 100]
            root:
              vgroup: g
              spacing: [1, 2]
              children:
                - item: a
                  widht: 3
                - item: a
                - hgroup: h
                  count: 2
                  children:
                    - item: p
                      percent: 70
                    - item: q
                      percent: 40
                - spacer: s
                - item: z
                  size: [1, 2]
                  height: 3
                - flow: f
                  items:
                    - item: i
                - overlay: o
                  children:
                    - item: c
                      leading: 1
                      trailing: 1
                      width: 3
            """
        expectDiagnostics(yaml, [
            Diag(.invalidValue, 5, 3), Diag(.unknownKey, 8, 7), Diag(.duplicateName, 9, 7), Diag(.percentOverflow, 10, 7),
            Diag(.misplacedKey, 11, 7), Diag(.invalidName, 17, 7), Diag(.conflictingSize, 20, 7), Diag(.itemIncomplete, 23, 11),
            Diag(.conflictingConstraints, 26, 11),
        ])
    }

    @Test("one size-dependent error per layout; other layouts are still computed")
    func oneErrorPerLayout() {
        let yaml = """
            layout: A
            size: [10, 10]
            root:
              vgroup: g
              children:
                - item: a
                  height: 11
                - item: b
                  width: 11
            ---
            layout: B
            size: [10, 10]
            root:
              item: ok
            """
        let result = request(yaml)
        #expect(result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.outOfSpace, 4, 3)])
        #expect(result.table?.layouts.map(\.name) == ["B"])
    }
}
