/// A constant of the file (docs/format.md §7.5) that no `$NAME` uses: a value someone will edit
/// in vain. Constants a file imports are not reported: a tokens file serves many layouts.
enum UnusedConstantRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "unusedConstant",
        summary: "A constant this file defines that no $NAME of its layouts uses; constants of an imported tokens file are not counted.")

    /// One finding per unused definition, with the severity the file's settings give the rule.
    static func report(_ unused: [ConstantDefinition], state: LintState, into collector: inout Linter.Collector) {
        guard let severity = state.diagnosticSeverity(of: name) else { return }
        for constant in unused {
            collector.add(LintDiagnostic(severity: severity, rule: name,
                                         message: "constant '\(constant.name)' is not used by any layout of this file",
                                         location: constant.location), device: nil)
        }
    }
}

/// A parameter of a layout (docs/format.md §8.1) that no `$NAME` of it uses: generated code
/// still takes it as an argument, and an app passes a value that changes nothing.
enum UnusedParameterRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "unusedParameter",
        summary: "A parameter of a layout that no $NAME of that layout uses: generated code still takes it as an argument.")

    static func report(_ unused: [ConstantDefinition], state: LintState, into collector: inout Linter.Collector) {
        guard let severity = state.diagnosticSeverity(of: name) else { return }
        for parameter in unused {
            collector.add(LintDiagnostic(severity: severity, rule: name,
                                         message: "parameter '\(parameter.name)' is not used by its layout: use it as '$\(parameter.name)' or remove it (generated code takes it as an argument)",
                                         location: parameter.location), device: nil)
        }
    }
}

extension LintState {
    /// The severity the settings give a rule, as a diagnostic's; nil when the rule is off.
    func diagnosticSeverity(of rule: String) -> Diagnostic.Severity? {
        switch severities[rule] ?? .off {
        case .off: return nil
        case .warning: return .warning
        case .error: return .error
        }
    }
}
