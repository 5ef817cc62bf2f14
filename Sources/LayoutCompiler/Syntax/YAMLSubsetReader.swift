/// A reader of our own for the block-style YAML that layout files are written in, producing the
/// very events libyaml would, several times faster; `YAMLEventStream` reads the file with it
/// and hands everything else to libyaml.
///
/// The subset: block mappings and sequences by indentation (an optional `---` between
/// documents), keys and values that are plain or quoted scalars on one line (single quotes
/// with `''`, double quotes without escapes), flow collections on one line (`[a, [b, 1]]`,
/// `{minWidth: 320}`) of simple plain and quoted scalars, comments and blank lines. Anything
/// else (anchors, aliases, tags, `?`, block scalars, a scalar over several lines, a flow
/// collection over several lines, tabs, directives, `...`, CR or
/// Unicode line breaks, a byte order mark, a control character, any syntax error, nesting past
/// `YAMLEventStream.maximumDepth`) makes `read` return nil before the front end has seen one
/// libyaml then reads the whole file, so its events and diagnostics are exactly as before.
///
/// Events are read in chunks as they are pulled (`Cursor`: compact events of 20 bytes, the
/// scalars' text left in the file until asked for), so memory stays bounded whatever the
/// file's size. The reader may give up after events were handed out; `YAMLEventStream` then
/// says so and whoever read the events reads the file again with libyaml (`YAMLFrontEnd`),
/// so whatever comes out was made from events of the whole file read by one reader. One pass
/// (two for a file that leaves the subset late), linear.
enum YAMLSubsetReader {
    /// An event as libyaml would report it, its scalar text still a range of the file.
    struct Event {
        enum Kind: UInt8 {
            case streamStart, streamEnd, documentStart, documentEnd
            case mappingStart, mappingEnd, sequenceStart, sequenceEnd
            /// A plain scalar, a double-quoted one (its bytes are its text), a single-quoted
            /// one (`''` in its bytes stands for one quote).
            case plain, doubleQuoted, singleQuoted
        }

        var kind: Kind
        /// Of a scalar's text in the file.
        var start: UInt32 = 0
        var length: UInt32 = 0
        /// 1-based, columns in Unicode scalars (libyaml's marks + 1).
        var line: UInt32 = 0
        var column: UInt32 = 0
    }

