/// Which flags of `when` (docs/format.md §8.7) lint turns on, run by run (docs/lint.md, "Flags").
///
/// Every combination of `k` flags is 2^k layouts per device, direction and hide state. Up to
/// `exhaustiveLimit` flags lint tries them all; past that, all off, each flag on alone, each
/// flag off alone (the others on) and all on: 2k + 2 states, linear in the flags. What the
/// smaller set can miss is a problem that needs two or more particular flags on with others off.
struct FlagStates {
    /// The states, all off first: the flags on in each.
    let states: [[String]]

    static let exhaustiveLimit = 4

    init(flagNames: [String]) {
        let count = flagNames.count
        guard count > 0 else {
            states = [[]]
            return
        }
        if count <= Self.exhaustiveLimit {
            // by the number of flags on, then in the order of first use
            states = (0..<(1 << count)).sorted { a, b in
                (a.nonzeroBitCount, a.bitReversed(count)) < (b.nonzeroBitCount, b.bitReversed(count))
            }.map { mask in flagNames.indices.filter { mask >> $0 & 1 == 1 }.map { flagNames[$0] } }
            return
        }
        var states: [[String]] = [[]]
        states += flagNames.map { [$0] }
        states += flagNames.indices.map { off in flagNames.indices.filter { $0 != off }.map { flagNames[$0] } }
        states.append(flagNames)
        self.states = states
    }

    /// The states lint runs: `.layoutlint.yml`'s `flags:` where given (each combination keeping
    /// the layout's own flags, in the order of first use, each distinct combination once), else
    /// its own choice.
    static func states(for flagNames: [String], configured: [[String]]?) -> [[String]] {
        guard let configured else { return FlagStates(flagNames: flagNames).states }
        var seen = Set<[String]>()
        let states = configured.map { on in flagNames.filter(on.contains) }.filter { seen.insert($0).inserted }
        return states.isEmpty ? [[]] : states  // `flags: []`: every flag off
    }

    /// "flag 'compact' on", "flags 'compact' and 'dark' on"; nil with every flag off.
    static func description(_ on: [String]) -> String? {
        guard !on.isEmpty else { return nil }
        return (on.count == 1 ? "flag " : "flags ") + Linter.list(on.map { "'\($0)'" }, conjunction: "and") + " on"
    }
}

private extension Int {
    /// The low `width` bits in reverse order: the first flag is the highest, so that states
    /// with the first flags on come first.
    func bitReversed(_ width: Int) -> Int {
        var out = 0
        for bit in 0..<width where self >> bit & 1 == 1 { out |= 1 << (width - 1 - bit) }
        return -out
    }
}
