/// The subset reader's scalars: keys, plain and quoted values, and the one-line flow
/// collections it reads (anything else makes it give up, and libyaml reads the file).
extension YAMLSubsetReaderState {
    struct Scalar {
        var kind: YAMLSubsetReader.Event.Kind
        var start: Int
        var length: Int
        /// After the `:` for a key, after the scalar for a value.
        var end: Int
    }

    mutating func emitScalar(_ scalar: Scalar, at index: Int) {
        emit(scalar.kind, at: index)
        events[events.count - 1].start = UInt32(scalar.start)
        events[events.count - 1].length = UInt32(scalar.length)
    }

    /// A key and its `:` on this line at `index`, or nil when there is none the subset reads.
    func scanKey(at index: Int) -> Scalar? {
        var scalar: Scalar
        var cursor: Int
        let first = byte(index)
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let quoted = quotedScalar(at: index) else { return nil }
            scalar = quoted
            cursor = quoted.end
            while cursor < count && bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard byte(cursor) == UInt8(ascii: ":"), isBlank(cursor + 1) else { return nil }
        } else {
            guard startsPlain(index) else { return nil }
            cursor = index
            var last = index
            while true {
                guard cursor < count else { return nil }
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\n") { return nil }
                if byte == UInt8(ascii: ":") && isBlank(cursor + 1) { break }
                if byte == UInt8(ascii: " ") {
                    if cursor + 1 < count && bytes[cursor + 1] == UInt8(ascii: "#") { return nil }
                } else {
                    last = cursor + 1
                }
                cursor += 1
            }
            scalar = Scalar(kind: .plain, start: index, length: last - index, end: 0)
        }
        // libyaml takes a key only within 1,024 characters of its `:`.
        guard cursor - index < 1_000 else { return nil }
        scalar.end = cursor + 1
        return scalar
    }

    /// Whether a plain scalar the subset reads may start at `index`: not an indicator; `-`
    /// only before something that is not blank (`-1`); never `?` or `:`.
    func startsPlain(_ index: Int) -> Bool {
        switch byte(index) {
        case UInt8(ascii: "-"):
            return !isBlank(index + 1)
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"), UInt8(ascii: " "), UInt8(ascii: "\n"), 0:
            return false
        default:
            return true
        }
    }

    /// A quoted scalar that ends on its line: `'…'` (with `''`) or `"…"` without a backslash.
    func quotedScalar(at index: Int) -> Scalar? {
        let quote = bytes[index]
        var cursor = index + 1
        while true {
            guard cursor < count else { return nil }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") { return nil }
            if byte == quote {
                if quote == UInt8(ascii: "'") && cursor + 1 < count && bytes[cursor + 1] == quote {
                    cursor += 2
                    continue
                }
                break
            }
            if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") { return nil }
            cursor += 1
        }
        let kind: YAMLSubsetReader.Event.Kind = quote == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted
        return Scalar(kind: kind, start: index + 1, length: cursor - index - 1, end: cursor + 1)
    }

    /// A value on its key's or dash's line: a scalar or a flow sequence, then only a comment.
    mutating func inlineValue(at index: Int) -> Int? {
        let first = bytes[index]
        let end: Int
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            guard let after = flowCollection(at: index) else { return nil }
            end = after
        } else if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let quoted = quotedScalar(at: index) else { return nil }
            emitScalar(quoted, at: index)
            end = quoted.end
        } else {
            guard startsPlain(index) else { return nil }
            var cursor = index
            var last = index
            while cursor < count {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\n") { break }
                // `key: a: b` is an error, `key: a:` too: libyaml says so.
                if byte == UInt8(ascii: ":") && isBlank(cursor + 1) { return nil }
                if byte == UInt8(ascii: " ") {
                    if cursor + 1 < count && bytes[cursor + 1] == UInt8(ascii: "#") { break }
                } else {
                    last = cursor + 1
                }
                cursor += 1
            }
            emitScalar(Scalar(kind: .plain, start: index, length: last - index, end: last), at: index)
            end = last
        }
        return endOfLine(from: end)
    }

    /// `[a, "b c", [1]]` or `{minWidth: 320, maxWidth: $wide}` on one line: values are plain
    /// scalars of letters, digits and `._$+-`, quoted scalars or collections like these; keys
    /// are such plain scalars followed by `: `. Returns the index after the closing bracket.
    mutating func flowCollection(at index: Int) -> Int? {
        var cursor = index
        /// The open collections: true for a mapping.
        var open: [Bool] = []
        // What may come next: a value (after `[`, `,` in a sequence or `: `), a key (after `{`
        // or `,` in a mapping), or `,` and a closing bracket. `[a,]` and `{a: 1,}` are left to
        // libyaml; `[]` and `{}` are read.
        var expectValue = true
        var expectKey = false
        var justOpened = false
        while true {
            while cursor < count && bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard cursor < count else { return nil }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                guard let isMapping = open.last, isMapping == (byte == UInt8(ascii: "}")),
                      justOpened || !(expectValue || expectKey) else { return nil }
                emit(isMapping ? .mappingEnd : .sequenceEnd)
                open.removeLast()
                flowDepth -= 1
                cursor += 1
                justOpened = false
                expectValue = false
                expectKey = false
                if open.isEmpty { return cursor }
                continue
            }
            if byte == UInt8(ascii: ",") {
                guard let isMapping = open.last, !expectValue, !expectKey else { return nil }
                expectKey = isMapping
                expectValue = !isMapping
                justOpened = false
                cursor += 1
                continue
            }
            if expectKey {
                guard Self.isFlowWord(byte), byte != UInt8(ascii: "-") else { return nil }
                let start = cursor
                while cursor < count && Self.isFlowWord(bytes[cursor]) { cursor += 1 }
                guard self.byte(cursor) == UInt8(ascii: ":"), self.byte(cursor + 1) == UInt8(ascii: " ") else { return nil }
                emit(.plain, at: start, length: cursor - start)
                cursor += 2
                expectKey = false
                expectValue = true
                justOpened = false
                continue
            }
            guard expectValue else { return nil }
            justOpened = false
            expectValue = false
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                let isMapping = byte == UInt8(ascii: "{")
                open.append(isMapping)
                flowDepth += 1
                guard blocks.count + flowDepth <= YAMLEventStream.maximumDepth else { return nil }
                emit(isMapping ? .mappingStart : .sequenceStart, at: cursor)
                cursor += 1
                justOpened = true
                expectKey = isMapping
                expectValue = !isMapping
                continue
            }
            guard !open.isEmpty else { return nil }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let quoted = quotedScalar(at: cursor) else { return nil }
                emitScalar(quoted, at: cursor)
                cursor = quoted.end
                continue
            }
            guard Self.isFlowWord(byte), byte != UInt8(ascii: "-") || Self.isFlowWord(self.byte(cursor + 1)) else { return nil }
            let start = cursor
            while cursor < count && Self.isFlowWord(bytes[cursor]) { cursor += 1 }
            emit(.plain, at: start, length: cursor - start)
        }
    }

    private static func isFlowWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
