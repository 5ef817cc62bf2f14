/// The syntax tree shared by both front ends (YAML and text). It records what the file says,
/// with a location for every node and key; what it means is decided by `Validator`.

/// A parsed file: its layouts in file order.
public struct LayoutFile: Sendable {
    public var layouts: [LayoutDocument]
    /// Documents of file constants (docs/format.md §7.5), each with its place among the layouts.
    public var constantDocuments: [ConstantDocument] = []
    /// Comments after the last layout (text of each comment after its `//` or `#`).
    public var trailingComments: [String] = []
    /// Set by a front end that read no `$NAME` reference anywhere in the file: constant
    /// resolution then has no layout tree to walk (most files use no constants). False, the safe
    /// default, for a file built any other way.
    public var hasNoReferences = false
    /// Read from the text form: messages then spell examples the text form's way.
    public var isTextForm = false

    public init(layouts: [LayoutDocument] = []) {
        self.layouts = layouts
    }
}

/// One layout: a name, optional defaults and a root node.
public struct LayoutDocument: Sendable {
    /// The layout's name as written, or nil when the `layout` key is missing or empty.
    public var name: Literal?
    /// Where the `layout` key is, or the document's start when it is missing.
    public var location: SourceLocation
    public var size: Property?
    public var safeArea: Property?
    /// `fit: height | width | both` (docs/format.md §7.3): the container sizes the layout computes.
    public var fit: DocumentSetting?
    public var root: Node?
    /// The layout's own `constants` and `import` (docs/format.md §7.5).
    public var scope = ConstantScope()
    /// Its valid parameters (docs/format.md §8.1) with the values this compile resolved them
    /// to, set by constant resolution.
    public var parameters: [LayoutParameter] = []
    /// Whether the front end reported an error inside this layout (then it gets no frames).
    public var hasSyntaxErrors = false
    /// How many nodes the tree holds, so later passes can size their tables once.
    public var nodeCount = 0
    /// Comments kept for the formatter and converter (`Comments`); the validator ignores them.
    public var comments = Comments()

    public init(name: Literal? = nil, location: SourceLocation, size: Property? = nil, safeArea: Property? = nil, root: Node? = nil) {
        self.name = name
        self.location = location
        self.size = size
        self.safeArea = safeArea
        self.root = root
    }
}

/// The six node kinds of docs/format.md §2.
public enum NodeKind: String, CaseIterable, Sendable {
    case item, spacer, hgroup, vgroup, flow, overlay

    /// Whether this kind holds child nodes (`children`, or `items` for a flow).
    public var isContainer: Bool { self != .item && self != .spacer }
}

/// A node of the tree. A class, so that large trees are not copied as they pass between passes.
public final class Node: @unchecked Sendable {
    // `@exclusivity(unchecked)`: the validator reads these fields several times for every node,
    // and each read of a class's `var` was a run-time exclusivity check (`swift_beginAccess`,
    // about 7% of validation, issue 22). Nothing reads a node's field while changing it: the
    // front ends build nodes and constant resolution replaces `properties` whole, each before
    // anything else sees the node.
    /// The kind key's value: nil for an anonymous node.
    @exclusivity(unchecked) public var name: Literal?
    // Declared after `name` so that it takes the byte after the name's 17 and the location the
    // four after that: 104 bytes, glibc's 112-byte block (128 before; issue 22).
    public let kind: NodeKind
    /// Where the kind key (`item`, `hgroup`, …) is: node-level diagnostics point here.
    public let location: SourceLocation
    /// Properties in the order written.
    @exclusivity(unchecked) public var properties: [Property]
    /// `children` (groups, overlays) or `items` (flows), as written.
    @exclusivity(unchecked) public var list: NodeList?
    /// Comments kept for the formatter and converter; the validator ignores them.
    @exclusivity(unchecked) public var comments = Comments()

    public init(kind: NodeKind, location: SourceLocation, name: Literal? = nil, properties: [Property] = [], list: NodeList? = nil) {
        self.kind = kind
        self.location = location
        self.name = name
        self.properties = properties
        self.list = list
    }

    public var children: [Node] { list?.nodes ?? [] }

