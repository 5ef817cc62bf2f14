/// The frame-table name of an array item's element: `chip[3]`.
enum FlowElementName {
    /// Written as bytes: string interpolation appended three pieces and formatted the index
    /// through `description`, several hundred instructions an element, and flows name up to
    /// 100,000 elements a layout (issue 22). Names of up to 15 bytes stay small strings (no
    /// allocation).
    static func of(_ name: String, index: Int) -> String {
        // The name's bytes read once, as a buffer: iterating `name.utf8` cost some 15
        // instructions a byte for every element of an array item.
        var name = name
        return name.withUTF8 { of(bytes: $0, index: index) }
    }

    private static func of(bytes name: UnsafeBufferPointer<UInt8>, index: Int) -> String {
        var digits = 1
        var rest = index.magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let negative = index < 0
        let count = name.count + (negative ? 1 : 0) + digits + 2
        return String(unsafeUninitializedCapacity: count) { buffer in
            var position = 0
            for byte in name {
                buffer[position] = byte
                position += 1
            }
            buffer[position] = UInt8(ascii: "[")
            position += 1
            if negative {
                buffer[position] = UInt8(ascii: "-")
                position += 1
            }
            var value = index.magnitude
            var digit = position + digits - 1
            while digit >= position {
                buffer[digit] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                digit -= 1
            }
            position += digits
            buffer[position] = UInt8(ascii: "]")
            return position + 1
        }
    }
}