    /// All the events of `bytes` at once, or nil when the file is not in the subset.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> ContiguousArray<Event>? {
        guard var cursor = Cursor(bytes) else { return nil }
        var all = ContiguousArray<Event>()
        var chunk = ContiguousArray<Event>()
        while true {
            let status = cursor.readMore(into: &chunk)
            all += chunk
            switch status {
            case .gaveUp: return nil
            case .more: continue
            case .finished: return all
            }
        }
    }

    /// The reader over one file, read a chunk of events at a time.
    struct Cursor {
        private var reader: YAMLSubsetReaderState

        /// What `readMore` got to.
        enum Status { case more, finished, gaveUp }

        /// Events a chunk holds at least (unless the file ends first): 80 KB of them.
        static let chunk = 4_096

        /// nil when the file cannot be in the subset: too large for 32-bit offsets, or not
        /// text libyaml reads without complaint (checked over the whole file first: no memory,
        /// and most files that leave the subset do so here, before any event).
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count < Int(UInt32.max), let base = bytes.baseAddress, let isASCII = plainText(bytes) else { return nil }
            reader = YAMLSubsetReaderState(bytes: base, count: bytes.count, isASCII: isASCII)
        }

        /// Room for the events of a chunk (all of them, for a short file).
        static func capacity(forBytes count: Int) -> Int { min(count / 8 + 8, chunk + 64) }

        /// Reads the next chunk into `events`, in place of what it held (its storage is reused).
        mutating func readMore(into events: inout ContiguousArray<Event>) -> Status {
            events.removeAll(keepingCapacity: true)
            // The reader appends to its own buffer: it is lent `events`' storage.
            swap(&events, &reader.events)
            let status = reader.read(atLeast: Self.chunk)
            swap(&events, &reader.events)
            return status
        }
    }

    /// The text of a scalar event.
    static func text(of event: Event, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(event.start)
        let scalar = UnsafeBufferPointer(rebasing: bytes[start..<start + Int(event.length)])
        guard event.kind == .singleQuoted, scalar.contains(UInt8(ascii: "'")) else {
            return String(decoding: scalar, as: UTF8.self)
        }
        var unquoted: [UInt8] = []
        unquoted.reserveCapacity(scalar.count)
        var index = 0
        while index < scalar.count {
            unquoted.append(scalar[index])
            // `''` is one quote: the reader saw them in pairs.
            index += scalar[index] == UInt8(ascii: "'") ? 2 : 1
        }
        return String(decoding: unquoted, as: UTF8.self)
    }

    /// Whether the file holds only line feeds and characters libyaml reads without complaint
    /// (well-formed UTF-8, no control character, tab, CR, U+0085, U+2028, U+2029, U+FEFF,
    /// U+FFFE or U+FFFF): nil if not, else whether it is all ASCII.
    static func plainText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var index = 0
        let count = bytes.count
        var isASCII = true
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while index < count {
            // Eight ASCII bytes at a time (most of a layout): each is a line feed or 0x20...0x7E.
            if let raw, index + 8 <= count, isPlainASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F || byte == 0x0A else { return nil }
                index += 1
                continue
            }
            isASCII = false
            var width: Int
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF: width = 2; scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF: width = 3; scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4: width = 4; scalar = UInt32(byte & 0x07)
            default: return nil
            }
            guard index + width <= count else { return nil }
            for offset in 1..<width {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else { return nil }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            let shortest: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
            guard scalar >= shortest, scalar >= 0xA0, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar),
                  scalar != 0x2028, scalar != 0x2029, scalar != 0xFEFF, scalar != 0xFFFE, scalar != 0xFFFF else { return nil }
            index += width
        }
        return isASCII
    }

    /// Whether each of the eight bytes of `word` is a line feed or in 0x20...0x7E.
    static func isPlainASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        // Bytes below 0x80 here, so no sum carries into the next byte: + 0x60 sets a byte's
        // high bit when it is ≥ 0x20, + 0x01 when it is 0x7F; a byte of `word ^ 0x0A…` is 0
        // (its + 0x7F keeps the high bit clear) only for a line feed.
        let control = ~(word &+ 0x6060_6060_6060_6060) & high
        let delete = (word &+ 0x0101_0101_0101_0101) & high
        let lineFeed = ~((word ^ 0x0A0A_0A0A_0A0A_0A0A) &+ 0x7F7F_7F7F_7F7F_7F7F) & high
        return control & ~lineFeed | delete == 0
    }
}

/// The reader's state: a cursor over the file and the block collections open at it. Its scalars
/// (keys, plain, quoted and flow values) are in YAMLSubsetReader+Scalars.swift.
struct YAMLSubsetReaderState {
    typealias Event = YAMLSubsetReader.Event

    /// A block collection: its column (0-based, its key's or dash's) and whether it is a
    /// mapping; a sequence written at its mapping's own column (`key:` then `- x`) is
    /// `indentless` and ends at the first line there that is no entry.
    struct Block {
        var column: Int
        var isMapping: Bool
        var indentless: Bool
    }

    let bytes: UnsafePointer<UInt8>
    let count: Int
    var events = ContiguousArray<Event>()
    var blocks: [Block] = []
    /// Flow sequences open on the current line.
    var flowDepth = 0
    /// The current content line: where it starts, its number, its indentation in spaces.
    var lineStart = 0
    var line = 1
    var indent = 0
    /// Where `column(at:)` last counted to on the current line, and the column there.
    var countedTo = 0
    var countedColumn = 1

    /// No byte above 0x7F: a column is then the offset in the line.
    let isASCII: Bool

    /// Where `read(atLeast:)` is in the stream.
    enum Phase { case streamStart, documentStart, body, finished }
    var phase = Phase.streamStart

    init(bytes: UnsafePointer<UInt8>, count: Int, isASCII: Bool) {
        self.bytes = bytes
        self.count = count
        self.isASCII = isASCII
    }

