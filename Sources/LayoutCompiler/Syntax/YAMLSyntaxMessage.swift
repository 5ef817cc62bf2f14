/// libyaml's syntax errors in words a person writing a layout understands: libyaml names the
/// parser state it was in ("did not find expected '-' indicator while parsing a block
/// collection"); the message keeps that text and adds what was wrong and what to write.
enum YAMLSyntaxMessage {
    static func explained(_ problem: String, at location: SourceLocation, contextStart: SourceLocation,
                          offset: Int, bytes: UnsafeBufferPointer<UInt8>) -> String {
        let lines = Lines(bytes)
        if problem.hasPrefix("found character that cannot start any token"), lines.byte(at: location) == UInt8(ascii: "\t") {
            return YAMLFormMessages.tabIndentation(problem)
        }
        if problem.hasPrefix("found a tab character") {
            return YAMLFormMessages.tabIndentation(problem)
        }
        let column = lines.indentation(ofLine: location.line) + 1
        if problem.hasPrefix("did not find expected '-' indicator") {
            // The list began at contextStart; its items' keys start after the "- ".
            return YAMLFormMessages.listIndentation(problem, column: column, list: contextStart, dash: contextStart.column,
                                                    keyColumn: lines.columnAfterDash(at: contextStart))
        }
        if problem.hasPrefix("did not find expected key"), contextStart.line < location.line {
            let keyColumn = lines.indentation(ofLine: contextStart.line) + 1
            let expected = lines.columnAfterDash(at: contextStart) ?? keyColumn
            // Indented as its keys are: the indentation is not what is wrong.
            if column == expected { return problem }
            return YAMLFormMessages.keyIndentation(problem, column: column, mapping: contextStart, keyColumn: expected)
        }
        return problem
    }

    /// Byte access by line and column (columns count Unicode scalars, as libyaml's do).
    struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: [Int]

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            var starts = [0]
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
            self.starts = starts
        }

        func offset(of location: SourceLocation) -> Int? {
            guard location.line >= 1, location.line <= starts.count else { return nil }
            var offset = starts[location.line - 1]
            var column = 1
            while column < location.column, offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
                offset += 1
                while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                column += 1
            }
            return column == location.column ? offset : nil
        }

        func byte(at location: SourceLocation) -> UInt8? {
            offset(of: location).flatMap { $0 < bytes.count ? bytes[$0] : nil }
        }

        /// Spaces at the start of a line.
        func indentation(ofLine line: Int) -> Int {
            guard line >= 1, line <= starts.count else { return 0 }
            var offset = starts[line - 1]
            var count = 0
            while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") {
                offset += 1
                count += 1
            }
            return count
        }

        /// Where the content after a list item's "- " starts, when `location` is a '-'.
        func columnAfterDash(at location: SourceLocation) -> Int? {
            guard var offset = offset(of: location), offset < bytes.count, bytes[offset] == UInt8(ascii: "-") else { return nil }
            offset += 1
            var column = location.column + 1
            while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") {
                offset += 1
                column += 1
            }
            guard offset < bytes.count, bytes[offset] != UInt8(ascii: "\n"), bytes[offset] != UInt8(ascii: "\r") else { return nil }
            return column
        }
    }
}
