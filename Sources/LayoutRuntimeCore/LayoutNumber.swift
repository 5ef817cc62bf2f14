/// How numbers are written in messages and frame tables: integers without a fraction, other
/// values in the shortest form that reads back as the same Double, never `-0`.
public enum LayoutNumber {
    public static func string(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
