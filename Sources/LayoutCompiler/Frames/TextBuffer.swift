/// UTF-8 output built as bytes: frame tables of a million frames are written without creating a
/// String per number or per line. `package`: the server writes the page's part of a frames
/// answer with it, numbers spelled as the frame table spells them.
package struct TextBuffer {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Disfavoured, so that a literal is written as the `StaticString` it can be (its bytes
    /// copied as they are) rather than made a `String` first: the JSON writer's 11 literals a
    /// frame cost 150 instructions each that way.
    @_disfavoredOverload
    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `count` spaces (none when `count` is not positive).
    package mutating func write(spaces count: Int) {
        guard count > 0 else { return }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// Drops the spaces that end what was written after byte `start`.
    package mutating func trimTrailingSpaces(after start: Int) {
        while bytes.count > start, bytes[bytes.count - 1] == UInt8(ascii: " ") { bytes.removeLast() }
    }

    /// `NumberFormat.string`, with integers (nearly all frame values) written digit by digit
    /// into a buffer on the stack and appended at once.
    package mutating func write(number value: Double) {
        guard value == value.rounded(), abs(value) < 1e15 else {
            write(NumberFormat.string(value))
            return
        }
        var integer = Int64(value)
        if integer == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let negative = integer < 0
        if negative { integer = -integer }
        // 15 digits and a sign at most (|value| < 1e15).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
            var start = digits.count
            while integer > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(integer % 10)
                integer /= 10
            }
            if negative {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// A JSON string literal: the text's bytes at once when none needs escaping (names nearly
    /// always), else byte by byte.
    package mutating func write(jsonString text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        let plain = text.withUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !plain { writeEscaped(text) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): write("\\\"")
            case UInt8(ascii: "\\"): write("\\\\")
            case UInt8(ascii: "\n"): write("\\n")
            case UInt8(ascii: "\r"): write("\\r")
            case UInt8(ascii: "\t"): write("\\t")
            case 0..<0x20:
                write("\\u00")
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { digits in
                    bytes.append(digits[Int(byte >> 4)])
                    bytes.append(digits[Int(byte & 0xF)])
                }
            default: bytes.append(byte)
            }
        }
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }
}
