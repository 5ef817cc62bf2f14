import LayoutRuntimeCore

/// How numbers are written in messages and frame tables: integers without a fraction, other
/// values in the shortest form that reads back as the same Double, never `-0`.
public enum NumberFormat {
    /// LayoutRuntime's `LayoutNumber.string`, so generated code's messages write numbers the same way.
    public static func string(_ value: Double) -> String {
        LayoutNumber.string(value)
    }

    /// For people: at most three decimals, so floating-point noise such as 221.20000000000002
    /// does not widen a table. Machine formats keep the exact value.
    public static func readable(_ value: Double) -> String {
        guard value.isFinite else { return string(value) }
        let rounded = (value * 1000).rounded() / 1000
        return string(abs(rounded - value) < 5e-4 ? rounded : value)
    }
}
