/// One name or glob under `sizes:` or `wrap:` in `.layoutlint.yml`, where it is written: lint
/// reports one that matches no item of its kind in the layouts it lints (`SampleNameCheck`).
public struct LintSampleName: Hashable, Sendable {
    /// Which items the samples are for.
    public enum Kind: Hashable, Sendable {
        /// `sizes:`: dynamic items outside flows.
        case dynamicItem
        /// `wrap:`: wrap items (docs/format.md §7.1).
        case wrapItem
    }

    public var kind: Kind
    public var pattern: Glob
    /// The name's key in the configuration file.
    public var location: SourceLocation

    public init(kind: Kind, pattern: Glob, location: SourceLocation) {
        self.kind = kind
        self.pattern = pattern
        self.location = location
    }
}
