/// A constant of the file (docs/format.md §7.5) that no `$NAME` uses: a value someone will edit
/// in vain. Constants a file imports are not reported: a tokens file serves many layouts.
enum UnusedConstantRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "unusedConstant",
        summary: "A constant this file defines that no $NAME of its layouts uses; constants of an imported tokens file are not counted.")

    /// One finding per unused definition, with the severity the file's settings give the rule.
    static func report(_ unused: [ConstantDefinition], state: LintState, into collector: inout Linter.Collector) {
        let severity: Diagnostic.Severity
        switch state.severities[name] ?? .off {
        case .off: return
        case .warning: severity = .warning
        case .error: severity = .error
        }
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
        let severity: Diagnostic.Severity
        switch state.severities[name] ?? .off {
        case .off: return
        case .warning: severity = .warning
        case .error: severity = .error
        }
        for parameter in unused {
            collector.add(LintDiagnostic(severity: severity, rule: name,
                                         message: "parameter '\(parameter.name)' is not used by its layout: use it as '$\(parameter.name)' or remove it (generated code takes it as an argument)",
                                         location: parameter.location), device: nil)
        }
    }
}
