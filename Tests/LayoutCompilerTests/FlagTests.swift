import Foundation
@testable import LayoutCompiler
import Testing

/// docs/format.md §8.7: flags in `when` (`flag: NAME`, `unless: NAME`) in both syntaxes: frames
/// with flags on and off, every static error (code, line, column, message), `--flag`'s usage
/// errors, conversion, and the invariant that a flag off lays out the file without its nodes.
@Suite("when: flags (docs/format.md §8.7)")
struct FlagTests {
    typealias E = TextLayoutDiagnosticTests.E

    /// The frames of the first layout with these flags on; records an issue on any diagnostic.
    static func frames(_ source: String, syntax: SourceSyntax = .yaml, size: Size? = nil, flags: [String] = [],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [F] {
        var request = FramesRequest(size: size)
        request.flags = flags
        let result = request.run(on: Array(source.utf8), syntax: syntax)
        #expect(result.diagnostics.isEmpty && result.usageProblems.isEmpty,
                "unexpected: \(result.diagnostics.map { "\($0.code.rawValue)@\($0.location): \($0.message)" }) \(result.usageProblems)",
                sourceLocation: sourceLocation)
        return result.table?.layouts.first?.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
    }

    /// One view arranged two ways by a flag: a row of avatar and name, or the two stacked.
    static let card = """
        layout: Card
        size: [300, 200]
        root:
          vgroup: main
          spacing: 10
          children:
            - hgroup: row
              height: 50
              when: {unless: compact}
              children:
                - item: avatar
                  width: 50
                - item: name
            - vgroup: stack
              height: 90
              when: {flag: compact}
              children:
                - item: avatar
                  height: 40
                - item: name
            - item: badge
              height: 20
              when: {flag: [compact, premium]}
            - item: footer
              height: 30
        """

    @Test("frames: every flag off by default, `unless` nodes present; a flag on swaps the variants; a list needs every flag")
    func frames() {
        expectSame(Self.frames(Self.card), [
            F("main", 0, 0, 300, 200), F("row", 0, 0, 300, 50), F("avatar", 0, 0, 50, 50), F("name", 50, 0, 250, 50),
            F("footer", 0, 60, 300, 30),
        ])
        expectSame(Self.frames(Self.card, flags: ["compact"]), [
            F("main", 0, 0, 300, 200), F("stack", 0, 0, 300, 90), F("avatar", 0, 0, 300, 40), F("name", 0, 40, 300, 50),
            F("footer", 0, 100, 300, 30),
        ])
        expectSame(Self.frames(Self.card, flags: ["compact", "premium"]), [
            F("main", 0, 0, 300, 200), F("stack", 0, 0, 300, 90), F("avatar", 0, 0, 300, 40), F("name", 0, 40, 300, 50),
            F("badge", 0, 100, 300, 20), F("footer", 0, 130, 300, 30),
        ])
        // premium alone: the badge needs compact too
        expectSame(Self.frames(Self.card, flags: ["premium"]), Self.frames(Self.card))
    }

    @Test("flags beside a width range: every condition must hold; ancestors' conditions count; a flow leaves a flagged item's elements out")
    func withWidthsAndAncestors() {
        let yaml = """
            layout: L
            root:
              vgroup: main
              children:
                - vgroup: outer
                  height: 40
                  when: {flag: a}
                  children:
                    - item: inner
                      when: {minWidth: 300, unless: b}
                - flow: tags
                  spacing: [5, 5]
                  items:
                    - item: x
                      size: [40, 10]
                    - item: y
                      size: [40, 10]
                      count: 2
                      when: {unless: a}
                    - item: z
                      size: [40, 10]
            """
        expectSame(Self.frames(yaml, size: S(400, 100)), [
            F("main", 0, 0, 400, 100), F("tags", 0, 0, 400, 100),
            F("x", 0, 0, 40, 10), F("y[0]", 45, 0, 40, 10), F("y[1]", 90, 0, 40, 10), F("z", 135, 0, 40, 10),
        ])
        expectSame(Self.frames(yaml, size: S(400, 100), flags: ["a"]), [
            F("main", 0, 0, 400, 100), F("outer", 0, 0, 400, 40), F("inner", 0, 0, 400, 40), F("tags", 0, 40, 400, 60),
            F("x", 0, 40, 40, 10), F("z", 45, 40, 40, 10),
        ])
        expectSame(Self.frames(yaml, size: S(299, 100), flags: ["a"]), [
            F("main", 0, 0, 299, 100), F("outer", 0, 0, 299, 40), F("tags", 0, 40, 299, 60),
            F("x", 0, 40, 40, 10), F("z", 45, 40, 40, 10),
        ])
        expectSame(Self.frames(yaml, size: S(400, 100), flags: ["a", "b"]), [
            F("main", 0, 0, 400, 100), F("outer", 0, 0, 400, 40), F("tags", 0, 40, 400, 60),
            F("x", 0, 40, 40, 10), F("z", 45, 40, 40, 10),
        ])
    }

