/// The texts of docs/format.md §8.3 (`alignSelf`) and §8.4 (`spaceBefore`, `spaceAfter`): one
/// group child's own cross alignment and its own space on the main axis.
extension ValidationMessages {
    /// Why `alignSelf`, `spaceBefore` or `spaceAfter` does not apply at `context`, with what
    /// does that job there.
    static func childPlacementMisplaced(_ key: String, place: Context) -> String {
        let hint: String = switch place {
        case .overlayChild:
            key == "alignSelf"
                ? "; place a child of an overlay with its anchors (top, bottom, leading, trailing, centerX, centerY)"
                : "; keep a child of an overlay away from its edges with its anchors (leading, trailing, top, bottom)"
        case .flowItem:
            key == "alignSelf"
                ? "; a flow places every item at the top of its line"
                : "; a flow spaces its items by its 'spacing'"
        case .root:
            "; the root fills the container"
        case .groupChild:
            ""
        }
        return onlyGroupChildren(key, place: place.name) + hint
    }

    /// `alignSelf` with another value than the three alignments; `suggestion`: the one meant.
    static func notAnAlignSelf(found: String, suggestion: String?) -> String {
        "'alignSelf' must be leading, center or trailing (this child's place on its group's cross axis), not \(found)"
            + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }

    /// `spaceBefore` / `spaceAfter` that is not a number ≥ 0.
    static func childSpace(_ key: String) -> String {
        let side = key == "spaceBefore" ? "before" : "after"
        return "'\(key)' must be a number ≥ 0 (empty space \(side) this child on its group's main axis)"
    }
}
