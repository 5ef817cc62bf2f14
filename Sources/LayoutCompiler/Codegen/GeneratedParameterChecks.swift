/// docs/format.md §8.1 in generated code: each parameter's `CGFloat` argument made the `Double`
/// the walk reads, then the validator's checks that read a parameter (`PlanParameters.checks`)
/// run again with the values given, before the layout, throwing the static check's code at its
/// place with its message.
enum GeneratedParameterChecks {
    /// The body's first lines: `let param_0 = Swift.Double(param_0) + 0.0` for each parameter
    /// (`+ 0.0`: −0 is 0, as the validator makes it), then the checks in the validator's order.
    /// A parameter whose checks leave an interval of numbers ≥ 0 is tested by its bit pattern on
    /// the common path (`BitRange`), which no −0 passes: it is made +0 only where that test
    /// fails (`var param_0 = Swift.Double(param_0)`, then `param_0 += 0.0` before the checks).
    static func lines(of plan: LayoutPlan, sourceName: String) -> [String] {
        guard !plan.parameters.isEmpty else { return [] }
        // The same condition again (one parameter in two keys or list elements) can hold only
        // where the first one threw already: written once.
        var seen = Set<String>()
        var checks: [String] = []
        var others: [ParameterCheck.Condition] = []
        var ranges: [Int: ParameterRange] = [:]
        for check in plan.parameterUses.checks {
            let (condition, values) = code(check.condition)
            guard seen.insert(condition).inserted else { continue }
            let message = messageCode(check, values: values)
            let location = "file: \(SwiftSpelling.string(sourceName)), line: \(check.location.line), column: \(check.location.column)"
            checks.append("if \(condition) { throw LayoutRuntimeError(code: .\(check.code.rawValue), message: \(message), \(location)) }")
            if let (parameter, narrowed) = ParameterRange.narrowing(ranges, by: check.condition) {
                ranges[parameter] = narrowed
            } else {
                others.append(check.condition)
            }
        }
        // Every parameter in `ranges` has its checks below (`checks` is empty only where
        // `ranges` is), so a parameter made +0 only in the slow path is made +0 before them.
        let bitRanges = ranges.compactMapValues(BitRange.init)
        var lines = plan.parameters.indices.map { index in
            let name = GeneratedArgumentName.parameter(index)
            return bitRanges[index] == nil ? "let \(name) = Swift.Double(\(name)) + 0.0" : "var \(name) = Swift.Double(\(name))"
        }
        guard !checks.isEmpty else { return lines }
        // One test on the common path (each parameter in the range its checks leave, a NaN in
        // none, then the checks between values the ranges do not decide); the checks one by
        // one, in order, only where it fails.
        var fast: [String] = []
        // The parameters of one bit range in one comparison, the largest pattern against it.
        var groups: [BitRange: [String]] = [:]
        var order: [BitRange] = []
        for index in bitRanges.keys.sorted() {
            guard let range = bitRanges[index] else { continue }
            if groups[range] == nil { order.append(range) }
            groups[range, default: []].append(range.offset(GeneratedArgumentName.parameter(index)))
        }
        for range in order {
            guard let patterns = groups[range], let first = patterns.first else { continue }
            let largest = patterns.dropFirst().reduce(first) { "Swift.max(\($0), \($1))" }
            fast.append("\(largest) > \(range.width)")
        }
        fast += ranges.keys.sorted().compactMap { bitRanges[$0] == nil ? ranges[$0]?.failing(GeneratedArgumentName.parameter($0)) : nil }
        // Where every parameter is in its range (the tests before these, `||` stops at the first
        // true one), a check the ranges decide cannot hold.
        fast += others.filter { !neverHolds($0, ranges) }.map { code($0).condition }
        if fast.isEmpty { fast = ["false"] }
        lines.append("if Swift._slowPath(\(fast.joined(separator: " || "))) {")
        lines += bitRanges.keys.sorted().map { "    \(GeneratedArgumentName.parameter($0)) += 0.0" }
        lines += checks.map { "    " + $0 }
        lines.append("}")
        return lines
    }

