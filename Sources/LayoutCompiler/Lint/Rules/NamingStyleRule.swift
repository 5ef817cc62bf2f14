/// Swift's naming conventions, since names become Swift identifiers: node names lowerCamelCase
/// (properties), layout names UpperCamelCase (types).
enum NamingStyleRule: LintRule {
    static let descriptor = LintRuleDescriptor(
        name: "namingStyle",
        summary: "Node names are lowerCamelCase and layout names UpperCamelCase, as the Swift properties and types they become.")

    static func check(document: LayoutDocument, plan: LayoutPlan?, into findings: inout [LintFinding]) {
        if case .string(let name)? = document.name, Validator.isValidName(name), !isCamelCase(name, upper: true) {
            findings.append(LintFinding(
                rule: descriptor.name, location: document.location,
                message: "layout name '\(name)' is not UpperCamelCase; it becomes a Swift type, so write it like '\(suggestion(name, upper: true))'"))
        }
        guard let root = document.root else { return }
        var stack = [root]
        while let node = stack.popLast() {
            if node.kind != .spacer, case .string(let name)? = node.name, Validator.isValidName(name), !isCamelCase(name, upper: false) {
                findings.append(LintFinding(
                    rule: descriptor.name, location: node.location,
                    message: "\(node.kind.rawValue) name '\(name)' is not lowerCamelCase; it becomes a Swift property, so write it like '\(suggestion(name, upper: false))'"))
            }
            stack.append(contentsOf: node.children.reversed())
        }
    }

    /// `[a-z][A-Za-z0-9]*` (lower) or `[A-Z][A-Za-z0-9]*` (upper): no underscores.
    static func isCamelCase(_ name: String, upper: Bool) -> Bool {
        guard let first = name.utf8.first else { return false }
        let firstOK = upper ? (first >= 0x41 && first <= 0x5A) : (first >= 0x61 && first <= 0x7A)
        return firstOK && !name.utf8.contains(UInt8(ascii: "_"))
    }

    /// `close_button` → `closeButton`, `Player_view` → `PlayerView`, `Header` → `header`.
    static func suggestion(_ name: String, upper: Bool) -> String {
        let words = name.split(separator: "_").map(String.init)
        var out = ""
        for word in words {
            guard let first = word.first else { continue }
            out += out.isEmpty ? (upper ? first.uppercased() : first.lowercased()) + word.dropFirst()
                               : first.uppercased() + word.dropFirst()
        }
        if out.isEmpty { return upper ? "MyLayout" : "myView" }
        if let first = out.unicodeScalars.first, first.properties.numericType != nil {
            out = (upper ? "L" : "v") + out
        }
        return out
    }
}
