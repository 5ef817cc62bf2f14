import ArgumentParser
import LayoutCompiler

/// `WxH`, e.g. `390x844`.
struct SizeArgument: ExpressibleByArgument {
    var size: Size

    init?(argument: String) {
        guard let size = Self.parse(argument) else { return nil }
        self.size = size
    }

    static func parse(_ text: String) -> Size? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Self.number(parts[0]), let height = Self.number(parts[1]) else { return nil }
        return Size(width: width, height: height)
    }

    /// A finite number from 0 to `Validator.maximumMagnitude`; `-0` reads as 0.
    static func number(_ text: Substring) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
              value >= 0, value <= Validator.maximumMagnitude else { return nil }
        return value == 0 ? 0 : value
    }

    static var defaultValueDescription: String { "WxH" }
}

/// `T,L,B,R` safe-area insets.
struct InsetsArgument: ExpressibleByArgument {
    var insets: EdgeInsets

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { SizeArgument.number($0) }
        guard parts.count == 4, let t = parts[0], let l = parts[1], let b = parts[2], let r = parts[3] else { return nil }
        insets = EdgeInsets(top: t, leading: l, bottom: b, trailing: r)
    }
}

/// `NAME=WxH,WxH,...`: the element sizes of a dynamic flow item (none after `=` is allowed).
struct DynamicSizesArgument: ExpressibleByArgument {
    var name: String
    var sizes: [Size]

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        name = String(argument[..<equals])
        guard Validator.isValidName(name) else { return nil }
        let list = argument[argument.index(after: equals)...]
        sizes = []
        if list.isEmpty { return }
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let size = SizeArgument.parse(String(part)) else { return nil }
            sizes.append(size)
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: CharacterSetKind) -> Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }

    enum CharacterSetKind { case whitespaces }
}
