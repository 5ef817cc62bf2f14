import Foundation
@testable import LayoutCompiler
import Testing

/// Round trips between the two forms and through the formatter: on every example in
/// `layouts/` and on 1,000 generated ASTs (fixed seed) holding every kind of node, value,
/// name and comment the text form can write, valid or not.
@Suite("round trips")
struct RoundTripTests {
    static let layoutsDirectory = CommandLine_.packageRoot.appendingPathComponent("layouts")

    static func examplePairs() throws -> [(yaml: URL, text: URL)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: layoutsDirectory.path).sorted()
        return names.filter { $0.hasSuffix(".layout.yaml") }.map {
            (layoutsDirectory.appendingPathComponent($0), layoutsDirectory.appendingPathComponent(String($0.dropLast(5))))
        }
    }

    @Test("every layouts/*.layout.yaml has a text twin with the same AST, comments and frames")
    func examplesInBothForms() throws {
        let pairs = try Self.examplePairs()
        #expect(pairs.count >= 7)
        for (yamlURL, textURL) in pairs {
            let yaml = try [UInt8](Data(contentsOf: yamlURL))
            let text = try [UInt8](Data(contentsOf: textURL))
            #expect(SourceSyntax.detect(path: textURL.path, bytes: text) == .text)
            let fromYAML = LayoutSource.parse(yaml, syntax: .yaml)
            let fromText = LayoutSource.parse(text, syntax: .text)
            #expect(fromYAML.diagnostics.isEmpty && fromText.diagnostics.isEmpty, "\(textURL.lastPathComponent)")
            #expect(structure(fromYAML.file) == structure(fromText.file), "\(textURL.lastPathComponent)")
            #expect(allComments(fromYAML.file).count == allComments(fromText.file).count, "\(textURL.lastPathComponent)")
            // the same frames, at the layout's own size and at another
            let sizes: [String: [Size]] = ["extra": [S(100, 30), S(120, 30)]]
            for size in [nil, S(320, 700)] as [Size?] {
                let a = FramesRequest(size: size, dynamicSizes: sizes).run(on: yaml, syntax: .yaml, context: FolderImports.context(for: yamlURL))
                let b = FramesRequest(size: size, dynamicSizes: sizes).run(on: text, syntax: .text, context: FolderImports.context(for: textURL))
                #expect(a.table?.rendered(as: .json) == b.table?.rendered(as: .json), "\(textURL.lastPathComponent)")
                #expect(a.diagnostics.map(\.code) == b.diagnostics.map(\.code), "\(textURL.lastPathComponent)")
            }
        }
    }

    @Test("on layouts/: text → AST → text is the identity, and YAML → text → YAML gives the same AST")
    func examplesRoundTrip() throws {
        for (yamlURL, textURL) in try Self.examplePairs() {
            let text = try [UInt8](Data(contentsOf: textURL))
            #expect(LayoutSource.format(text).text.map { Array($0.utf8) } == text, "\(textURL.lastPathComponent) is not formatted")
            let yaml = try [UInt8](Data(contentsOf: yamlURL))
            let original = LayoutSource.parse(yaml, syntax: .yaml).file
            guard let asText = LayoutSource.convert(yaml, from: .yaml, to: .text).text,
                  let back = LayoutSource.convert(Array(asText.utf8), from: .text, to: .yaml).text else {
                Issue.record("\(yamlURL.lastPathComponent) did not convert")
                continue
            }
            let again = LayoutSource.parse(Array(back.utf8), syntax: .yaml)
            #expect(again.diagnostics.isEmpty)
            #expect(structure(again.file) == structure(original), "\(yamlURL.lastPathComponent)")
            #expect(allComments(again.file) == allComments(original), "\(yamlURL.lastPathComponent)")
        }
    }

    @Test("1,000 generated ASTs: print → parse → print is stable in both forms, comments kept")
    func generatedASTs() {
        var generator = ASTGenerator(rng: RandomLayoutTests.RNG(state: 0x5EED_7E47))
        var problems: [String] = []
        for index in 0..<1_000 {
            let file = generator.file()
            let expected = structure(file)
            let (text, printProblems) = DeepStack.run { TextPrinter.print(file) }
            guard printProblems.isEmpty else {
                problems.append("#\(index): \(printProblems.map(\.message))")
                continue
            }
            // text → AST: the same AST and comments; AST → text: the same text (identity)
            let parsed = parseText(text)
            // a layout without a name or root is reported (missingKey) but still read
            if parsed.diagnostics.contains(where: { $0.code != .missingKey }) {
                problems.append("#\(index): \(parsed.diagnostics.prefix(3).map { "\($0.location): \($0.message)" })\n\(text)")
                continue
            }
            if structure(parsed.file) != expected { problems.append("#\(index): text changed the AST\n\(text)") }
            if allComments(parsed.file) != allComments(file) { problems.append("#\(index): text changed the comments\n\(text)") }
            let reprinted = DeepStack.run { TextPrinter.print(parsed.file).text }
            if reprinted != text { problems.append("#\(index): not idempotent\n\(text)\n---\n\(reprinted)") }
            // YAML → text → YAML: the same AST; comments all kept
            let yaml = DeepStack.run { YAMLPrinter.print(file) }
            let fromYAML = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml)
            if fromYAML.diagnostics.contains(where: { $0.code != .missingKey }) {
                problems.append("#\(index): YAML: \(fromYAML.diagnostics.prefix(3).map { "\($0.location): \($0.message)" })\n\(yaml)")
                continue
            }
            if structure(fromYAML.file) != expected { problems.append("#\(index): YAML changed the AST\n\(yaml)") }
            if allComments(fromYAML.file).sorted() != allComments(file).sorted() { problems.append("#\(index): YAML lost comments\n\(yaml)") }
            guard fromYAML.diagnostics.isEmpty else { continue }
            let viaText = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text)
            guard let viaTextSource = viaText.text, let backToYAML = LayoutSource.convert(Array(viaTextSource.utf8), from: .text, to: .yaml).text else {
                problems.append("#\(index): convert failed \(viaText.diagnostics.map(\.message))")
                continue
            }
            if structure(LayoutSource.parse(Array(backToYAML.utf8), syntax: .yaml).file) != expected {
                problems.append("#\(index): YAML → text → YAML changed the AST")
            }
            // the formatter is idempotent on its own output
            if LayoutSource.format(Array(text.utf8)).text != text { problems.append("#\(index): format not idempotent") }
        }
        #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.prefix(2).joined(separator: "\n=====\n"))")
    }

    @Test("formatting is idempotent and canonical: spacing, comment markers and numbers are normalised")
    func formatNormalises() {
        let messy = "# c\nlayout   L(size:1.50x2){vgroup main(spacing:4,align:center){item a .height(1.0e1)#t\n item b.flexible(2)}}"
        let formatted = LayoutSource.format(Array(messy.utf8)).text
        #expect(formatted == """
            // c
            layout L (size: 1.5x2) {
              vgroup main (spacing: 4, align: center) {
                item a .height(10.0)  //t
                item b .flexible(2)
              }
            }

            """)
        #expect(formatted.flatMap { LayoutSource.format(Array($0.utf8)).text } == formatted)
    }

    @Test("wrap, shrink and fit: YAML → text → YAML gives the same AST and every comment; fit: is written in the document's key order")
    func wrapShrinkFit() {
        let yaml = """
            # ChatRow
            layout: ChatRow   # the row
            fit: height       # only the height
            size: [390, 0]
            root:
              vgroup: main
              children:
                - item: bio   # the bio
                  dynamic: wrap
                  shrink: 1
                - item: wrap
                  dynamic: wrap
                  optional: true
                - item: wrap
                - item:
                  shrink: -1
                  dynamic: wrap
                  padding: 1
                - item: x
                  dynamic: wrapp
                - flow: tags
                  items:
                    - item:
                      size: [1, 1]
                      count: 2
                      dynamic: wrap
            # end
            """
        let original = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml)
        #expect(original.diagnostics.isEmpty)
        let text = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text
        #expect(text == """
            // ChatRow
            layout ChatRow (size: 390x0, fit: height) {  // the row
              // only the height
              vgroup main {
                item bio wrap .shrink(1)  // the bio
                item wrap wrap optional
                item wrap
                item .shrink(-1) (dynamic: wrap, padding: 1)
                item x (dynamic: wrapp)
                flow tags {
                  item[2] wrap .size(1, 1)
                }
              }
            }

            // end

            """)
        guard let text else { return }
        #expect(LayoutSource.format(Array(text.utf8)).text == text)
        let back = LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text
        #expect(back == """
            # ChatRow
            layout: ChatRow  # the row
            size: [390, 0]
            fit: height
            root:
              # only the height
              vgroup: main
              children:
                - item: bio  # the bio
                  dynamic: wrap
                  shrink: 1
                - item: wrap
                  dynamic: wrap
                  optional: true
                - item: wrap
                - item:
                  shrink: -1
                  dynamic: wrap
                  padding: 1
                - item: x
                  dynamic: wrapp
                - flow: tags
                  items:
                    - item:
                      count: 2
                      dynamic: wrap
                      size: [1, 1]

            # end

            """)
        let again = back.map { LayoutSource.parse(Array($0.utf8), syntax: .yaml) }
        #expect(again?.diagnostics.isEmpty == true)
        #expect(again.map { structure($0.file) } == structure(original.file))
        #expect(again.map { allComments($0.file) } == allComments(original.file))
        // and the YAML printer keeps fit: before root: whatever the source's order
        let late = "layout: L\nroot:\n  vgroup: g\n  children: []\nfit: width\nsafeArea: [1, 2, 3, 4]\n"
        #expect(LayoutSource.convert(Array(late.utf8), from: .yaml, to: .yaml).text
                == "layout: L\nsafeArea: [1, 2, 3, 4]\nfit: width\nroot:\n  vgroup: g\n  children: []\n")
    }

    /// Values the validator refuses, in a document or on a node: each converts both ways unchanged.
    static let oddValues: [(yaml: String, text: String)] = [
        ("fit: heigth", "(fit: heigth)"), ("fit: 3", "(fit: 3)"), ("fit: [1, 2]", "(fit: 1x2)"), ("fit:", "(fit: nil)"),
        ("fit: \"both\"", "(fit: both)"), ("fit: true", "(fit: true)"), ("fit: .inf", "(fit: .infinity)"), ("fit: [height]", "(fit: [height])"),
        ("fit: \"a b\"", "(fit: \"a b\")"), ("fit: \"true\"", "(fit: \"true\")"),
        ("shrink: -1", ".shrink(-1)"), ("shrink: abc", ".shrink(.abc)"), ("shrink: [1]", ".shrink([1])"), ("shrink: .nan", ".shrink(.nan)"),
        ("shrink: \"1\"", ".shrink(\"1\")"), ("shrink:", ".shrink(nil)"), ("shrink: [1, 2]", ".shrink(1, 2)"), ("shrink: 1e-07", ".shrink(1e-07)"),
        ("dynamic: wrapp", "(dynamic: wrapp)"), ("dynamic: Wrap", "(dynamic: Wrap)"), ("dynamic: \"wrap\"", "wrap"), ("dynamic: [wrap]", "(dynamic: [wrap])"),
        ("dynamic: 1", "(dynamic: 1)"), ("dynamic: \"wrap \"", "(dynamic: \"wrap \")"),
    ]

    @Test("odd values of fit, shrink and dynamic: converted both ways and formatted without a change", arguments: oddValues)
    func oddValue(_ yamlLine: String, _ spelled: String) throws {
        let isFit = yamlLine.hasPrefix("fit")
        let yaml = isFit ? "layout: L\n\(yamlLine)\nroot:\n  vgroup: main\n  children:\n    - item: a\n"
                         : "layout: L\nroot:\n  vgroup: main\n  children:\n    - item: a\n      \(yamlLine)\n"
        let original = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml)
        #expect(original.diagnostics.isEmpty)
        let text = try #require(LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text)
        let expected = isFit ? "layout L \(spelled) {\n  vgroup main {\n    item a\n  }\n}\n"
                             : "layout L {\n  vgroup main {\n    item a \(spelled)\n  }\n}\n"
        #expect(text == expected)
        #expect(LayoutSource.format(Array(text.utf8)).text == text)
        let back = try #require(LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text)
        #expect(structure(LayoutSource.parse(Array(back.utf8), syntax: .yaml).file) == structure(original.file))
        // the validator says the same in both forms, but for where the text form writes a hinted
        // `dynamic` value as a word (`item a wrap`, `item a dynamic`)
        let a = LayoutCompiler.compile(yaml: Array(yaml.utf8)).diagnostics.map { "\($0.code)|\($0.message)" }
        let b = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: .text) }.diagnostics.map { "\($0.code)|\($0.message)" }
        #expect(a.map { $0.replacingOccurrences(of: "did you mean 'wrap'?", with: "did you mean 'wrap' after the name?") } == b)
    }

    @Test("fit inside a node is misplacedKey in both syntaxes, and convert and format report it instead of dropping it")
    func fitInNode() {
        let yaml = "layout: L\nroot:\n  vgroup: main\n  fit: height\n  children: []\n"
        let text = "layout L {\n  vgroup main (fit: height) {}\n}\n"
        let fromYAML = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text)
        #expect(fromYAML.text == nil)
        #expect(fromYAML.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.misplacedKey, 4, 3)])
        for output in [LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml), LayoutSource.format(Array(text.utf8))] {
            #expect(output.text == nil)
            #expect(output.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) } == [Diag(.misplacedKey, 2, 16)])
        }
        // a mapping as the layout's fit has no text spelling
        let mapping = LayoutSource.convert(Array("layout: L\nfit: {a: 1}\nroot:\n  item: a\n".utf8), from: .yaml, to: .text)
        #expect(mapping.text == nil)
        #expect(mapping.diagnostics.map { "\(Diag($0.code, $0.location.line, $0.location.column)) \($0.message)" }
                == ["invalidValue@2:1 'fit' holds a mapping, which the text form cannot write"])
    }

    @Test("a YAML $ followed by no name (found by the YAML fuzz target) is reported at the $, not printed as text that does not parse")
    func unspellableReference() {
        let yaml = "layout: Safe\nsize: [100,$ 100]\nroot:\n  vgroup: g\n  padding: [$a-b, 1]\n  children: []\n"
        let output = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text)
        #expect(output.text == nil)
        #expect(output.diagnostics.map { "\(Diag($0.code, $0.location.line, $0.location.column)) \($0.message)" } == [
            "invalidValue@2:12 'size' holds '$ 100', which the text form cannot write: a constant's name is letters, digits and '_' right after the '$'",
            "invalidValue@5:13 'padding' holds '$a-b', which the text form cannot write: a constant's name is letters, digits and '_' right after the '$'",
        ])
        // A constant holding a mapping (keys of the layout indented under constants:, found by
        // the YAML fuzz target) is reported, not printed as `let children = {}`.
        let nested = "constants:\n  gutter: 16\n  children:\n    - item: a\n"
        let mapping = LayoutSource.convert(Array(nested.utf8), from: .yaml, to: .text)
        #expect(mapping.text == nil)
        #expect(mapping.diagnostics.map { "\(Diag($0.code, $0.location.line, $0.location.column)) \($0.message)" }
                == ["invalidValue@3:3 'children' holds a mapping, which the text form cannot write"])
        // A name the text form can spell still converts, both ways.
        let plain = "layout: L\nconstants: {a_1: 4}\nsize: [100, $a_1]\nroot:\n  item: x\n"
        let text = LayoutSource.convert(Array(plain.utf8), from: .yaml, to: .text)
        #expect(text.diagnostics.isEmpty)
        #expect(text.text?.contains("$a_1") == true)
    }

    @Test("what the text form cannot hold is reported, not dropped")
    func unrepresentable() {
        let yaml = "layout: L\nroot:\n  flow: f\n  children: []\n  height: {a: 1}\n"
        let output = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text)
        #expect(output.text == nil)
        #expect(output.diagnostics.map { "\($0.location)" } == ["4:3", "5:3"])
    }
}

/// Random ASTs of the whole text form: every node kind, property key and literal kind, names
/// that need quotes, and comments, nested a few levels.
struct ASTGenerator {
    var rng: RandomLayoutTests.RNG
    var line = 1

    mutating func pick<T>(_ options: [T]) -> T { options[rng.int(0...(options.count - 1))] }

    mutating func nextLine() -> Int {
        line += 1
        return line
    }

    mutating func comments(_ chance: Double, max: Int = 2) -> [String] {
        guard rng.chance(chance) else { return [] }
        return (0..<rng.int(1...max)).map { _ in comment() }
    }

    mutating func comment() -> String {
        pick([" a comment", "", " # inner", "/ slashes", " \"quoted\" and 'single'", " ünïcödé ✓", " trailing-dash -", " x: y, {z}"])
    }

    mutating func file() -> LayoutFile {
        var file = LayoutFile()
        for index in 0..<rng.int(1...2) {
            var document = LayoutDocument(name: rng.chance(0.97) ? name(layout: true) : nil, location: .init(line: nextLine(), column: 1))
            if rng.chance(0.5) { document.size = Property(key: .size, value: rng.chance(0.8) ? pair() : literal(depth: 0), location: .init(line: nextLine(), column: 1)) }
            if rng.chance(0.4) { document.safeArea = Property(key: .safeArea, value: rng.chance(0.8) ? insets() : literal(depth: 0), location: .init(line: nextLine(), column: 1)) }
            if rng.chance(0.3) {
                let fit: Literal = rng.chance(0.8) ? .string(pick(["height", "width", "both", "heigth"])) : literal(depth: 0)
                document.fit = DocumentSetting(value: fit, location: .init(line: nextLine(), column: 1))
            }
            document.comments = Comments(leading: comments(0.3), trailing: comments(0.2, max: 1), closing: comments(0.2))
            if document.name == nil && index == 0 { document.comments.leading = [] }
            if document.name == nil || rng.chance(0.95) { document.root = node(depth: 0) }
            file.layouts.append(document)
        }
        file.trailingComments = comments(0.2)
        return file
    }

    mutating func name(layout: Bool = false) -> Literal {
        let r = rng.int(0...19)
        switch r {
        case 0: return .string(pick(["flow", "item", "layout", "dynamic", "optional", "nil", "true"]))
        case 1: return .string(pick(["close-button", "a b", "9lives", "", "ä", "x\"y", "tab\there"]))
        case 2: return .number(Double(rng.int(0...99)), isInteger: rng.chance(0.7))
        case 3: return .bool(rng.chance(0.5))
        case 4: return .string(pick(["infinity", "nan", "fit", "center", "wrap"]))
        default: return .string((layout ? "L" : "n") + String(rng.int(0...9999)))
        }
    }

    mutating func number() -> Literal {
        switch rng.int(0...9) {
        case 0: return .number(-Double(rng.int(1...500)), isInteger: true)
        case 1: return .number(Double(rng.int(0...100_000)) / 8, isInteger: false)
        // 123_456_789_012_345_680 is a Double exactly (the nearest to ...678, 17 significant digits).
        case 2: return .number(pick([1e-7, 1.5e300, 123_456_789_012_345_680, 0.1, 2.5e-5]), isInteger: false)
        case 3: return .number(pick([.infinity, -.infinity, .nan]), isInteger: false)
        case 4: return .number(pick([12_345_678_901_234_567_890.0, 1e20]), isInteger: true)
        default: return .number(Double(rng.int(0...400)), isInteger: true)
        }
    }

    mutating func pair() -> Literal { .list([number(), number()]) }
    mutating func insets() -> Literal { .list([number(), number(), number(), number()]) }

    mutating func literal(depth: Int) -> Literal {
        switch rng.int(0...11) {
        case 0: return .null
        case 1: return .bool(rng.chance(0.5))
        case 2, 3: return .string(pick(["fit", "flexible", "center", "leading", "trailing", "infinity", "nan", "true", "nil", "a b", "", "\"q\"", "back\\slash", "line\nbreak", "\u{85}\u{2028}\u{7F}", "😀"]))
        case 4, 5: return depth < 2 ? .list((0..<rng.int(0...4)).map { _ in literal(depth: depth + 1) }) : number()
        default: return number()
        }
    }

    /// A typical value for a key (often valid), sometimes anything.
    mutating func value(for key: PropertyKey) -> Literal {
        if rng.chance(0.25) { return literal(depth: 0) }
        switch key {
        case .width, .height: return rng.chance(0.3) ? .string(pick(["fit", "flexible"])) : number()
        case .size, .spacing: return rng.chance(0.6) ? pair() : number()
        case .padding: return rng.chance(0.5) ? insets() : number()
        case .flexible: return rng.chance(0.4) ? .number(1, isInteger: true) : number()
        case .align: return .string(pick(["leading", "center", "trailing"]))
        case .dynamic:
            // dynamic: wrap is a header word after a name or count, else an attribute
            return rng.chance(0.4) ? .string(pick(["wrap", "wrap", "wrapp"])) : .bool(rng.chance(0.7))
        case .shrink:
            let halves = Double(rng.int(0...4)) / 2
            return rng.chance(0.7) ? .number(halves, isInteger: halves == halves.rounded() && rng.chance(0.5)) : number()
        case .justify, .center, .safeArea, .optional: return .bool(rng.chance(0.7))
        case .aspect:
            // ratios the printer writes as p/q, decimals it keeps, and integers
            switch rng.int(0...3) {
            case 0:
                let numerator = Double(rng.int(1...40))
                let denominator = Double(rng.int(1...100))
                return .number(numerator / denominator, isInteger: false)
            case 1:
                let ratios: [Double] = [16 / 9, 4 / 3, 9 / 16, 1 / 3, 21 / 9]
                return .number(pick(ratios), isInteger: false)
            case 2: return .number(Double(rng.int(1...4)), isInteger: true)
            default: return number()
            }
        default: return number()
        }
    }

    mutating func node(depth: Int) -> Node {
        let kind = depth >= 3 ? pick([NodeKind.item, .spacer]) : pick(NodeKind.allCases)
        let node = Node(kind: kind, location: .init(line: nextLine(), column: 1), name: rng.chance(0.8) ? name() : nil)
        var keys = PropertyKey.allCases
        for _ in 0..<rng.int(0...5) {
            guard !keys.isEmpty else { break }
            let key = keys.remove(at: rng.int(0...(keys.count - 1)))
            node.properties.append(Property(key: key, value: value(for: key), location: .init(line: nextLine(), column: 1)))
        }
        if rng.chance(0.15), !node.properties.contains(where: { $0.key == PropertyKey.width || $0.key == PropertyKey.height }) {
            // the .fit pair
            node.properties += [Property(key: .width, value: .string("fit"), location: .init(line: nextLine(), column: 1)),
                                Property(key: .height, value: .string("fit"), location: .init(line: nextLine(), column: 1))]
        }
        if kind.isContainer || rng.chance(0.05) {
            if rng.chance(0.9) {
                let children = (0..<rng.int(0...3)).map { _ in self.node(depth: depth + 1) }
                node.list = NodeList(key: kind == .flow ? .items : .children, location: .init(line: nextLine(), column: 1), nodes: children)
            }
        }
        node.comments = Comments(leading: comments(0.2), trailing: comments(0.2, max: 1), closing: node.list == nil ? [] : comments(0.15))
        return node
    }
}
