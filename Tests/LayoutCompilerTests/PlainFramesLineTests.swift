import Foundation
import Testing

/// `layoutc frames` lines that Sources/layoutc/PlainFramesLine.swift reads without ArgumentParser
/// print the same bytes with the same exit status as when ArgumentParser reads them, and the
/// lines it declines are left to ArgumentParser (`LAYOUTC_PARSE`: `argument-parser` turns the
/// plain reader off, `plain-only` exits with 125 when it declines a line).
@Suite("plain frames command lines")
struct PlainFramesLineTests {
    static let chatRow = "layouts/ChatRow.layout.yaml"

    /// Both ways, in the package's root; nil when the plain reader declined the line.
    static func bothWays(_ arguments: [String]) throws -> (plain: CommandLine_.Output, parsed: CommandLine_.Output)? {
        let root = CommandLine_.packageRoot
        let plain = try CommandLine_.run(arguments, in: root, environment: ["LAYOUTC_PARSE": "plain-only"])
        if plain.status == 125 {
            #expect(plain.stdout == "" && plain.stderr == "", "\(arguments)")
            return nil
        }
        let parsed = try CommandLine_.run(arguments, in: root, environment: ["LAYOUTC_PARSE": "argument-parser"])
        return (plain, parsed)
    }

    @Test("the plainest lines are read without ArgumentParser, with the same output", arguments: [
        ["frames", "layouts/Toolbar.layout.yaml"],
        ["frames", "layouts/Toolbar.layout.yaml", "--size", "320x568", "--format", "json"],
        ["frames", chatRow, "--sizes", "name=120x20", "--sizes", "time=44x16", "--wrap", "message=520x20"],
        ["frames", chatRow, "--sizes", "name=300x20", "--sizes", "time=44x16", "--wrap", "message=90x20", "--hide", "unreadBadge"],
        ["frames", "--direction", "rtl", "--format", "csv", chatRow, "--sizes", "name=1x1", "--sizes", "time=2x2",
         "--wrap", "message=90x20", "--safe-area", "1,2,3,4", "--layout", "ChatRow", "--syntax", "yaml", "--size", "200x0"],
        ["frames", "layouts/ChatRow.layout", "--syntax", "text", "--sizes", "name=1x1", "--sizes", "time=2x2", "--wrap", "message=9x9"],
        // Read plainly, and a usage problem or diagnostics of the layout's own.
        ["frames", chatRow, "--hide", "nope"],
        ["frames", chatRow, "--flag", "nope", "--flag", "a,b"],
        ["frames", chatRow],
        ["frames", "missing.layout.yaml"],
    ])
    func plain(arguments: [String]) throws {
        let both = try #require(try Self.bothWays(arguments), "declined: \(arguments)")
        #expect(both.plain.status == both.parsed.status, "\(arguments)")
        #expect(both.plain.stdout == both.parsed.stdout, "\(arguments)")
        #expect(both.plain.stderr == both.parsed.stderr, "\(arguments)")
    }

    @Test("help, versions, unusual spellings, bad values and repeated options are left to ArgumentParser", arguments: [
        ["frames"], ["frames", "--help"], ["frames", chatRow, "-h"], ["frames", chatRow, "--version"],
        ["frames", chatRow, "--size=390x844"], ["frames", "--", chatRow], ["frames", chatRow, chatRow],
        ["frames", chatRow, "--size"], ["frames", chatRow, "--size", "-1x2"], ["frames", chatRow, "--size", "big"],
        ["frames", chatRow, "--format", "xml"], ["frames", chatRow, "--direction", "RTL"], ["frames", chatRow, "--syntax", "toml"],
        ["frames", chatRow, "--format", "json", "--format", "csv"], ["frames", chatRow, "--layout", "A", "--layout", "B"],
        ["frames", chatRow, "--bogus", "x"], ["frames", chatRow, "--generate-completion-script", "bash"],
        ["generate", chatRow], ["frames", chatRow, "--sizes", "name"], ["frames", chatRow, "--hide", "a,,b"],
        ["frames", chatRow, "--flag", "a,,b"], ["frames", chatRow, "--flag", ""],
    ])
    func declined(arguments: [String]) throws {
        #expect(try Self.bothWays(arguments) == nil, "\(arguments)")
    }

