/// The texts of the code generator's diagnostics (`SwiftCodeGenerator.generate`): what the
/// engine accepts but generated Swift cannot express.
enum GeneratorMessages {
    // MARK: duplicateName

    static func sameTypeName(_ first: String, _ second: String, type: String) -> String {
        "layouts '\(first)' and '\(second)' would both generate the Swift type '\(type)'; rename one"
    }

    // MARK: invalidName

    static func hidesSwiftName(_ kind: NodeKind, name: String) -> String {
        "\(kind.rawValue) name '\(name)' would hide the Swift name '\(name)' that the generated code uses, and the code would not compile; rename the node"
    }

    static func takesHelperName(_ kind: NodeKind, name: String, prefix: String) -> String {
        "\(kind.rawValue) name '\(name)' starts with '\(prefix)', which the generated code keeps for its own helpers, and the code would not compile; rename the node"
    }

    static func hidesFittedSize(_ kind: NodeKind) -> String {
        "a \(kind.rawValue) named 'size' would hide the 'size' property of a layout with 'fit' (the container size it computed); rename it"
    }
}
