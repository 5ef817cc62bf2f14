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
/// building one, and it lets the front end refuse aliases before they cost anything. The system
/// libyaml (0.2.5) has no nesting limit of its own and keeps its state on the heap, so the
/// depth limit here is the only one. After a syntax error, or past the nesting limit, `next()`
/// returns nil for good.
struct YAMLEventStream: ~Copyable {
    /// Deepest nesting of YAML collections accepted: our own limit, above a 1,000-deep chain of
    /// groups (two collections per node) and far below anything that could exhaust the stack of
    /// the recursive passes on `DeepStack`.
    static let maximumDepth = 4_100

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let bytes: UnsafeBufferPointer<UInt8>
    private var event = yaml_event_t()
    private var finished = false
    private(set) var depth = 0
    /// The syntax error that ended the stream, if any.
    private(set) var error: Diagnostic?

    /// `bytes` must stay valid while the stream is used.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        if yaml_parser_initialize(parser) == 1 {
            yaml_parser_set_input_string(parser, bytes.baseAddress ?? UnsafePointer(bitPattern: 1), bytes.count)
        } else {
            error = Diagnostic(.syntax, YAMLFormMessages.parserDidNotStart, at: .fileStart)
            finished = true
        }
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    mutating func next() -> YAMLEvent? {
        guard !finished else { return nil }
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
