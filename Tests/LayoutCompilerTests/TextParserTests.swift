import Foundation
@testable import LayoutCompiler
import Testing

// MARK: - Helpers shared by the text-form suites

/// The front end's AST and diagnostics for text-form source (no validation).
func parseText(_ text: String) -> (file: LayoutFile, diagnostics: [Diagnostic]) {
    LayoutSource.parse(Array(text.utf8), syntax: .text)
}

/// Parse and validate text-form source; diagnostics reduced to code, line and column.
func textDiagnostics(_ text: String) -> [Diag] {
    DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: .text) }
        .diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) }
}

func textMessages(_ text: String) -> [String] {
    DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: .text) }.diagnostics.map(\.message)
}

/// A value as the tests compare it (NaN equal to itself).
func spell(_ literal: Literal) -> String {
    switch literal {
    case .null: return "null"
    case .bool(let b): return "\(b)"
    case .number(let n, let isInteger): return n.isNaN ? "nan" : isInteger ? "\(n)i" : "\(n)"
    case .string(let s): return "'\(s)'"
    case .list(let elements): return "[" + elements.map(spell).joined(separator: ",") + "]"
    case .mapping: return "{}"
    }
}

/// The AST's structure without locations and comments. Properties are listed in the order
/// the text form writes them (count, dynamic, modifiers, attributes; each group in its
/// written order), so a YAML file and its text twin compare equal.
func structure(_ file: LayoutFile) -> String {
    var out = ""
    for document in file.layouts {
        out += "layout \(document.name.map(spell) ?? "-") size=\(document.size.map { spell($0.value) } ?? "-") safeArea=\(document.safeArea.map { spell($0.value) } ?? "-")\n"
        if let root = document.root { structure(root, indent: 1, into: &out) }
    }
    return out
}

func textOrder(_ properties: [Property]) -> [Property] {
    func slot(_ p: Property) -> Int {
        if p.key == .count { return 0 }
        if p.key == .dynamic && p.value == .bool(true) { return 1 }
        if p.key == .optional && p.value == .bool(true) { return 2 }
        return TextSpelling.home(of: p.key) == .modifier ? 3 : 4
    }
    return properties.enumerated().sorted { (slot($0.element), $0.offset) < (slot($1.element), $1.offset) }.map(\.element)
}

func structure(_ node: Node, indent: Int, into out: inout String) {
    var stack: [(Node, Int)] = [(node, indent)]
    while let (node, indent) = stack.popLast() {
        out += String(repeating: " ", count: indent) + node.kind.rawValue + " " + (node.name.map(spell) ?? "-")
        for property in textOrder(node.properties) { out += " \(property.key.rawValue)=\(spell(property.value))" }
        if let list = node.list { out += " \(list.key.rawValue):\(list.nodes.count)" }
        out += "\n"
        for child in node.children.reversed() { stack.append((child, indent + 1)) }
    }
}

