/// Resolves plain YAML scalars with the YAML 1.2 core schema (null, bool, int, float, string),
/// by hand over UTF-8 bytes: a regular-expression resolver would cost more than all of libyaml.
enum CoreSchema {
    static func resolve(_ text: String, isPlain: Bool) -> Literal {
        guard isPlain else { return .string(text) }
        guard let first = text.utf8.first else { return .null }
        // Most scalars are names and numbers: look at the first byte before comparing strings.
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number(text) ?? .string(text)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            switch text {
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity, isInteger: false)
            case "-.inf", "-.Inf", "-.INF": return .number(-.infinity, isInteger: false)
            case ".nan", ".NaN", ".NAN": return .number(.nan, isInteger: false)
            default: return number(text) ?? .string(text)
            }
        case UInt8(ascii: "~"):
            return text == "~" ? .null : .string(text)
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return text == "null" || text == "Null" || text == "NULL" ? .null : .string(text)
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return text == "true" || text == "True" || text == "TRUE" ? .bool(true) : .string(text)
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return text == "false" || text == "False" || text == "FALSE" ? .bool(false) : .string(text)
        default:
            return .string(text)
        }
    }

    private static func number(_ text: String) -> Literal? {
        var contiguous = text
        return contiguous.withUTF8 { number(in: $0, text: text) }
    }

    private static func number(in bytes: UnsafeBufferPointer<UInt8>, text: String) -> Literal? {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x") { return radix(bytes[2...], 16) }
            if bytes[1] == UInt8(ascii: "o") { return radix(bytes[2...], 8) }
        }
        // [-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var i = 0
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        let integerStart = i
        var integerValue = 0.0
        while i < bytes.count, isDigit(bytes[i]) {
            integerValue = integerValue * 10 + Double(bytes[i] - UInt8(ascii: "0"))
            i += 1
        }
        let integerDigits = i - integerStart
        var isInteger = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            let fractionStart = i
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            if integerDigits == 0 && i == fractionStart { return nil }
        } else if integerDigits == 0 {
            return nil
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            let exponentStart = i
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            if i == exponentStart { return nil }
        }
        guard i == bytes.count else { return nil }
        if isInteger && integerDigits <= 15 {
            // Exact in a Double: no need for a decimal conversion.
            let value = negative ? -integerValue : integerValue
            return .number(value == 0 ? 0 : value, isInteger: true)
        }
        // Double's own parser takes neither "+1", "1.", ".5" nor "1.e3": hand it a form it takes.
        var normalized = Substring(text)
        if normalized.hasPrefix("+") { normalized = normalized.dropFirst() }
        var form = String(normalized)
        if form.hasPrefix(".") || form.hasPrefix("-.") { form = form.replacingFirst(".", with: "0.") }
        if form.hasSuffix(".") { form += "0" }
        if form.contains(".e") || form.contains(".E") { form = form.replacingFirst(".", with: ".0") }
        guard let value = Double(form) else { return nil }
        return .number(value == 0 ? 0 : value, isInteger: isInteger)
    }

    private static func radix(_ digits: Slice<UnsafeBufferPointer<UInt8>>, _ base: Double) -> Literal? {
        var value = 0.0
        for byte in digits {
            let digit: Double
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Double(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Double(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Double(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            guard digit < base else { return nil }
            value = value * base + digit
        }
        return .number(value, isInteger: true)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

private extension String {
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return self[..<index] + replacement + self[self.index(after: index)...]
    }
}
