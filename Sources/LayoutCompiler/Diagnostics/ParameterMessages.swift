/// The texts of the diagnostics of parameters (docs/format.md §8.1).
enum ParameterMessages {
    static func notAMapping(_ found: String, textForm: Bool) -> String {
        textForm
            ? "parameters are written 'param NAME = NUMBER', found \(found)"
            : "'parameters' must be a mapping of names to numbers (parameters: {inset: 16}), found \(found)"
    }

    static func invalidName(_ name: String) -> String {
        "parameter name '\(name)' must match [A-Za-z_][A-Za-z0-9_]*"
    }

    static func reservedName(_ name: String) -> String {
        "a parameter cannot be named '\(name)': generated code already has an argument of that name; rename it (e.g. '\(name)Value')"
    }

    static func notANumber(_ name: String, found: String) -> String {
        "parameter '\(name)' must have a finite number as its default (as in '\(name): 16'), found \(found)"
    }

    static func parametersInConstants(textForm: Bool) -> String {
        textForm
            ? "a parameter belongs to a layout: write 'param NAME = NUMBER' inside the braces of the layout that uses it"
            : "'parameters' belongs to a layout: a document of only 'constants' and 'import' holds file constants; move it into the layout that uses it"
    }

    static func knownOnlyAtRunTime(_ name: String) -> String {
        "'$\(name)' is a parameter, known only at run time, and this value must be known when the file is compiled ('count', 'when', and the layout's 'size' and 'safeArea'); write a number or a constant"
    }

    static func duplicate(_ name: String, laterIsParameter: Bool, firstIsParameter: Bool, first: SourceLocation, firstFile: String?, throughImport: Bool) -> String {
        let firstKind = firstIsParameter ? "parameter" : "constant"
        let place = "\(firstFile.map { $0 + ":" } ?? "")\(first)"
        if throughImport {
            return "this import brings constant '\(name)', and the layout has a \(firstKind) '\(name)' at \(place); a name is not shadowed: rename one"
        }
        let kind = laterIsParameter ? "parameter" : "constant"
        return "\(kind) '\(name)' has the name of the \(firstKind) at \(place); a name is not shadowed: rename one"
    }

    static func unknownGiven(_ name: String, known: [String]) -> String {
        let list = known.isEmpty ? "the selected layouts have no parameters" : "parameters: " + known.joined(separator: ", ")
        return "--param \(name): no selected layout has a parameter '\(name)' (\(list))"
    }
}
