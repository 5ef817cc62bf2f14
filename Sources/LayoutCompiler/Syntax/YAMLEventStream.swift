import CLibYAML

/// One event of libyaml's parser, with what the front end needs of it.
enum YAMLEvent {
    case streamStart
    case streamEnd
    case documentStart
    case documentEnd
    case mappingStart(SourceLocation, hasTag: Bool)
    case mappingEnd
    case sequenceStart(SourceLocation, hasTag: Bool)
    case sequenceEnd
    /// `isPlain`: written without quotes or block indicators, so the core schema resolves it.
    case scalar(String, isPlain: Bool, SourceLocation, hasTag: Bool)
    case alias(SourceLocation)
}

/// libyaml's events over a byte buffer, pulled one event at a time.
///
/// Events are consumed directly, with no node tree in between: it is several times faster than
/// building one, and it lets the front end refuse aliases before they cost anything. A file in
/// the block-style subset layouts are written in is read by `YAMLSubsetReader` (the same
/// events, several times faster); any other file by libyaml's event parser. The system
/// libyaml (0.2.5) has no nesting limit of its own and keeps its state on the heap, so the
/// depth limit here is the only one. After a syntax error, or past the nesting limit, `next()` returns nil for good.
struct YAMLEventStream: ~Copyable {
    /// Deepest nesting of YAML collections accepted: our own limit, above a 1,000-deep chain of
    /// groups (two collections per node) and far below anything that could exhaust the stack of
    /// the recursive passes on `DeepStack`.
    static let maximumDepth = 4_100

    /// Which reader a stream uses: `.either` tries the subset reader first.
    enum Reader {
        case either
        case libyaml
    }

    /// nil while the subset reader's events are handed out.
    private var parser: UnsafeMutablePointer<yaml_parser_t>?
    /// The subset reader, and the chunk of its events being handed out.
    private var cursor: YAMLSubsetReader.Cursor?
    private var subsetEvents = ContiguousArray<YAMLSubsetReader.Event>()
    private var nextSubsetEvent = 0
    private var subsetStatus = YAMLSubsetReader.Cursor.Status.more
    /// The subset reader gave up after handing out events: what was made of them must be made
    /// again from libyaml's (`needsLibyaml()`).
    private var gaveUp = false
    private let bytes: UnsafeBufferPointer<UInt8>
    private var event = yaml_event_t()
    private var finished = false
    private(set) var depth = 0
    /// The syntax error that ended the stream, if any.
    private(set) var error: Diagnostic?

    /// `bytes` must stay valid while the stream is used.
    init(bytes: UnsafeBufferPointer<UInt8>, reader: Reader = .either) {
        self.bytes = bytes
        if reader == .either, let cursor = YAMLSubsetReader.Cursor(bytes) {
            self.cursor = cursor
            subsetEvents.reserveCapacity(YAMLSubsetReader.Cursor.capacity(forBytes: bytes.count))
            parser = nil
            return
        }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        self.parser = parser
        parser.initialize(to: yaml_parser_t())
        if yaml_parser_initialize(parser) == 1 {
            yaml_parser_set_input_string(parser, bytes.baseAddress ?? UnsafePointer(bitPattern: 1), bytes.count)
        } else {
            error = Diagnostic(.syntax, YAMLFormMessages.parserDidNotStart, at: .fileStart)
            finished = true
        }
    }

    /// Whether the subset reader reads the file and has not given up so far (the tests that
    /// compare it with libyaml ask after `needsLibyaml()`).
    var isSubset: Bool { parser == nil && !gaveUp }

    /// Whether the subset reader gave up, the events handed out being then only part of the
    /// file's: whoever read them must read the file again with `.libyaml`. Reads what is left
    /// of the file to know (without making events of it), so call it when done with the events.
    mutating func needsLibyaml() -> Bool {
        guard parser == nil, !gaveUp, var cursor else { return gaveUp }
        self.cursor = nil
        while subsetStatus == .more {
            subsetStatus = cursor.readMore(into: &subsetEvents)
        }
        nextSubsetEvent = subsetEvents.count
        finished = true
        gaveUp = subsetStatus == .gaveUp
        return gaveUp
    }

    deinit {
        if let parser {
            yaml_parser_delete(parser)
            parser.deallocate()
        }
    }

    mutating func next() -> YAMLEvent? {
        guard !finished else { return nil }
        guard let parser else { return nextOfSubset() }
        guard yaml_parser_parse(parser, &event) == 1 else {
            error = Self.syntaxError(parser.pointee, bytes: bytes)
            finished = true
            return nil
        }
        defer { yaml_event_delete(&event) }
        let location = SourceLocation(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            return .scalar(text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE, location, hasTag: scalar.tag != nil)
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            depth += 1
            if depth > Self.maximumDepth {
                error = Diagnostic(.syntax, YAMLFormMessages.tooDeep(maximum: Self.maximumDepth), at: location)
                finished = true
                return nil
            }
            return event.type == YAML_MAPPING_START_EVENT
                ? .mappingStart(location, hasTag: event.data.mapping_start.tag != nil)
                : .sequenceStart(location, hasTag: event.data.sequence_start.tag != nil)
        case YAML_MAPPING_END_EVENT:
            depth -= 1
            return .mappingEnd
        case YAML_SEQUENCE_END_EVENT:
            depth -= 1
            return .sequenceEnd
        case YAML_ALIAS_EVENT:
            return .alias(location)
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_STREAM_START_EVENT:
            return .streamStart
        default:
            finished = true
            return .streamEnd
        }
    }

