/// docs/format.md §8.1 in generated code: each parameter's `CGFloat` argument made the `Double`
/// the walk reads, then the validator's checks that read a parameter (`PlanParameters.checks`)
/// run again with the values given, before the layout, throwing the static check's code at its
/// place with its message.
enum GeneratedParameterChecks {
    /// The body's first lines: `let param_0 = Swift.Double(param_0) + 0.0` for each parameter
    /// (`+ 0.0`: −0 is 0, as the validator makes it), then the checks in the validator's order.
    static func lines(of plan: LayoutPlan, sourceName: String) -> [String] {
        guard !plan.parameters.isEmpty else { return [] }
        var lines = plan.parameters.indices.map { index in
            let name = GeneratedArgumentName.parameter(index)
            return "let \(name) = Swift.Double(\(name)) + 0.0"
        }
        // The same condition again (one parameter in two keys or list elements) can hold only
        // where the first one threw already: written once.
        var seen = Set<String>()
        var checks: [String] = []
        var others: [String] = []
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
                others.append(condition)
            }
        }
        guard !checks.isEmpty else { return lines }
        // One test on the common path (each parameter in the range its checks leave, a NaN in
        // none, then the checks between values); the checks one by one, in order, only where it
        // fails.
        let fast = ranges.keys.sorted().compactMap { ranges[$0]?.failing(GeneratedArgumentName.parameter($0)) } + others
        lines.append("if Swift._slowPath(\(fast.joined(separator: " || "))) {")
        lines += checks.map { "    " + $0 }
        lines.append("}")
        return lines
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
