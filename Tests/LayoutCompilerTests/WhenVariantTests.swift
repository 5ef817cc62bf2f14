import Foundation
@testable import LayoutCompiler
import Testing

/// docs/format.md §7.4: `when` width variants in both syntaxes: spelling and conversion, every
/// static error (code, line, column, message), and frames at widths on both sides of a breakpoint.
@Suite("when: width variants (docs/format.md §7.4)")
struct WhenVariantTests {
    typealias E = TextLayoutDiagnosticTests.E

    static func diagnostics(_ source: String, _ syntax: SourceSyntax) -> [E] {
        TextLayoutDiagnosticTests.diagnostics(source, syntax)
    }

    static let adaptive = """
        layout: Profile
        size: [390, 844]
        root:
          vgroup: main
          children:
            - vgroup: stack
              when: {maxWidth: 600}
              children:
                - item: avatar
                  height: 100
                - item: bio
            - hgroup: sideBySide
              when: {minWidth: 600}
              children:
                - item: avatar
                  width: 200
                - item: bio
        """

    @Test("YAML → text → YAML: a range for what it spells, the attribute form for the rest; the same AST back")
    func conversion() throws {
        let yaml = """
            layout: L
            root:
              vgroup: main
              children:
                - item: a
                  when: {minWidth: 600}
                - item: b
                  when: {maxWidth: 600}
                - item: c
                  when: {minWidth: 600, maxWidth: 1000.5}
                - item: d
                  when: {maxWidth: 1000, minWidth: 600}
                - item: e
                  when: 5
                - item: f
                  when: {}
                - item: g
                  when: {minWidth: 1, maxWdth: "x y"}
                - item: h
                  when: {minWidth: abc}
            """
        let original = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml)
        #expect(original.diagnostics.isEmpty)
        let text = try #require(LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text)
        #expect(text == """
            layout L {
              vgroup main {
                item a .when(600...)
                item b .when(..<600)
                item c .when(600..<1000.5)
                item d (when: [maxWidth: 1000, minWidth: 600])
                item e (when: 5)
                item f (when: [:])
                item g (when: [minWidth: 1, maxWdth: "x y"])
                item h .when(.abc...)
              }
            }

