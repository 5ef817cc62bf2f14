/// Spaces and tabs at the ends of a string: what `trimmingCharacters(in: .whitespaces)` removed,
/// without Foundation.
package enum HorizontalSpace {
    /// `text` without leading and trailing spaces and tabs; line breaks are kept.
    package static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// The members of `CharacterSet.whitespaces` (CoreFoundation's list: the tab and the space
    /// separators, with U+200B, zero width space, which it still counts as one).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
