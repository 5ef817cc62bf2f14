/// A few hundred bytes written in place on the stack, then appended to a `TextBuffer` at once
/// (`TextBuffer.write(chunkOf:_:)`). A frame's line of the JSON table is a dozen pieces, and each
/// append to the buffer's array checks its uniqueness and room and calls `memmove`: a third of
/// the table's cost (issue 22).
package struct TextChunk: TextSink {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0
    /// A write did not fit; the chunk is then dropped whole, and the caller writes it another way.
    private(set) var overflowed = false

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 1).unsafelyUnwrapped
        capacity = buffer.baseAddress == nil ? 0 : buffer.count
    }

    package mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }

    @_disfavoredOverload
    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// `NumberFormat.string`, integers (nearly all frame values) digit by digit.
    package mutating func write(number value: Double) {
        // An integer is its own truncation (NaN and the infinities fail the first test); no call
        // to libm's `round`, which baseline x86_64 makes for `rounded()`.
        guard abs(value) < 1e15, Double(Int64(value)) == value else {
            write(NumberFormat.string(value))
            return
        }
        var integer = Int64(value)
        if integer == 0 {
            put(UInt8(ascii: "0"))
            return
        }
        let negative = integer < 0
        if negative { integer = -integer }
        // 15 digits and a sign at most (|value| < 1e15).
        var digits = 1
        var scale: Int64 = 10
        while digits < 15, scale <= integer {
            digits += 1
            scale *= 10
        }
        let length = digits + (negative ? 1 : 0)
        guard count + length <= capacity else {
            overflowed = true
            return
        }
        if negative { base[count] = UInt8(ascii: "-") }
        var end = count + length
        while integer > 0 {
            end -= 1
            base[end] = UInt8(ascii: "0") + UInt8(integer % 10)
            integer /= 10
        }
        count += length
    }

    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard count + bytes.count <= capacity else {
            overflowed = true
            return
        }
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    private mutating func put(_ byte: UInt8) {
        guard count < capacity else {
            overflowed = true
            return
        }
        base[count] = byte
        count += 1
    }
}
