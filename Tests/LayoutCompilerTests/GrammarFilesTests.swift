import Foundation
@testable import LayoutCompiler
import Testing

/// The editor files in grammar/ stay in step with the AST and the parser: every key and
/// keyword is in them, and no other.
@Suite("grammar files")
struct GrammarFilesTests {
    static let grammar = CommandLine_.packageRoot.appendingPathComponent("grammar")

    static func json(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: grammar.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static var nodeKeys: Set<String> {
        Set(NodeKind.allCases.map(\.rawValue) + PropertyKey.allCases.map(\.rawValue) + NodeList.Key.allCasesRaw)
    }

    @Test("the JSON Schema of the YAML form names exactly the document keys and the node keys")
    func schema() throws {
        let schema = try Self.json("layout.schema.json")
        let documentKeys = Set(((schema["properties"] as? [String: Any]) ?? [:]).keys)
        #expect(documentKeys == KeyCatalog.documentKeys)
        let node = (schema["definitions"] as? [String: Any])?["node"] as? [String: Any]
        let nodeKeys = Set(((node?["properties"] as? [String: Any]) ?? [:]).keys)
        #expect(nodeKeys == Self.nodeKeys)
        #expect(documentKeys.union(nodeKeys) == Set(KeyCatalog.allKeys))
        // exactly one kind key per node
        let kinds = (node?["oneOf"] as? [[String: Any]])?.compactMap { ($0["required"] as? [String])?.first }
        #expect(Set(kinds ?? []) == Set(NodeKind.allCases.map(\.rawValue)))
        #expect(schema["additionalProperties"] as? Bool == false && node?["additionalProperties"] as? Bool == false)
    }

    /// The words of the first group of a regex made of plain words (`(a|b|c)` or `(a)`).
    static func words(_ regex: String) -> Set<String> {
        var rest = regex[...]
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let words = rest[rest.index(after: open)..<close].split(separator: "|").map(String.init)
            if !words.isEmpty, words.allSatisfy(Validator.isValidName) { return Set(words) }
            rest = rest[rest.index(after: close)...]
        }
        return []
    }

    @Test("the TextMate grammar of the text form names exactly the keywords, modifiers and attributes")
    func textMate() throws {
        let grammar = try Self.json("layout.tmLanguage.json")
        #expect(grammar["scopeName"] as? String == "source.layout")
        let repository = try #require(grammar["repository"] as? [String: Any])
        func matches(_ name: String) -> [String] {
            let entry = repository[name] as? [String: Any]
            let patterns = (entry?["patterns"] as? [[String: Any]]) ?? [entry ?? [:]]
            return patterns.compactMap { $0["match"] as? String }
        }
        let keywordWords = matches("keywords").map(Self.words).reduce(Set<String>()) { $0.union($1) }
        let constants = matches("constants").map(Self.words).reduce(Set<String>()) { $0.union($1) }
        let reserved = Set(["layout", "item", "spacer", "hgroup", "vgroup", "flow", "overlay", "dynamic", "optional", "true", "false", "nil"])
        #expect(reserved.allSatisfy { TextKeyword.of($0)?.isReserved == true })
        // `wrap` (dynamic: wrap) is a header word too, but not reserved: it can be a name
        #expect(TextKeyword.of("wrap") != nil && TextKeyword.of("wrap")?.isReserved == false)
        #expect(keywordWords.union(constants) == reserved.union(["wrap"]))
        #expect(Set(NodeKind.allCases.map(\.rawValue)).isSubset(of: keywordWords))
        #expect(matches("modifiers").map(Self.words).first == Set(TextSpelling.modifierNames))
        // `when` is an attribute too where `.when(range)` cannot spell it (docs/format.md §7.4);
        // `flag:` and `unless:` label `.when`'s flags (§8.7)
        #expect(matches("attributes").map(Self.words).first == Set(TextSpelling.attributeNames + KeyCatalog.documentKeys.filter { !["layout", "root", "constants", "import", "parameters"].contains($0) } + ["when", "flag", "unless"]))
    }

    @Test("the TextMate grammar highlights wrap as a header word only where it is one, after a name or a count")
    func textMateWrap() throws {
        let grammar = try Self.json("layout.tmLanguage.json")
        let keywords = ((grammar["repository"] as? [String: Any])?["keywords"] as? [String: Any])?["patterns"] as? [[String: Any]]
        let matches = keywords?.compactMap { $0["match"] as? String } ?? []
        let node = try NSRegularExpression(pattern: try #require(matches.first { $0.contains("item|spacer") }))
        let wrap = try NSRegularExpression(pattern: try #require(matches.first { $0.contains("(wrap)") }))
        // TextMate takes the earliest match: the node pattern reads `kind name` first
        func highlightsWrap(_ line: String) -> Bool {
            let all = NSRange(line.startIndex..., in: line)
            let start = node.firstMatch(in: line, range: all).map { $0.range.location + $0.range.length } ?? 0
            let rest = NSRange(location: start, length: all.length - start)
            return wrap.firstMatch(in: line, options: [.withTransparentBounds], range: rest) != nil
        }
        for line in ["item bio wrap", "item bio wrap optional .shrink(1)", "item wrap wrap", "item[3] wrap", "item chip[3] wrap", "item \"a b\" wrap"] {
            #expect(highlightsWrap(line), "\(line)")
        }
        for line in ["item wrap", "item wrap optional", "item (dynamic: wrap)", "hgroup g (align: wrap)", "item a (wrap: true)"] {
            #expect(!highlightsWrap(line), "\(line)")
        }
    }

    @Test("the EBNF quotes exactly the reserved words, modifier and attribute names")
    func ebnf() throws {
        let text = try String(contentsOf: Self.grammar.appendingPathComponent("layout.ebnf"), encoding: .utf8)
        // quoted words outside comments
        var code = ""
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("(*") { depth += 1; index = text.index(index, offsetBy: 2); continue }
            if text[index...].hasPrefix("*)") { depth -= 1; index = text.index(index, offsetBy: 2); continue }
            if depth == 0 { code.append(text[index]) }
            index = text.index(after: index)
        }
        var quoted = Set<String>()
        for part in code.components(separatedBy: "\"").enumerated() where part.offset % 2 == 1 {
            if Validator.isValidName(part.element) { quoted.insert(part.element) }
        }
        let escapes: Set<String> = ["x", "e", "E", "n", "t", "r"]
        let expected = Set(["layout", "item", "spacer", "hgroup", "vgroup", "flow", "overlay", "dynamic", "optional", "true", "false", "nil"])
            .union(TextSpelling.modifierNames).union(TextSpelling.attributeNames).union(["size", "safeArea", "fit", "wrap"]).union(escapes)
            .union(["let", "import", "param"])  // docs/format.md §7.5 and §8.1: statements (not reserved)
            .union(["flag", "unless"])  // §8.7: the labels of `.when`'s flags (not reserved)
        #expect(quoted == expected, "extra: \(quoted.subtracting(expected)), missing: \(expected.subtracting(quoted))")
        // and every PropertyKey has its home in the grammar
        for key in PropertyKey.allCases where key != .count {
            #expect(quoted.contains(key.rawValue), "\(key)")
        }
    }
}

extension NodeList.Key {
    static var allCasesRaw: [String] { ["children", "items"] }
}