    func byte(_ index: Int) -> UInt8 { index < count ? bytes[index] : 0 }

    /// A space, a line feed or the end of the file: what ends `-`, `:` and plain scalars.
    func isBlank(_ index: Int) -> Bool {
        index >= count || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")
    }

    /// The 1-based column of `index` on the current line (at or after the last one asked for).
    mutating func column(at index: Int) -> UInt32 {
        if isASCII { return UInt32(index - lineStart + 1) }
        var column = countedColumn
        var cursor = countedTo
        while cursor < index {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        countedTo = index
        countedColumn = column
        return UInt32(column)
    }

    mutating func emit(_ kind: Event.Kind, at index: Int, length: Int = 0) {
        events.append(Event(kind: kind, start: UInt32(index), length: UInt32(length), line: UInt32(line), column: column(at: index)))
    }

    mutating func emit(_ kind: Event.Kind) {
        events.append(Event(kind: kind))
    }

    /// Moves to the next line that holds more than spaces and a comment, from the start of a
    /// line; false at the end of the file.
    mutating func advanceToContent(from start: Int) -> Bool {
        var index = start
        while index < count {
            var cursor = index
            while cursor < count && bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            if cursor < count && bytes[cursor] != UInt8(ascii: "\n") && bytes[cursor] != UInt8(ascii: "#") {
                lineStart = index
                indent = cursor - index
                countedTo = index
                countedColumn = 1
                return true
            }
            while cursor < count && bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
            index = cursor + 1
            line += 1
        }
        return false
    }

    /// After a value: only spaces and a comment may follow on the line. Returns the start of
    /// the next line, nil when something else follows.
    func endOfLine(from start: Int) -> Int? {
        var index = start
        while index < count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index < count && bytes[index] == UInt8(ascii: "#") {
            guard index > start else { return nil }
            while index < count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        }
        guard index >= count || bytes[index] == UInt8(ascii: "\n") else { return nil }
        return index + 1
    }

    /// `---` alone on its line (a comment may follow).
    func isDocumentStart() -> Bool {
        indent == 0 && byte(lineStart) == UInt8(ascii: "-") && byte(lineStart + 1) == UInt8(ascii: "-")
            && byte(lineStart + 2) == UInt8(ascii: "-") && isBlank(lineStart + 3)
    }

    mutating func open(_ block: Block, _ kind: Event.Kind, at index: Int) -> Bool {
        blocks.append(block)
        guard blocks.count + flowDepth <= YAMLEventStream.maximumDepth else { return false }
        emit(kind, at: index)
        return true
    }

    mutating func close() {
        if let block = blocks.popLast() { emit(block.isMapping ? .mappingEnd : .sequenceEnd) }
    }

    // MARK: Structure

    /// Reads on, a line at a time, until `events` holds at least `minimum` events or the
    /// stream has ended; `.gaveUp` when the file leaves the subset.
    mutating func read(atLeast minimum: Int) -> YAMLSubsetReader.Cursor.Status {
        while events.count < minimum {
            switch phase {
            case .streamStart:
                emit(.streamStart)
                guard advanceToContent(from: 0) else { return .gaveUp }
                phase = .documentStart
            case .documentStart:
                if isDocumentStart() {
                    guard let after = endOfLine(from: lineStart + 3) else { return .gaveUp }
                    line += 1
                    // An empty document (a null scalar) is left to libyaml.
                    guard advanceToContent(from: after), !isDocumentStart() else { return .gaveUp }
                }
                emit(.documentStart)
                // A document is a mapping here; its first key is read by `documentLine`.
                guard scanKey(at: lineStart + indent) != nil,
                      open(Block(column: indent, isMapping: true, indentless: false), .mappingStart, at: lineStart + indent) else { return .gaveUp }
                phase = .body
            case .body:
                guard let next = documentLine() else { return .gaveUp }
                guard next != .sameDocument else { continue }
                while !blocks.isEmpty { close() }
                emit(.documentEnd)
                if next == .endOfFile {
                    emit(.streamEnd)
                    phase = .finished
                } else {
                    phase = .documentStart
                }
            case .finished:
                return .finished
            }
        }
        return phase == .finished ? .finished : .more
    }

    /// What follows a content line of a document.
    enum NextLine { case sameDocument, nextDocument, endOfFile }

    /// One content line of the current document's block structure, and what is current after
    /// it: a line of this document, a `---` line, or the end of the file; nil when the file
    /// leaves the subset.
    mutating func documentLine() -> NextLine? {
        if isDocumentStart() { return .nextDocument }
        // Lines less indented end the collections opened further right.
        while let top = blocks.last, top.column > indent { close() }
        let start = lineStart + indent
        let isEntry = bytes[start] == UInt8(ascii: "-") && isBlank(start + 1)
        if let top = blocks.last, top.indentless, top.column == indent, !isEntry { close() }
        guard let top = blocks.last, top.column == indent else { return nil }
        let after: Int?
        if top.isMapping {
            guard let key = scanKey(at: start) else { return nil }
            emitScalar(key, at: start)
            after = value(from: key.end, ownerColumn: indent)
        } else {
            guard isEntry else { return nil }
            after = sequenceEntry(dash: start)
        }
        guard let after else { return nil }
        // `Int.max`: the value continues on the next content line, already current.
        if after == Int.max { return .sameDocument }
        line += 1
        return advanceToContent(from: after) ? .sameDocument : .endOfFile
    }

    /// What follows a key's `:`. Returns the start of the next line after a value on this line,
    /// `Int.max` when the value's lines follow (the next content line is then current), nil
    /// when the file leaves the subset.
    mutating func value(from colon: Int, ownerColumn: Int) -> Int? {
        let emptyAt = (line, column(at: colon))
        var index = colon
        while index < count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index >= count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "#") {
            return valueBelow(lineEnd: index, ownerColumn: ownerColumn, emptyAt: emptyAt, indentless: true)
        }
        return inlineValue(at: index)
    }

