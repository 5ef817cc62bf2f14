/// What each byte value can be in the text form, as bits of one byte read from a 256-entry
/// table: the lexer's word scan was two bit-mask tests a byte (about ten instructions), and a
/// table makes it one load and one test (issue 22).
enum TextByteClass {
    /// A letter, a digit or `_`.
    static let identifier: UInt8 = 1
    /// A letter or `_`.
    static let identifierStart: UInt8 = 2
    /// Space, tab, CR, LF, `#` and `/` (which starts `//`): every byte `skipTrivia` might skip.
    static let trivia: UInt8 = 4
    /// `0` to `9`.
    static let digit: UInt8 = 8

    /// Whether `byte` has `flag` (one of the above).
    @inline(__always)
    static func test(_ byte: UInt8, _ flag: UInt8) -> Bool {
        // Every byte value indexes the table's 256 bytes.
        table.utf8Start[Int(byte)] & flag != 0
    }

    /// One character a byte value, 64 a line: `@` (0x40) plus the flags, so `C` is a letter or
    /// `_` (identifier and start), `I` a digit (identifier and digit), `D` trivia. A literal,
    /// read in place: no array, no lazy initialisation to check at every read.
    private static var table: StaticString {
        """
        @@@@@@@@@DD@@D@@@@@@@@@@@@@@@@@@D@@D@@@@@@@@@@@DIIIIIIIIII@@@@@@\
        @CCCCCCCCCCCCCCCCCCCCCCCCCC@@@@C@CCCCCCCCCCCCCCCCCCCCCCCCCC@@@@@\
        @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\
        @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
        """
    }

    /// The table's length, for a test: it must cover every byte value.
    static var tableCount: Int { table.utf8CodeUnitCount }
}
