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
    case .reference(let reference): return "$\(reference.name)"
    }
}

/// Constants and imports as the tests compare them (docs/format.md §7.5).
func spell(_ scope: ConstantScope) -> String {
    scope.imports.map { "import " + spell($0.path) }.joined(separator: " ")
        + scope.constants.map { " let \($0.name)=" + spell($0.value) }.joined()
}

/// The AST's structure without locations and comments. Properties are listed in the order
/// the text form writes them (count, the header words dynamic or wrap and optional, modifiers,
/// attributes; each group in its written order), so a YAML file and its text twin compare equal.
func structure(_ file: LayoutFile) -> String {
    var out = ""
    for (index, document) in file.layouts.enumerated() {
        for constants in file.constantDocuments where constants.position == index { out += "constants " + spell(constants.scope) + "\n" }
        if !document.scope.isEmpty { out += "scope " + spell(document.scope) + "\n" }
        out += "layout \(document.name.map(spell) ?? "-") size=\(document.size.map { spell($0.value) } ?? "-") safeArea=\(document.safeArea.map { spell($0.value) } ?? "-")"
        out += " fit=\(document.fit.map { spell($0.value) } ?? "-")\n"
        if let root = document.root { structure(root, indent: 1, into: &out) }
    }
    for constants in file.constantDocuments where constants.position >= file.layouts.count { out += "constants " + spell(constants.scope) + "\n" }
    return out
}

func textOrder(_ properties: [Property], wrapIsWord: Bool) -> [Property] {
    func slot(_ p: Property) -> Int {
        if p.key == .count { return 0 }
        if p.key == .dynamic && p.value == .bool(true) { return 1 }
        // `wrap` is a header word after a name or a count; otherwise the attribute (dynamic: wrap)
        if p.key == .dynamic && p.value == .string("wrap") && wrapIsWord { return 1 }
        if p.key == .optional && p.value == .bool(true) { return 2 }
        // `when` is a modifier where a range spells it, else an attribute (docs/format.md §7.4)
        if p.key == .when { return TextSpelling.whenRange(p) != nil ? 3 : 4 }
        return TextSpelling.home(of: p.key) == .modifier ? 3 : 4
    }
    return properties.enumerated().sorted { (slot($0.element), $0.offset) < (slot($1.element), $1.offset) }.map(\.element)
}

func structure(_ node: Node, indent: Int, into out: inout String) {
    var stack: [(Node, Int)] = [(node, indent)]
    while let (node, indent) = stack.popLast() {
        out += String(repeating: " ", count: indent) + node.kind.rawValue + " " + (node.name.map(spell) ?? "-")
        for property in textOrder(node.properties, wrapIsWord: node.name != nil || node.properties.contains { $0.key == .count }) {
            out += " \(property.key.rawValue)=\(spell(property.value))"
            if let entries = property.entries { out += "{" + entries.map { "\($0.key):\(spell($0.value))" }.joined(separator: ",") + "}" }
        }
        if let list = node.list { out += " \(list.key.rawValue):\(list.nodes.count)" }
        out += "\n"
        for child in node.children.reversed() { stack.append((child, indent + 1)) }
    }
}

