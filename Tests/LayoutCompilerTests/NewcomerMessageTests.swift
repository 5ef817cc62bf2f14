import Foundation
@testable import LayoutCompiler
import Testing

/// The mistakes people new to the format actually make, each with the exact message that tells
/// them what to write instead (docs/format.md §2, §3 and §4.7).
@Suite("messages for common mistakes")
struct NewcomerMessageTests {
    /// Every diagnostic as `LINE:COLUMN: MESSAGE [code]`.
    func messages(_ text: String, syntax: SourceSyntax = .yaml) -> [String] {
        let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: syntax) }
        return compiled.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message) [\($0.code.rawValue)]" }
    }

    func node(_ key: String) -> String {
        "layout: L\nsize: [10, 10]\nroot:\n  vgroup: main\n  children:\n    - item: a\n      \(key): 1\n"
    }

    @Test("typos with two letters swapped are one edit away", arguments: [
        ("widht", "width"), ("heigth", "height"), ("aling", "align"), ("spcaing", "spacing"), ("chidlren", "children"),
    ])
    func transpositions(_ typo: String, _ meant: String) {
        #expect(messages(node(typo)) == ["7:7: unknown key '\(typo)'; did you mean '\(meant)'? [unknownKey]"])
    }

    @Test("words from SwiftUI, UIKit and CSS suggest the key that does the same", arguments: [
        ("alignment", "align"), ("frame", "size"), ("gap", "spacing"),
    ])
    func foreignPropertyWords(_ word: String, _ meant: String) {
        #expect(messages(node(word)) == ["7:7: unknown key '\(word)'; did you mean '\(meant)'? [unknownKey]"])
    }

    @Test("VStack, vstack and HStack suggest vgroup and hgroup, and the node is still checked as one")
    func stackWords() {
        let yaml = """
            layout: L
            size: [10, 10]
            root:
              VStack: main
              children:
                - hstack: row
                  align: middle
                  children:
                    - itme: a
                      height: -3
                - vstack:

            """
        #expect(messages(yaml) == [
            "4:3: unknown key 'VStack'; did you mean 'vgroup'? [unknownKey]",
            "6:7: unknown key 'hstack'; did you mean 'hgroup'? [unknownKey]",
            "7:7: 'align' must be leading, center or trailing, not 'middle'; did you mean 'center'? [invalidValue]",
            "9:11: unknown key 'itme'; did you mean 'item'? [unknownKey]",
            "10:11: 'height' must be a number ≥ 0, fit or flexible, not the negative -3 [invalidValue]",
            "11:7: unknown key 'vstack'; did you mean 'vgroup'? [unknownKey]",
        ])
    }

    @Test("a mapping with no kind key still has its keys and children checked")
    func kindlessMapping() {
        let yaml = """
            layout: L
            size: [10, 10]
            root:
              vgroup: main
              children:
                - name: box
                  height: 44pt
                  children:
                    - item: a
                      percent: 120
                    - item: a
                - label: b
                  width: -1

            """
        #expect(messages(yaml) == [
            "6:7: unknown key 'name' [unknownKey]",
            "6:7: this node has no kind key; start it with one of item, spacer, hgroup, vgroup, flow, overlay [missingKey]",
            "7:7: 'height' must be a number ≥ 0, fit or flexible, not '44pt'; write 44 (sizes are plain numbers, in points) [invalidValue]",
            "10:11: 'percent' must be a number from 0 to 100; 120 is out of range (at most 100) [invalidValue]",
            "11:11: another node of this layout is already named 'a' (at 9:11) [duplicateName]",
            "12:7: unknown key 'label' [unknownKey]",
            "12:7: this node has no kind key; start it with one of item, spacer, hgroup, vgroup, flow, overlay [missingKey]",
            "13:7: 'width' must be a number ≥ 0, fit or flexible, not the negative -1 [invalidValue]",
        ])
    }

    @Test("optional: true on a mapping with no kind key is only its missingKey (the stand-in being anonymous is no error of the file)")
    func kindlessOptional() {
        let yaml = """
            layout: L
            size: [10, 10]
            root:
              hgroup: main
              children:
                - optional: true
                - spacer:

            """
        #expect(messages(yaml) == [
            "6:7: this node has no kind key; start it with one of item, spacer, hgroup, vgroup, flow, overlay [missingKey]",
        ])
    }

    @Test("'items' on an overlay: 'an overlay', and where its nodes go")
    func itemsOnOverlay() {
        let yaml = """
            layout: L
            size: [10, 10]
            root:
              overlay: o
              items:
                - item: a
                  size: [1, 1]

            """
        #expect(messages(yaml) == [
            "5:3: 'items' does not apply to an overlay; an overlay lists its nodes under 'children' [misplacedKey]",
        ])
    }

    @Test("numbers with units say what to write instead")
    func units() {
        let yaml = """
            layout: L
            size: [100, 100]
            root:
              hgroup: main
              children:
                - item: a
                  width: 44pt
                - item: b
                  percent: 50%
                - item: c
                  width: 25%
                - item: d
                  height: 10 px

            """
        #expect(messages(yaml) == [
            "7:7: 'width' must be a number ≥ 0, fit or flexible, not '44pt'; write 44 (sizes are plain numbers, in points) [invalidValue]",
            "9:7: 'percent' must be a number from 0 to 100, not '50%'; write 50 (the number alone) [invalidValue]",
            "11:7: 'width' must be a number ≥ 0, fit or flexible, not '25%'; for a share of the free space write 'percent: 25' [invalidValue]",
            "13:7: 'height' must be a number ≥ 0, fit or flexible, not '10 px'; write 10 (sizes are plain numbers, in points) [invalidValue]",
        ])
    }

    @Test("a tab used for indentation says so")
    func tabs() {
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n  vgroup: main\n  children:\n\t- item: a\n"
        #expect(messages(yaml) == [
            "6:1: a tab is used for indentation here; YAML indents with spaces only (found character that cannot start any token while scanning for the next token) [syntax]",
        ])
        let inItem = "layout: L\nsize: [10, 10]\nroot:\n  vgroup: main\n  children:\n    - item: a\n\theight: 3\n"
        #expect(messages(inItem) == [
            "7:1: a tab is used for indentation here; YAML indents with spaces only (found a tab character that violates indentation while scanning a plain scalar) [syntax]",
        ])
    }

    @Test("a key indented wrongly in a list item says which columns would do")
    func listIndentation() {
        let yaml = "layout: L\nsize: [10, 10]\nroot:\n  vgroup: main\n  children:\n    - item: a\n      height: 4\n     width: 3\n"
        #expect(messages(yaml) == [
            "8:6: did not find expected '-' indicator while parsing a block collection: this line starts at column 6, but the list that began at 6:5 has its '-' at column 5; indent it to column 5 for a new item, or to column 7 for a key of the item above [syntax]",
        ])
        let mapping = "layout: L\nsize: [10, 10]\nroot:\n  vgroup: main\n  children:\n    - item: a\n   - item: b\n"
        #expect(messages(mapping) == [
            "7:4: did not find expected key while parsing a block mapping: this line starts at column 4, but the keys of the mapping that began at 4:3 start at column 3 [syntax]",
        ])
    }

    @Test("text form: keywords in other letter case, SwiftUI words, hyphenated names, units, the number limit")
    func textForm() {
        func text(_ body: String) -> String { "layout L (size: 100x100) {\n  vgroup main {\n    \(body)\n  }\n}\n" }
        #expect(messages(text("Item a"), syntax: .text) == ["3:5: unknown node kind 'Item'; did you mean 'item'? [syntax]"])
        #expect(messages(text("Vgroup g {}"), syntax: .text) == ["3:5: unknown node kind 'Vgroup'; did you mean 'vgroup'? [syntax]"])
        #expect(messages(text("HStack g {}"), syntax: .text) == ["3:5: unknown node kind 'HStack'; did you mean 'hgroup'? [syntax]"])
        #expect(messages(text("item close-button .height(4)"), syntax: .text) == [
            "3:10: 'close-button' is not a name: names are identifiers (letters, digits and _, not starting with a digit), so no '-'; write closeButton [syntax]",
        ])
        #expect(messages(text("item a .height(44pt)"), syntax: .text) == [
            "3:20: '44pt' is not a number: sizes are plain numbers, in points; write 44 [syntax]",
        ])
        #expect(messages(text("item a .percent(50%)"), syntax: .text) == [
            "3:23: unexpected character '%': a share of the free space is written .percent(50), a size as a plain number [syntax]",
        ])
        #expect(messages(text("item a .height(1e999)"), syntax: .text) == [
            "3:20: '1e999' is not a number (numbers are like 44, -3, 1.5 or 1e3, at most 1e9 in size; sizes like 390x844) [syntax]",
        ])
        #expect(messages(text("item a .height(2e9)"), syntax: .text) == [
            "3:12: 'height' must be a number ≥ 0, fit or flexible; 2000000000 is out of range (at most 1000000000) [invalidValue]",
        ])
        #expect(messages("Layout L {\n  item a\n}\n", syntax: .text) == [
            "1:1: expected 'layout' to start a layout, such as 'layout Player {', found 'Layout'; keywords are lowercase: write 'layout' [syntax]",
        ])
    }
}
