import Testing
@testable import LayoutCompiler

/// `Validator.isValidName`: `[A-Za-z_][A-Za-z0-9_]*`, tested a bit a byte.
@Suite struct ValidNameTests {
    @Test(arguments: ["a", "_", "Z", "z9", "row_12", "_0", "A_very_long_name_with_digits_0123456789"])
    func valid(name: String) {
        #expect(Validator.isValidName(name))
    }

    /// The bytes beside each range (`@` `[` `` ` `` `{` `/` `:`), a digit first, non-ASCII, empty.
    @Test(arguments: ["", "9a", "0", "@a", "a@", "[", "a[", "`a", "a`", "{", "a{", "a/", "a:", "a-b", "a b",
                      "é", "aé", "a\u{7F}", "\u{7F}"])
    func invalid(name: String) {
        #expect(!Validator.isValidName(name))
    }
}
