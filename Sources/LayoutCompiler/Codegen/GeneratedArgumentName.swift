/// The internal names of a generated initializer's run-time arguments (`title content_0: CGSize`).
///
/// The generator numbers its own locals as a prefix of letters followed by a counter
/// (`content4`, `measure3`: `SymbolicProgram.name`), so an argument spelled that way could be
/// shadowed by a local and an item laid out with another item's size. An underscore before the
/// index keeps every argument in a space no local can reach.
enum GeneratedArgumentName {
    /// A dynamic flow item's element sizes.
    static func dynamic(_ index: Int) -> String { "dynamic_\(index)" }
    /// A dynamic item's content size.
    static func content(_ index: Int) -> String { "content_\(index)" }
    /// A wrap item's measure.
    static func measure(_ index: Int) -> String { "measure_\(index)" }
    /// An optional node's shown flag.
    static func shown(_ index: Int) -> String { "shown_\(index)" }
    /// A flag of `when: {flag: …}` (docs/format.md §8.7).
    static func flag(_ index: Int) -> String { "flag_\(index)" }
    /// A parameter of `parameters:` (docs/format.md §8.1): its `CGFloat` argument, and the
    /// `Double` the body makes of it under the same name.
    static func parameter(_ index: Int) -> String { "param_\(index)" }
}
