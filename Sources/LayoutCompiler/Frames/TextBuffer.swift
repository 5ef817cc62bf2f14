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

    /// `NumberFormat.string`, with integers (nearly all frame values) written digit by digit.
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
        if integer < 0 {
            bytes.append(UInt8(ascii: "-"))
            integer = -integer
        }
        let start = bytes.count
        while integer > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(integer % 10))
            integer /= 10
        }
        bytes[start...].reverse()
    }

    /// A JSON string literal.
    package mutating func write(jsonString text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): write("\\\"")
            case UInt8(ascii: "\\"): write("\\\\")
            case UInt8(ascii: "\n"): write("\\n")
            case UInt8(ascii: "\r"): write("\\r")
            case UInt8(ascii: "\t"): write("\\t")
            case 0..<0x20:
                write("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }
}
