/// A 1-based line and column in a layout file. Columns count Unicode scalars, as libyaml does.
///
/// Stored as two 32-bit numbers: every node, key and diagnostic carries one, and a file of a
/// million nodes should not pay 16 bytes for each.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// The start of a file, for problems about the file as a whole.
    public static let fileStart = SourceLocation(line: 1, column: 1)

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn)
    }

    public var description: String { "\(line):\(column)" }
}
