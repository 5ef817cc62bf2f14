#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the text form spells each part of the AST: the one place that decides, used by the
/// printer to write and by the parser to refuse any other spelling of the same thing, so that
/// every AST has exactly one text (grammar/layout.ebnf, docs/format.md).
enum TextSpelling {
    /// Where a property is written on a node.
    enum Home {
        /// `.key(value)` (or bare `.key` for `bareValue`).
        case modifier
        /// `(key: value)` after the modifiers.
        case attribute
        /// `name[value]`, right after the name.
        case count
    }

    /// The two ways a value is written: inside a modifier's parentheses, where a word is an
    /// enum case (`.fit`, `.flexible`), or after an attribute's colon, where it is bare
    /// (`center`) and pairs and insets have short forms (`10x8`, `59 0 34 0`).
    enum Context {
        case modifier
        case attribute
    }

    static func home(of key: PropertyKey) -> Home {
        switch key {
        case .width, .height, .size, .percent, .flexible, .top, .bottom, .leading, .trailing, .centerX, .centerY, .center, .safeArea,
             .minWidth, .maxWidth, .minHeight, .maxHeight, .aspect, .shrink, .when,
             .alignSelf, .spaceBefore, .spaceAfter:
            return .modifier
        case .padding, .spacing, .margin, .align, .justify, .dynamic, .optional:
            return .attribute
        case .count:
            return .count
        }
    }

    /// What a bare modifier means: `.flexible` is weight 1, `.center` and `.safeArea` are true.
    static func bareValue(of key: PropertyKey) -> Literal? {
        switch key {
        case .flexible: return .number(1, isInteger: true)
        case .center, .safeArea: return .bool(true)
        default: return nil
        }
    }

    static let modifierNames: [String] = PropertyKey.allCases.filter { home(of: $0) == .modifier }.map(\.rawValue) + ["fit"]
    static let attributeNames: [String] = PropertyKey.allCases.filter { home(of: $0) == .attribute }.map(\.rawValue)

    /// The keys written as a word after the name when true (`item name dynamic optional`), in
    /// this order; false is written as an attribute, `(optional: false)`.
    static let headerFlags: [PropertyKey] = [.dynamic, .optional]

    /// A word written after a node's name (and count) for one value of a key:
    /// `dynamic` (dynamic: true), `wrap` (dynamic: wrap), `optional` (optional: true).
    struct HeaderWord: Equatable {
        var word: String
        var key: PropertyKey
        var value: Literal
        /// Its place: `dynamic` or `wrap` (one key), then `optional`.
        var rank: Int
    }

    static let dynamicWord = HeaderWord(word: "dynamic", key: .dynamic, value: .bool(true), rank: 0)
    static let wrapWord = HeaderWord(word: "wrap", key: .dynamic, value: .string("wrap"), rank: 0)
    static let optionalWord = HeaderWord(word: "optional", key: .optional, value: .bool(true), rank: 1)
    static let headerWords: [HeaderWord] = [dynamicWord, wrapWord, optionalWord]

    /// The header word that writes this property, if one does. `wrap` is not reserved (it can be
    /// a name: `item wrap`), so it is a header word only where it cannot be read as the name,
    /// after a name or a count (`wrapIsWord`); a node with neither writes `(dynamic: wrap)`.
    static func headerWord(for property: Property, wrapIsWord: Bool) -> HeaderWord? {
        headerWords.first { $0.key == property.key && $0.value == property.value && ($0 != wrapWord || wrapIsWord) }
    }

    /// Whether `wrap` is a header word on this node: it has a name or a count.
    static func wrapIsWord(_ node: Node) -> Bool {
        node.name != nil || node.properties.contains { $0.key == .count }
    }