    /// Whether `condition` is false for every value in `ranges` (its parameters all in one):
    /// a sum of values rounds monotonically, so the sum of the upper bounds bounds it.
    static func neverHolds(_ condition: ParameterCheck.Condition, _ ranges: [Int: ParameterRange]) -> Bool {
        func bounds(_ operand: ParameterCheck.Operand) -> (lower: Double, upper: Double)? {
            switch operand {
            case .constant(let value): return value.isFinite ? (value, value) : nil
            case .parameter(let index):
                guard let range = ranges[index], range.lower.isFinite, range.upper.isFinite else { return nil }
                return (range.lower, range.upper)
            }
        }
        switch condition {
        case .greater(let low, let high):
            guard let a = bounds(low), let b = bounds(high) else { return false }
            return a.upper <= b.lower
        case .sumAbove(let operands, let limit):
            var upper = 0.0
            for operand in operands {
                guard let b = bounds(operand) else { return false }
                upper = upper + b.upper
            }
            return upper <= limit
        case .notFinite, .negative, .tooLarge, .notPositive, .zero, .below:
            return false
        }
    }

    /// The interval each parameter's range checks leave, by index (none for a parameter no check
    /// bounds): what the code after the checks may take as known.
    static func ranges(of plan: LayoutPlan) -> [Int: ParameterRange] {
        var ranges: [Int: ParameterRange] = [:]
        for check in plan.parameterUses.checks {
            if let (parameter, narrowed) = ParameterRange.narrowing(ranges, by: check.condition) { ranges[parameter] = narrowed }
        }
        return ranges
    }

    /// An operand as Swift: the parameter's local, or a literal.
    static func operand(_ operand: ParameterCheck.Operand) -> String {
        switch operand {
        case .parameter(let index): GeneratedArgumentName.parameter(index)
        case .constant(let value): SwiftSpelling.literal(value)
        }
    }

    /// The condition under which the validator reports, and the values its message writes.
    static func code(_ condition: ParameterCheck.Condition) -> (condition: String, values: [String]) {
        switch condition {
        case .notFinite(let value):
            let v = operand(value)
            return ("!\(v).isFinite", [v])
        case .negative(let value):
            let v = operand(value)
            return ("\(v) < 0", [v])
        case .tooLarge(let value, let limit):
            let v = operand(value)
            return ("Swift.abs(\(v)) > \(SwiftSpelling.literal(limit))", [v])
        case .notPositive(let value):
            let v = operand(value)
            return ("!(\(v) > 0)", [v])
        case .zero(let value):
            let v = operand(value)
            return ("\(v) == 0", [v])
        case .below(let value, let limit):
            let v = operand(value)
            return ("\(v) < \(SwiftSpelling.literal(limit))", [v])
        case .greater(let low, let high):
            let (a, b) = (operand(low), operand(high))
            return ("\(a) > \(b)", [a, b])
        case .sumAbove(let operands, let limit):
            // Added in the validator's order, from 0, so the sum has its bits.
            let sum = operands.reduce("0.0") { "(\($0) + \(operand($1)))" }
            return ("\(sum) > \(SwiftSpelling.literal(limit))", [sum])
        }
    }

    /// The message: its parts with `LayoutNumber.string` of each value between them.
    static func messageCode(_ check: ParameterCheck, values: [String]) -> String {
        var pieces: [String] = []
        for (index, part) in check.messageParts.enumerated() {
            if !part.isEmpty { pieces.append(SwiftSpelling.string(part)) }
            if index < check.messageValues.count {
                let value = check.messageValues[index] < values.count ? values[check.messageValues[index]] : values.last ?? "0.0"
                pieces.append("LayoutNumber.string(\(value))")
            }
        }
        return pieces.isEmpty ? "\"\"" : pieces.joined(separator: " + ")
    }
}

