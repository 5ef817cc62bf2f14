@testable import LayoutCompiler
import Testing

/// The text front end's byte-level shortcuts (issue 22): byte classes as bit masks, the
/// attribute-list lookahead read from the bytes, keys looked up from their bytes, and a
/// modifier's single argument kept without an array. Each must say what the slow way said.
@Suite struct TextLexerByteTests {
    @Test func identifierBytesAreLettersDigitsAndUnderscore() {
        var starts: [UInt8] = []
        var bytes: [UInt8] = []
        for byte in UInt8.min...UInt8.max {
            if TextLexer.isIdentifierStart(byte) { starts.append(byte) }
            if TextLexer.isIdentifierByte(byte) { bytes.append(byte) }
        }
        #expect(String(decoding: starts, as: UTF8.self) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
        #expect(String(decoding: bytes, as: UTF8.self) == "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
    }

    /// After a `(` token: whether a word and a colon follow, trivia and comments skipped.
    func lookahead(_ source: String) -> Bool {
        Array(source.utf8).withUnsafeBufferPointer { buffer in
            var lexer = TextLexer(bytes: buffer)
            _ = lexer.next()  // the `(`
            return lexer.nextIsIdentifierAndColon()
        }
    }

    @Test func attributeListLookahead() {
        #expect(lookahead("(padding: 10)"))
        #expect(lookahead("(  padding\t:10)"))
        #expect(lookahead("( // a comment\n  padding # another\n : 10)"))
        #expect(lookahead("(_x1:"))
        #expect(!lookahead("(28, 28)"))
        #expect(!lookahead("(.fit)"))
        #expect(!lookahead("($gutter: 1)"))
        #expect(!lookahead("(padding 10)"))
        #expect(!lookahead("(padding"))
        #expect(!lookahead("("))
        #expect(!lookahead("(/ padding: 1)"))
        #expect(!lookahead("(1a: 1)"))
    }

    @Test func keysLookedUpFromBytesAsFromStrings() {
        let words = KeyCatalog.allKeys + ["", "x", "heigth", "Height", "a_rather_long_key_of_many_bytes", "when", "fit"]
        for word in words {
            let fromBytes = Array(word.utf8).withUnsafeBufferPointer { KeyCatalog.lookup($0) }
            let fromString = KeyCatalog.lookup(word)
            #expect(fromBytes.keyClass == fromString.keyClass && fromBytes.ordinal == fromString.ordinal, "\(word)")
        }
        #expect(Array("when".utf8).withUnsafeBufferPointer { KeyCatalog.lookup($0).keyClass } == .property(.when))
        #expect(Array("fit".utf8).withUnsafeBufferPointer { KeyCatalog.lookup($0).keyClass } == .fit)
    }

    /// Word loads pack a key as the byte loop did: byte i at bits 8i of `low` (i < 8) or
    /// 8(i − 8) of `high`, at every length, from a buffer inside a larger one.
    @Test func keysPackedByWordsAsByBytes() {
        let source = Array("abcdefghijklmnopqrstu".utf8)
        for start in 0..<3 {
            for count in 0...18 where start + count <= source.count {
                let packed = source.withUnsafeBufferPointer {
                    KeyCatalog.pack(UnsafeBufferPointer(rebasing: $0[start..<(start + count)]))
                }
                guard count >= 1, count <= 16 else {
                    #expect(packed == nil, "\(count)")
                    continue
                }
                var low: UInt64 = 0
                var high: UInt64 = 0
                for index in 0..<count {
                    let byte = UInt64(source[start + index])
                    if index < 8 { low |= byte << UInt64(index * 8) } else { high |= byte << UInt64((index - 8) * 8) }
                }
                #expect(packed == KeyCatalog.PackedKey(low: low, high: high), "\(start) \(count)")
            }
        }
        #expect(KeyCatalog.pack("height") == KeyCatalog.PackedKey(low: 0x7468_6769_6568, high: 0))
        #expect(KeyCatalog.pack("maxWidthFraction") == KeyCatalog.PackedKey(low: 0x6874_6469_5778_616D, high: 0x6E6F_6974_6361_7246))
    }

    @Test func triviaStartingBytes() {
        let bytes = (UInt8.min...UInt8.max).filter { TextLexer.mayStartTrivia($0) }
        #expect(bytes == [0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F])
    }

    @Test func modifierArgumentsOneOrSeveral() {
        #expect(childProperties("item a .height(44)") == ["height=44.0i"])
        #expect(childProperties("item a .size(28, 30)") == ["size=[28.0i,30.0i]"])
        #expect(childProperties("item a .aspect(16/8)") == ["aspect=2.0"])
        #expect(childProperties("item a .height(.fit)") == ["height='fit'"])
        #expect(childProperties("item a .fit") == ["width='fit'", "height='fit'"])
        #expect(childProperties("item a .safeArea (padding: 4)") == ["safeArea=true", "padding=4.0i"])
    }

