/// The flags a node needs on and off to be present (docs/format.md §8.7, `when: {flag: a,
/// unless: b}`), its own or, intersected, with its ancestors'. Names, each list sorted and
/// without repeats, so that equal conditions compare equal.
public struct FlagCondition: Hashable, Sendable {
    /// Flags that must all be on.
    public var on: [String]
    /// Flags that must all be off.
    public var off: [String]

    public init(on: [String] = [], off: [String] = []) {
        self.on = Array(Set(on)).sorted()
        self.off = Array(Set(off)).sorted()
    }

    /// No flag asked: holds whatever the flags.
    public static let none = FlagCondition()

    public var isEmpty: Bool { on.isEmpty && off.isEmpty }

    /// Whether it can never hold: a flag needed both on and off (through an ancestor).
    public var isNever: Bool { on.contains { off.contains($0) } }

    /// Whether it holds with these flags on (every other flag off).
    @inline(__always)
    public func holds(_ flagsOn: Set<String>) -> Bool {
        on.allSatisfy(flagsOn.contains) && !off.contains(where: flagsOn.contains)
    }

    /// Both conditions together.
    public func intersection(_ other: FlagCondition) -> FlagCondition {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return FlagCondition(on: on + other.on, off: off + other.off)
    }

    /// Whether the two can never hold together: one needs a flag on that the other needs off.
    public func excludes(_ other: FlagCondition) -> Bool {
        on.contains { other.off.contains($0) } || off.contains { other.on.contains($0) }
    }

    /// "flag 'compact' on", "flags 'a', 'b' on and 'c' off", "no flags": how messages name it.
    public var description: String {
        func part(_ names: [String], _ state: String) -> String? {
            guard !names.isEmpty else { return nil }
            return (names.count == 1 ? "flag " : "flags ") + names.map { "'\($0)'" }.joined(separator: ", ") + " " + state
        }
        let parts = [part(on, "on"), part(off, "off")].compactMap { $0 }
        return parts.isEmpty ? "any flags" : parts.joined(separator: " and ")
    }
}
