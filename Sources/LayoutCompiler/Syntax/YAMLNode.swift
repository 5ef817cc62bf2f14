/// A small YAML document as a tree, composed from `YAMLEventStream`, for files that are read
/// whole and are small (`.layoutlint.yml`); layout files are parsed from the events directly.
indirect enum YAMLNode {
    /// `isPlain`: written without quotes, so the core schema resolves it (`CoreSchema`).
    case scalar(String, isPlain: Bool, SourceLocation)
    case sequence([YAMLNode], SourceLocation)
    case mapping([(key: YAMLNode, value: YAMLNode)], SourceLocation)

    var location: SourceLocation {
        switch self {
        case .scalar(_, _, let location), .sequence(_, let location), .mapping(_, let location): return location
        }
    }

    /// The scalar's text, quoted or not.
    var text: String? {
        if case .scalar(let text, _, _) = self { return text }
        return nil
    }

    /// The scalar resolved with the YAML 1.2 core schema; nil for a collection.
    var literal: Literal? {
        if case .scalar(let text, let isPlain, _) = self { return CoreSchema.resolve(text, isPlain: isPlain) }
        return nil
    }

    var isNull: Bool { literal == .null }

    var elements: [YAMLNode]? {
        if case .sequence(let elements, _) = self { return elements }
        return nil
    }

    var pairs: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let pairs, _) = self { return pairs }
        return nil
    }

    /// The first document of `text` (nil when the stream holds none or it is empty), or the
    /// first problem: a syntax error, a duplicate key, an alias or a tag.
    static func compose(_ text: String) -> (node: YAMLNode?, problem: Diagnostic?) {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [UInt8(ascii: "\n")] }
        return bytes.withUnsafeBufferPointer { buffer in
            var composer = Composer(events: YAMLEventStream(bytes: buffer))
            let node = composer.document()
            return (composer.problem == nil ? node : nil, composer.problem)
        }
    }

    private struct Composer: ~Copyable {
        var events: YAMLEventStream
        var problem: Diagnostic?

        init(events: consuming YAMLEventStream) {
            self.events = events
        }

        mutating func document() -> YAMLNode? {
            while let event = events.next() {
                switch event {
                case .documentStart:
                    guard let first = events.next(), let root = node(first) else { break }
                    return root.isNull ? nil : root
                case .streamEnd:
                    return nil
                default:
                    continue
                }
            }
            problem = problem ?? events.error
            return nil
        }

        mutating func node(_ first: YAMLEvent) -> YAMLNode? {
            switch first {
            case .scalar(let text, let isPlain, let location, let hasTag):
                if hasTag { return fail(Self.tag(location)) }
                return .scalar(text, isPlain: isPlain, location)
            case .sequenceStart(let location, let hasTag):
                if hasTag { return fail(Self.tag(location)) }
                var elements: [YAMLNode] = []
                while let event = events.next() {
                    if case .sequenceEnd = event { return .sequence(elements, location) }
                    guard let element = node(event) else { return nil }
                    elements.append(element)
                }
            case .mappingStart(let location, let hasTag):
                if hasTag { return fail(Self.tag(location)) }
                var pairs: [(key: YAMLNode, value: YAMLNode)] = []
                var seen = Set<String>()
                while let event = events.next() {
                    if case .mappingEnd = event { return .mapping(pairs, location) }
                    guard let key = node(event), let valueEvent = events.next() else { return nil }
                    if let text = key.text, !seen.insert(text).inserted {
                        return fail(Diagnostic(.syntax, YAMLFormMessages.duplicateKey(text), at: key.location))
                    }
                    guard let value = node(valueEvent) else { return nil }
                    pairs.append((key, value))
                }
            case .alias(let location):
                return fail(Diagnostic(.syntax, YAMLFormMessages.alias, at: location))
            default:
                break
            }
            return fail(events.error ?? Diagnostic(.syntax, YAMLFormMessages.invalidYAML, at: .fileStart))
        }

        mutating func fail(_ diagnostic: Diagnostic) -> YAMLNode? {
            problem = problem ?? diagnostic
            return nil
        }

        static func tag(_ location: SourceLocation) -> Diagnostic {
            Diagnostic(.syntax, YAMLFormMessages.tag, at: location)
        }
    }
}
