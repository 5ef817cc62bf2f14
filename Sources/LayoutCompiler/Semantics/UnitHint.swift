/// What to write instead of a number with a unit (`44pt`, `50%`), which people bring from CSS
/// and design tools: sizes are plain numbers in points, and a share is `percent`.
enum UnitHint {
    /// "; write 44 …" for a string that is a number with a unit, else "".
    static func hint(for property: Property) -> String {
        guard case .string(let text) = property.value else { return "" }
        let trimmed = HorizontalSpace.trimmed(text)
        for unit in ["pt", "px", "dp"] where trimmed.lowercased().hasSuffix(unit) {
            if let number = number(String(trimmed.dropLast(unit.count))) {
                return ValidationMessages.unitHint(number)
            }
        }
        if trimmed.hasSuffix("%"), let number = number(String(trimmed.dropLast())) {
            if property.key == .percent { return ValidationMessages.percentSignHint(number) }
            return ValidationMessages.percentShareHint(number)
        }
        return ""
    }

    private static func number(_ text: String) -> String? {
        let trimmed = HorizontalSpace.trimmed(text)
        guard !trimmed.isEmpty, case .number = CoreSchema.resolve(trimmed, isPlain: true) else { return nil }
        return trimmed
    }
}