    @Test func modifierAndAttributeFaultsKeepTheirMessages() {
        let source = """
            layout L {
              vgroup p {
                item a .height()
                item b .width(3/2)
                item c .sise(3)
                item d (heigth: 3)
                item h .size([1, 2])
              }
            }
            """
        #expect(textMessages(source) == [
            "'.height()' needs a value in its parentheses",
            "'/' writes a ratio only in .aspect(16/9); write '.width' a number",
            "unknown modifier '.sise'; did you mean '.size'?",
            "unknown attribute 'heigth'; did you mean the modifier .height(3)?",
            "write the list's elements as the arguments, .size(a, b), without '[ ]'",
        ])
    }

    @Test func byteClassTableCoversEveryByte() {
        #expect(TextByteClass.tableCount == 256)
        let digits = (UInt8.min...UInt8.max).filter { TextByteClass.test($0, TextByteClass.digit) }
        #expect(String(decoding: digits, as: UTF8.self) == "0123456789")
        #expect((UInt8.min...UInt8.max).filter(TextLexer.isDigitByte) == digits)
    }

    /// The first token of `source`: its kind, end, and the lexer's number for it.
    func firstToken(_ source: String) -> (kind: TextToken.Kind, end: Int, number: Double, isInteger: Bool) {
        Array(source.utf8).withUnsafeBufferPointer { buffer in
            var lexer = TextLexer(bytes: buffer)
            let token = lexer.next()
            return (token.kind, token.end, lexer.number, lexer.isInteger)
        }
    }

    /// Plain integers take a short path; what it leaves (a fraction, an exponent, `x`, a unit,
    /// a 16th digit, a sign) the general path reads from the start.
    @Test func numbersByTheShortAndTheGeneralPath() {
        func expectNumber(_ source: String, _ kind: TextToken.Kind, end: Int, _ number: Double, integer: Bool) {
            let token = firstToken(source)
            #expect(token.kind == kind && token.end == end && token.number == number && token.isInteger == integer, "\(source)")
        }
        expectNumber("44", .number, end: 2, 44, integer: true)
        expectNumber("0123)", .number, end: 4, 123, integer: true)
        expectNumber("7 ", .number, end: 1, 7, integer: true)
        expectNumber("123456789012345", .number, end: 15, 123_456_789_012_345, integer: true)
        expectNumber("1234567890123456,", .number, end: 16, 1_234_567_890_123_456, integer: true)
        expectNumber("4.5", .number, end: 3, 4.5, integer: false)
        expectNumber("4..<8", .number, end: 1, 4, integer: true)
        expectNumber("1e3", .number, end: 3, 1000, integer: false)
        expectNumber("-3", .number, end: 2, -3, integer: true)
        expectNumber("10x8", .dimensions, end: 4, 10, integer: true)
        #expect(firstToken("10px").kind == .invalid && firstToken("10px").end == 4)
        #expect(firstToken("1.2.3").kind == .invalid)
        let locations = Array("12 ab".utf8).withUnsafeBufferPointer { buffer in
            var lexer = TextLexer(bytes: buffer)
            return [lexer.next().location, lexer.next().location]
        }
        #expect(locations.map(\.description) == ["1:1", "1:4"])
    }

    /// Inset numbers and a modifier's arguments are made arrays of their count at once.
    @Test func insetNumbersAndArgumentListsOfEveryCount() {
        #expect(childProperties("item a (padding: 4 8 4 8)") == ["padding=[4.0i,8.0i,4.0i,8.0i]"])
        #expect(childProperties("item a .size(1, 2, 3)") == ["size=[1.0i,2.0i,3.0i]"])
        #expect(childProperties("item a .size(1, 2, 3, 4, 5)") == ["size=[1.0i,2.0i,3.0i,4.0i,5.0i]"])
        for count in [2, 3, 5, 6] {
            let numbers = (1...count).map(String.init).joined(separator: " ")
            let (file, diagnostics) = parseText("layout L {\n  vgroup p {\n    item a (padding: \(numbers))\n  }\n}\n")
            let padding = file.layouts.first?.root?.children.first?.properties.first.map { spell($0.value) }
            #expect(padding == "[" + (1...count).map { "\(Double($0))i" }.joined(separator: ",") + "]")
            #expect(diagnostics.map(\.message) == [TextFormMessages.insetCount(count)])
        }
    }

    @Test func trailingCommentsOnAHeaderWithAndWithoutABlock() {
        let root = textRoot("layout L {\n  vgroup p { // header\n    item a // own\n    item b\n  }\n}\n")
        #expect(root?.comments.trailing == [" header"])
        #expect(root?.children.map(\.comments.trailing) == [[" own"], []])
    }
}
