/// A layout's `parameters` (docs/format.md §8.1): names for numbers the app gives at run time.
/// They resolve as the layout's own constants do (a `$name` is replaced by the value), so that
/// every check reads a parameter's value where it would read a number written there; what is
/// theirs alone is checked here: their names, their values, and the value given at run time.
extension ConstantResolution {
    /// The layout's parameters as entries of its table (each name and value checked), holding
    /// the value given at run time where one is.
    mutating func parameterEntries(of scope: ConstantScope) -> [Entry] {
        if let value = scope.parametersNotAMapping, let location = scope.parametersLocation {
            diagnostics.error(.invalidValue, ParameterMessages.notAMapping(value == .null ? "null" : value.summary, textForm: isTextForm), at: location)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(scope.parameters.count)
        for definition in scope.parameters {
            let hasValidName = Validator.isValidName(definition.name)
            if !hasValidName {
                diagnostics.error(.invalidName, ParameterMessages.invalidName(definition.name), at: definition.location)
            } else if LayoutChecker.generatedArgumentNames.contains(definition.name) {
                diagnostics.error(.invalidName, ParameterMessages.reservedName(definition.name), at: definition.location)
            }
            let value = Self.parameterDefault(definition.value)
            if value == nil {
                diagnostics.error(.invalidValue, ParameterMessages.notANumber(definition.name, found: definition.value.summary), at: definition.location)
            }
            let given = parameterValues[definition.name].map { Literal.number($0, isInteger: $0 == $0.rounded()) }
            let constant = VisibleConstant(name: definition.name, value: given ?? definition.value,
                                           isValid: hasValidName && value != nil, file: nil, location: definition.location)
            entries.append(Entry(constant: constant, site: definition.location, isImport: false))
        }
        return entries
    }

    /// A parameter's default: a finite number, nothing else (not a list, a string, null or a `$NAME`).
    static func parameterDefault(_ value: Literal) -> Double? {
        if case .number(let number, _) = value, number.isFinite { return number }
        return nil
    }

    /// The layout's valid parameters with the values this compile resolves them to, for the plan.
    func resolvedParameters(of scope: ConstantScope) -> [LayoutParameter] {
        var seen: Set<String> = []
        var parameters: [LayoutParameter] = []
        for definition in scope.parameters {
            guard let value = Self.parameterDefault(definition.value), seen.insert(definition.name).inserted else { continue }
            parameters.append(LayoutParameter(name: definition.name, defaultValue: value,
                                              value: parameterValues[definition.name] ?? value, location: definition.location))
        }
        return parameters
    }
}
