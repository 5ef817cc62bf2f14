import Foundation
@testable import LayoutCompiler
import Testing

/// Every "did you mean …" and "write … instead" of the message catalogues leads to text that
/// parses: for a wrong input of each kind of suggestion, the suggestion is applied to the text
/// mechanically (read from the message, as a user would follow it) and the result must have no
/// syntax, unknownKey or invalidValue error (issue 21: `item b .optional` suggested
/// `(optional: …)`, which then said to write 'optional' after the name instead).
@Suite("suggestions lead to text that parses")
struct SuggestionTests {
    /// The codes a followed suggestion must not lead to. (A semantic error, such as an item that
    /// has no content to measure after `.fit`, is not what the suggestion was about.)
    static let parseCodes: Set<DiagnosticCode> = [.syntax, .unknownKey, .invalidValue]

    static func diagnostics(_ source: String, _ syntax: SourceSyntax) -> [Diagnostic] {
        DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(source.utf8), syntax: syntax) }.diagnostics
    }

    static func textLayout(_ line: String) -> String {
        "layout L (size: 390x844) {\n  vgroup v {\n    \(line)\n  }\n}\n"
    }

    static func match(_ pattern: String, _ text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<found.numberOfRanges).map { index in
            Range(found.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }

    /// `line` without the modifier `.name` (and its arguments).
    static func removingModifier(_ name: String, from line: String) -> String {
        let pattern = "\\s*\\.\(NSRegularExpression.escapedPattern(for: name))(\\([^()]*\\))?"
        return line.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
    }

    /// The arguments of `.name(…)` in `line`, if it has some.
    static func arguments(of name: String, in line: String) -> String? {
        match("\\.\(NSRegularExpression.escapedPattern(for: name))\\(([^()]*)\\)", line)?[1]
    }

    /// `word` inserted where the message puts it: "after the name", "after the count" or
    /// "right after 'item'".
    static func inserting(_ word: String, _ place: String, into line: String) -> String {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let indent = words.prefix { $0.isEmpty }.count
        if place.hasPrefix("right after '") {
            words.insert(word, at: indent + 1)
        } else {
            // after the kind and the name (and the name's count)
            words.insert(word, at: indent + 2)
        }
        return words.joined(separator: " ")
    }

    /// `line` with the suggestion of `message` applied, or nil when the message has none this
    /// function knows.
    static func applying(_ message: String, to line: String) -> String? {
        if let m = match("^unknown modifier '\\.(\\w+)'; did you mean '\\.(\\w+)'\\?$", message) {
            return line.replacingOccurrences(of: "." + m[1], with: "." + m[2])
        }
        if let m = match("^unknown modifier '\\.(\\w+)'; did you mean the attribute \\((\\w+): …\\)\\?$", message) {
            guard let value = arguments(of: m[1], in: line) else { return nil }
            return removingModifier(m[1], from: line) + " (\(m[2]): \(value))"
        }
        if let m = match("^unknown modifier '\\.(\\w+)'; did you mean '(\\w+)' (after the name|after the count|right after '\\w+')\\?$", message) {
            return inserting(m[2], m[3], into: removingModifier(m[1], from: line))
        }
        if let m = match("^'\\.(\\w+)(\\(\\.\\w+\\))?' is not a modifier: write '(\\w+)' (after the name|after the count|right after '\\w+')$", message) {
            return inserting(m[3], m[4], into: removingModifier(m[1], from: line))
        }
        if let m = match("^'\\.(\\w+)' is not a modifier: write '(\\w+)' (after the name|after the count|right after '\\w+')$", message) {
            return inserting(m[2], m[3], into: removingModifier(m[1], from: line))
        }
        if let m = match("^'\\.(\\w+)' is not a modifier: write (\\(.*\\)) in the attribute list$", message) {
            return removingModifier(m[1], from: line) + " " + m[2]
        }
        if let m = match("^'(\\w+)' is not a modifier: write it in the attribute list, (\\(.*\\))$", message), !m[2].contains("…") {
            return removingModifier(m[1], from: line) + " " + m[2]
        }
        if let m = match("^unknown attribute '(\\w+)'; did you mean the modifier (\\.[^?]+)\\?$", message) {
            // the attribute list holds this attribute alone in the inputs below
            let without = line.replacingOccurrences(of: "\\s*\\(\(m[1]):[^()]*\\)", with: "", options: .regularExpression)
            return without + " " + m[2]
        }
        if let m = match("^unknown attribute '(\\w+)'; did you mean '(\\w+)'\\?$", message) {
            return line.replacingOccurrences(of: m[1] + ":", with: m[2] + ":")
        }
        if let m = match("^unknown attribute 'wrap'; for text that wraps \\(dynamic: wrap\\) write 'wrap' (after the name|after the count)$", message) {
            return inserting("wrap", m[1], into: line.replacingOccurrences(of: "\\s*\\(wrap:[^()]*\\)", with: "", options: .regularExpression))
        }
        if match("^unknown attribute 'wrap'; for text that wraps write \\(dynamic: wrap\\)$", message) != nil {
            return line.replacingOccurrences(of: "(wrap: true)", with: "(dynamic: wrap)")
        }
        if let m = match("^unknown node kind '(\\w+)'; did you mean '(\\w+)'\\?$", message) {
            return line.replacingOccurrences(of: m[1] + " ", with: m[2] + " ")
        }
        if let m = match("^write '(\\w+)' (after the name|after the count|right after '\\w+') instead of (\\(.*\\))$", message) {
            return inserting(m[1], m[2], into: line.replacingOccurrences(of: " " + m[3], with: ""))
        }
        if let m = match("^write '([^']+)' instead of '([^']+)'$", message) {
            return line.replacingOccurrences(of: m[2], with: m[1])
        }
        if let m = match("^write '\\.(\\w+)' without '(\\(.*\\))'$", message) {
            return line.replacingOccurrences(of: "." + m[1] + m[2], with: "." + m[1])
        }
        if let m = match("^'(\\w+)' is a modifier: write (\\.\\S+) before the attribute list$", message) {
            let without = line.replacingOccurrences(of: "\\s*\\(\(m[1]):[^()]*\\)", with: "", options: .regularExpression)
            return without + " " + m[2]
        }
        if let m = match("^write '(\\w+)' right after the name of [^,]+, before its modifiers and attributes$", message) {
            let without = line.replacingOccurrences(of: " " + m[1], with: "")
            return inserting(m[1], "after the name", into: without)
        }
        if let m = match("^'(\\w+)' must be [^,]+, [^,]+ or \\w+, not '(\\w+)'; did you mean '(\\w+)' (after the name|after the count|right after '\\w+')\\?$", message) {
            let without = line.replacingOccurrences(of: "\\s*\\(\(m[1]):[^()]*\\)", with: "", options: .regularExpression)
            return inserting(m[3], m[4], into: without)
        }
        if let m = match("must be [^,]+, [^,]+ or \\w+, not '(\\w+)'; did you mean '(\\w+)'\\?$", message) {
            return line.replacingOccurrences(of: ": " + m[1], with: ": " + m[2])
        }
        return nil
    }

    /// Wrong node lines of the text form, one or more for each suggestion kind.
    static let textInputs = [
        "item b .optional",              // issue 21: the word, not (optional: …)
        "item b .optional(true)",
        "item b .optional(false)",
        "item .dynamic",                 // a node without a name: right after 'item'
        "item b .dynamic",
        "item b (optional: true)",
        "item b (dynamic: true)",
        "item (dynamic: true)",
        "item b (dynamic: wrap)",
        "item b .wrap",
        "item b .dynamic(.wrap)",
        "item b .optinal",               // a near miss of a flag: the word
        "item b .optinal(false)",
        "item b .dynamc",
        "item b .paddng(3)",             // a near miss of an attribute
        "item b .hieght(20)",            // a near miss of a modifier
        "item b .widht(.fit)",
        "item b .align(.center)",
        "item b (heigth: 20)",           // an attribute near a modifier
        "item b (safearea: true)",
        "item b (widht: fit)",
        "hgroup b (paddng: 3)",          // an attribute near an attribute
        "hgroup b (spacng: 3)",
        "item b (wrap: true)",
        "item (wrap: true)",
        "itme b",                        // a node kind
        "hgrop b",
        "item b .safeArea(true)",
        "item b .width(.fit) .height(.fit)",
        "item b (height: 20)",
        "item b (safeArea: true)",
        "item b .height(20) optional",
        "item b (dynamic: wrapp)",
        "item b (dynamic: yes)",
    ]

    @Test("each text-form suggestion, applied, parses", arguments: textInputs)
    func textSuggestion(_ line: String) throws {
        let before = Self.diagnostics(Self.textLayout(line), .text).filter { Self.parseCodes.contains($0.code) }
        try #require(!before.isEmpty, "the wrong input has no error: \(line)")
        var fixed = line
        for diagnostic in before {
            let applied = Self.applying(diagnostic.message, to: fixed)
            try #require(applied != nil, "no suggestion to apply in: \(diagnostic.message)")
            fixed = applied ?? fixed
        }
        let after = Self.diagnostics(Self.textLayout(fixed), .text).filter { Self.parseCodes.contains($0.code) }
        #expect(after.isEmpty, "\(line) → \(before.map(\.message)) → \(fixed) → \(after.map(\.message))")
    }

    /// Wrong YAML lines (one property of item b) and their value or key suggestions.
    static let yamlInputs = [
        "heigth: 20",
        "paddng: 3",
        "optinal: true",
        "dynamic: wrapp",
        "dynamic: yes",
        "Height: 20",
    ]

    static func yamlLayout(_ line: String) -> String {
        "layout: L\nsize: [390, 844]\nroot:\n  vgroup: v\n  children:\n    - item: b\n      \(line)\n"
    }

    @Test("each YAML suggestion, applied, parses", arguments: yamlInputs)
    func yamlSuggestion(_ line: String) throws {
        let before = Self.diagnostics(Self.yamlLayout(line), .yaml).filter { Self.parseCodes.contains($0.code) }
        try #require(!before.isEmpty, "the wrong input has no error: \(line)")
        var fixed = line
        for diagnostic in before {
            if let m = Self.match("^unknown key '(\\w+)'; did you mean '(\\w+)'\\?$", diagnostic.message) {
                fixed = fixed.replacingOccurrences(of: m[1] + ":", with: m[2] + ":")
            } else if let applied = Self.applying(diagnostic.message, to: fixed) {
                fixed = applied
            } else {
                Issue.record("no suggestion to apply in: \(diagnostic.message)")
            }
        }
        let after = Self.diagnostics(Self.yamlLayout(fixed), .yaml).filter { Self.parseCodes.contains($0.code) }
        #expect(after.isEmpty, "\(line) → \(before.map(\.message)) → \(fixed) → \(after.map(\.message))")
    }

    @Test("a layout's fit: the suggested value parses in both syntaxes")
    func fitSuggestion() throws {
        for (source, syntax) in [("layout L (size: 390x844, fit: heigth) {\n  item a\n}\n", SourceSyntax.text),
                                 ("layout: L\nsize: [390, 844]\nfit: heigth\nroot:\n  item: a\n", .yaml)] {
            let before = Self.diagnostics(source, syntax).filter { Self.parseCodes.contains($0.code) }
            let m = try #require(before.lazy.compactMap { Self.match("not '(\\w+)'; did you mean '(\\w+)'\\?$", $0.message) }.first)
            let fixed = source.replacingOccurrences(of: m[1], with: m[2])
            #expect(Self.diagnostics(fixed, syntax).filter { Self.parseCodes.contains($0.code) }.isEmpty)
        }
    }

    @Test("a .layoutlint.yml key: the suggested key parses")
    func lintConfigurationSuggestion() throws {
        for text in ["root: true\ndevics: {only: [iphone-se-3]}\n", "root: true\nsize:\n  a: [10, 20]\n"] {
            let before = LintConfiguration.parse(text).diagnostics
            try #require(!before.isEmpty, "no diagnostic for: \(text)")
            var fixed = text
            for diagnostic in before {
                let m = try #require(Self.match("'(\\w+)'[^;]*; did you mean '(\\w+)'\\?", diagnostic.message), "no suggestion in: \(diagnostic.message)")
                fixed = fixed.replacingOccurrences(of: m[1] + ":", with: m[2] + ":")
            }
            #expect(LintConfiguration.parse(fixed).diagnostics.isEmpty, "\(text) → \(before.map(\.message)) → \(fixed)")
        }
    }
}
