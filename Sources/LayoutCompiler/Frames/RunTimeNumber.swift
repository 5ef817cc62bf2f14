/// The numbers of run-time arguments (docs/format.md "Run-time arguments"): a decimal number as
/// YAML 1.2 writes one, `[-+]?(digits[.digits]|.digits)([eE][-+]?digits)?`, and a line limit,
/// decimal digits of a value ≥ 1. `inf`, `nan`, hexadecimal, units and overflow are malformed.
public enum RunTimeNumber {
    /// The finite value of a YAML 1.2 decimal, or nil.
    public static func decimal<Text: StringProtocol>(_ text: Text) -> Double? {
        guard isDecimal(text.utf8), let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// A line limit N: decimal digits whose value is at least 1 (and fits an `Int`).
    public static func lineLimit<Text: StringProtocol>(_ text: Text) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(String(text)), value >= 1 else { return nil }
        return value
    }

    /// Whether the bytes spell `[-+]?(digits[.digits]|.digits)([eE][-+]?digits)?`, by one pass.
    static func isDecimal<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index != bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        func take(_ byte: UInt8) -> Bool {
            guard index != bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
            return true
        }
        if !take(0x2D) { _ = take(0x2B) }  // - or +
        let whole = digits()
        if take(0x2E) {  // .
            let fraction = digits()
            // `digits.digits` or `.digits`: a fraction needs its digits (`1.` is not YAML 1.2's).
            guard fraction > 0 else { return false }
        } else if whole == 0 {
            return false
        }
        if take(0x65) || take(0x45) {  // e or E
            if !take(0x2D) { _ = take(0x2B) }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