    /// The first property with this key.
    public func property(_ key: PropertyKey) -> Property? {
        // Through the buffer, reading only each key: `first(where:)` copied every property it
        // passed (retaining its strings), and a copy of the array is a retain and a release; the
        // validator asks this twice of every node (issue 22).
        properties.withUnsafeBufferPointer { properties in
            for index in properties.indices where properties[index].key == key {
                return properties[index]
            }
            return nil
        }
    }
}

/// Comments around a node or layout, each the text after its `//` or `#` marker. Trivia: no
/// pass but the printers looks at them, and both syntaxes can hold them.
public struct Comments: Hashable, Sendable {
    /// Whole-line comments just before the node (or layout).
    public var leading: [String] = []
    /// Comments on the node's header line (or inside its header).
    public var trailing: [String] = []
    /// Whole-line comments after the last child, before the closing brace.
    public var closing: [String] = []

    public init(leading: [String] = [], trailing: [String] = [], closing: [String] = []) {
        self.leading = leading
        self.trailing = trailing
        self.closing = closing
    }

    public var isEmpty: Bool { leading.isEmpty && trailing.isEmpty && closing.isEmpty }
}

/// A node's `children` or `items` list.
public struct NodeList: Sendable {
    public enum Key: String, Sendable { case children, items }
    public var key: Key
    public var location: SourceLocation
    public var nodes: [Node]

    public init(key: Key, location: SourceLocation, nodes: [Node]) {
        self.key = key
        self.location = location
        self.nodes = nodes
    }
}

/// Every property key a node may carry (docs/format.md §2's table). Whether it applies where it is
/// written is the validator's question.
public enum PropertyKey: String, CaseIterable, Sendable {
    case width, height, size, percent, flexible
    case padding, spacing, margin, align, justify
    case count, dynamic
    case top, bottom, leading, trailing, centerX, centerY, center
    case safeArea
    /// docs/format.md §6: hidden at run time, bounds on a node's size, and a width ÷ height ratio.
    case optional
    case minWidth, maxWidth, minHeight, maxHeight
    case aspect
    /// docs/format.md §7.2: gives way when the main sizes do not fit.
    case shrink
    /// docs/format.md §7.4: present only for some container widths (a mapping; `Property.entries`).
    case when
    /// docs/format.md §8.3: one group child's cross alignment, overriding its group's `align`.
    case alignSelf
    /// docs/format.md §8.4: empty space on the main axis just before and just after a group child.
    case spaceBefore, spaceAfter

    /// The key's place in declaration order (0 for `width`), read from the case's tag.
    var ordinal: Int {
        // A case without a payload is stored as its one-byte tag; MemoryLayout guards it.
        MemoryLayout<PropertyKey>.size == 1 ? Int(unsafeBitCast(self, to: UInt8.self)) : PropertyKey.allCases.firstIndex(of: self) ?? 0
    }

    // By the tag, not the raw value: a `String` raw value made every comparison and every
    // hash of a key (sets, tables, each property's look-up) go through the string (issue 22).
    public static func == (lhs: PropertyKey, rhs: PropertyKey) -> Bool { lhs.ordinal == rhs.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(UInt8(truncatingIfNeeded: ordinal)) }
}

/// One `key: value` inside a mapping value (`when: {minWidth: 600}`), as written.
public struct MappingEntry: Sendable {
    public var key: String
    public var value: Literal
    /// Where the key is written (in the text form's range, where the bound is).
    public var location: SourceLocation

    public init(key: String, value: Literal, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}

/// A document key that is no node property (`fit`): its value as written and where its key is.
public struct DocumentSetting: Sendable {
    public var value: Literal
    public var location: SourceLocation

