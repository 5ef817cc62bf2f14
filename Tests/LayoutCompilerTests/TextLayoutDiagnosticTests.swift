import Foundation
@testable import LayoutCompiler
import Testing

/// docs/format.md §7.1–7.3 (text that wraps, shrinking, the layout's `fit`): every static error in
/// both syntaxes, each asserted whole: code, line, column and message. The YAML file and the text
/// file of a case hold the same layout; a message that names another key's place names it in its
/// own file.
@Suite("wrap, shrink and fit: static errors in both syntaxes")
struct TextLayoutDiagnosticTests {
    struct E: Equatable, CustomStringConvertible {
        var code: DiagnosticCode
        var line: Int
        var column: Int
        var message: String

        init(_ code: DiagnosticCode, _ line: Int, _ column: Int, _ message: String) {
            self.code = code
            self.line = line
            self.column = column
            self.message = message
        }

        var description: String { "\(code.rawValue)@\(line):\(column): \(message)" }
    }

    /// The static diagnostics of a file (no container size involved).
    static func diagnostics(_ source: String, _ syntax: SourceSyntax) -> [E] {
        DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(source.utf8), syntax: syntax) }.diagnostics.map {
            E($0.code, $0.location.line, $0.location.column, $0.message)
        }
    }

    func expect(yaml: String, _ yamlExpected: [E], text: String, _ textExpected: [E], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let fromYAML = Self.diagnostics(yaml, .yaml)
        let fromText = Self.diagnostics(text, .text)
        #expect(fromYAML == yamlExpected, "YAML:\n\(fromYAML.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
        #expect(fromText == textExpected, "text:\n\(fromText.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
        // the two files are one layout
        #expect(structure(LayoutSource.parse(Array(yaml.utf8), syntax: .yaml).file) == structure(parseText(text).file), sourceLocation: sourceLocation)
    }

    /// A child of a `group` (its kind line `- child` at 9:11, its properties from 10:11) inside a
    /// root vgroup.
    static func yamlChild(_ group: String, _ child: String, _ properties: [String]) -> String {
        """
        layout: L
        size: [390, 844]
        root:
          vgroup: main
          children:
            - \(group): g
              height: 100
              children:
                - \(child)

        """ + properties.map { "          \($0)\n" }.joined()
    }

    /// The same in the text form: the child's line is line 4, its kind at column 7.
    static func textChild(_ group: String, _ child: String) -> String {
        "layout L (size: 390x844) {\n  vgroup main {\n    \(group) g .height(100) {\n      \(child)\n    }\n  }\n}\n"
    }

    /// A layout with `fit` (its key at 3:1 in YAML, 1:24 in text) and a root.
    static func yamlFit(_ fit: String, _ root: String) -> String {
        "layout: L\nsize: [390, 0]\nfit: \(fit)\nroot:\n" + root
    }

    static func textFit(_ fit: String, _ root: String) -> String {
        "layout L (size: 390x0, fit: \(fit)) {\n" + root + "}\n"
    }

    // MARK: §7.2 shrink

    static func shrinkWithShare(_ title: String, _ axis: String, _ share: String) -> String {
        "'shrink' gives way from a fixed or fit \(axis), but \(title) has \(share) there, which already takes what is left; give it a number or 'fit' \(axis), or leave out 'shrink'"
    }

    @Test("shrink with percent, flexible, width: flexible or no main size: conflictingSize at the shrink key, whatever its value")
    func shrinkWithShare() {
        let percent = Self.shrinkWithShare("item 'a'", "width", "'percent'")
        expect(yaml: Self.yamlChild("hgroup", "item: a", ["height: 10", "percent: 30", "shrink: 1"]),
               [E(.conflictingSize, 12, 11, percent)],
               text: Self.textChild("hgroup", "item a .height(10) .percent(30) .shrink(1)"),
               [E(.conflictingSize, 4, 39, percent)])
        let flexible = Self.shrinkWithShare("item 'a'", "width", "a flexible size")
        expect(yaml: Self.yamlChild("hgroup", "item: a", ["shrink: 2", "flexible: 2"]),
               [E(.conflictingSize, 10, 11, flexible)],
               text: Self.textChild("hgroup", "item a .shrink(2) .flexible(2)"),
               [E(.conflictingSize, 4, 14, flexible)])
        expect(yaml: Self.yamlChild("hgroup", "item: a", ["width: flexible", "shrink: 1"]),
               [E(.conflictingSize, 11, 11, flexible)],
               text: Self.textChild("hgroup", "item a .width(.flexible) .shrink(1)"),
               [E(.conflictingSize, 4, 32, flexible)])
        // no main size: flexible by default; shrink: 0 too
        expect(yaml: Self.yamlChild("hgroup", "item: a", ["height: 10", "shrink: 0"]),
               [E(.conflictingSize, 11, 11, flexible)],
               text: Self.textChild("hgroup", "item a .height(10) .shrink(0)"),
               [E(.conflictingSize, 4, 26, flexible)])
        let vertical = Self.shrinkWithShare("item 'a'", "height", "a flexible size")
        expect(yaml: Self.yamlChild("vgroup", "item: a", ["width: 10", "shrink: 1"]),
               [E(.conflictingSize, 11, 11, vertical)],
               text: Self.textChild("vgroup", "item a .width(10) .shrink(1)"),
               [E(.conflictingSize, 4, 25, vertical)])
        let spacer = Self.shrinkWithShare("spacer", "width", "a flexible size")
        expect(yaml: Self.yamlChild("hgroup", "spacer:", ["shrink: 1"]),
               [E(.conflictingSize, 10, 11, spacer)],
               text: Self.textChild("hgroup", "spacer .shrink(1)"),
               [E(.conflictingSize, 4, 14, spacer)])
    }

    @Test("shrink with aspect: conflictingSize at the shrink key, which names the aspect key")
    func shrinkWithAspect() {
        expect(yaml: Self.yamlChild("hgroup", "item: a", ["height: 10", "shrink: 1", "aspect: 2"]),
               [E(.conflictingSize, 11, 11, "'shrink' cannot go with 'aspect' (at 12:11): item 'a' derives its main size from its cross size; give it a fixed or fit size instead")],
               text: Self.textChild("hgroup", "item a .height(10) .shrink(1) .aspect(2)"),
               [E(.conflictingSize, 4, 26, "'shrink' cannot go with 'aspect' (at 4:37): item 'a' derives its main size from its cross size; give it a fixed or fit size instead")])
    }

    @Test("shrink on a fixed, fit, dynamic or wrap child, or a fixed spacer, is no static error")
    func shrinkAllowed() {
        for (yaml, text) in [
            (["width: 10", "shrink: 1"], "item a .width(10) .shrink(1)"),
            (["dynamic: true", "shrink: 1"], "item a dynamic .shrink(1)"),
            (["dynamic: wrap", "shrink: 1.5"], "item a wrap .shrink(1.5)"),
            (["dynamic: wrap", "height: 20", "shrink: 0"], "item a wrap .height(20) .shrink(0)"),
        ] {
            expect(yaml: Self.yamlChild("hgroup", "item: a", yaml), [], text: Self.textChild("hgroup", text), [])
        }
        expect(yaml: Self.yamlChild("hgroup", "spacer:", ["width: 10", "shrink: 1"]), [], text: Self.textChild("hgroup", "spacer .width(10) .shrink(1)"), [])
        expect(yaml: Self.yamlChild("hgroup", "vgroup: v", ["width: fit", "shrink: 1", "children:", "  - item: x", "    width: 10"]), [],
               text: Self.textChild("hgroup", "vgroup v .width(.fit) .shrink(1) {\n        item x .width(10)\n      }"), [])
    }

    @Test("shrink on an overlay child, a flow item or the root: misplacedKey at the key")
    func shrinkMisplaced() {
        let overlay = "'shrink' does not apply to a child of an overlay: 'shrink' applies only to a child of an hgroup or vgroup"
        expect(yaml: Self.yamlChild("overlay", "item: a", ["size: [10, 10]", "center: true", "shrink: 1"]),
               [E(.misplacedKey, 12, 11, overlay)],
               text: Self.textChild("overlay", "item a .size(10, 10) .center .shrink(1)"),
               [E(.misplacedKey, 4, 36, overlay)])
        let flow = "'shrink' does not apply to an item of a flow: 'shrink' applies only to a child of an hgroup or vgroup"
        expect(yaml: "layout: L\nsize: [390, 844]\nroot:\n  flow: f\n  items:\n    - item: a\n      size: [10, 10]\n      shrink: 1\n",
               [E(.misplacedKey, 8, 7, flow)],
               text: "layout L (size: 390x844) {\n  flow f {\n    item a .size(10, 10) .shrink(1)\n  }\n}\n",
               [E(.misplacedKey, 3, 26, flow)])
        let root = "'shrink' does not apply to the root node: 'shrink' applies only to a child of an hgroup or vgroup"
        expect(yaml: "layout: L\nsize: [390, 844]\nroot:\n  vgroup: g\n  shrink: 1\n  children: []\n",
               [E(.misplacedKey, 5, 3, root)],
               text: "layout L (size: 390x844) {\n  vgroup g .shrink(1) {}\n}\n",
               [E(.misplacedKey, 2, 12, root)])
    }

    @Test("a shrink that is not a number ≥ 0: invalidValue at the key")
    func shrinkInvalid() {
        let cases: [(yaml: String, text: String, found: String)] = [
            ("-1", "-1", "the negative -1"),
            ("abc", ".abc", "'abc'"),
            ("[1]", "[1]", "a list"),
            ("true", "true", "the boolean true"),
            ("", "nil", "an empty value"),
            (".inf", ".infinity", "inf"),
        ]
        for (yaml, text, found) in cases {
            let message = "'shrink' must be a number ≥ 0 (how much this child gives way, as CSS flex-shrink), not \(found)"
            expect(yaml: Self.yamlChild("hgroup", "item: a", ["width: 10", "shrink: \(yaml)"]),
                   [E(.invalidValue, 11, 11, message)],
                   text: Self.textChild("hgroup", "item a .width(10) .shrink(\(text))"),
                   [E(.invalidValue, 4, 25, message)])
        }
    }

    // MARK: §7.1 dynamic: wrap

    @Test("dynamic: wrapp is invalidValue at the key, with the closest value")
    func dynamicTypo() {
        // The text form writes `wrap` and `true` as words after the name (`item a wrap`), so its
        // hint says where: (dynamic: wrap) there would be another error.
        for (value, hint, textHint) in [("wrapp", "; did you mean 'wrap'?", "; did you mean 'wrap' after the name?"),
                                        ("Wrap", "; did you mean 'wrap'?", "; did you mean 'wrap' after the name?"),
                                        ("yes", "; did you mean 'true'?", "; did you mean 'dynamic' after the name?"), ("3", "", "")] {
            let found = value == "3" ? "the number 3" : "'\(value)'"
            let message = "'dynamic' must be true, false or wrap, not \(found)"
            expect(yaml: Self.yamlChild("hgroup", "item: a", ["width: 10", "dynamic: \(value)"]),
                   [E(.invalidValue, 11, 11, message + hint)],
                   text: Self.textChild("hgroup", "item a .width(10) (dynamic: \(value))"),
                   [E(.invalidValue, 4, 26, message + textHint)])
        }
    }

    @Test("wrap on a flow item: invalidValue at the dynamic key, and no second error")
    func wrapInFlow() {
        let message = "'dynamic: wrap' does not apply to an item of a flow: a flow places its items at their own size; use 'dynamic: true' and give its sizes at run time"
        expect(yaml: "layout: L\nsize: [390, 844]\nroot:\n  flow: f\n  items:\n    - item: a\n      dynamic: wrap\n",
               [E(.invalidValue, 7, 7, message)],
               text: "layout L (size: 390x844) {\n  flow f {\n    item a wrap\n  }\n}\n",
               [E(.invalidValue, 3, 12, message)])
        expect(yaml: "layout: L\nsize: [390, 844]\nroot:\n  flow: f\n  items:\n    - item: chip\n      count: 3\n      dynamic: wrap\n",
               [E(.invalidValue, 8, 7, message)],
               text: "layout L (size: 390x844) {\n  flow f {\n    item chip[3] wrap\n  }\n}\n",
               [E(.invalidValue, 3, 18, message)])
        // anonymous, so written as the attribute
        expect(yaml: "layout: L\nsize: [390, 844]\nroot:\n  flow: f\n  items:\n    - item:\n      dynamic: wrap\n",
               [E(.invalidValue, 7, 7, message)],
               text: "layout L (size: 390x844) {\n  flow f {\n    item (dynamic: wrap)\n  }\n}\n",
               [E(.invalidValue, 3, 11, message)])
    }

    @Test("an anonymous wrap item: itemIncomplete at its kind key")
    func anonymousWrapItem() {
        let message = "a wrap item needs a name: its measure is given by name at run time (--wrap NAME=WxL, or a parameter of generated code)"
        expect(yaml: Self.yamlChild("hgroup", "item:", ["dynamic: wrap"]),
               [E(.itemIncomplete, 9, 11, message)],
               text: Self.textChild("hgroup", "item (dynamic: wrap)"),
               [E(.itemIncomplete, 4, 7, message)])
        expect(yaml: Self.yamlChild("vgroup", "item:", ["dynamic: wrap", "width: 10"]),
               [E(.itemIncomplete, 9, 11, message)],
               text: Self.textChild("vgroup", "item .width(10) (dynamic: wrap)"),
               [E(.itemIncomplete, 4, 7, message)])
    }

    static let wrapBothSizes = "item 'a' wraps its text, but has its own width and height, so its measure would be unused; leave out one of them (usually the height)"

    @Test("a wrap item with its own width and height: conflictingSize at the later of those keys")
    func wrapWithBothSizes() {
        let cases: [(group: String, yaml: [String], at: Int, text: String, column: Int)] = [
            ("hgroup", ["dynamic: wrap", "height: 20", "width: 100"], 12, "item a wrap .height(20) .width(100)", 31),
            ("hgroup", ["width: 100", "dynamic: wrap", "height: 20"], 12, "item a wrap .width(100) .height(20)", 31),
            ("hgroup", ["dynamic: wrap", "size: [10, 20]"], 11, "item a wrap .size(10, 20)", 19),
            // percent and flexible are an own width in an hgroup, an own height in a vgroup
            ("hgroup", ["dynamic: wrap", "percent: 30", "height: 20"], 12, "item a wrap .percent(30) .height(20)", 32),
            ("hgroup", ["dynamic: wrap", "height: 20", "flexible: 1"], 12, "item a wrap .height(20) .flexible", 31),
            ("vgroup", ["dynamic: wrap", "height: flexible", "width: 10"], 12, "item a wrap .height(.flexible) .width(10)", 38),
            // fill on the cross axis
            ("vgroup", ["dynamic: wrap", "width: flexible", "height: 20"], 12, "item a wrap .width(.flexible) .height(20)", 37),
            ("hgroup", ["dynamic: wrap", "height: flexible", "width: 10"], 12, "item a wrap .height(.flexible) .width(10)", 38),
            // overlay: leading + trailing is an own width, top + bottom an own height, fill too
            ("overlay", ["dynamic: wrap", "top: 0", "leading: 0", "height: 20", "trailing: 0"], 14,
             "item a wrap .top(0) .leading(0) .height(20) .trailing(0)", 51),
            ("overlay", ["dynamic: wrap", "bottom: 0", "leading: 0", "top: 0", "width: 20"], 14,
             "item a wrap .bottom(0) .leading(0) .top(0) .width(20)", 50),
            ("overlay", ["dynamic: wrap", "leading: 0", "top: 0", "trailing: 0", "bottom: 0"], 14,
             "item a wrap .leading(0) .top(0) .trailing(0) .bottom(0)", 52),
            ("overlay", ["dynamic: wrap", "bottom: 0", "top: 0", "trailing: 0", "leading: 0"], 14,
             "item a wrap .bottom(0) .top(0) .trailing(0) .leading(0)", 51),
            ("overlay", ["dynamic: wrap", "width: flexible", "top: 0", "height: 20"], 13,
             "item a wrap .width(.flexible) .top(0) .height(20)", 45),
            ("overlay", ["dynamic: wrap", "width: flexible", "height: flexible"], 12, "item a wrap .width(.flexible) .height(.flexible)", 37),
            ("overlay", ["dynamic: wrap", "height: flexible", "trailing: 1", "leading: 1"], 13,
             "item a wrap .height(.flexible) .trailing(1) .leading(1)", 51),
        ]
        for (group, yaml, line, text, column) in cases {
            expect(yaml: Self.yamlChild(group, "item: a", yaml), [E(.conflictingSize, line, 11, Self.wrapBothSizes)],
                   text: Self.textChild(group, text), [E(.conflictingSize, 4, column, Self.wrapBothSizes)])
        }
    }

    @Test("a wrap item with one own size, fit, bounds or an anchor pair on one axis only: no static error")
    func wrapWithOneSize() {
        let cases: [(group: String, yaml: [String], text: String)] = [
            ("hgroup", ["dynamic: wrap"], "item a wrap"),
            ("hgroup", ["dynamic: wrap", "width: 100"], "item a wrap .width(100)"),
            ("vgroup", ["dynamic: wrap", "height: 20"], "item a wrap .height(20)"),
            ("hgroup", ["dynamic: wrap", "width: fit", "height: 20"], "item a wrap .width(.fit) .height(20)"),
            ("hgroup", ["dynamic: wrap", "width: fit", "height: fit"], "item a wrap .fit"),
            ("hgroup", ["dynamic: wrap", "minWidth: 10", "maxHeight: 10"], "item a wrap .minWidth(10) .maxHeight(10)"),
            ("overlay", ["dynamic: wrap", "leading: 0", "trailing: 0", "top: 0"], "item a wrap .leading(0) .trailing(0) .top(0)"),
            ("overlay", ["dynamic: wrap", "width: flexible", "top: 0"], "item a wrap .width(.flexible) .top(0)"),
            ("overlay", ["dynamic: wrap", "center: true"], "item a wrap .center"),
            ("overlay", ["dynamic: wrap", "optional: true", "height: 20", "centerX: 0", "bottom: 0"], "item a wrap optional .height(20) .centerX(0) .bottom(0)"),
        ]
        for (group, yaml, text) in cases {
            expect(yaml: Self.yamlChild(group, "item: a", yaml), [], text: Self.textChild(group, text), [])
        }
    }

    @Test("a wrap item with aspect: conflictingSize at the aspect key")
    func wrapWithAspect() {
        expect(yaml: Self.yamlChild("hgroup", "item: a", ["dynamic: wrap", "aspect: 2"]),
               [E(.conflictingSize, 11, 11, "'aspect' cannot go with 'dynamic: wrap' (at 10:11): a wrap item's height comes from its text at its width")],
               text: Self.textChild("hgroup", "item a wrap .aspect(2)"),
               [E(.conflictingSize, 4, 19, "'aspect' cannot go with 'dynamic: wrap' (at 4:14): a wrap item's height comes from its text at its width")])
        expect(yaml: Self.yamlChild("hgroup", "item: a", ["aspect: 2", "width: 10", "dynamic: wrap"]),
               [E(.conflictingSize, 10, 11, "'aspect' cannot go with 'dynamic: wrap' (at 12:11): a wrap item's height comes from its text at its width")],
               text: Self.textChild("hgroup", "item a wrap .aspect(2) .width(10)"),
               [E(.conflictingSize, 4, 19, "'aspect' cannot go with 'dynamic: wrap' (at 4:14): a wrap item's height comes from its text at its width")])
    }

    @Test("wrap on the root, a spacer or a group is misplacedKey, as dynamic is")
    func wrapMisplaced() {
        expect(yaml: "layout: L\nsize: [390, 844]\nroot:\n  item: a\n  dynamic: wrap\n",
               [E(.misplacedKey, 5, 3, "'dynamic' does not apply to the root node: the root fills the container")],
               text: "layout L (size: 390x844) {\n  item a wrap\n}\n",
               [E(.misplacedKey, 2, 10, "'dynamic' does not apply to the root node: the root fills the container")])
        let group = "'dynamic' does not apply to a vgroup; only an item takes it (its size comes at run time)"
        expect(yaml: Self.yamlChild("hgroup", "vgroup: v", ["dynamic: wrap", "children: []"]),
               [E(.misplacedKey, 10, 11, group)],
               text: Self.textChild("hgroup", "vgroup v wrap {}"),
               [E(.misplacedKey, 4, 16, group)])
        let spacer = "'dynamic' does not apply to a spacer; only an item takes it (its size comes at run time)"
        expect(yaml: Self.yamlChild("hgroup", "spacer:", ["width: 3", "dynamic: wrap"]),
               [E(.misplacedKey, 11, 11, spacer)],
               text: Self.textChild("hgroup", "spacer .width(3) (dynamic: wrap)"),
               [E(.misplacedKey, 4, 25, spacer)])
    }

    // MARK: §7.3 fit

    static let measurableRoot = "  vgroup: g\n  children:\n    - item: a\n      height: 10\n"
    static let measurableRootText = "  vgroup g {\n    item a .height(10)\n  }\n"

    @Test("fit that is not height, width or both: invalidValue at the key, with the closest value")
    func fitInvalid() {
        let cases: [(yaml: String, text: String, found: String)] = [
            ("heigth", "heigth", "'heigth'; did you mean 'height'?"),
            ("Height", "Height", "'Height'; did you mean 'height'?"),
            ("wdth", "wdth", "'wdth'; did you mean 'width'?"),
            ("nope", "nope", "'nope'"),
            ("3", "3", "the number 3"),
            ("", "nil", "an empty value"),
            ("[height]", "[height]", "a list"),
            ("true", "true", "the boolean true"),
        ]
        for (yaml, text, found) in cases {
            let message = "a layout's 'fit' must be height, width or both, not \(found)"
            expect(yaml: Self.yamlFit(yaml, Self.measurableRoot), [E(.invalidValue, 3, 1, message)],
                   text: Self.textFit(text, Self.measurableRootText), [E(.invalidValue, 1, 24, message)])
        }
        // and no second error for a root that could not be measured anyway
        expect(yaml: Self.yamlFit("heigth", "  item: a\n"), [E(.invalidValue, 3, 1, "a layout's 'fit' must be height, width or both, not 'heigth'; did you mean 'height'?")],
               text: Self.textFit("heigth", "  item a\n"), [E(.invalidValue, 1, 24, "a layout's 'fit' must be height, width or both, not 'heigth'; did you mean 'height'?")])
    }

    @Test("fit on a root item, spacer or an overlay with no sizing child: itemIncomplete at the fit key")
    func fitOfLeaf() {
        for (fit, yaml, text, root) in [
            ("height", "  item: a\n", "  item a\n", "item 'a'"),
            ("both", "  spacer:\n", "  spacer\n", "spacer"),
            ("width", "  overlay: o\n  children:\n    - item: a\n      size: [1, 1]\n      center: true\n",
             "  overlay o {\n    item a .size(1, 1) .center\n  }\n", "overlay 'o'"),
        ] {
            // docs/format.md §8.5: an overlay measures itself from its sizing children; a centred one follows
            let message = root.hasPrefix("overlay")
                ? "'fit: width' measures the root overlay 'o', but no child sizes its width (a child placed by 'trailing' alone, 'centerX' or the safe area follows, as does one with nothing to measure); give a child a width and a 'leading' anchor"
                : "'fit: \(fit)' measures the root, but the root \(root) has no content to measure; make the root a group whose children have sizes"
            expect(yaml: Self.yamlFit(fit, yaml), [E(.itemIncomplete, 3, 1, message)],
                   text: Self.textFit(fit, text), [E(.itemIncomplete, 1, 24, message)])
        }
    }

    @Test("fit on a root group that cannot measure that axis: itemIncomplete at the fit key")
    func fitOfGroup() {
        expect(yaml: Self.yamlFit("height", "  vgroup: g\n  children:\n    - item: a\n      height: 10\n    - item: b\n"),
               [E(.itemIncomplete, 3, 1, "'fit: height' measures the root vgroup 'g', but its child item 'b' has no fixed or fit height (every child must have one)")],
               text: Self.textFit("height", "  vgroup g {\n    item a .height(10)\n    item b\n  }\n"),
               [E(.itemIncomplete, 1, 24, "'fit: height' measures the root vgroup 'g', but its child item 'b' has no fixed or fit height (every child must have one)")])
        expect(yaml: Self.yamlFit("width", "  hgroup: g\n  children:\n    - item: a\n      width: 10\n    - item: b\n"),
               [E(.itemIncomplete, 3, 1, "'fit: width' measures the root hgroup 'g', but its child item 'b' has no fixed or fit width (every child must have one)")],
               text: Self.textFit("width", "  hgroup g {\n    item a .width(10)\n    item b\n  }\n"),
               [E(.itemIncomplete, 1, 24, "'fit: width' measures the root hgroup 'g', but its child item 'b' has no fixed or fit width (every child must have one)")])
        // the cross axis: no child with a fixed or fit size there
        expect(yaml: Self.yamlFit("height", "  hgroup: g\n  children:\n    - item: a\n      width: 10\n"),
               [E(.itemIncomplete, 3, 1, "'fit: height' measures the root hgroup 'g', but none of its children has a fixed or fit height")],
               text: Self.textFit("height", "  hgroup g {\n    item a .width(10)\n  }\n"),
               [E(.itemIncomplete, 1, 24, "'fit: height' measures the root hgroup 'g', but none of its children has a fixed or fit height")])
        expect(yaml: Self.yamlFit("both", Self.measurableRoot),
               [E(.itemIncomplete, 3, 1, "'fit: both' measures the root vgroup 'g', but none of its children has a fixed or fit width")],
               text: Self.textFit("both", Self.measurableRootText),
               [E(.itemIncomplete, 1, 24, "'fit: both' measures the root vgroup 'g', but none of its children has a fixed or fit width")])
        // an aspect child of an hgroup measures its width only from a number height
        expect(yaml: Self.yamlFit("width", "  hgroup: g\n  children:\n    - item: a\n      aspect: 2\n"),
               [E(.itemIncomplete, 3, 1, "'fit: width' measures the root hgroup 'g', but item 'a' derives its width from its height, which is not a number; give it a 'height'")],
               text: Self.textFit("width", "  hgroup g {\n    item a .aspect(2)\n  }\n"),
               [E(.itemIncomplete, 1, 24, "'fit: width' measures the root hgroup 'g', but item 'a' derives its width from its height, which is not a number; give it a 'height'")])
    }

    @Test("fit: width or both on a root flow: invalidValue at the fit key; fit: height is measured")
    func fitOfFlow() {
        let flow = "  flow: f\n  items:\n    - item: a\n      size: [1, 1]\n"
        let flowText = "  flow f {\n    item a .size(1, 1)\n  }\n"
        for fit in ["width", "both"] {
            let message = "'fit: \(fit)' cannot measure a root flow's width: a flow's height is measured from its width; use 'fit: height'"
            expect(yaml: Self.yamlFit(fit, flow), [E(.invalidValue, 3, 1, message)], text: Self.textFit(fit, flowText), [E(.invalidValue, 1, 24, message)])
        }
        expect(yaml: Self.yamlFit("height", flow), [], text: Self.textFit("height", flowText), [])
    }

    @Test("fit on groups that measure: no static error (wrap and dynamic children count as fit)")
    func fitMeasured() {
        expect(yaml: Self.yamlFit("height", Self.measurableRoot), [], text: Self.textFit("height", Self.measurableRootText), [])
        expect(yaml: Self.yamlFit("height", "  vgroup: g\n  children: []\n"), [], text: Self.textFit("height", "  vgroup g {}\n"), [])
        expect(yaml: Self.yamlFit("height", "  vgroup: g\n  children:\n    - item: a\n      dynamic: wrap\n"), [],
               text: Self.textFit("height", "  vgroup g {\n    item a wrap\n  }\n"), [])
        expect(yaml: Self.yamlFit("width", "  hgroup: g\n  children:\n    - item: a\n      dynamic: wrap\n    - item: b\n      dynamic: true\n"), [],
               text: Self.textFit("width", "  hgroup g {\n    item a wrap\n    item b dynamic\n  }\n"), [])
        expect(yaml: "layout: L\nfit: both\nroot:\n  vgroup: g\n  children:\n    - item: a\n      size: [10, 10]\n", [],
               text: "layout L (fit: both) {\n  vgroup g {\n    item a .size(10, 10)\n  }\n}\n", [])
    }

    @Test("fit inside a node: misplacedKey at the key in both syntaxes (the front ends' own messages)")
    func fitInNode() {
        expect(yaml: "layout: L\nsize: [390, 844]\nroot:\n  vgroup: g\n  children:\n    - item: a\n      height: 10\n      fit: height\n",
               [E(.misplacedKey, 8, 7, "'fit' belongs at the top of a layout, not inside a node")],
               text: "layout L (size: 390x844) {\n  vgroup g {\n    item a .height(10) (fit: height)\n  }\n}\n",
               [E(.misplacedKey, 3, 25, "'fit' belongs to the layout: write it in the layout's attribute list, layout Name (fit: height) {; a node that fits its content writes .width(.fit), .height(.fit) or .fit")])
    }
}