    @Test("a layout with fit: width takes a when of flags only")
    func fitWidth() {
        let yaml = """
            layout: L
            fit: both
            root:
              hgroup: main
              children:
                - item: a
                  size: [10, 20]
                - item: b
                  size: [30, 5]
                  when: {flag: wide}
            """
        expectSame(Self.frames(yaml), [F("main", 0, 0, 10, 20), F("a", 0, 0, 10, 20)])
        expectSame(Self.frames(yaml, flags: ["wide"]), [F("main", 0, 0, 40, 20), F("a", 0, 0, 10, 20), F("b", 10, 0, 30, 5)])
    }

    @Test("the invariant: with a flag off the frames are those of the file with its flagged nodes deleted; with it on, those of the file with its `unless` nodes deleted")
    func deletedNodes() {
        // Each node with `when` is written on lines ending in "#F" (flag f) or "#U" (unless f), but
        // for its `when`, ending in "#".
        let files = [
            """
            layout: L
            size: [320, 240]
            root:
              hgroup: main
              spacing: 8
              padding: 4
              children:
                - item: a
                  width: 40
                - item: b       #F
                  percent: 25   #F
                  when: {flag: f} #
                - vgroup: c     #U
                  width: fit    #U
                  when: {unless: f} #
                  children:     #U
                    - item: c1  #U
                      size: [30, 30] #U
                - spacer:
                - item: d       #F
                  width: 2      #F
                  when: {flag: f} #
                - item: e
                  width: flexible
            """,
            """
            layout: L
            size: [200, 300]
            root:
              overlay: main
              children:
                - flow: tags
                  spacing: [4, 6]
                  height: fit
                  top: 0
                  items:
                    - item: p
                      size: [60, 20]
                      count: 3
                    - item: q   #U
                      size: [90, 20] #U
                      when: {unless: f} #
                    - item: r
                      size: [50, 25]
                - item: dot     #F
                  size: [10, 10] #F
                  center: true  #F
                  when: {flag: f} #
            """,
            """
            layout: L
            size: [300, 100]
            root:
              vgroup: main
              spacing: 5
              align: center
              children:
                - hgroup: row
                  height: fit
                  spacing: 3
                  children:
                    - item: x
                      size: [20, 20]
                    - item: y   #F
                      size: [20, 50] #F
                      when: {flag: f} #
                - item: z       #U
                  height: 10    #U
                  width: 100    #U
                  when: {unless: f} #
                - item: w
                  height: 10
            """,
        ]
        for file in files {
            // The nodes marked `marker` deleted, and the `when` of the others: a file without flags.
            func deleting(_ marker: String) -> String {
                file.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasSuffix(marker) && !($0.contains("when:") && $0.hasSuffix("#")) }
                    .joined(separator: "\n")
            }
            expectSame(Self.frames(file), Self.frames(deleting("#F")))
            expectSame(Self.frames(file, flags: ["f"]), Self.frames(deleting("#U")))
            // and in the text form
            let text = LayoutSource.convert(Array(file.utf8), from: .yaml, to: .text).text ?? ""
            expectSame(Self.frames(text, syntax: .text, flags: ["f"]), Self.frames(deleting("#U")))
        }
    }

    @Test("nodes of one name: disjoint by a flag one needs on and the other off; a condition that never holds is disjoint from all")
    func variants() {
        let yaml = """
            layout: L
            size: [300, 100]
            root:
              vgroup: main
              children:
                - item: a
                  when: {flag: x}
                - item: a
                  when: {unless: x, minWidth: 200}
                - item: a
                  when: {maxWidth: 200, flag: y, unless: x}
                - vgroup: never
                  when: {flag: z}
                  children:
                    - item: b
                      when: {unless: z}
                - item: b
            """
        #expect(TextLayoutDiagnosticTests.diagnostics(yaml, .yaml).isEmpty)
        let members = SwiftCodeGenerator.members(of: LayoutCompiler.compile(yaml: Array(yaml.utf8)).plans.first!!)
        // a: no flag x and width < 200 without y leaves no 'a'; b: always present (the other one never is)
        #expect(members.map { "\($0.name)\($0.isOptional ? "?" : "")" } == ["main", "a?", "never?", "b"])
        let covering = """
            layout: L
            size: [300, 100]
            root:
              vgroup: main
              children:
                - item: a
                  when: {flag: x}
                - item: a
                  when: {unless: x}
            """
        let coveringMembers = SwiftCodeGenerator.members(of: LayoutCompiler.compile(yaml: Array(covering.utf8)).plans.first!!)
        #expect(coveringMembers.map { "\($0.name)\($0.isOptional ? "?" : "")" } == ["main", "a"])
    }

    @Test("static errors of flags, at the same places in both syntaxes")
    func staticErrors() {
        let yaml = """
            layout: Bad
            size: [390, 844]
            root:
              vgroup: main
              children:
                - item: a
                  when: {flag: true}
                - item: b
                  when: {unless: "no name"}
                - item: c
                  when: {flag: ~}
                - item: d
                  when: {flag: []}
                - item: e
                  when: {flag: [x, [y]]}
                - item: f
                  when: {unless: [x, ~]}
                - item: g
                  when: {flag: [p, q], unless: q}
                - item: h
                  when: {flag: size}
                - item: i
                  when: {flag: k}
                - item: i
                  when: {unless: j}
                - item: badge
                  optional: true
                  size: [10, 10]
                - item: m
                  when: {flag: badge}
                - item: late
                  when: {unless: early}
                - item: early
                  dynamic: true
                - item: n
                  when: {flg: k}
            """
        let text = """
            layout Bad (size: 390x844) {
              vgroup main {
                item a .when(flag: true)
                item b .when(unless: "no name")
                item c .when(flag: nil)
                item d .when(flag: [])
                item e .when(flag: [x, [y]])
                item f .when(unless: [x, nil])
                item g .when(flag: [p, q], unless: q)
                item h .when(flag: size)
                item i .when(flag: k)
                item i .when(unless: j)
                item badge optional .size(10, 10)
                item m .when(flag: badge)
                item late .when(unless: early)
                item early dynamic
                item n (when: [flg: k])
              }
            }
            """
        let name = { (key: String, found: String) in
            "a flag is named like a node, letters, digits and _ not starting with a digit (\(key): compact), not \(found)"
        }
        let value = { (key: String, found: String) in
            "'\(key)' takes a flag's name or a non-empty list of names (\(key): compact, or \(key): [compact, dark]), not \(found)"
        }
        let onAndOff = "flag 'q' is both in 'flag' and in 'unless', so the node could never be present: remove it from one of them"
        let reserved = "a flag cannot be named 'size': generated code already has an argument of that name; rename the flag (flag: sizeMode)"
        let overlap = { (at: String) in
            "another node of this layout named 'i' (at \(at)) is present with flag 'k' on, and this one with flag 'j' off, which can hold together: nodes may share a name only where their 'when' conditions are disjoint (disjoint width ranges, or a flag one needs on and the other off)"
        }
        let clash = { (flag: String, at: String) in
            "flag '\(flag)' has the name of a node that takes a run-time value (at \(at)): rename the flag or the node"
        }
        let unknown = "unknown key 'flg' in 'when'; did you mean 'flag'?"
        TextLayoutDiagnosticTests().expect(yaml: yaml, [
            E(.invalidName, 7, 14, name("flag", "the boolean true")),
            E(.invalidName, 9, 14, name("unless", "'no name'")),
            E(.invalidValue, 11, 14, value("flag", "an empty value")),
            E(.invalidValue, 13, 14, value("flag", "an empty list")),
            E(.invalidValue, 15, 14, value("flag", "a nested list")),
            E(.invalidValue, 17, 14, value("unless", "an empty value")),
            E(.conflictingConstraints, 19, 7, onAndOff),
            E(.invalidName, 21, 14, reserved),
            E(.duplicateName, 24, 7, overlap("22:7")),
            E(.duplicateName, 30, 14, clash("badge", "26:7")),
            E(.duplicateName, 33, 7, clash("early", "32:14")),
            E(.unknownKey, 36, 14, unknown),
        ], text: text, [
            E(.invalidName, 3, 18, name("flag", "the boolean true")),
            E(.invalidName, 4, 18, name("unless", "'no name'")),
            E(.invalidValue, 5, 18, value("flag", "an empty value")),
            E(.invalidValue, 6, 18, value("flag", "an empty list")),
            E(.invalidValue, 7, 18, value("flag", "a nested list")),
            E(.invalidValue, 8, 18, value("unless", "an empty value")),
            E(.conflictingConstraints, 9, 12, onAndOff),
            E(.invalidName, 10, 18, reserved),
            E(.duplicateName, 12, 5, overlap("11:5")),
            E(.duplicateName, 14, 18, clash("badge", "13:5")),
            E(.duplicateName, 16, 5, clash("early", "15:21")),
            E(.unknownKey, 17, 20, unknown),
        ])
    }

    @Test("a mapping for flag is invalidValue at its key (the YAML form: the text form cannot write one)")
    func mappingValue() {
        let yaml = "layout: L\nroot:\n  vgroup: main\n  children:\n    - item: a\n      when: {unless: {x: 1}}\n"
        #expect(TextLayoutDiagnosticTests.diagnostics(yaml, .yaml) == [
            E(.invalidValue, 6, 14, "'unless' takes a flag's name or a non-empty list of names (unless: compact, or unless: [compact, dark]), not a mapping"),
        ])
    }

    @Test("fit: width: a when with a width is misplacedKey, one of flags alone is not; an empty when names the four keys")
    func fitWidthErrors() {
        let yaml = """
            layout: L
            fit: width
            size: [0, 100]
            root:
              hgroup: main
              children:
                - item: a
                  width: 10
                  when: {flag: x, minWidth: 10}
                - item: b
                  width: 10
                  when: {flag: x}
                - item: c
                  width: 10
                  when: {}
            """
        #expect(TextLayoutDiagnosticTests.diagnostics(yaml, .yaml) == [
            E(.misplacedKey, 9, 7, "'when' does not apply to a layout with 'fit: width' or 'fit: both': its width is an output, so no width can choose its nodes"),
            E(.invalidValue, 15, 7, "'when' needs minWidth, maxWidth, flag or unless: when: {minWidth: 600} (present for container widths of 600 and more) or when: {flag: compact} (present while flag 'compact' is on)"),
        ])
    }

    @Test("text form: .when(range, flag:, unless:) and the attribute form for other orders; conversion and formatting keep every value")
    func conversion() throws {
        let yaml = """
            layout: L
            root:
              vgroup: main
              children:
                - item: a
                  when: {flag: x}
                - item: b
                  when: {unless: [x, y]}
                - item: c
                  when: {minWidth: 100, maxWidth: 200, flag: x, unless: y}
                - item: d
                  when: {unless: y, flag: x}
                - item: e
                  when: {maxWidth: 50, unless: x}
                - item: f
                  when: {flag: true}
                - item: h
                  when: {flag: "two words"}
            """
        let original = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml)
        #expect(original.diagnostics.isEmpty)
        let text = try #require(LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text)
        #expect(text == """
            layout L {
              vgroup main {
                item a .when(flag: x)
                item b .when(unless: [x, y])
                item c .when(100..<200, flag: x, unless: y)
                item d (when: [unless: y, flag: x])
                item e .when(..<50, unless: x)
                item f .when(flag: true)
                item h .when(flag: "two words")
              }
            }

            """)
        #expect(LayoutSource.format(Array(text.utf8)).text == text)
        let back = try #require(LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text)
        #expect(structure(LayoutSource.parse(Array(back.utf8), syntax: .yaml).file) == structure(original.file))
        #expect(back.contains("when: {minWidth: 100, maxWidth: 200, flag: x, unless: y}") && back.contains("when: {unless: y, flag: x}"))
    }

    @Test("text form syntax errors: a label other than flag or unless after the range, a repeated label")
    func textSyntax() {
        func errors(_ header: String) -> [E] {
            TextLayoutDiagnosticTests.diagnostics("layout L {\n  vgroup main {\n    item a \(header)\n  }\n}\n", .text)
        }
        #expect(errors(".when(600..., flag: x)").isEmpty)
        #expect(errors(".when(600..., 3)") == [E(.syntax, 3, 26, "expected 'flag:' or 'unless:' after ',' in '.when' (.when(600..., flag: compact)), found '3'")])
        #expect(errors(".when(flag: x, flag: y)") == [E(.syntax, 3, 27, "duplicate 'flag' on this node (first at 3:18)")])
    }

    @Test("layoutc frames --flag: frames, and the usage errors (exit 64): an empty name before the file is read, an unknown or repeated name after the static checks")
    func commandLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-flags-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.card.utf8).write(to: directory.appendingPathComponent("Card.layout.yaml"))
        let on = try CommandLine_.run(["frames", "Card.layout.yaml", "--flag", "compact", "--format", "csv"], in: directory)
        #expect(on.status == 0 && on.stderr.isEmpty)
        #expect(on.stdout.contains("stack,vgroup,0,0,300,90") && !on.stdout.contains("row,"))
        let both = try CommandLine_.run(["frames", "Card.layout.yaml", "--flag", "compact,premium", "--format", "csv"], in: directory)
        #expect(both.status == 0 && both.stdout.contains("badge,item,0,100,300,20"))
        let repeatedOption = try CommandLine_.run(["frames", "Card.layout.yaml", "--flag", "compact", "--flag", "premium", "--format", "csv"], in: directory)
        #expect(repeatedOption.stdout == both.stdout)
        // an empty name: before the file is read (it does not exist here)
        let empty = try CommandLine_.run(["frames", "Missing.layout.yaml", "--flag", "a,,b"], in: directory)
        #expect(empty.status == 64 && empty.stderr.contains("a flag name is empty"))
        let unknown = try CommandLine_.run(["frames", "Card.layout.yaml", "--flag", "dark"], in: directory)
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "error: --flag names 'dark', which is not a flag of Card.layout.yaml (a name in a 'when: {flag: …}' or 'unless')\n")
        // a name that is no name is no flag either: after the static checks too
        let notAName = try CommandLine_.run(["frames", "Card.layout.yaml", "--flag", "3x"], in: directory)
        #expect(notAName.status == 64)
        #expect(notAName.stderr == "error: --flag names '3x', which is not a flag of Card.layout.yaml (a name in a 'when: {flag: …}' or 'unless')\n")
        let twice = try CommandLine_.run(["frames", "Card.layout.yaml", "--flag", "compact,compact"], in: directory)
        #expect(twice.status == 64)
        #expect(twice.stderr == "error: --flag gives 'compact' more than once; give each flag once\n")
        // static errors first (exit 1), the usage error not reported
        try Data((Self.card + "\n    - item: footer\n").utf8).write(to: directory.appendingPathComponent("Bad.layout.yaml"))
        let bad = try CommandLine_.run(["frames", "Bad.layout.yaml", "--flag", "dark"], in: directory)
        #expect(bad.status == 1 && bad.stderr.contains("[duplicateName]") && !bad.stderr.contains("--flag"))
    }

    @Test("lint lays flags out on and off at every device: an overflow with a flag on names it; FlagStates' combinations")
    func lint() {
        let yaml = """
            layout: Lint
            root:
              hgroup: main
              children:
                - item: a
                  width: 300
                - item: b
                  width: 200
                  when: {flag: wide}
                - item: c
            """
        let only = DeviceMatrix.builtIn.filter { $0.id == "iphone-se-3" }
        let results = lintResults(yaml, layers: [LintLayer(settings: LintSettings(devices: DeviceSelection(only: only, orientations: [.portrait])))])
        #expect(results.map { "\($0.rule)@\($0.location.line):\($0.location.column): \($0.message)" } == [
            "outOfSpace@3:3: hgroup 'main' needs 500 pt but has 375 pt (flag 'wide' on) on iPhone SE (3rd generation) portrait (375×667)",
        ])
        #expect(FlagStates(flagNames: ["a", "b"]).states == [[], ["a"], ["b"], ["a", "b"]])
        #expect(FlagStates(flagNames: ["a", "b", "c", "d", "e"]).states == [
            [], ["a"], ["b"], ["c"], ["d"], ["e"],
            ["b", "c", "d", "e"], ["a", "c", "d", "e"], ["a", "b", "d", "e"], ["a", "b", "c", "e"], ["a", "b", "c", "d"],
            ["a", "b", "c", "d", "e"],
        ])
    }

    @Test(".layoutlint.yml's flags: lists the combinations lint runs; a bad value is an error at it")
    func lintConfiguration() {
        let yaml = """
            layout: Lint
            root:
              hgroup: main
              children:
                - item: a
                  width: 300
                - item: b
                  width: 200
                  when: {flag: wide}
                - item: c
                  width: 50
                  when: {flag: narrow}
            """
        let only = DeviceMatrix.builtIn.filter { $0.id == "iphone-se-3" }
        var settings = LintSettings(devices: DeviceSelection(only: only, orientations: [.portrait]))
        settings.flagCombinations = [[], ["narrow", "unknown"]]
        // 'wide' is never on: no overflow
        #expect(lintResults(yaml, layers: [LintLayer(settings: settings)]).filter { $0.rule == "outOfSpace" }.isEmpty)
        settings.flagCombinations = [["wide"]]
        #expect(lintResults(yaml, layers: [LintLayer(settings: settings)]).map(\.message) == [
            "hgroup 'main' needs 500 pt but has 375 pt (flag 'wide' on) on iPhone SE (3rd generation) portrait (375×667)",
        ])
        #expect(FlagStates.states(for: ["a", "b"], configured: [["b", "a"], ["a", "b"], ["x"]]) == [["a", "b"], []])
        let parsed = LintConfiguration.parse("flags: [[], [compact, dark]]\n")
        #expect(parsed.diagnostics.isEmpty && parsed.configuration.settings.flagCombinations == [[], ["compact", "dark"]])
        let bad = LintConfiguration.parse("flags: [compact]\noverrides:\n  - flags: [[\"two words\"]]\n")
        #expect(bad.diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column): \($0.message)" } == [
            "invalidValue@1:9: 'flags' lists the combinations of flags lint turns on, each a list of flag names, e.g. 'flags: [[], [compact], [compact, dark]]'",
            "invalidValue@3:14: a flag in 'flags' must be a name (letters, digits and _, not starting with a digit), e.g. 'compact'",
        ])
    }

    @Test("preview draws with the flags given, lists them under the panel, and refuses a name that is no flag")
    func preview() {
        var request = PreviewRequest()
        request.flags = ["compact"]
        let drawn = request.run(on: Array(Self.card.utf8))
        #expect(drawn.diagnostics.isEmpty && drawn.usageProblems.isEmpty)
        let svg = drawn.svg ?? ""
        #expect(svg.contains("Flags on: 'compact'") && svg.contains("data-name=\"stack\"") && !svg.contains("data-name=\"row\""))
        let plain = PreviewRequest().run(on: Array(Self.card.utf8)).svg ?? ""
        #expect(!plain.contains("Flags on") && plain.contains("data-name=\"row\""))
        request.flags = ["dark"]
        #expect(request.run(on: Array(Self.card.utf8)).usageProblems == [.unknownFlagName("dark")])
    }
}
