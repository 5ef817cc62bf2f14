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
        var written = Set<String>()
        for check in plan.parameterUses.checks {
            let (condition, values) = code(check.condition)
            let message = messageCode(check, values: values)
            let location = "file: \(SwiftSpelling.string(sourceName)), line: \(check.location.line), column: \(check.location.column)"
            // One list's elements given by one parameter make the same check twice: written once.
            let line = "if Swift._slowPath(\(condition)) { throw LayoutRuntimeError(code: .\(check.code.rawValue), message: \(message), \(location)) }"
            if written.insert(line).inserted { lines.append(line) }
        }
        return lines
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