/// The values a parameter's range checks (`notFinite`, `negative`, `tooLarge`, `notPositive`,
/// `below`) leave: one interval, tested with two comparisons (false for NaN).
struct ParameterRange {
    var lower = -Double.infinity
    var lowerIsStrict = false
    var upper = Double.infinity

    /// The range of the check's parameter narrowed by it, nil for a check that is no range.
    static func narrowing(_ ranges: [Int: ParameterRange], by condition: ParameterCheck.Condition) -> (Int, ParameterRange)? {
        func narrowed(_ operand: ParameterCheck.Operand, _ change: (inout ParameterRange) -> Void) -> (Int, ParameterRange)? {
            guard case .parameter(let index) = operand else { return nil }
            var range = ranges[index] ?? ParameterRange()
            change(&range)
            return (index, range)
        }
        switch condition {
        case .notFinite(let value):
            // finite: the other checks always bound it (`tooLarge`); alone, a range of all numbers
            return narrowed(value) { _ in }
        case .negative(let value):
            return narrowed(value) { $0.raise(0, strict: false) }
        case .tooLarge(let value, let limit):
            return narrowed(value) { range in
                range.raise(-limit, strict: false)
                range.upper = min(range.upper, limit)
            }
        case .notPositive(let value):
            return narrowed(value) { $0.raise(0, strict: true) }
        case .below(let value, let limit):
            return narrowed(value) { $0.raise(limit, strict: false) }
        case .zero, .greater, .sumAbove:
            return nil
        }
    }

    mutating func raise(_ bound: Double, strict: Bool) {
        if bound > lower {
            lower = bound
            lowerIsStrict = strict
        } else if bound == lower {
            lowerIsStrict = lowerIsStrict || strict
        }
    }

    /// Swift that holds where `name` is outside the range (or NaN).
    func failing(_ name: String) -> String {
        let low = lower.isFinite ? "\(SwiftSpelling.literal(lower)) \(lowerIsStrict ? "<" : "<=") \(name)" : "\(name).isFinite"
        let high = upper.isFinite ? "\(name) <= \(SwiftSpelling.literal(upper))" : "\(name).isFinite"
        return "!(\(low) && \(high))"
    }
}

/// A `ParameterRange` of numbers ≥ 0 as an interval of bit patterns: a `Double` ≥ +0 orders as
/// its `bitPattern` does, and every pattern of −0, of a negative number, of infinity or of NaN
/// is above that of every finite positive number. So `p` is in [lower, upper] and not −0 exactly
/// where `p.bitPattern &- low ≤ high − low` (`&-`: a pattern below `low` wraps above), one
/// integer comparison, and several parameters of one range take one (the largest pattern).
struct BitRange: Hashable {
    /// The bounds' patterns as Swift (`(16.0 as Swift.Double).bitPattern`, or `0`).
    var low: String
    var high: String

    init?(_ range: ParameterRange) {
        // A strict lower bound is the next number up; −0 counts as 0 (no −0 passes anyway).
        let lower = range.lowerIsStrict ? range.lower.nextUp : range.lower
        guard lower >= 0, range.upper.isFinite, range.upper >= lower else { return nil }
        low = Self.pattern(lower)
        high = Self.pattern(range.upper)
    }

    /// A number's pattern as Swift: its literal's, or the pattern itself for 0 and a subnormal
    /// number (`flexible` > 0 is ≥ 5e-324, a literal Swift warns underflows).
    static func pattern(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value.isSubnormal { return "0x" + String(value.bitPattern, radix: 16, uppercase: true) }
        return "(\(SwiftSpelling.literal(value)) as Swift.Double).bitPattern"
    }

    /// `name`'s pattern, less the lower bound's.
    func offset(_ name: String) -> String {
        low == "0" ? "\(name).bitPattern" : "(\(name).bitPattern &- \(low))"
    }

    /// The largest offset a value in the range has.
    var width: String { low == "0" ? high : "(\(high) &- \(low))" }
}
