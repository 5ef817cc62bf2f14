import Foundation
import LayoutCompiler

/// A document the client has opened: its text as UTF-8 bytes, the start of each line, and the
/// client's version. Converts between the protocol's positions (zero-based, UTF-16 code units)
/// and the compiler's locations (one-based, Unicode scalars).
public struct OpenDocument: Sendable {
    /// The largest document analysed, as every `layoutc` command reads at most 64 MB.
    public static let maximumSize = 64 << 20

    public let uri: String
    public private(set) var version: Int
    public private(set) var bytes: [UInt8]
    /// Byte offset of the start of each line (a line ends at `\n`).
    public private(set) var lineStarts: [Int]
    public var syntax: SourceSyntax
    /// Whether the server checks it: a layout file's name, or the language id `layout`. A
    /// client that sends every YAML file gets nothing back for the others.
    public let isLayout: Bool

    public init(uri: String, version: Int, text: String, languageId: String?) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        self.lineStarts = Self.lineStarts(of: bytes)
        let path = Self.path(of: uri)
        let name = (path as NSString).lastPathComponent
        isLayout = languageId == "layout" || SourceSyntax.isLayoutFile(name)
        if languageId == "yaml" {
            syntax = .yaml
        } else {
            syntax = SourceSyntax.detect(path: path, bytes: bytes)
        }
    }

    /// The file path of a `file://` URI (percent-decoded), or the URI itself.
    public static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        let rest = String(uri.dropFirst("file://".count))
        return rest.removingPercentEncoding ?? rest
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var isTooLarge: Bool { bytes.count > Self.maximumSize }

    /// Applies `didChange`'s changes in order. A change whose range lies outside the text is
    /// clamped to it, as editors expect of servers.
    public mutating func apply(_ changes: [TextDocumentContentChangeEvent], version: Int) {
        for change in changes {
            if let range = change.range {
                let lower = offset(of: range.start)
                let upper = max(lower, offset(of: range.end))
                bytes.replaceSubrange(lower..<upper, with: Array(change.text.utf8))
            } else {
                bytes = Array(change.text.utf8)
            }
            lineStarts = Self.lineStarts(of: bytes)
        }
        self.version = version
        // A YAML document stays YAML; a `.layout` may turn from one syntax to the other.
        if !Self.path(of: uri).lowercased().hasSuffix(".yaml"), !Self.path(of: uri).lowercased().hasSuffix(".yml") {
            syntax = SourceSyntax.detect(path: Self.path(of: uri), bytes: bytes)
        }
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 10 { starts.append(index + 1) }
        return starts
    }

    /// The bytes of a zero-based line, without its line break.
    public func line(_ index: Int) -> ArraySlice<UInt8> {
        guard index >= 0, index < lineStarts.count else { return [] }
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        if end > lineStarts[index], bytes[end - 1] == 13 { end -= 1 }
        return bytes[lineStarts[index]..<max(lineStarts[index], end)]
    }

    public func lineText(_ index: Int) -> String { String(decoding: line(index), as: UTF8.self) }

    /// The byte offset of a position (clamped to its line and to the text).
    public func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        guard position.line >= 0 else { return 0 }
        let lineBytes = line(position.line)
        var units = 0
        var offset = lineBytes.startIndex
        for scalar in String(decoding: lineBytes, as: UTF8.self).unicodeScalars {
            if units >= position.character { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return min(offset, lineBytes.endIndex)
    }

    /// The position of a compiler location (one-based line, column in Unicode scalars).
    public func position(of location: SourceLocation) -> Position {
        let lineIndex = max(0, location.line - 1)
        var units = 0
        var column = 1
        for scalar in String(decoding: line(lineIndex), as: UTF8.self).unicodeScalars {
            if column >= location.column { break }
            units += scalar.utf16.count
            column += 1
        }
        return Position(line: lineIndex, character: units)
    }

    /// The compiler's location of a position.
    public func location(of position: Position) -> SourceLocation {
        var units = 0
        var column = 1
        for scalar in lineText(position.line).unicodeScalars {
            if units >= position.character { break }
            units += scalar.utf16.count
            column += 1
        }
        return SourceLocation(line: position.line + 1, column: column)
    }

    /// The word at a position: letters, digits and `_`, with a leading `.` or `$` (a text-form
    /// modifier, a constant). Nil when the position is on no such word.
    public func word(at position: Position) -> (text: String, range: Range)? {
        let scalars = Array(lineText(position.line).unicodeScalars)
        func isWord(_ s: Unicode.Scalar) -> Bool { s == "_" || s.properties.isAlphabetic || ("0"..."9").contains(s) }
        // The scalar index of the position.
        var units = 0
        var index = 0
        while index < scalars.count, units < position.character {
            units += scalars[index].utf16.count
            index += 1
        }
        // On the `.` of a modifier or the `$` of a constant: the word after it.
        if index < scalars.count - 1, scalars[index] == "." || scalars[index] == "$", isWord(scalars[index + 1]) { index += 1 }
        var lower = index, upper = index
        while lower > 0, isWord(scalars[lower - 1]) { lower -= 1 }
        while upper < scalars.count, isWord(scalars[upper]) { upper += 1 }
        guard lower < upper else { return nil }
        if lower > 0, scalars[lower - 1] == "." || scalars[lower - 1] == "$" { lower -= 1 }
        let startUnits = scalars[..<lower].reduce(0) { $0 + $1.utf16.count }
        let text = String(String.UnicodeScalarView(scalars[lower..<upper]))
        let endUnits = startUnits + text.utf16.count
        return (text, Range(start: Position(line: position.line, character: startUnits), end: Position(line: position.line, character: endUnits)))
    }

    /// The range a diagnostic at `location` underlines: the word that starts there (with a
    /// leading `.`), else the one character there, else the end of its line.
    public func range(at location: SourceLocation) -> Range {
        let start = position(of: location)
        let scalars = Array(lineText(start.line).unicodeScalars)
        let first = max(0, location.column - 1)
        guard first < scalars.count else { return Range(start: start, end: start) }
        func isWord(_ s: Unicode.Scalar) -> Bool { s == "_" || s.properties.isAlphabetic || ("0"..."9").contains(s) }
        var end = first
        if scalars[end] == "." || scalars[end] == "$" { end += 1 }
        while end < scalars.count, isWord(scalars[end]) { end += 1 }
        if end == first || (end == first + 1 && !isWord(scalars[first])) { end = first + 1 }
        let units = scalars[first..<end].reduce(0) { $0 + $1.utf16.count }
        return Range(start: start, end: Position(line: start.line, character: start.character + units))
    }

    /// The range of the whole text.
    public var fullRange: Range {
        let last = lineStarts.count - 1
        return Range(start: Position(line: 0, character: 0),
                     end: Position(line: last, character: lineText(last).utf16.count))
    }
}