/// Every comment of a file in order, for comparisons.
func allComments(_ file: LayoutFile) -> [String] {
    var out: [String] = []
    for document in file.layouts {
        out += document.comments.leading + document.comments.trailing
        var stack: [Node] = document.root.map { [$0] } ?? []
        var nodes: [Node] = []
        while let node = stack.popLast() {
            nodes.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        for node in nodes { out += node.comments.leading + node.comments.trailing + node.comments.closing }
        out += document.comments.closing
    }
    return out + file.trailingComments
}

/// The root node of the only layout, or a recorded issue.
func textRoot(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Node? {
    let (file, diagnostics) = parseText(text)
    #expect(diagnostics.isEmpty, "\(diagnostics.map { "\($0.location): \($0.message)" })", sourceLocation: sourceLocation)
    return file.layouts.first?.root
}

/// The properties of the first child of a root of the given kind.
func childProperties(_ child: String, in parent: String = "vgroup", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
    let root = textRoot("layout L {\n  \(parent) p {\n    \(child)\n  }\n}\n", sourceLocation: sourceLocation)
    return root?.children.first?.properties.map { "\($0.key.rawValue)=\(spell($0.value))" } ?? ["<none>"]
}

// MARK: - One test per grammar rule

@Suite("text parser: grammar rules")
struct TextParserTests {
    @Test("file: any number of layouts; none is missingKey")
    func fileRule() {
        let (file, diagnostics) = parseText("layout A { item a }\nlayout B { item b }\n")
        #expect(diagnostics.isEmpty)
        #expect(file.layouts.map { $0.name } == [.string("A"), .string("B")])
        #expect(textDiagnostics("") == [Diag(.missingKey, 1, 1)])
        #expect(textDiagnostics("// only a comment\n") == [Diag(.missingKey, 1, 1)])
    }

    @Test("layout: name, size and safeArea attributes, one root node")
    func layoutRule() {
        let (file, diagnostics) = parseText("layout Player (size: 390x844, safeArea: 59 0 34 0) {\n  vgroup main\n}\n")
        #expect(diagnostics.isEmpty)
        let document = file.layouts[0]
        #expect(document.name == .string("Player"))
        #expect(document.location == SourceLocation(line: 1, column: 1))
        #expect(document.size?.value == .list([.number(390, isInteger: true), .number(844, isInteger: true)]))
        #expect(document.size?.location == SourceLocation(line: 1, column: 16))
        #expect(document.safeArea?.value == .list([59, 0, 34, 0].map { .number($0, isInteger: true) }))
        #expect(document.root?.kind == .vgroup)
        #expect(document.nodeCount == 1)
        // no name, no root: missingKey at the keyword, like the YAML form's missing keys
        #expect(textDiagnostics("layout { item a }") == [Diag(.missingKey, 1, 1)])
        #expect(textDiagnostics("layout A {}") == [Diag(.missingKey, 1, 1)])
        // a node property on the layout is misplacedKey, an unknown one unknownKey
        #expect(textDiagnostics("layout A (padding: 3, sise: 1x2) { item a }") == [Diag(.misplacedKey, 1, 11), Diag(.unknownKey, 1, 23)])
    }

    @Test("node: kind, name, count, dynamic, modifiers, attributes, block")
    func nodeRule() {
        let root = textRoot("""
            layout L {
              flow tags .height(.fit) (spacing: 10x8, justify: true) {
                item chip[12] .size(60, 30)
                item extra dynamic
              }
            }
            """)
        #expect(root?.kind == .flow)
        #expect(root?.name == .string("tags"))
        #expect(root?.location == SourceLocation(line: 2, column: 3))
        #expect(root?.list?.key == .items)
        #expect(root?.list?.location == SourceLocation(line: 2, column: 58))
        let chip = root?.children.first
        #expect(chip?.properties.map(\.key) == [.count, .size])
        #expect(chip?.properties.first?.location == SourceLocation(line: 3, column: 14))
        #expect(chip?.properties.last?.location == SourceLocation(line: 3, column: 19))
        let extra = root?.children.last
        #expect(extra?.properties.map { "\($0.key.rawValue)=\(spell($0.value))@\($0.location)" } == ["dynamic=true@4:16"])
        // every kind; a group's block is children, a flow's items; an item's block is children
        for kind in NodeKind.allCases {
            let node = textRoot("layout L { \(kind.rawValue) {} }")
            #expect(node?.kind == kind)
            #expect(node?.list?.key == (kind == .flow ? .items : .children))
            #expect(node?.list?.nodes.isEmpty == true)
        }
        #expect(textRoot("layout L { hgroup }")?.list == nil)
    }

    @Test("name: a word, a quoted string, a number, a boolean; reserved words are quoted")
    func nameRule() {
        #expect(textRoot("layout L { item header }")?.name == .string("header"))
        #expect(textRoot("layout L { item \"close-button\" }")?.name == .string("close-button"))
        #expect(textRoot("layout L { item \"flow\" }")?.name == .string("flow"))
        #expect(textRoot("layout L { item 5 }")?.name == .number(5, isInteger: true))
        #expect(textRoot("layout L { item true }")?.name == .bool(true))
        #expect(textRoot("layout L { item dynamic }")?.name == nil)
        #expect(textRoot("layout L { spacer }")?.name == nil)
        #expect(textDiagnostics("layout L { item \"close-button\" }") == [Diag(.invalidName, 1, 12)])
    }

    @Test("modifier: each size and position modifier gives its property")
    func modifierRule() {
        #expect(childProperties("item a .width(80) .height(44.5)") == ["width=80.0i", "height=44.5"])
        #expect(childProperties("item a .size(80, 30)") == ["size=[80.0i,30.0i]"])
        #expect(childProperties("item a .percent(33)") == ["percent=33.0i"])
        #expect(childProperties("item a .flexible") == ["flexible=1.0i"])
        #expect(childProperties("item a .flexible(2)") == ["flexible=2.0i"])
        #expect(childProperties("item a .width(.flexible)") == ["width='flexible'"])
        #expect(childProperties("item a .height(.fit)") == ["height='fit'"])
        #expect(childProperties("item a .fit") == ["width='fit'", "height='fit'"])
        #expect(childProperties("item a .top(8) .bottom(-2) .leading(0) .trailing(1) .centerX(3) .centerY(4)", in: "overlay")
                == ["top=8.0i", "bottom=-2.0i", "leading=0.0i", "trailing=1.0i", "centerX=3.0i", "centerY=4.0i"])
        #expect(childProperties("item a .center .safeArea", in: "overlay") == ["center=true", "safeArea=true"])
        #expect(childProperties("item a .center(false) .safeArea(false)", in: "overlay") == ["center=false", "safeArea=false"])
        // a one-element or empty list stays a list
        #expect(childProperties("item a .size([80])") == ["size=[80.0i]"])
    }

    @Test("attributes: each group and flow attribute; pairs and insets")
    func attributeRule() {
        #expect(childProperties("hgroup g (padding: 10, spacing: 8, margin: 4, align: center)")
                == ["padding=10.0i", "spacing=8.0i", "margin=4.0i", "align='center'"])
        #expect(childProperties("hgroup g (padding: 1 2 3.5 4)") == ["padding=[1.0i,2.0i,3.5,4.0i]"])
        #expect(childProperties("flow f (spacing: 10x8, justify: false)") == ["spacing=[10.0i,8.0i]", "justify=false"])
        #expect(childProperties("item x (dynamic: false)", in: "flow") == ["dynamic=false"])
        #expect(childProperties("hgroup g (padding: [1, 2, 3])") == ["padding=[1.0i,2.0i,3.0i]"])
    }

    @Test("values: numbers, strings, literals, special numbers, lists")
    func valueRule() {
        #expect(childProperties("item a .width(1e3) .height(-0.5)") == ["width=1000.0", "height=-0.5"])
        #expect(childProperties("item a .width(12345678901234567890)") == ["width=1.2345678901234567e+19i"])
        #expect(childProperties("item a .width(\"4\\\"4\\u{1F600}\")") == ["width='4\"4😀'"])
        #expect(childProperties("item a .width(nil) .height(true)") == ["width=null", "height=true"])
        #expect(childProperties("item a .width(.infinity) .height(-.infinity) .percent(.nan)") == ["width=inf", "height=-inf", "percent=nan"])
        #expect(childProperties("item a .size([1, [2, .x]], \"y z\")") == ["size=[[1.0i,[2.0i,'x']],'y z']"])
        #expect(childProperties("hgroup g (align: \"a b\", margin: [infinity, \"nil\"])") == ["align='a b'", "margin=['infinity','nil']"])
    }

    @Test("comments: leading, trailing, closing and after the last layout are kept")
    func comments() {
        let (file, diagnostics) = parseText("""
            // about L
            layout L {  # header
              // before main
              vgroup main (spacing: 4) {  // main's
                item a .height(4)  // a's
                // closing main
              }
              // closing L
            }
            // the end
            """)
        #expect(diagnostics.isEmpty)
        let document = file.layouts[0]
        #expect(document.comments == Comments(leading: [" about L"], trailing: [" header"], closing: [" closing L"]))
        #expect(document.root?.comments == Comments(leading: [" before main"], trailing: [" main's"], closing: [" closing main"]))
        #expect(document.root?.children.first?.comments == Comments(trailing: [" a's"]))
        #expect(file.trailingComments == [" the end"])
    }

    @Test("the docs/format.md §3 sample gives the same AST as the docs/format.md §2 YAML")
    func specSample() throws {
        let text = """
            layout Player (size: 390x844, safeArea: 59 0 34 0) {
              vgroup main (padding: 10, spacing: 8, align: center) {
                item header
                item toolbar .height(44)
                hgroup footer .height(200) (margin: 8) {
                  item left
                  item right .percent(33)
                }
                spacer .height(12)
                flow tags .height(.fit) (spacing: 10x8, justify: true) {
                  item first .size(80, 30)
                  item chip[12] .size(60, 30)
                  item extra dynamic
                }
                overlay hud .height(120) {
                  item spinner .size(40, 40) .center
                  item close .size(44, 44) .top(8) .trailing(8) .safeArea
                }
              }
            }

            """
        let yaml = try String(contentsOf: CommandLine_.packageRoot.appendingPathComponent("layouts/Player.layout.yaml"), encoding: .utf8)
        let fromText = parseText(text)
        let fromYAML = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml)
        #expect(fromText.diagnostics.isEmpty && fromYAML.diagnostics.isEmpty)
        #expect(structure(fromText.file) == structure(fromYAML.file))
        // and it is already in canonical form
        #expect(LayoutSource.format(Array(text.utf8)).text == text)
    }

    @Test("the validator works on the text AST: invalid values and keys are located")
    func validation() {
        // a property is located at its modifier's dot, or its attribute's name
        #expect(textDiagnostics("layout L {\n  vgroup g {\n    item a .height(-3)\n  }\n}") == [Diag(.invalidValue, 3, 12)])
        #expect(textDiagnostics("layout L {\n  vgroup g (align: middle) {\n  }\n}") == [Diag(.invalidValue, 2, 13)])
        #expect(textDiagnostics("layout L { hgroup g { item a .top(3) } }") == [Diag(.misplacedKey, 1, 30)])
        #expect(textDiagnostics("layout L { vgroup g { item a.heigth(3) } }") == [Diag(.unknownKey, 1, 29)])
        #expect(textMessages("layout L { vgroup g { item a .heigth(3) } }") == ["unknown modifier '.heigth'; did you mean '.height'?"])
        #expect(textMessages("layout L { vgroup g (spasing: 3) }") == ["unknown attribute 'spasing'; did you mean 'spacing'?"])
        #expect(textDiagnostics("layout L { flow f { item a } }") == [Diag(.itemIncomplete, 1, 21)])
        #expect(textDiagnostics("layout L { flow f { item chip[0] .size(1, 2) } }") == [Diag(.invalidValue, 1, 30)])
    }

    @Test("nesting: 2,050 levels of nodes are legal, one more is a syntax error, never a crash")
    func nesting() {
        func nested(_ depth: Int) -> String {
            String(repeating: "vgroup {\n", count: depth - 1) + "item leaf\n" + String(repeating: "}\n", count: depth - 1)
        }
        let legal = "layout Deep (size: 100x100) {\n" + nested(TextFrontEnd.maximumDepth) + "}\n"
        let result = FramesRequest().run(on: Array(legal.utf8), syntax: .text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.table?.layouts.first?.frames.last?.name == "leaf")
        let deep = "layout Deep (size: 100x100) {\n" + nested(20_000) + "}\n"
        #expect(textDiagnostics(deep) == [Diag(.syntax, TextFrontEnd.maximumDepth + 1, 8)])
        let lists = "layout L { item a .size(" + String(repeating: "[", count: 50_000) + ") }"
        #expect(textDiagnostics(lists).first?.code == .syntax)
    }
}
