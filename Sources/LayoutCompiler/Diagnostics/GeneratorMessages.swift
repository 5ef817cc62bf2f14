/// The texts of the code generator's diagnostics (`SwiftCodeGenerator.generate`): what the
/// engine accepts but generated Swift cannot express. (`SwiftCodeGenerator` is being rewritten;
/// its call sites move to these functions with it.)
enum GeneratorMessages {
    // MARK: duplicateName

    static func sameTypeName(_ first: String, _ second: String, type: String) -> String {
        "layouts '\(first)' and '\(second)' would both generate the Swift type '\(type)'; rename one"
    }

    // MARK: invalidName

    static func hidesSwiftName(_ kind: NodeKind, name: String) -> String {
        "\(kind.rawValue) name '\(name)' would hide the Swift name '\(name)' that the generated code uses, and the code would not compile; rename the node"
    }

    // MARK: invalidValue

    static func optionalNode(_ name: String) -> String {
        "'optional' nodes cannot be hidden in generated code yet (node '\(name)'); layoutc frames, lint and preview take --hide"
    }
}