    /// A `- ` entry of a block sequence.
    mutating func sequenceEntry(dash: Int) -> Int? {
        let emptyAt = (line, column(at: dash + 1))
        var index = dash + 1
        while index < count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index >= count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "#") {
            return valueBelow(lineEnd: index, ownerColumn: dash - lineStart, emptyAt: emptyAt, indentless: false)
        }
        if bytes[index] == UInt8(ascii: "-") && isBlank(index + 1) { return nil }
        if let key = scanKey(at: index) {
            // `- key: value`: a mapping whose keys are in the column of this first one.
            guard open(Block(column: index - lineStart, isMapping: true, indentless: false), .mappingStart, at: index) else { return nil }
            emitScalar(key, at: index)
            return value(from: key.end, ownerColumn: index - lineStart)
        }
        return inlineValue(at: index)
    }

    /// A value on the lines below its key or dash: a block collection further right (or a
    /// sequence in the key's own column), else an empty scalar at the key's `:` or the dash.
    mutating func valueBelow(lineEnd: Int, ownerColumn: Int, emptyAt: (Int, UInt32), indentless: Bool) -> Int? {
        // Only spaces and a comment are left on this line.
        var after = lineEnd
        while after < count && bytes[after] != UInt8(ascii: "\n") { after += 1 }
        after += 1
        line += 1
        let more = advanceToContent(from: after)
        if more && !isDocumentStart() {
            let start = lineStart + indent
            let isEntry = bytes[start] == UInt8(ascii: "-") && isBlank(start + 1)
            if indent > ownerColumn {
                if isEntry {
                    return open(Block(column: indent, isMapping: false, indentless: false), .sequenceStart, at: start) ? Int.max : nil
                }
                // A scalar on the next line is left to libyaml (it may run on over several).
                guard scanKey(at: start) != nil else { return nil }
                return open(Block(column: indent, isMapping: true, indentless: false), .mappingStart, at: start) ? Int.max : nil
            }
            if indentless && indent == ownerColumn && isEntry {
                return open(Block(column: indent, isMapping: false, indentless: true), .sequenceStart, at: start) ? Int.max : nil
            }
        }
        events.append(Event(kind: .plain, start: 0, length: 0, line: UInt32(emptyAt.0), column: emptyAt.1))
        return more ? Int.max : count
    }
}
