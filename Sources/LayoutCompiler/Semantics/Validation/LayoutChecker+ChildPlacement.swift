// docs/format.md §8.3 and §8.4: `alignSelf`, `spaceBefore` and `spaceAfter`, the keys of one
// child of an hgroup or vgroup that place it unlike its siblings.

extension LayoutChecker {
    /// Why a key of §8.3–8.4 does not apply at `context` (only to a child of an hgroup or vgroup).
    func childPlacementMisplacement(of key: PropertyKey, in context: Context) -> String? {
        if case .groupChild = context { return nil }
        return ValidationMessages.childPlacementMisplaced(key.rawValue, place: context)
    }

    /// `alignSelf`'s value: one of the three alignments; another is `invalidValue`, naming the
    /// one meant where the word is another framework's (`middle`, `start`, `flex-end`).
    mutating func alignSelfValue(_ property: Property) -> Value? {
        if case .string(let text) = property.value, let alignment = CrossAlignment(rawValue: text) {
            return .alignment(alignment)
        }
        var suggestion: String?
        if case .string(let text) = property.value { suggestion = Self.alignmentMeant(by: text) }
        return invalid(property, ValidationMessages.notAnAlignSelf(found: property.value.summary, suggestion: suggestion))
    }

    /// The alignment another layout system's word names (CSS's `flex-start`, UIKit's `top`).
    static func alignmentMeant(by word: String) -> String? {
        switch word.lowercased() {
        case "middle", "centre", "centered", "centred", "center", "centerx", "centery": return "center"
        case "start", "flex-start", "top", "left", "begin", "leading": return "leading"
        case "end", "flex-end", "bottom", "right", "trailing": return "trailing"
        default: return nil
        }
    }
}