/// Every comment of a file in order, for comparisons.
func allComments(_ file: LayoutFile) -> [String] {
    var out: [String] = []
    func scopeComments(_ scope: ConstantScope) {
        for path in scope.imports { out += path.comments + path.trailing }
        for constant in scope.constants { out += constant.comments + constant.trailing }
    }
    for document in file.constantDocuments {
        out += document.comments.leading
        scopeComments(document.scope)
        out += document.comments.trailing + document.comments.closing
    }
    for document in file.layouts {
        out += document.comments.leading + document.comments.trailing
        scopeComments(document.scope)
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

// MARK: - docs/format.md §7.1–7.3: wrap, shrink, the layout's fit

extension TextParserTests {
    @Test("wrap: the header word of dynamic: wrap after a name or a count; right after the kind it is the name")
    func wrapWord() {
        #expect(childProperties("item bio wrap") == ["dynamic='wrap'"])
        #expect(childProperties("item bio wrap optional .shrink(1)") == ["dynamic='wrap'", "optional=true", "shrink=1.0i"])
        let bio = textRoot("layout L {\n  vgroup p {\n    item bio wrap optional\n  }\n}\n")?.children.first
        #expect(bio?.property(.dynamic)?.location == SourceLocation(line: 3, column: 14))
        // a name: `wrap` is not reserved
        let named = textRoot("layout L {\n  vgroup p {\n    item wrap\n    item wrap wrap\n    item wrap optional\n    hgroup wrap {}\n  }\n}\n")
        #expect(named?.children.map { $0.name } == Array(repeating: .string("wrap"), count: 4))
        #expect(named?.children.map { $0.properties.map { "\($0.key.rawValue)=\(spell($0.value))" } }
                == [[], ["dynamic='wrap'"], ["optional=true"], []])
        #expect(textRoot("layout wrap { item a }") != nil)
        // after a count: an array item, named or not
        #expect(childProperties("item chip[3] wrap", in: "flow") == ["count=3.0i", "dynamic='wrap'"])
        let anonymous = textRoot("layout L {\n  flow p {\n    item[3] wrap\n  }\n}\n")?.children.first
        #expect(anonymous?.name == nil)
        #expect(anonymous?.properties.map { "\($0.key.rawValue)=\(spell($0.value))" } == ["count=3.0i", "dynamic='wrap'"])
        // a node with neither a name nor a count writes the attribute
        let plain = textRoot("layout L {\n  vgroup p {\n    item (dynamic: wrap)\n  }\n}\n")?.children.first
        #expect(plain?.name == nil)
        #expect(plain?.properties.map { "\($0.key.rawValue)=\(spell($0.value))@\($0.location)" } == ["dynamic='wrap'@3:11"])
        // other values of dynamic stay attributes
        #expect(childProperties("item a (dynamic: wrapp)") == ["dynamic='wrapp'"])
        #expect(childProperties("item a (dynamic: Wrap)") == ["dynamic='Wrap'"])
        // the printer: each of these is canonical
        let canonical = """
            layout L (size: 390x0, fit: height) {
              vgroup p {
                item bio wrap optional .shrink(1)
                item wrap
                item wrap wrap
                item wrap optional
                item (dynamic: wrap)
                item .width(10) (padding: 1, dynamic: wrap, margin: 2)
                item "a b" wrap
                item 3 wrap
                item true wrap
                item a (dynamic: wrapp)
                flow f {
                  item[3] wrap .size(1, 1)
                  item chip[2] wrap optional
                }
              }
            }

            """
        #expect(parseText(canonical).diagnostics.isEmpty)
        #expect(LayoutSource.format(Array(canonical.utf8)).text == canonical)
    }

    @Test(".shrink(number), and the layout's fit attribute, located at its name")
    func shrinkAndFit() {
        #expect(childProperties("item a .width(10) .shrink(1.5)") == ["width=10.0i", "shrink=1.5"])
        #expect(childProperties("item a .shrink(0)") == ["shrink=0.0i"])
        // values the validator refuses still parse
        #expect(childProperties("item a .shrink(-1)") == ["shrink=-1.0i"])
        #expect(childProperties("item a .shrink(.abc)") == ["shrink='abc'"])
        let (file, diagnostics) = parseText("layout ChatRow (size: 390x0, fit: height) {\n  vgroup main {}\n}\n")
        #expect(diagnostics.isEmpty)
        #expect(file.layouts.first?.fit?.value == .string("height"))
        #expect(file.layouts.first?.fit?.location == SourceLocation(line: 1, column: 30))
        for (written, value) in [("both", Literal.string("both")), ("heigth", .string("heigth")), ("3", .number(3, isInteger: true)),
                                 ("nil", .null), ("1x2", .list([.number(1, isInteger: true), .number(2, isInteger: true)])), ("[height]", .list([.string("height")])),
                                 ("\"a b\"", .string("a b"))] {
            let parsed = parseText("layout L (fit: \(written)) { vgroup main {} }")
            #expect(parsed.diagnostics.isEmpty, "\(written)")
            #expect(parsed.file.layouts.first?.fit?.value == value, "\(written)")
        }
        // a node's (fit: …) is misplacedKey, as in the YAML form; the node keeps its other keys
        let (inNode, nodeDiagnostics) = parseText("layout L {\n  vgroup main (spacing: 2, fit: height) {}\n}\n")
        #expect(nodeDiagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.misplacedKey, 2, 28)])
        #expect(inNode.layouts.first?.root?.properties.map(\.key) == [.spacing])
        #expect(inNode.layouts.first?.fit == nil)
    }

    /// Each case: a node line, its one diagnostic and message, and the line the message says to
    /// write (or two), which must parse without any diagnostic.
    static let wrapSpellings: [(parent: String, node: String, diag: Diag, message: String, fixes: [String])] = [
        ("vgroup", "item a (dynamic: wrap)", Diag(.syntax, 3, 13), "write 'wrap' after the name instead of (dynamic: wrap)", ["item a wrap"]),
        ("flow", "item[2] (dynamic: wrap)", Diag(.syntax, 3, 14), "write 'wrap' after the count instead of (dynamic: wrap)", ["item[2] wrap"]),
        ("vgroup", "item .width(3) wrap", Diag(.syntax, 3, 20),
         "'wrap' can follow only a name or a count ('item wrap' is an item named wrap); a node without either writes (dynamic: wrap) in its attribute list",
         ["item .width(3) (dynamic: wrap)"]),
        ("vgroup", "item a dynamic wrap", Diag(.syntax, 3, 20),
         "'dynamic' (at 3:12) and 'wrap' are two values of 'dynamic': write one of them (dynamic: its size comes at run time; wrap: its text wraps at the width it gets)",
         ["item a dynamic", "item a wrap"]),
        ("vgroup", "item a wrap dynamic", Diag(.syntax, 3, 17),
         "'wrap' (at 3:12) and 'dynamic' are two values of 'dynamic': write one of them (dynamic: its size comes at run time; wrap: its text wraps at the width it gets)",
         ["item a wrap", "item a dynamic"]),
        ("vgroup", "item a wrap wrap", Diag(.syntax, 3, 17), "duplicate 'dynamic' on this node (first at 3:12)", ["item a wrap"]),
        ("vgroup", "item a .width(3) wrap", Diag(.syntax, 3, 22), "write 'wrap' right after the name of item 'a', before its modifiers and attributes",
         ["item a wrap .width(3)"]),
        ("flow", "item[2] .width(3) wrap", Diag(.syntax, 3, 23), "write 'wrap' right after the count of the item at 3:5, before its modifiers and attributes",
         ["item[2] wrap .width(3)"]),
        ("vgroup", "item .width(3) dynamic", Diag(.syntax, 3, 20), "write 'dynamic' right after 'item' in the item at 3:5, before its modifiers and attributes",
         ["item dynamic .width(3)"]),
        ("vgroup", "item a optional wrap", Diag(.syntax, 3, 21), "write 'wrap' before 'optional'", ["item a wrap optional"]),
        ("vgroup", "item a .dynamic(.wrap)", Diag(.syntax, 3, 12), "'.dynamic(.wrap)' is not a modifier: write 'wrap' after the name", ["item a wrap"]),
        ("vgroup", "item .dynamic(.wrap)", Diag(.syntax, 3, 10), "'.dynamic(.wrap)' is not a modifier: write (dynamic: wrap) in the attribute list",
         ["item (dynamic: wrap)"]),
        ("flow", "item[2] .dynamic(.wrap)", Diag(.syntax, 3, 13), "'.dynamic(.wrap)' is not a modifier: write 'wrap' after the count", ["item[2] wrap"]),
        ("vgroup", "item a .wrap", Diag(.syntax, 3, 12), "'.wrap' is not a modifier: write 'wrap' after the name", ["item a wrap"]),
        ("vgroup", "item .wrap", Diag(.syntax, 3, 10), "'.wrap' is not a modifier: write (dynamic: wrap) in the attribute list", ["item (dynamic: wrap)"]),
        ("vgroup", "item a (wrap: true)", Diag(.unknownKey, 3, 13), "unknown attribute 'wrap'; for text that wraps (dynamic: wrap) write 'wrap' after the name",
         ["item a wrap"]),
        ("vgroup", "item (wrap: true)", Diag(.unknownKey, 3, 11), "unknown attribute 'wrap'; for text that wraps write (dynamic: wrap)", ["item (dynamic: wrap)"]),
        ("vgroup", "item a Wrap", Diag(.syntax, 3, 12),
         "expected a modifier such as .height(44), an attribute list '(…)', '{' or the next node after item 'a', found 'Wrap'; keywords are lowercase: write 'wrap'",
         ["item a wrap"]),
        ("vgroup", "item a .shrink", Diag(.syntax, 3, 12), "'.shrink' needs a value in parentheses, such as .shrink(1)", ["item a .shrink(1)"]),
        ("vgroup", "item a (shrink: 1)", Diag(.syntax, 3, 13), "'shrink' is a modifier: write .shrink(1) before the attribute list", ["item a .shrink(1)"]),
        ("vgroup", "item a (fit: height)", Diag(.misplacedKey, 3, 13),
         "'fit' belongs to the layout: write it in the layout's attribute list, layout Name (fit: height) {; a node that fits its content writes .width(.fit), .height(.fit) or .fit",
         ["item a .width(.fit)", "item a .height(.fit)", "item a .fit"]),
    ]

    @Test("other spellings of wrap, shrink and fit: one diagnostic that says how to write it, and that text parses")
    func wrapSpellingFixes() {
        func source(_ parent: String, _ node: String) -> String {
            "layout L (size: 100x100) {\n  \(parent) p {\n    \(node)\n  }\n}\n"
        }
        for (parent, node, diag, message, fixes) in Self.wrapSpellings {
            let bad = parseText(source(parent, node))
            #expect(bad.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [diag], "\(node): \(bad.diagnostics.map(\.message))")
            #expect(bad.diagnostics.first?.message == message, "\(node)")
            for (index, fix) in fixes.enumerated() {
                let fixed = parseText(source(parent, fix))
                #expect(fixed.diagnostics.isEmpty, "\(node) → \(fix): \(fixed.diagnostics.map(\.message))")
                // a syntax error keeps what the file meant (the first of two values): the fix is the same AST
                if diag.code == .syntax && index == 0 && node != "item a Wrap" && node != "item a .shrink" {
                    #expect(structure(fixed.file) == structure(bad.file), "\(node) → \(fix)")
                }
            }
        }
        // the layout key of a node's (fit: …) moved to the layout, as the message writes it
        let moved = parseText("layout L (size: 100x100, fit: height) {\n  vgroup p {\n    item a\n  }\n}\n")
        #expect(moved.diagnostics.isEmpty && moved.file.layouts.first?.fit?.value == .string("height"))
        // the quoted value of a header word: both problems (in the order read), then the word
        let quoted = parseText(source("vgroup", "item a (dynamic: \"wrap\")"))
        #expect(quoted.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.syntax, 3, 22), Diag(.syntax, 3, 13)])
        #expect(quoted.diagnostics.map(\.message) == ["write wrap without quotes", "write 'wrap' after the name instead of (dynamic: wrap)"])
        #expect(parseText(source("vgroup", "item \"wrap\" wrap")).diagnostics.map(\.message) == ["write the name wrap without quotes"])
    }

    @Test("the layout's attributes: size, safeArea, fit in that order, each once")
    func layoutAttributeOrder() {
        let cases: [(String, Diag, String, String)] = [
            ("(fit: height, size: 390x0)", Diag(.syntax, 1, 24), "write 'size' before 'fit'", "(size: 390x0, fit: height)"),
            ("(fit: height, safeArea: 1 2 3 4)", Diag(.syntax, 1, 24), "write 'safeArea' before 'fit'", "(safeArea: 1 2 3 4, fit: height)"),
            ("(safeArea: 1 2 3 4, size: 1x2)", Diag(.syntax, 1, 30), "write 'size' before 'safeArea'", "(size: 1x2, safeArea: 1 2 3 4)"),
            ("(fit: height, fit: width)", Diag(.syntax, 1, 24), "duplicate attribute 'fit' (first at 1:11)", "(fit: height)"),
        ]
        for (attributes, diag, message, fixed) in cases {
            let bad = parseText("layout L \(attributes) { vgroup main {} }")
            #expect(bad.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [diag], "\(attributes)")
            #expect(bad.diagnostics.first?.message == message, "\(attributes)")
            let good = parseText("layout L \(fixed) { vgroup main {} }")
            #expect(good.diagnostics.isEmpty, "\(fixed)")
            #expect(structure(good.file) == structure(bad.file), "\(attributes)")
        }
    }
}