    /// Values of each option, the first `good` of them read by the option, and tokens that are
    /// no option of `frames`.
    static let options: [(name: String, good: Int, values: [String])] = [
        ("--size", 6, ["390x844", "320X568", "0x0", "1e3x20", "200×50", " 390 x 844 ", "-1x2", "abc", "", "390x", "1e400x1"]),
        ("--safe-area", 3, ["59,0,34,0", "0,0,0,0", " 1, 2,3 ,4", "1,2,3", "a,b,c,d", "-1,0,0,0", ""]),
        ("--layout", 4, ["ChatRow", "Nope", "", "chatrow"]),
        ("--sizes", 5, ["name=120x20", "time=44x16", "name=300x20", "avatar=1x1", "nope=", "name", "=1x1", "name=1x1,2x2", "time=", ""]),
        ("--wrap", 3, ["message=520x20", "message=90x20", "name=10x10", "message=", "bad", "message=0x0"]),
        ("--hide", 4, ["unreadBadge", "unreadBadge,unreadBadge", "avatar", "nope", "", ",", "a,,b"]),
        ("--direction", 2, ["ltr", "rtl", "RTL", "up", ""]),
        ("--format", 3, ["table", "json", "csv", "xml", "JSON", ""]),
        ("--syntax", 2, ["yaml", "text", "toml", ""]),
    ]
    static let oddTokens = ["--size=390x844", "--", "-h", "--help", "--bogus", "extra", "--version", "-", "--Size", "-x", "---", "help"]
    static let files = [chatRow, chatRow, chatRow, chatRow, "layouts/ChatRow.layout", "layouts/Toolbar.layout.yaml", "missing.layout.yaml", ""]

    @Test("many mixed command lines: where the plain reader takes one, ArgumentParser prints the same bytes")
    func differential() throws {
        var random = SplitMix(seed: 22)
        var read = 0, declined = 0
        for _ in 0..<300 {
            var pieces: [[String]] = []
            // Half the lines only with values their options read, the file once and no odd token.
            let clean = random.below(2) == 0
            let fileCount = clean ? 1 : random.below(20) == 0 ? 0 : (random.below(20) == 0 ? 2 : 1)
            for _ in 0..<fileCount { pieces.append([Self.files[random.below(Self.files.count)]]) }
            for _ in 0..<random.below(7) {
                let option = Self.options[random.below(Self.options.count)]
                // Mostly the option's own values, sometimes another option's.
                let pool = clean ? Array(option.values.prefix(option.good))
                    : random.below(5) == 0 ? Self.options[random.below(Self.options.count)].values : option.values
                pieces.append([option.name, pool[random.below(pool.count)]])
            }
            if !clean, random.below(10) == 0 { pieces.append([Self.oddTokens[random.below(Self.oddTokens.count)]]) }
            for index in pieces.indices.reversed() where index > 0 { pieces.swapAt(index, random.below(index + 1)) }
            if !clean, random.below(20) == 0 { pieces.append([Self.options[random.below(Self.options.count)].name]) }
            let arguments = ["frames"] + pieces.flatMap { $0 }
            guard let both = try Self.bothWays(arguments) else {
                declined += 1
                continue
            }
            read += 1
            #expect(both.plain.status == both.parsed.status, "\(arguments)")
            #expect(both.plain.stdout == both.parsed.stdout, "\(arguments)")
            #expect(both.plain.stderr == both.parsed.stderr, "\(arguments)")
        }
        // Both kinds are well represented: 146 read plainly and 154 declined for this seed.
        #expect(read >= 120, "read plainly: \(read)")
        #expect(declined >= 120, "declined: \(declined)")
    }
}

/// A small seeded generator (SplitMix64): the same command lines on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
