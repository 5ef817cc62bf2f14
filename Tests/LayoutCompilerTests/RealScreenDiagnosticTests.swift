import Foundation
@testable import LayoutCompiler
import Testing

/// docs/format.md §6's static errors in both syntaxes: the exact message at the exact line and column,
/// pointing where §4.7 and §6 say (the key for key-level problems, the node otherwise).
@Suite("real-screen keys: static diagnostics")
struct RealScreenDiagnosticTests {
    /// A located message, as the tests write them.
    struct Expected: Equatable, CustomStringConvertible {
        var diag: Diag
        var message: String

        init(_ code: DiagnosticCode, _ line: Int, _ column: Int, _ message: String) {
            diag = Diag(code, line, column)
            self.message = message
        }

        var description: String { "\(diag) \(message)" }
    }

    func check(_ source: String, _ syntax: SourceSyntax, _ expected: [Expected], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(source.utf8), syntax: syntax) }
        let actual = compiled.diagnostics.map { Expected($0.code, $0.location.line, $0.location.column, $0.message) }
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    /// A YAML layout whose root is `vgroup g` holding `children` (each line indented 4).
    func yaml(_ children: String) -> String {
        "layout: L\nsize: [100, 100]\nroot:\n  vgroup: g\n  children:\n" + children
    }

    /// A text layout whose root is `vgroup g` holding `nodes` (one per line, indented 4).
    func text(_ nodes: String) -> String {
        "layout L (size: 100x100) {\n  vgroup g {\n" + nodes.split(separator: "\n").map { "    " + $0 + "\n" }.joined() + "  }\n}\n"
    }

    // MARK: Bounds (§6.4)

    @Test("min > max is conflictingSize at the max key; a bound on a fixed axis at the bound's key")
    func boundConflicts() {
        check(yaml("""
                - item: a
                  maxHeight: 3
                  minHeight: 5
                - item: b
                  width: 10
                  minWidth: 5
                  maxWidth: 3
            """), .yaml, [
            Expected(.conflictingSize, 7, 7, "item 'a' has 'maxHeight' 3, less than its 'minHeight' 5 (at 8:7)"),
            Expected(.conflictingSize, 11, 7, "'minWidth' bounds a width that 'width' (at 10:7) fixes at 10; a fixed size needs no bounds"),
            Expected(.conflictingSize, 12, 7, "item 'b' has 'maxWidth' 3, less than its 'minWidth' 5 (at 11:7)"),
            Expected(.conflictingSize, 12, 7, "'maxWidth' bounds a width that 'width' (at 10:7) fixes at 10; a fixed size needs no bounds"),
        ])
        check(text("item a .maxHeight(3) .minHeight(5)\nitem b .size(10, 20) .maxHeight(30)"), .text, [
            Expected(.conflictingSize, 3, 12, "item 'a' has 'maxHeight' 3, less than its 'minHeight' 5 (at 3:26)"),
            Expected(.conflictingSize, 4, 26, "'maxHeight' bounds a height that 'size' (at 4:12) fixes at 20; a fixed size needs no bounds"),
        ])
        // equal bounds, bounds on a fit, percent or flexible axis: fine
        check(text("item a .minWidth(5) .maxWidth(5) .percent(20)\nvgroup b .height(.fit) .maxHeight(9) {\n  item c .height(4)\n}\nitem d .flexible(2) .minHeight(1)"), .text, [])
    }

    @Test("bounds on the root or a flow item are misplacedKey; on a group, flow or overlay they apply")
    func boundPlacement() {
        check("layout L (size: 100x100) {\n  vgroup g .minWidth(4) {\n    flow f .maxWidth(50) {\n      item x .size(1, 2) .maxHeight(3)\n    }\n    overlay o .minHeight(2)\n  }\n}\n", .text, [
            Expected(.misplacedKey, 2, 12, "'minWidth' does not apply to the root node: the root fills the container (size the container instead: the layout's 'size', or the size it is computed at)"),
            Expected(.misplacedKey, 4, 26, "'maxHeight' does not apply to an item of a flow: a flow places its items at their own size"),
        ])
        check("layout: L\nroot:\n  vgroup: g\n  maxHeight: 3\n  children:\n    - flow: f\n      items:\n        - item: x\n          size: [1, 2]\n          minWidth: false\n", .yaml, [
            Expected(.misplacedKey, 4, 3, "'maxHeight' does not apply to the root node: the root fills the container (size the container instead: the layout's 'size', or the size it is computed at)"),
            Expected(.misplacedKey, 10, 11, "'minWidth' does not apply to an item of a flow: a flow places its items at their own size"),
        ])
    }

    @Test("a bound with a wrong type, negative or not finite is invalidValue")
    func boundValues() {
        check(yaml("""
                - item: a
                  minWidth: -1
                  maxWidth: .inf
                  minHeight: abc
                  maxHeight: .nan
                - item: b
                  maxWidth: [1, 2]
                  minHeight: 1000000001
            """), .yaml, [
            Expected(.invalidValue, 7, 7, "'minWidth' must be a number ≥ 0, not the negative -1"),
            Expected(.invalidValue, 8, 7, "'maxWidth' must be a number ≥ 0, not inf"),
            Expected(.invalidValue, 9, 7, "'minHeight' must be a number ≥ 0, not 'abc'"),
            Expected(.invalidValue, 10, 7, "'maxHeight' must be a number ≥ 0, not nan"),
            Expected(.invalidValue, 12, 7, "'maxWidth' must be a number ≥ 0, not a list"),
            Expected(.invalidValue, 13, 7, "'minHeight' must be a number ≥ 0; 1000000001 is out of range (at most 1000000000)"),
        ])
        check(text("item a .minWidth(-.infinity) .maxHeight(nil)"), .text, [
            Expected(.invalidValue, 3, 12, "'minWidth' must be a number ≥ 0, not -inf"),
            Expected(.invalidValue, 3, 34, "'maxHeight' must be a number ≥ 0, not an empty value"),
        ])
    }

    // MARK: dynamic outside a flow (§6.1)

    @Test("dynamic: on a non-item or the root misplacedKey; own sizes on both axes conflictingSize at the later key")
    func dynamicConflicts() {
        check(text("""
            hgroup h dynamic
            item x dynamic .size(1, 2)
            item y dynamic .width(3) .flexible(2)
            item z dynamic .height(4) .width(.flexible)
            item w dynamic .width(.fit) .height(3)
            item v dynamic .percent(30)
            """), .text, [
            Expected(.misplacedKey, 3, 14, "'dynamic' does not apply to a hgroup; only an item takes it (its size comes at run time)"),
            Expected(.conflictingSize, 4, 20, "item 'x' is dynamic but has its own width and height, so its content size would be unused; leave out one of them"),
            Expected(.conflictingSize, 5, 30, "item 'y' is dynamic but has its own width and height, so its content size would be unused; leave out one of them"),
            Expected(.conflictingSize, 6, 31, "item 'z' is dynamic but has its own width and height, so its content size would be unused; leave out one of them"),
        ])
        check("layout: L\nroot:\n  item: a\n  dynamic: true\n", .yaml, [
            Expected(.misplacedKey, 4, 3, "'dynamic' does not apply to the root node: the root fills the container"),
        ])
        check(yaml("""
                - item: a
                  height: 4
                  dynamic: true
                  width: 3
                - item:
                  dynamic: true
                - spacer:
                  dynamic: false
            """), .yaml, [
            Expected(.conflictingSize, 9, 7, "item 'a' is dynamic but has its own width and height, so its content size would be unused; leave out one of them"),
            Expected(.itemIncomplete, 10, 7, "a dynamic item needs a name: its content size is given by name at run time"),
            Expected(.misplacedKey, 13, 7, "'dynamic' does not apply to a spacer; only an item takes it (its size comes at run time)"),
        ])
    }

    @Test("dynamic overlay child: width: flexible is no own size; it needs anchors like a sized child")
    func dynamicOverlayChild() {
        let source = """
            layout L (size: 100x100) {
              overlay o {
                item a dynamic .leading(1) .top(1)
                item b dynamic .width(.flexible) .top(1)
                item c dynamic .width(.flexible) .leading(1) .trailing(2) .bottom(3)
                item d dynamic .width(.flexible) .leading(1) .top(0)
                item e dynamic
                item f .width(.flexible)
              }
            }
            """
        check(source, .text, [
            Expected(.itemIncomplete, 6, 5, "item 'd' has one horizontal anchor but no width: give it a width, or anchor both 'leading' and 'trailing'"),
            Expected(.itemIncomplete, 7, 5, "item 'e' has a width but no horizontal position: add 'leading', 'trailing' or 'centerX' (or 'center: true')"),
            Expected(.itemIncomplete, 7, 5, "item 'e' has a height but no vertical position: add 'top', 'bottom' or 'centerY' (or 'center: true')"),
            Expected(.invalidValue, 8, 12, "'width: flexible' means nothing in an overlay: use leading and trailing (or top and bottom) to stretch a child"),
        ])
    }

    // MARK: optional (§6.2)

    @Test("optional: true needs a named node that is not a spacer; on the root misplacedKey")
    func optionalPlacement() {
        check(text("spacer optional\nitem optional\nhgroup optional {\n}\nitem a (optional: false)\nspacer (optional: false)"), .text, [
            Expected(.invalidValue, 3, 12, "a spacer cannot be hidden at run time: it has no name to hide it by; make a named node optional instead"),
            Expected(.invalidValue, 4, 10, "an anonymous item cannot be hidden at run time: give it a name to make it optional"),
            Expected(.invalidValue, 5, 12, "an anonymous hgroup cannot be hidden at run time: give it a name to make it optional"),
        ])
        check("layout: L\nroot:\n  vgroup: g\n  optional: true\n  children:\n    - item: a\n      optional: yes\n    - item: b\n      optional: 1\n", .yaml, [
            Expected(.misplacedKey, 4, 3, "'optional' does not apply to the root node: the root is always shown"),
            Expected(.invalidValue, 7, 7, "'optional' must be true or false, not 'yes'"),
            Expected(.invalidValue, 9, 7, "'optional' must be true or false, not the number 1"),
        ])
    }

    // MARK: aspect (§6.5)

    @Test("aspect: zero, negative, not finite, the wrong type or out of range is invalidValue")
    func aspectValues() {
        check(yaml("""
                - item: a
                  aspect: 0
                - item: b
                  aspect: -1
                - item: c
                  aspect: .nan
                - item: d
                  aspect: .inf
                - item: e
                  aspect: 16/9
                - item: f
                  aspect: wide
                - item: h
                  aspect: 0.0000000001
                - item: i
                  aspect: 2000000000
                - item: j
                  aspect: [16, 9]
            """), .yaml, [
            Expected(.invalidValue, 7, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not 0"),
            Expected(.invalidValue, 9, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not the negative -1"),
            Expected(.invalidValue, 11, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not nan"),
            Expected(.invalidValue, 13, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not inf"),
            Expected(.invalidValue, 15, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not '16/9'; write it as the number 1.7777777777777777"),
            Expected(.invalidValue, 17, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not 'wide'"),
            Expected(.invalidValue, 19, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5); 1e-10 is out of range (at least 1e-09)"),
            Expected(.invalidValue, 21, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5); 2000000000 is out of range (at most 1000000000)"),
            Expected(.invalidValue, 23, 7, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not a list"),
        ])
        check(text("item a .aspect(0/9)\nitem b .aspect(16/0)\nitem c .aspect(true)\nitem d .aspect(16, 9)"), .text, [
            Expected(.invalidValue, 3, 12, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not 0"),
            Expected(.invalidValue, 4, 12, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not inf"),
            Expected(.invalidValue, 5, 12, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not the boolean true"),
            Expected(.invalidValue, 6, 12, "'aspect' must be a number > 0, width ÷ height (such as 1.5), not a list"),
        ])
    }

    @Test("aspect in a group: with a main-axis size or any fit, conflictingSize at the aspect key; on the root misplacedKey")
    func aspectInGroups() {
        check(text("""
            item a .aspect(2) .height(3)
            item b .height(.flexible) .aspect(2)
            item c .aspect(2) .percent(10)
            item d .aspect(2) .width(.fit)
            hgroup e .height(40) {
              item f .aspect(2) .flexible(3)
              item h .width(.flexible) .aspect(2)
              item i .height(.fit) .aspect(2)
              item j .aspect(2) .height(20) .minWidth(5)
            }
            item k .aspect(2) .width(.flexible) .maxHeight(9)
            """), .text, [
            Expected(.conflictingSize, 3, 12, "'aspect' derives the height of item 'a' from its width in a vgroup, so it cannot also have 'height' (at 3:23)"),
            Expected(.conflictingSize, 4, 31, "'aspect' derives the height of item 'b' from its width in a vgroup, so it cannot also have 'height' (at 4:12)"),
            Expected(.conflictingSize, 5, 12, "'aspect' derives the height of item 'c' from its width in a vgroup, so it cannot also have 'percent' (at 5:23)"),
            Expected(.itemIncomplete, 6, 5, "item 'd' has 'width: fit' but an item has no content to measure; give it a width"),
            Expected(.conflictingSize, 6, 12, "'aspect' derives one side of item 'd' from the other, so it cannot also have 'width: fit' (at 6:23)"),
            Expected(.conflictingSize, 8, 14, "'aspect' derives the width of item 'f' from its height in an hgroup, so it cannot also have 'flexible' (at 8:25)"),
            Expected(.conflictingSize, 9, 32, "'aspect' derives the width of item 'h' from its height in an hgroup, so it cannot also have 'width' (at 9:14)"),
            Expected(.itemIncomplete, 10, 7, "item 'i' has 'height: fit' but an item has no content to measure; give it a height"),
            Expected(.conflictingSize, 10, 28, "'aspect' derives one side of item 'i' from the other, so it cannot also have 'height: fit' (at 10:14)"),
        ])
        check("layout: L\nroot:\n  overlay: o\n  aspect: 1\n", .yaml, [
            Expected(.misplacedKey, 4, 3, "'aspect' does not apply to the root node: the root fills the container (size the container instead: the layout's 'size', or the size it is computed at)"),
        ])
        check(yaml("    - item: a\n      dynamic: true\n      aspect: 2\n"), .yaml, [
            Expected(.conflictingSize, 8, 7, "'aspect' cannot go with 'dynamic' (at 7:7): a dynamic item's size comes from its content"),
        ])
    }

    @Test("aspect flow item: exactly one of width and height; size, both or dynamic conflictingSize; neither itemIncomplete")
    func aspectFlowItems() {
        check("layout L (size: 100x100) {\n  flow f {\n    item a .aspect(2)\n    item b .aspect(2) .size(3, 4)\n    item c .aspect(2) .width(3) .height(4)\n    item d dynamic .aspect(2)\n    item e .height(10) .aspect(2)\n    item h[3] .width(9) .aspect(1.5)\n  }\n}\n", .text, [
            Expected(.itemIncomplete, 3, 5, "item 'a' in a flow has 'aspect' but no side to derive the other from: give it a 'width' or a 'height'"),
            Expected(.conflictingSize, 4, 12, "'aspect' derives one side of item 'b' from the other, so give it 'width' or 'height', not 'size' (at 4:23)"),
            Expected(.conflictingSize, 5, 12, "'aspect' derives one side of item 'c' from the other, so give it 'width' or 'height', not both"),
            Expected(.conflictingSize, 6, 20, "'aspect' cannot go with 'dynamic' (at 6:12): a dynamic item's size comes from its content"),
        ])
    }

    @Test("aspect overlay child: sources on both axes conflictingSize; a derived side counts as a given size")
    func aspectOverlayChildren() {
        let source = """
            layout L (size: 100x100) {
              overlay o {
                item a .aspect(2) .width(3) .height(4) .leading(0) .top(0)
                item b .aspect(2) .leading(1) .trailing(2) .top(3) .bottom(4)
                item c .aspect(2) .width(3) .leading(0) .top(3) .bottom(4)
                item d .aspect(2) .leading(1) .top(1) .bottom(2)
                item e .aspect(2) .top(1)
                item h .aspect(2) .leading(1)
                item i .aspect(2) .height(10) .centerX(0) .top(0)
                item j .aspect(2) .height(10) .top(0)
              }
            }
            """
        check(source, .text, [
            Expected(.conflictingSize, 3, 12, "'aspect' derives one side of item 'a' from the other, but its width and its height are both given (by a size or by two anchors); leave out one of them"),
            Expected(.conflictingSize, 4, 12, "'aspect' derives one side of item 'b' from the other, but its width and its height are both given (by a size or by two anchors); leave out one of them"),
            Expected(.conflictingSize, 5, 12, "'aspect' derives one side of item 'c' from the other, but its width and its height are both given (by a size or by two anchors); leave out one of them"),
            Expected(.itemIncomplete, 8, 5, "item 'h' has one horizontal anchor but no width: give it a width, or anchor both 'leading' and 'trailing'"),
            Expected(.itemIncomplete, 8, 5, "item 'h' has a height but no vertical position: add 'top', 'bottom' or 'centerY' (or 'center: true')"),
            Expected(.itemIncomplete, 10, 5, "item 'j' has a width but no horizontal position: add 'leading', 'trailing' or 'centerX' (or 'center: true')"),
        ])
    }

    // MARK: fit (§6.1, §6.5)

    @Test("fit measures a dynamic item; an hgroup's fit and an aspect child whose height is not a number are itemIncomplete at the child")
    func fitWithNewKeys() {
        check(text("""
            hgroup a .width(.fit) {
              item x .aspect(2)
            }
            hgroup b .height(.fit) {
              item y .aspect(2)
            }
            hgroup c .fit {
              item z dynamic
              item w .aspect(2) .height(3)
            }
            vgroup d .height(.fit) {
              item v .aspect(2)
              item u dynamic .width(.flexible)
            }
            vgroup e .width(.fit) {
              item t .aspect(2)
            }
            item s dynamic .fit
            """), .text, [
            Expected(.itemIncomplete, 4, 7, "hgroup 'a' has 'width: fit' but item 'x' derives its width from its height, which is not a number; give it a 'height'"),
            Expected(.itemIncomplete, 7, 7, "hgroup 'b' has 'height: fit' but none of its children has a fixed or fit height: item 'y' takes its height from the group (and its width from that height)"),
            Expected(.itemIncomplete, 17, 5, "vgroup 'e' has 'width: fit' but none of its children has a fixed or fit width"),
        ])
    }

    @Test("a valid file with every new key has no diagnostics in either form")
    func validFile() {
        let source = """
            layout L (size: 390x844) {
              vgroup g (align: center) {
                hgroup header .height(72) .maxWidth(600) {
                  item avatar .aspect(1)
                  item name dynamic .minWidth(40)
                  item badge optional .size(20, 20)
                }
                item bio dynamic optional .width(.flexible) .maxWidth(600)
                overlay player .aspect(16/9) .minHeight(100) {
                  item play .size(44, 44) .center
                  item time dynamic .trailing(8) .bottom(8)
                }
                flow tags optional .height(.fit) {
                  item chip[3] optional .width(60) .aspect(2)
                  item extra dynamic optional
                }
              }
            }
            """
        check(source, .text, [])
        let yaml = LayoutSource.convert(Array(source.utf8), from: .text, to: .yaml).text ?? ""
        check(yaml, .yaml, [])
    }
}
