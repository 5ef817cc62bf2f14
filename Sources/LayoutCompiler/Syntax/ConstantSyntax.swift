/// The syntax of docs/format.md §7.5: constants, `$NAME` references and imports, as written.
/// `ConstantResolution` decides what they mean.

/// `$NAME` written as a plain value: a reference to a constant. A quoted `"$x"` is a string.
public struct ConstantReference: Hashable, Sendable {
    /// The name after `$` (empty for a `$` alone).
    public var name: String
    /// Where the `$` is: a bad value brought by the reference is reported here.
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// One `name: value` of a `constants` mapping (`let name = value` in the text form).
public struct ConstantDefinition: Sendable {
    /// The name as written: a mapping key is any scalar, checked against the name pattern later.
    public var name: String
    public var value: Literal
    /// Where the name is written.
    public var location: SourceLocation
    /// Comments before the definition (the text form's `//` lines) and on its line, for the printers.
    public var comments: [String] = []
    public var trailing: [String] = []

    public init(name: String, value: Literal, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// One path of an `import` (`import "Tokens.layout.yaml"`).
public struct ImportPath: Sendable {
    /// The path as written (`.string` when well formed; anything else is `invalidValue`).
    public var path: Literal
    /// Where the path is written: an unreadable file or a cycle is reported here.
    public var location: SourceLocation
    public var comments: [String] = []
    public var trailing: [String] = []

    public init(path: Literal, location: SourceLocation) {
        self.path = path
        self.location = location
    }
}

/// The constants and imports of one document: a layout's own, or a document of file constants.
public struct ConstantScope: Sendable {
    public var constants: [ConstantDefinition] = [] {
        // Any change to the definitions makes the front end's index of their names stale.
        didSet { nameIndex = nil }
    }
    /// The YAML front end's index of `constants` by name, each name once (a mapping's keys are
    /// unique): the resolver takes it as its table's index instead of hashing the names again
    /// (a tokens file has a thousand). Nil when not built, or after any change to `constants`.
    var nameIndex: [String: Int]?
    public var imports: [ImportPath] = []
    /// A layout's `parameters` (docs/format.md §8.1): numbers given at run time, each with its
    /// default, in the order written. In a document of file constants they are `misplacedKey`.
    public var parameters: [ConstantDefinition] = []
    /// Where the `parameters` key is (nil when absent); the value there when it is not a mapping.
    public var parametersLocation: SourceLocation?
    public var parametersNotAMapping: Literal?
    /// Where the `constants` key is (nil when absent); the value there when it is not a mapping.
    public var constantsLocation: SourceLocation?
    public var constantsNotAMapping: Literal?
    /// Where the `import` key is (nil when absent); whether its value was written as a list.
    public var importLocation: SourceLocation?
    public var importIsList = false

    public init() {}

    public var isEmpty: Bool { constantsLocation == nil && importLocation == nil && parametersLocation == nil }
}

/// A document of file constants (no `layout`, no `root`): visible to every layout of the file.
public struct ConstantDocument: Sendable {
    public var scope: ConstantScope
    /// Where the document starts.
    public var location: SourceLocation
    /// How many layouts of the file come before it, so the printers keep its place.
    public var position: Int
    public var comments = Comments()

    public init(scope: ConstantScope, location: SourceLocation, position: Int) {
        self.scope = scope
        self.location = location
        self.position = position
    }
}
