import ArgumentParser
import LayoutCompiler
import LayoutRuntimeCore

/// Parsers for the values of `layoutc`'s options; each throws a message saying what it expects,
/// which argument-parser prints as a usage error.
enum ArgumentValues {
    /// `WxH`, e.g. `390x844`.
    static func size(_ text: String) throws -> Size {
        guard let size = parseSize(text) else {
            throw ValidationError("expected WIDTHxHEIGHT with numbers from 0 to \(NumberFormat.string(Validator.maximumMagnitude)), like 390x844")
        }
        return size
    }

    /// `T,L,B,R` safe-area insets.
    static func insets(_ text: String) throws -> EdgeInsets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { number($0) }
        guard parts.count == 4, let t = parts[0], let l = parts[1], let b = parts[2], let r = parts[3] else {
            throw ValidationError("expected four insets TOP,LEADING,BOTTOM,TRAILING from 0 to \(NumberFormat.string(Validator.maximumMagnitude)), like 59,0,34,0")
        }
        return EdgeInsets(top: t, leading: l, bottom: b, trailing: r)
    }

    /// `NAME=WxH,WxH,...`: the element sizes of a dynamic flow item (none after `=` is allowed).
    static func dynamicSizes(_ text: String) throws -> (name: String, sizes: [Size]) {
        let expected = "expected NAME=WxH,WxH,... such as extra=80x30,60x30 (or NAME= for no elements)"
        guard let equals = text.firstIndex(of: "=") else { throw ValidationError(expected) }
        let name = String(text[..<equals])
        guard Validator.isValidName(name) else { throw ValidationError(expected) }
        let list = text[text.index(after: equals)...]
        guard !list.isEmpty else { return (name, []) }
        var sizes: [Size] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let size = parseSize(String(part)) else { throw ValidationError(expected) }
            sizes.append(size)
        }
        return (name, sizes)
    }

    /// `NAME=WxL` or `NAME=WxLxN`: a wrap item's text model (docs/format.md §7.1, §8.6), one line
    /// W wide, lines L high, at most N lines (N decimal digits, at least 1).
    static func wrap(_ text: String) throws -> (name: String, model: LayoutTextModel) {
        let expected = "expected NAME=WxL or NAME=WxLxN, a wrap item's one-line width, line height and optional line limit N (a whole number from 1), such as bio=300x20 or bio=300x20x2"
        guard let equals = text.firstIndex(of: "=") else { throw ValidationError(expected) }
        let name = String(text[..<equals])
        let value = text[text.index(after: equals)...]
        let parts = value.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "×" }
        // W and L as YAML 1.2 decimals (docs/format.md §8.8): no hexadecimal, `inf` or units.
        guard Validator.isValidName(name), parts.count == 2 || parts.count == 3,
              RunTimeNumber.decimal(parts[0].trimmingSpaces) != nil, RunTimeNumber.decimal(parts[1].trimmingSpaces) != nil,
              let size = parseSize(parts[0] + "x" + parts[1]) else {
            throw ValidationError(expected)
        }
        var lineLimit: Int?
        if parts.count == 3 {
            guard let limit = RunTimeNumber.lineLimit(parts[2]) else { throw ValidationError(expected) }
            lineLimit = limit
        }
        return (name, LayoutTextModel(width: size.width, lineHeight: size.height, maxLines: lineLimit))
    }

    /// `S`: the pixel grid's scale (docs/format.md, "The pixel grid"), a decimal number above 0.
    static func scale(_ text: String) throws -> Double {
        guard let value = RunTimeNumber.decimal(text), value > 0 else {
            throw ValidationError("expected a scale in pixels per point, a decimal number greater than 0 such as 2 or 3")
        }
        return value
    }

    /// `NAME=NUMBER` (docs/format.md §8.1, §8.8): a parameter's value, a YAML 1.2 decimal of
    /// any sign. A malformed one is a usage error before the file is read; a name that is no
    /// parameter of the layout, after the static checks.
    static func parameter(_ text: String) throws -> (name: String, value: Double) {
        let expected = "expected NAME=NUMBER, a parameter's name and a decimal number such as inset=16 or ratio=-0.5"
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { throw ValidationError(expected) }
        guard let value = RunTimeNumber.decimal(text[text.index(after: equals)...]) else {
            throw ValidationError(expected + " (no 'inf', 'nan', hexadecimal or unit; the value must be finite)")
        }
        return (String(text[..<equals]), value == 0 ? 0 : value)
    }

    /// `NAME[,NAME...]`: node names.
    static func names(_ text: String) throws -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.isEmpty, names.allSatisfy(Validator.isValidName) else {
            throw ValidationError("expected NAME[,NAME...] such as badge,footer")
        }
        return names
    }

    /// `--flag NAME[,NAME...]` (docs/format.md §8.8): an empty name is a usage error before the
    /// file is read; any other name that is no flag of the layout (`3x` too), after the static
    /// checks.
    static func flagNames(_ text: String) throws -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty) else {
            throw ValidationError("a flag name is empty: expected NAME[,NAME...] such as compact,dark")
        }
        return names
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "×" }
        guard parts.count == 2, let width = number(parts[0]), let height = number(parts[1]) else { return nil }
        return Size(width: width, height: height)
    }

    /// A finite number from 0 to `Validator.maximumMagnitude`; `-0` reads as 0.
    static func number(_ text: Substring) -> Double? {
        var trimmed = text
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        guard let value = Double(trimmed), value.isFinite, value >= 0, value <= Validator.maximumMagnitude else { return nil }
        return value == 0 ? 0 : value
    }
}

extension Substring {
    /// Without the spaces around it, as `ArgumentValues.number` reads a number.
    var trimmingSpaces: Substring {
        var trimmed = self
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed
    }
}