            """)
        #expect(LayoutSource.format(Array(text.utf8)).text == text)
        let back = try #require(LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text)
        #expect(structure(LayoutSource.parse(Array(back.utf8), syntax: .yaml).file) == structure(original.file))
        #expect(back.contains("when: {maxWidth: 1000, minWidth: 600}") && back.contains("when: {}") && back.contains("when: 5"))
    }

    @Test("the text form's range: one spelling; a closed range, a missing operator and a range written as an attribute are syntax errors")
    func textSyntax() {
        func errors(_ header: String) -> [E] {
            Self.diagnostics("layout L {\n  vgroup main {\n    item a \(header)\n  }\n}\n", .text)
        }
        #expect(errors(".when(600..<1000)").isEmpty)
        #expect(errors(".when(600...1000)") == [E(.syntax, 3, 21, "'.when' takes a half-open range, present for widths from 600 up to but not including the upper bound: write 600..<b, or 600... with no upper bound")])
        #expect(errors(".when(600)") == [E(.syntax, 3, 21, "expected '...' or '..<' after the lower width of '.when' (600... or 600..<1000), found ')'")])
        #expect(errors(".when(...)") == [E(.syntax, 3, 18, "expected a width range such as 600..., ..<600 or 600..<1000, found '...'")])
        #expect(errors("(when: [minWidth: 600])") == [E(.syntax, 3, 13, "write this width range as the modifier .when(600...) before the attribute list")])
        #expect(errors(".when(..<600) .when(..<700)") == [E(.syntax, 3, 26, "duplicate 'when' on this node (first at 3:12)")])
    }

    @Test("static errors of when, at the same places in both syntaxes")
    func staticErrors() {
        let yaml = """
            layout: Bad
            size: [390, 844]
            root:
              vgroup:
              when: {minWidth: 1}
              children:
                - item: a
                  when: 5
                - item: b
                  when: {}
                - item: c
                  when: {minWidth: 600, maxWidth: 600}
                - item: d
                  when: {minWidth: -1, maxWdth: 3}
                - item: e
                  when: {minWidth: 300}
                - item: e
                  when: {minWidth: 200, maxWidth: 400}
                - item: f
                - item: f
                - item: g
                  when: {maxWidth: 300}
                - item: g
                  dynamic: true
                  when: {minWidth: 300}
                - item: h
                  when: {maxWidth: 300}
                - item: h
                  when: {minWidth: 300}
            """
        let text = """
            layout Bad (size: 390x844) {
              vgroup .when(1...) {
                item a (when: 5)
                item b (when: [:])
                item c .when(600..<600)
                item d (when: [minWidth: -1, maxWdth: 3])
                item e .when(300...)
                item e .when(200..<400)
                item f
                item f
                item g .when(..<300)
                item g dynamic .when(300...)
                item h .when(..<300)
                item h .when(300...)
              }
            }
            """
        let mapping = "'when' must be a mapping such as {minWidth: 600, maxWidth: 1000} (present for container widths 600 ≤ W < 1000), not the number 5"
        let empty = "'when' needs minWidth, maxWidth, flag or unless: when: {minWidth: 600} (present for container widths of 600 and more) or when: {flag: compact} (present while flag 'compact' is on)"
        let noWidth = "no width W satisfies 600 ≤ W < 600: 'minWidth' must be less than 'maxWidth'"
        let negative = "'minWidth' must be a width, a number from 0 to 1e9, not the number -1"
        let unknown = "unknown key 'maxWdth' in 'when'; did you mean 'maxWidth'?"
        func overlap(_ at: String) -> String {
            "another node of this layout named 'e' (at \(at)) is present at W ≥ 300, and this one at 200 ≤ W < 400: nodes may share a name only where their 'when' ranges are disjoint"
        }
        func disagree(_ at: String) -> String {
            "nodes named 'g' must take the same run-time input: the one at \(at) is given no run-time size, this one a dynamic item (a content size)"
        }
        TextLayoutDiagnosticTests().expect(yaml: yaml, [
            E(.misplacedKey, 5, 3, "'when' does not apply to the root node: the root is always present"),
            E(.invalidValue, 8, 7, mapping), E(.invalidValue, 10, 7, empty), E(.invalidValue, 12, 7, noWidth),
            E(.invalidValue, 14, 14, negative), E(.unknownKey, 14, 28, unknown),
            E(.duplicateName, 17, 7, overlap("15:7")),
            E(.duplicateName, 20, 7, "another node of this layout is already named 'f' (at 19:7)"),
            E(.duplicateName, 23, 7, disagree("21:7")),
        ], text: text, [
            E(.misplacedKey, 2, 10, "'when' does not apply to the root node: the root is always present"),
            E(.invalidValue, 3, 13, mapping), E(.invalidValue, 4, 13, empty), E(.invalidValue, 5, 12, noWidth),
            E(.invalidValue, 6, 20, negative), E(.unknownKey, 6, 34, unknown),
            E(.duplicateName, 8, 5, overlap("7:5")),
            E(.duplicateName, 10, 5, "another node of this layout is already named 'f' (at 9:5)"),
            E(.duplicateName, 12, 5, disagree("11:5")),
        ])
    }

    @Test("when in a layout with fit: width or both is misplacedKey; with fit: height it applies; an ancestor's range limits its children's")
    func fitAndAncestors() {
        let yaml = """
            layout: L
            fit: width
            size: [0, 100]
            root:
              hgroup: main
              children:
                - item: a
                  width: 10
                  when: {minWidth: 600}
            """
        let text = """
            layout L (size: 0x100, fit: width) {
              hgroup main {
                item a .width(10) .when(600...)
              }
            }
            """
        let fitWidth = "'when' does not apply to a layout with 'fit: width' or 'fit: both': its width is an output, so no width can choose its nodes"
        TextLayoutDiagnosticTests().expect(yaml: yaml, [E(.misplacedKey, 9, 7, fitWidth)], text: text, [E(.misplacedKey, 3, 23, fitWidth)])
        // an empty presence range (the parent's ∩ the child's) is allowed; such a node shares its name with anyone
        let nested = """
            layout: L
            root:
              vgroup: main
              children:
                - vgroup: narrow
                  when: {maxWidth: 600}
                  children:
                    - item: a
                      when: {minWidth: 700}
                - item: a
            """
        #expect(Self.diagnostics(nested, .yaml).isEmpty)
    }

    @Test("frames: below 600 the stacked variant, from 600 the side-by-side one, each name once; W is the container's width before safe-area insets")
    func frames() {
        expectFrames(Self.adaptive, size: S(390, 844), [
            F("main", 0, 0, 390, 844), F("stack", 0, 0, 390, 844), F("avatar", 0, 0, 390, 100), F("bio", 0, 100, 390, 744),
        ])
        expectFrames(Self.adaptive, size: S(599.5, 844), [
            F("main", 0, 0, 599.5, 844), F("stack", 0, 0, 599.5, 844), F("avatar", 0, 0, 599.5, 100), F("bio", 0, 100, 599.5, 744),
        ])
        expectFrames(Self.adaptive, size: S(600, 800), [
            F("main", 0, 0, 600, 800), F("sideBySide", 0, 0, 600, 800), F("avatar", 0, 0, 200, 800), F("bio", 200, 0, 400, 800),
        ])
        // safe-area insets do not move the breakpoint: 620 − 40 is 580, but W is 620
        let safe = Self.adaptive.replacingOccurrences(of: "  vgroup: main\n", with: "  vgroup: main\n  safeArea: true\n")
        expectFrames(safe, size: S(620, 800), safeArea: I(0, 20, 0, 20), [
            F("main", 20, 0, 580, 800), F("sideBySide", 20, 0, 580, 800), F("avatar", 20, 0, 200, 800), F("bio", 220, 0, 380, 800),
        ])
    }

    @Test("an absent node is hidden as by --hide: no spacing, and a flow leaves its elements out")
    func hiddenLikeOptional() {
        let yaml = """
            layout: L
            root:
              vgroup: main
              spacing: 10
              children:
                - item: a
                  height: 20
                - item: b
                  height: 30
                  when: {minWidth: 500}
                - flow: tags
                  spacing: [5, 5]
                  items:
                    - item: x
                      size: [40, 10]
                    - item: y
                      size: [40, 10]
                      when: {maxWidth: 500}
                    - item: z
                      size: [40, 10]
            """
        expectFrames(yaml, size: S(400, 200), [
            F("main", 0, 0, 400, 200), F("a", 0, 0, 400, 20), F("tags", 0, 30, 400, 170),
            F("x", 0, 30, 40, 10), F("y", 45, 30, 40, 10), F("z", 90, 30, 40, 10),
        ])
        expectFrames(yaml, size: S(500, 200), [
            F("main", 0, 0, 500, 200), F("a", 0, 0, 500, 20), F("b", 0, 30, 500, 30), F("tags", 0, 70, 500, 130),
            F("x", 0, 70, 40, 10), F("z", 45, 70, 40, 10),
        ])
    }

    @Test("--hide and --sizes name every node of a shared name")
    func runTimeInputsByName() {
        let yaml = """
            layout: L
            root:
              vgroup: main
              children:
                - item: photo
                  optional: true
                  height: 50
                  when: {maxWidth: 500}
                - hgroup: row
                  height: 40
                  children:
                    - item: photo
                      optional: true
                      width: 60
                      when: {minWidth: 500}
                    - item: name
                      dynamic: true
                      when: {minWidth: 500}
                - item: name
                  dynamic: true
                  when: {maxWidth: 500}
                - item: rest
            """
        let hidden = request(yaml, size: S(300, 200), sizes: ["name": [S(100, 20)]])
        #expect(hidden.diagnostics.isEmpty)
        let narrow = hidden.table?.layouts.first?.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
        expectSame(narrow, [F("main", 0, 0, 300, 200), F("photo", 0, 0, 300, 50), F("row", 0, 50, 300, 40),
                            F("name", 0, 90, 100, 20), F("rest", 0, 110, 300, 90)])
        var wideRequest = FramesRequest(size: S(600, 200), dynamicSizes: ["name": [S(100, 20)]])
        wideRequest.hidden = ["photo"]
        let wide = wideRequest.run(on: Array(yaml.utf8))
        #expect(wide.diagnostics.isEmpty)
        let wideFrames = wide.table?.layouts.first?.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
        expectSame(wideFrames, [F("main", 0, 0, 600, 200), F("row", 0, 0, 600, 40), F("name", 0, 0, 100, 20), F("rest", 0, 40, 600, 160)])
    }
}

/// docs/lint.md, docs/format.md §7.4: each device size lints the variants its width selects;
/// `widthVariantGap`; preview captions name the variants a panel shows.
@Suite("when: lint and preview")
struct WhenVariantLintTests {
    @Test("widthVariantGap: a shared name no variant covers at some device width, once per name with every gap and device")
    func gap() {
        let yaml = """
            layout: Gap
            root:
              vgroup: main
              children:
                - item: photo
                  when: {maxWidth: 400}
                - item: photo
                  when: {minWidth: 800}
                - item: single
                  when: {minWidth: 800}
            """
        let only = DeviceMatrix.builtIn.filter { $0.id == "iphone-16-pro" || $0.id == "iphone-se-3" }
        let results = lintResults(yaml, layers: [LintLayer(settings: LintSettings(devices: DeviceSelection(only: only, orientations: [.portrait])))])
        #expect(results.map { "\($0.rule)@\($0.location.line):\($0.location.column): \($0.message)" } == [
            "widthVariantGap@5:7: 'photo' (width variants at 5:7, 7:7) has no frame at container widths 400 ≤ W < 800, as on iPhone 16 Pro portrait (402): widen a variant's 'when' to cover them",
        ])
    }

    @Test("lint selects each device's variants: a variant too wide for phones fails on phones only")
    func perDevice() {
        let yaml = """
            layout: Wide
            root:
              vgroup: main
              children:
                - item: bar
                  width: 500
                  when: {minWidth: 600}
                - item: bar
                  when: {maxWidth: 600}
            """
        #expect(lintResults(yaml).filter { $0.severity == .error }.isEmpty)
        let narrow = yaml.replacingOccurrences(of: "minWidth: 600}", with: "minWidth: 400}").replacingOccurrences(of: "maxWidth: 600}", with: "maxWidth: 400}")
        let errors = lintResults(narrow).filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["outOfSpace"])
        #expect(errors.first?.devices.allSatisfy { $0.contains("iPhone") && !$0.contains("iPad") } == true)
    }

    @Test("preview --all-devices: each panel's caption names the variants its width selects")
    func captions() throws {
        let bytes = Array(WhenVariantTests.adaptive.utf8)
        let phone = try #require(DeviceMatrix.all.first { $0.size.width < 600 })
        let pad = try #require(DeviceMatrix.all.first { $0.size.width >= 600 })
        let svg = try #require(PreviewRequest(sizes: [phone, pad]).run(on: bytes).svg)
        #expect(svg.contains(phone.label + ": vgroup 'stack' (W &lt; 600)"))
        #expect(svg.contains(pad.label + ": hgroup 'sideBySide' (W ≥ 600)"))
        let plan = try #require(LayoutCompiler.compile(yaml: bytes).plans.first ?? nil)
        #expect(WidthVariants.breakpoints(of: plan) == [600])
    }
}
