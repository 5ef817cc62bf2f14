import LayoutCompiler
import LayoutLanguageServer
import Testing

/// The language server's descriptions of docs/format.md §8.3–8.4's keys: offered on a child of an
/// hgroup or vgroup only, with `alignSelf`'s three values, and a hover that says what they do.
@Suite struct ChildPlacementDescriptionTests {
    @Test func offeredOnGroupChildrenOnly() {
        let keys = ["alignSelf", "spaceBefore", "spaceAfter"]
        #expect(Set(keys).isSubset(of: KeyDescriptions.keys(for: .item, place: .groupChild)))
        #expect(Set(keys).isSubset(of: KeyDescriptions.keys(for: .vgroup, place: .groupChild)))
        for place in [NodePlace.root, .overlayChild, .flowItem] {
            #expect(Set(keys).isDisjoint(with: KeyDescriptions.keys(for: .item, place: place)), "\(place)")
        }
    }

    @Test func hoverAndValues() {
        #expect(KeyDescriptions.description(of: "alignSelf")?.values == ["leading", "center", "trailing"])
        #expect(KeyDescriptions.hoverText(of: "alignSelf") == """
            **alignSelf** — on a child of an hgroup or vgroup

            Where this child sits on its group's cross axis, overriding the group's `align` for it alone (no effect on a child that fills across).

            Values: `leading`, `center`, `trailing`

            (docs/format.md §8.3)
            """)
        #expect(KeyDescriptions.hoverText(of: "spaceBefore")?.hasSuffix("(docs/format.md §8.4)") == true)
        #expect(KeyDescriptions.description(of: "spaceAfter")?.meaning.contains("just after this child") == true)
    }
}