    /// An `aspect` number written as the ratio of two whole numbers, `16/9`, when it is exactly
    /// one (as a Double) and its decimal form is long; nil when the number reads better as is.
    static func ratio(_ value: Double) -> String? {
        guard value.isFinite, value > 0, value < 1e6 else { return nil }
        let decimal = "\(value)"
        let digits = decimal.prefix { $0 != "e" }.filter(\.isNumber).drop { $0 == "0" }
        guard digits.count > 6 else { return nil }
        for denominator in 2...100 {
            let numerator = (value * Double(denominator)).rounded()
            if numerator >= 1, numerator <= 100_000, numerator / Double(denominator) == value {
                return String(Int(numerator)) + "/" + String(denominator)
            }
        }
        return nil
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`
    static func isWord(_ text: String) -> Bool {
        var first = true
        for byte in text.utf8 {
            guard TextLexer.isIdentifierStart(byte) || (!first && TextLexer.isDigitByte(byte)) else { return false }
            first = false
        }
        return !first
    }

    // MARK: Names

    /// A node's or layout's name; nil when the text form cannot write it (a list, a mapping,
    /// an infinite number).
    static func name(_ literal: Literal) -> String? {
        switch literal {
        case .string(let text):
            if isWord(text), TextKeyword.of(text)?.isReserved != true { return text }
            return quoted(text)
        case .number(let value, let isInteger) where value.isFinite:
            return number(value, isInteger: isInteger)
        case .bool(let flag):
            return flag ? "true" : "false"
        default:
            return nil
        }
    }

    // MARK: Values

    /// A value in its context; nil when the text form cannot write it (a mapping).
    /// `topLevel`: the whole value of an attribute (where pairs and insets have short forms).
    static func value(_ literal: Literal, _ context: Context, topLevel: Bool) -> String? {
        switch literal {
        case .null:
            return "nil"
        case .bool(let flag):
            return flag ? "true" : "false"
        case .number(let value, let isInteger):
            return number(value, isInteger: isInteger)
        case .string(let text):
            return string(text, context)
        case .list(let elements):
            if topLevel, context == .attribute, let short = shortForm(elements) { return short }
            var parts: [String] = []
            parts.reserveCapacity(elements.count)
            for element in elements {
                guard let part = value(element, context, topLevel: false) else { return nil }
                parts.append(part)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .mapping:
            return nil
        case .reference(let reference):
            // The text form's `$` takes identifier bytes only: a YAML `$ 100` has no spelling
            // there (it is reported as unprintable, not written as text that does not parse).
            guard reference.name.utf8.allSatisfy(TextLexer.isIdentifierByte) else { return nil }
            return "$" + reference.name
        }
    }

    /// The first reference in `literal` that the text form cannot spell (`$ 100` from YAML).
    static func unprintableReference(in literal: Literal) -> ConstantReference? {
        switch literal {
        case .reference(let reference):
            return reference.name.utf8.allSatisfy(TextLexer.isIdentifierByte) ? nil : reference
        case .list(let elements):
            for element in elements { if let found = unprintableReference(in: element) { return found } }
            return nil
        default:
            return nil
        }
    }

    /// A string: a word as `.word` (modifier) or `word` (attribute), anything else in quotes.
    static func string(_ text: String, _ context: Context) -> String {
        guard isWord(text) else { return quoted(text) }
        switch context {
        case .modifier:
            return text == "infinity" || text == "nan" ? quoted(text) : "." + text
        case .attribute:
            return text == "true" || text == "false" || text == "nil" ? quoted(text) : text
        }
    }

    /// Whether a string must be written as a word in this context (so quotes are refused).
    static func isWordSpelled(_ text: String, _ context: Context) -> Bool {
        string(text, context).utf8.first != UInt8(ascii: "\"")
    }

    /// `WxH` for two finite numbers, `t l b r` for four; nil otherwise.
    static func shortForm(_ elements: [Literal]) -> String? {
        guard elements.count == 2 || elements.count == 4 else { return nil }
        var parts: [String] = []
        for element in elements {
            guard case .number(let value, let isInteger) = element, value.isFinite else { return nil }
            parts.append(number(value, isInteger: isInteger))
        }
        return parts.joined(separator: elements.count == 2 ? "x" : " ")
    }

    /// Integers without a fraction (`44`), other numbers in Swift's shortest form that reads
    /// back as the same Double (`1.5`, `1000.0`, `1e-07`), and `.infinity`, `-.infinity`, `.nan`.
    static func number(_ value: Double, isInteger: Bool) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
        if isInteger, value == value.rounded() {
            if abs(value) < 9e15 { return String(Int64(value)) }
            return integerDigits(value)
        }
        let text = "\(value)"
        if text.contains(".") || text.contains("e") { return text }
        return text + ".0"
    }

    /// The exact decimal digits of an integral Double of any size (they read back as it): the C
    /// library's `%.0f`, as `String(format:)` wrote them, without Foundation.
    static func integerDigits(_ value: Double) -> String {
        // 309 digits, a sign and the terminating zero at most.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 320) { buffer in
            guard let base = buffer.baseAddress else { return "" }
            let written = withVaList([value]) { vsnprintf(base, buffer.count, "%.0f", $0) }
            guard written > 0, Int(written) < buffer.count else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: base, count: Int(written)), as: UTF8.self)
        }
    }

    /// A string in double quotes, escaping quotes, backslashes and control characters.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
