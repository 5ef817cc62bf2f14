/// UTF-8 output built as bytes: frame tables of a million frames are written without creating a
/// String per number or per line. `package`: the server writes the page's part of a frames
/// answer with it, numbers spelled as the frame table spells them.
package struct TextBuffer: TextSink {
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
    /// on the stack and appended at once.
    package mutating func write(number value: Double) {
        // A Double's longest spelling is 24 bytes ("-2.2250738585072014e-308").
        if !write(chunkOf: 32, { $0.write(number: value) }) { write(NumberFormat.string(value)) }
    }

    /// Appends what `body` writes into a `TextChunk` of `capacity` bytes on the stack, in one
    /// append; false, with nothing appended, when it did not fit.
    @discardableResult
    package mutating func write(chunkOf capacity: Int, _ body: (inout TextChunk) -> Void) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var chunk = TextChunk(buffer)
            body(&chunk)
            guard !chunk.overflowed else { return false }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<chunk.count]))
            return true
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
