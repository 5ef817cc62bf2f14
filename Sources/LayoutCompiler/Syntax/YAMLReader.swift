import CYaml

/// Walks libyaml's event parser over a YAML stream and builds one `YAMLTree` per document.
///
/// Events are consumed directly (no `Yams.compose`, no `Yams.load`): it is several times faster,
/// and it lets us refuse what we do not support (aliases, tags) before it costs anything.
/// libyaml's own syntax errors become `syntax` diagnostics at libyaml's line and column.
struct YAMLReader {
    /// Deepest nesting of YAML collections we accept; our own limit, far below anything that
    /// could exhaust memory, and above a 1,000-deep chain of groups (two collections per node).
    static let maximumDepth = 4_100

    /// libyaml's process-wide nesting limit (1,000 by default) would reject deep but legal
    /// layouts before our own limit speaks, so it is raised once, above ours.
    private static let raiseLibYAMLLimit: Void = {
        yaml_set_max_nest_level(Int32(maximumDepth * 2))
    }()

    struct Result {
        /// Complete documents, with whether the reader found errors inside each.
        var documents: [(tree: YAMLTree, hasErrors: Bool)] = []
        var diagnostics = DiagnosticBag()
    }

    static func read(_ bytes: [UInt8]) -> Result {
        _ = raiseLibYAMLLimit
        var result = Result()
        bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                result.diagnostics.error(.syntax, "could not start the YAML parser", at: .fileStart)
                return
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress ?? UnsafePointer(bitPattern: 1), buffer.count)
            var builder = Builder()
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    result.diagnostics.append(contentsOf: builder.diagnostics.diagnostics[result.diagnostics.diagnostics.count...])
                    result.diagnostics.append(syntaxError(parser, bytes: buffer))
                    return
                }
                defer { yaml_event_delete(&event) }
                switch builder.consume(&event) {
                case .continue:
                    continue
                case .documentEnded(let tree):
                    result.documents.append((tree, builder.diagnostics.diagnostics.count > result.diagnostics.diagnostics.count))
                    result.diagnostics.append(contentsOf: builder.diagnostics.diagnostics[result.diagnostics.diagnostics.count...])
                case .streamEnded, .stop:
                    result.diagnostics.append(contentsOf: builder.diagnostics.diagnostics[result.diagnostics.diagnostics.count...])
                    return
                }
            }
        }
        return result
    }

    private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { " " + String(cString: $0) } ?? ""
        var location: SourceLocation
        if parser.error == YAML_READER_ERROR {
            location = lineAndColumn(ofByte: parser.problem_offset, in: bytes)
            return Diagnostic(.syntax, "\(problem) (byte \(parser.problem_offset)); a layout file must be UTF-8 text", at: location)
        }
        location = SourceLocation(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        return Diagnostic(.syntax, problem + context, at: location)
    }

    /// Line and column of a byte offset, for reader errors (bad UTF-8, control characters)
    /// where libyaml gives only the offset.
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

/// Turns the event stream into trees, one document at a time.
private struct Builder {
    enum Step {
        case `continue`
        case documentEnded(YAMLTree)
        case streamEnded
        case stop
    }

    var tree = YAMLTree()
    var open: [Int32] = []
    var diagnostics = DiagnosticBag()

    mutating func consume(_ event: inout yaml_event_t) -> Step {
        let location = SourceLocation(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            tree = YAMLTree()
            open.removeAll(keepingCapacity: true)
        case YAML_DOCUMENT_END_EVENT:
            let finished = tree
            tree = YAMLTree()
            return .documentEnded(finished)
        case YAML_STREAM_END_EVENT:
            return .streamEnded
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            if scalar.tag != nil {
                diagnostics.error(.syntax, "YAML tags are not supported in layout files", at: location)
            }
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            add(YAMLTree.Entry(kind: .scalar, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE, location: location, text: text))
        case YAML_ALIAS_EVENT:
            diagnostics.error(.syntax, "YAML aliases are not supported in layout files; write the value out", at: location)
            // Stands in for the alias so the rest of the document still reads as written.
            add(YAMLTree.Entry(kind: .scalar, isPlain: true, location: location, text: ""))
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let hasTag = isMapping ? event.data.mapping_start.tag != nil : event.data.sequence_start.tag != nil
            if hasTag {
                diagnostics.error(.syntax, "YAML tags are not supported in layout files", at: location)
            }
            guard open.count < YAMLReader.maximumDepth else {
                diagnostics.error(.syntax, "nesting is deeper than \(YAMLReader.maximumDepth) levels; layoutc stops reading here", at: location)
                return .stop
            }
            let index = add(YAMLTree.Entry(kind: isMapping ? .mapping : .sequence, isPlain: false, location: location))
            open.append(index)
        case YAML_MAPPING_END_EVENT:
            if let index = open.popLast() {
                checkDuplicateKeys(in: index)
            }
        case YAML_SEQUENCE_END_EVENT:
            _ = open.popLast()
        default:
            break
        }
        return .continue
    }

    @discardableResult
    private mutating func add(_ entry: YAMLTree.Entry) -> Int32 {
        let index = Int32(tree.entries.count)
        tree.entries.append(entry)
        if let parent = open.last {
            let p = Int(parent)
            if tree.entries[p].lastChild >= 0 {
                tree.entries[Int(tree.entries[p].lastChild)].nextSibling = index
            } else {
                tree.entries[p].firstChild = index
            }
            tree.entries[p].lastChild = index
            tree.entries[p].childCount += 1
        } else if tree.root < 0 {
            tree.root = index
        }
        return index
    }

    /// A duplicate key is a `syntax` error at its second occurrence (SPEC §2).
    private mutating func checkDuplicateKeys(in mapping: Int32) {
        let pairs = tree.pairs(of: mapping)
        guard pairs.count > 1 else { return }
        if pairs.count <= 8 {
            // Nodes have a handful of keys: comparing them pairwise beats hashing.
            for i in 1..<pairs.count where tree[pairs[i].key].kind == .scalar {
                let text = tree[pairs[i].key].text
                if (0..<i).contains(where: { tree[pairs[$0].key].kind == .scalar && tree[pairs[$0].key].text == text }) {
                    diagnostics.error(.syntax, "duplicate key '\(Self.abbreviated(text))' in this mapping", at: tree[pairs[i].key].location)
                }
            }
            return
        }
        var seen = Set<String>()
        seen.reserveCapacity(pairs.count)
        for (key, _) in pairs {
            let entry = tree[key]
            guard entry.kind == .scalar else { continue }
            if !seen.insert(entry.text).inserted {
                diagnostics.error(.syntax, "duplicate key '\(Self.abbreviated(entry.text))' in this mapping", at: entry.location)
            }
        }
    }

    static func abbreviated(_ text: String) -> String {
        text.utf8.count > 60 ? String(text.prefix(40)) + "…" : text
    }
}