    public init(value: Literal, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// One `key: value` of a node or document.
///
/// Kept small (48 bytes) and with one reference besides its value's: every node holds its
/// properties in an array and the validator copies each one it reads. The fields few properties
/// have (`wordPlaces`, `valueLocation`, `entries`) live in one shared box (`PropertyRareFields.none` for most); a
/// `Property` with them inline was 112 bytes, and copying or freeing one retained or released
/// each of them (issue 22: the AST's memory at 50 MB, the validator's copies).
public struct Property: Sendable {
    // Declared in this order so that the key and the location share the first eight bytes.
    public var key: PropertyKey
    /// Where the key is written: key-level diagnostics point here.
    public var location: SourceLocation
    public var value: Literal
    /// Never nil: copying an optional reference here went through `Optional`'s generic value
    /// witness (the metadata looked up on every copy); one shared empty box copies with a retain.
    private var rare = PropertyRareFields.none

    public init(key: PropertyKey, value: Literal, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }

    /// For `dynamic` in the text form's attribute list: where the node writes `true` (the word
    /// `dynamic`) and `wrap` as a word ("after the name", "right after 'item'"; no place for
    /// `wrap` on a node with neither a name nor a count), so that a hint for a misspelt value
    /// leads to text that parses. Nil in the YAML form.
    public var wordPlaces: (dynamic: String, wrap: String?)? {
        get { rare.wordPlaces }
        set { rare = PropertyRareFields(wordPlaces: newValue, valueLocation: valueLocation, entries: entries, parameterMarks: parameterMarks) }
    }

    /// Where the value's first `$NAME` was (docs/format.md §7.5), once constants are resolved:
    /// a bad value is reported there, at the reference that brought it.
    public var valueLocation: SourceLocation? {
        get { rare.valueLocation }
        set { rare = PropertyRareFields(wordPlaces: wordPlaces, valueLocation: newValue, entries: entries, parameterMarks: parameterMarks) }
    }

    /// For a mapping value that is read (`when`): its entries in the order written; nil for any
    /// other value. `value` is then `.mapping`.
    public var entries: [MappingEntry]? {
        get { rare.entries }
        set { rare = PropertyRareFields(wordPlaces: wordPlaces, valueLocation: valueLocation, entries: newValue, parameterMarks: parameterMarks) }
    }

    /// Which numbers of the value a parameter gave (docs/format.md §8.1), once constants are
    /// resolved: one entry per number of the value in reading order (the scalar, or each element
    /// of a list), the parameter's index in its layout's `scope.parameters`, or −1 for a number
    /// written in the file or given by a constant. Nil when no parameter gave any.
    public var parameterMarks: [Int]? {
        get { rare.parameterMarks }
        set { rare = PropertyRareFields(wordPlaces: wordPlaces, valueLocation: valueLocation, entries: entries, parameterMarks: newValue) }
    }
}

/// The box of a `Property`'s rarely set fields. Never changed once made (a setter makes a new one), so
/// copies of a property share it safely.
final class PropertyRareFields: Sendable {
    /// The box of a property without any of the fields: most properties share it.
    static let none = PropertyRareFields(wordPlaces: nil, valueLocation: nil, entries: nil, parameterMarks: nil)

    let wordPlaces: (dynamic: String, wrap: String?)?
    let valueLocation: SourceLocation?
    let entries: [MappingEntry]?
    let parameterMarks: [Int]?

    init(wordPlaces: (dynamic: String, wrap: String?)?, valueLocation: SourceLocation?, entries: [MappingEntry]?, parameterMarks: [Int]?) {
        self.wordPlaces = wordPlaces
        self.valueLocation = valueLocation
        self.entries = entries
        self.parameterMarks = parameterMarks
    }
}

/// A value as written, typed by the syntax alone (YAML 1.2 core schema, or the text form's tokens).
public enum Literal: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number; `isInteger` when it was written as an integer (`3`, not `3.0`).
    case number(Double, isInteger: Bool)
    case string(String)
    case list([Literal])
    /// `$NAME` written plain (docs/format.md §7.5): a constant, resolved before validation.
    /// `indirect`: inline, its name and location made every `Literal` (and `Property`) 8 bytes
    /// larger for a case most files never have.
    indirect case reference(ConstantReference)
    /// A mapping where a scalar or list was expected; its content does not matter.
    case mapping

    /// How the value is named in messages ("a string 'abc'").
    public var summary: String {
        switch self {
        case .null: return "an empty value"
        case .bool(let b): return "the boolean \(b)"
        case .number(let n, _): return "the number \(NumberFormat.string(n))"
        case .string(let s): return "'\(s.count > 40 ? String(s.prefix(40)) + "…" : s)'"
        case .list: return "a list"
        case .reference(let reference): return "'$\(reference.name)'"
        case .mapping: return "a mapping"
        }
    }
}
