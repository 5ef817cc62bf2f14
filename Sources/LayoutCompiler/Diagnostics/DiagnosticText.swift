/// Text from a layout file (a name, a value, a file name) made safe to print in a diagnostic:
/// control characters are spelled out (`\n`, `\u{1B}`), so a layout cannot forge a diagnostic
/// line, a `::warning::` command in CI logs, or terminal escape sequences.
public enum DiagnosticText {
    /// The text with every C0 and C1 control character, DEL, the line and paragraph separators
    /// and the bidirectional overrides (which reorder what a terminal shows) spelled as Swift
    /// escapes; other text unchanged.
    public static func quoted(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsQuoting) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsQuoting(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// A name or key from the file as a message shows it: whole up to 60 bytes, else its first
    /// 40 characters and "…", so one long token does not flood the line.
    static func shortened(_ text: String) -> String {
        text.utf8.count > 60 ? String(text.prefix(40)) + "…" : text
    }

    static func needsQuoting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