    /// The subset reader's next chunk, when the last one is used up; false at the end of the
    /// file or when the reader gives up. Out of line: once per 4,096 events.
    @inline(never)
    private mutating func readChunk() -> Bool {
        guard subsetStatus == .more else { return false }
        // In place through the optional: a copy of the cursor would copy its buffers.
        subsetStatus = cursor?.readMore(into: &subsetEvents) ?? .finished
        nextSubsetEvent = 0
        gaveUp = subsetStatus == .gaveUp
        return !gaveUp && !subsetEvents.isEmpty
    }

    private mutating func nextOfSubset() -> YAMLEvent? {
        guard nextSubsetEvent < subsetEvents.count || readChunk() else {
            finished = true
            return nil
        }
        let event = subsetEvents[nextSubsetEvent]
        nextSubsetEvent += 1
        let location = SourceLocation(line: Int(event.line), column: Int(event.column))
        switch event.kind {
        case .plain, .doubleQuoted, .singleQuoted:
            return .scalar(YAMLSubsetReader.text(of: event, in: bytes), isPlain: event.kind == .plain, location, hasTag: false)
        case .mappingStart:
            depth += 1
            return .mappingStart(location, hasTag: false)
        case .sequenceStart:
            depth += 1
            return .sequenceStart(location, hasTag: false)
        case .mappingEnd:
            depth -= 1
            return .mappingEnd
        case .sequenceEnd:
            depth -= 1
            return .sequenceEnd
        case .documentStart: return .documentStart
        case .documentEnd: return .documentEnd
        case .streamStart: return .streamStart
        case .streamEnd:
            finished = true
            return .streamEnd
        }
    }

    private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? YAMLFormMessages.invalidYAML
        if parser.error == YAML_READER_ERROR {
            // Bad UTF-8 or a control character: libyaml gives only the byte offset.
            return Diagnostic(.syntax, YAMLFormMessages.notUTF8(problem, byte: Int(parser.problem_offset)),
                              at: lineAndColumn(ofByte: parser.problem_offset, in: bytes))
        }
        let context = parser.context.map { " " + String(cString: $0) } ?? ""
        // libyaml counts lines its own way (U+0085, U+2028 and U+2029 break them too): its marks
        // are turned into the file's lines and columns before anything reads them.
        let problemMark = libyamlMark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1, in: bytes)
        let contextMark = libyamlMark(line: Int(parser.context_mark.line) + 1, column: Int(parser.context_mark.column) + 1, in: bytes)
        let location = lineAndColumn(ofByte: problemMark.offset, in: bytes)
        if let lineBreak = problemMark.unicodeBreak ?? contextMark.unicodeBreak {
            let message = YAMLFormMessages.unicodeLineBreak(problem + context, scalar: lineBreak.scalar,
                                                            at: lineAndColumn(ofByte: lineBreak.offset, in: bytes))
            return Diagnostic(.syntax, message, at: location)
        }
        let message = YAMLSyntaxMessage.explained(problem + context, at: location, contextStart: lineAndColumn(ofByte: contextMark.offset, in: bytes),
                                                  offset: parser.problem_offset, bytes: bytes)
        return Diagnostic(.syntax, message, at: location)
    }

    /// The byte offset of libyaml's 1-based `line` and `column`, counting lines as libyaml does
    /// (a break is \n, \r\n, \r, U+0085, U+2028 or U+2029; columns count Unicode scalars), and
    /// the Unicode line break that began that line, when one did: the file's own lines break at
    /// \n alone, so there the two disagree.
    static func libyamlMark(line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> (offset: Int, unicodeBreak: (scalar: UInt32, offset: Int)?) {
        var index = 0
        var current = 1
        var lineBreak: (scalar: UInt32, offset: Int)?
        while current < line, index < bytes.count {
            let byte = bytes[index]
            var width = 0
            var scalar: UInt32?
            if byte == UInt8(ascii: "\r") {
                width = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            } else if byte == UInt8(ascii: "\n") {
                width = 1
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                width = 2
                scalar = 0x85
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                width = 3
                scalar = bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029
            }
            if width > 0 {
                current += 1
                lineBreak = scalar.map { ($0, index) }
                index += width
            } else {
                index += 1
            }
        }
        var remaining = column - 1
        while remaining > 0, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            remaining -= 1
        }
        return (index, lineBreak)
    }

    static func lineAndColumn(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 1
        var column = 1
        for byte in bytes.prefix(min(offset, bytes.count)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }
}
