/// How numbers are written in messages and frame tables: integers without a fraction, other
/// values in the shortest form that reads back as the same Double, never `-0`.
public enum NumberFormat {
    public static func string(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// For people: at most three decimals, so floating-point noise such as 221.20000000000002
    /// does not widen a table. Machine formats keep the exact value.
    public static func readable(_ value: Double) -> String {
        guard value.isFinite else { return string(value) }
        let rounded = (value * 1000).rounded() / 1000
        return string(abs(rounded - value) < 5e-4 ? rounded : value)
    }
}
