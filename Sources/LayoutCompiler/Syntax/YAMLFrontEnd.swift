/// The YAML form's front end: a recursive-descent parser over libyaml's events that builds the
/// shared AST directly, with no intermediate YAML tree.
///
/// It reports what the YAML form itself gets wrong (syntax, duplicate keys, aliases and tags,
/// unknown keys, a node without a kind key, document keys inside a node); what the tree means
/// is left to `Validator`.
public enum YAMLFrontEnd {
    public static func parse(_ bytes: [UInt8]) -> (file: LayoutFile, diagnostics: [Diagnostic]) {
        parse(bytes, reader: .either)
    }

    /// With `.either`, a file the subset reader gives up on part-way is read again by libyaml
    /// (`YAMLEventStream.needsLibyaml()`): the result is always from one reader's events of the
    /// whole file.
    static func parse(_ bytes: [UInt8], reader: YAMLEventStream.Reader) -> (file: LayoutFile, diagnostics: [Diagnostic]) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = YAMLLayoutParser(events: YAMLEventStream(bytes: buffer, reader: reader))
            let result = parser.parseFile()
            guard parser.events.needsLibyaml() else { return result }
            var again = YAMLLayoutParser(events: YAMLEventStream(bytes: buffer, reader: .libyaml))
            return again.parseFile()
        }
    }
}

private struct YAMLLayoutParser: ~Copyable {
    var events: YAMLEventStream
    var diagnostics = DiagnosticBag()
    /// Nodes of the current layout so far.
    var nodeCount = 0
    /// Whether a `$NAME` reference was read (`LayoutFile.hasNoReferences`).
    var sawReference = false
    /// The properties of the nodes being read (their `children` come between them).
    let propertyStack = ListStack<Property>()
    /// The nodes of the lists being read (a child's own list comes before its siblings).
    let nodeStack = ListStack<Node>()

    init(events: consuming YAMLEventStream) {
        self.events = events
    }

    mutating func parseFile() -> (file: LayoutFile, diagnostics: [Diagnostic]) {
        var file = LayoutFile()
        var sawDocument = false
        loop: while let event = events.next() {
            switch event {
            case .documentStart:
                sawDocument = true
                let errorsBefore = diagnostics.diagnostics.count
                guard let first = events.next() else { break loop }
                let parsed = parseDocument(first, position: file.layouts.count)
                // A document cut short by a syntax error is dropped: what it lacks would only
                // be reported again as missing keys.
                guard events.error == nil, let end = events.next(), case .documentEnd = end else { break loop }
                switch parsed {
                case .layout(var document):
                    document.hasSyntaxErrors = diagnostics.diagnostics.count > errorsBefore
                    file.layouts.append(document)
                case .constants(let constants):
                    file.constantDocuments.append(constants)
                case nil:
                    break
                }
            case .streamEnd:
                break loop
            default:
                continue
            }
        }
        if let error = events.error {
            diagnostics.append(error)
        } else if !sawDocument {
            diagnostics.error(.missingKey, YAMLFormMessages.noLayout, at: .fileStart)
        }
        file.hasNoReferences = !sawReference
        return (file, diagnostics.diagnostics)
    }

    // MARK: Documents

    /// A document: a layout, or a document of file constants (docs/format.md §7.5).
    enum ParsedDocument {
        case layout(LayoutDocument)
        case constants(ConstantDocument)
    }

    mutating func parseDocument(_ first: YAMLEvent, position: Int) -> ParsedDocument? {
        guard case .mappingStart(let start, let hasTag) = first else {
            if case .scalar(let text, true, let location, false) = first, CoreSchema.resolve(text, isPlain: true) == .null {
                diagnostics.error(.missingKey, YAMLFormMessages.emptyDocument, at: location)
            } else {
                let location = Self.location(of: first)
                let value = literal(first)
                diagnostics.error(.invalidValue, YAMLFormMessages.layoutNotAMapping(value.summary), at: location ?? .fileStart)
            }
            return nil
        }
        rejectTag(hasTag, at: start)
        var document = LayoutDocument(location: start)
        var hasName = false
        var hasRoot = false
        var keys = SeenKeys()
        var layoutKeys: [(String, SourceLocation)] = []
        while let (key, keyClass, location, value) = nextPair(&keys) {
            switch keyClass {
            case .constants:
                document.scope.constantsLocation = location
                constants(value, into: &document.scope)
            case .imports:
                document.scope.importLocation = location
                imports(value, into: &document.scope)
            case .parameters:
                document.scope.parametersLocation = location
                parameters(value, into: &document.scope)
            case .layout:
                hasName = true
                document.location = location
                let name = Self.nameLiteral(literal(value))
                if name != .null { document.name = name }
            case .property(.size):
                layoutKeys.append((key, location))
                document.size = Property(key: .size, value: literal(value), location: location)
            case .property(.safeArea):
                layoutKeys.append((key, location))
                document.safeArea = Property(key: .safeArea, value: literal(value), location: location)
            case .fit:
                layoutKeys.append((key, location))
                document.fit = DocumentSetting(value: literal(value), location: location)
            case .root:
                hasRoot = true
                if case .scalar(let text, true, _, _) = value, CoreSchema.resolve(text, isPlain: true) == .null {
                    diagnostics.error(.missingKey, YAMLFormMessages.emptyRoot, at: location)
                } else {
                    nodeCount = 0
                    document.root = node(value)
                    document.nodeCount = nodeCount
                }
            case .kind, .property, .list:
                diagnostics.error(.misplacedKey, YAMLFormMessages.nodeKeyInLayout(key), at: location)
                skip(value)
            case .unknown:
                unknownKey(key, at: location)
                skip(value)
            }
        }
        // A document cut short by a syntax error lacks keys only because reading stopped.
        guard events.error == nil else { return nil }
        if !hasName && !hasRoot && !document.scope.isEmpty {
            // Constants and imports alone: file constants, visible to every layout of the file.
            for (key, location) in layoutKeys {
                diagnostics.error(.misplacedKey, YAMLFormMessages.layoutKeyInConstants(key), at: location)
            }
            var constants = ConstantDocument(scope: document.scope, location: start, position: position)
            constants.comments = document.comments
            return .constants(constants)
        }
        if !hasName {
            diagnostics.error(.missingKey, YAMLFormMessages.missingName, at: start)
        } else if document.name == nil {
            diagnostics.error(.missingKey, YAMLFormMessages.emptyName, at: document.location)
        }
        if !hasRoot {
            diagnostics.error(.missingKey, YAMLFormMessages.missingRoot, at: start)
        }
        return .layout(document)
    }

    // MARK: Constants and imports (docs/format.md §7.5)

    /// A `constants` mapping: names to values, in order; a value that is no mapping is kept
    /// for the validator to report (an empty value is no constants).
    mutating func constants(_ first: YAMLEvent, into scope: inout ConstantScope) {
        guard case .mappingStart(let start, let hasTag) = first else {
            let value = literal(first)
            // `constants: ~` (or `null`) is written, not left out: no mapping, so reported.
            if value != .null || Self.isWrittenNull(first) { scope.constantsNotAMapping = value }
            return
        }
        rejectTag(hasTag, at: start)
        defer { indexNames(of: &scope) }
        while let event = events.next() {
            switch event {
            case .mappingEnd:
                return
            case .scalar(let name, _, let location, let hasTag):
                rejectTag(hasTag, at: location)
                guard let value = events.next() else { return }
                scope.constants.append(ConstantDefinition(name: name, value: literal(value), location: location))
            default:
                let location = Self.location(of: event) ?? .fileStart
                skip(event)
                diagnostics.error(.invalidValue, YAMLFormMessages.keyNotAName, at: location)
                guard let value = events.next() else { return }
                skip(value)
            }
        }
    }

    /// A `parameters` mapping (docs/format.md §8.1): read as a `constants` mapping is, into the
    /// scope's parameters.
    mutating func parameters(_ first: YAMLEvent, into scope: inout ConstantScope) {
        // The constants reader, on a scope of its own: its name index is of no use here.
        var own = ConstantScope()
        constants(first, into: &own)
        scope.parameters = own.constants
        scope.parametersNotAMapping = own.constantsNotAMapping
    }

    /// A mapping's keys are unique: a later duplicate name is a syntax error and is dropped.
    /// Checked once the mapping is read, into an index sized up front (no growth), which the
    /// resolver then takes as it is (`ConstantScope.nameIndex`).
    mutating func indexNames(of scope: inout ConstantScope) {
        var index: [String: Int] = [:]
        index.reserveCapacity(scope.constants.count)
        var duplicates: [Int] = []
        for position in scope.constants.indices {
            // A later duplicate takes the slot here; the rare file with one is indexed again.
            if index.updateValue(position, forKey: scope.constants[position].name) != nil {
                duplicates.append(position)
            }
        }
        if !duplicates.isEmpty {
            for position in duplicates.reversed() {
                let duplicate = scope.constants.remove(at: position)
                diagnostics.error(.syntax, YAMLFormMessages.duplicateKey(DiagnosticText.shortened(duplicate.name)), at: duplicate.location)
            }
            index.removeAll(keepingCapacity: true)
            for position in scope.constants.indices {
                index[scope.constants[position].name] = position
            }
        }
        scope.nameIndex = index
    }

    /// `import: PATH` or a list of paths, each located where it is written.
    mutating func imports(_ first: YAMLEvent, into scope: inout ConstantScope) {
        if case .sequenceStart(let start, let hasTag) = first {
            rejectTag(hasTag, at: start)
            scope.importIsList = true
            while let event = events.next() {
                if case .sequenceEnd = event { return }
                let location = Self.location(of: event) ?? start
                scope.imports.append(ImportPath(path: literal(event), location: location))
            }
            return
        }
        let location = Self.location(of: first) ?? .fileStart
        scope.imports.append(ImportPath(path: literal(first), location: location))
    }

    // MARK: Nodes

    mutating func node(_ first: YAMLEvent) -> Node? {
        guard case .mappingStart(let start, let hasTag) = first else {
            let location = Self.location(of: first)
            let value = literal(first)
            diagnostics.error(.invalidValue, YAMLFormMessages.notANode(value.summary), at: location ?? .fileStart)
            return nil
        }
        rejectTag(hasTag, at: start)
        nodeCount += 1
        var kind: (kind: NodeKind, location: SourceLocation, name: Literal)?
        // An unknown key that stands for a kind (`VStack: main`, `itme: a`): read as that kind,
        // so the node's own keys and children are checked too.
        var guessedKind: (kind: NodeKind, location: SourceLocation, name: Literal)?
        let firstProperty = propertyStack.count
        var list: NodeList?
        var keys = SeenKeys()
        while let (key, keyClass, location, value) = nextPair(&keys) {
            switch keyClass {
            case .kind(let nodeKind):
                if let first = kind {
                    diagnostics.error(.misplacedKey, YAMLFormMessages.secondKind(first.kind, at: first.location), at: location)
                    skip(value)
                } else {
                    kind = (nodeKind, location, Self.nameLiteral(literal(value)))
                }
            case .property(let propertyKey):
                if propertyKey == .when, case .mappingStart(let mappingLocation, let hasTag) = value {
                    rejectTag(hasTag, at: mappingLocation)
                    var property = Property(key: .when, value: .mapping, location: location)
                    property.entries = mappingEntries()
                    propertyStack.push(property)
                } else {
                    propertyStack.push(Property(key: propertyKey, value: literal(value), location: location))
                }
            case .list(let listKey):
                list = nodeList(listKey, value, at: location)
            case .layout, .root, .fit, .constants, .imports, .parameters:
                diagnostics.error(.misplacedKey, YAMLFormMessages.layoutKeyInNode(key), at: location)
                skip(value)
            case .unknown:
                unknownKey(key, at: location)
                if kind == nil, guessedKind == nil, let guess = KeyCatalog.suggestion(for: key).flatMap(NodeKind.init(rawValue:)) {
                    guessedKind = (guess, location, Self.nameLiteral(literal(value)))
                } else {
                    skip(value)
                }
            }
        }
        let properties = propertyStack.pop(from: firstProperty)
        guard let kind = kind ?? guessedKind else {
            guard events.error == nil else { return nil }
            diagnostics.error(.missingKey, YAMLFormMessages.missingKind, at: start)
            return KindlessNode.standIn(at: start, properties: properties, list: list)
        }
        return Node(kind: kind.kind, location: kind.location, name: kind.name == .null ? nil : kind.name,
                    properties: properties, list: list)
    }

    mutating func nodeList(_ key: NodeList.Key, _ first: YAMLEvent, at location: SourceLocation) -> NodeList {
        var list = NodeList(key: key, location: location, nodes: [])
        switch first {
        case .sequenceStart(let start, let hasTag):
            rejectTag(hasTag, at: start)
            let firstChild = nodeStack.count
            while let event = events.next() {
                if case .sequenceEnd = event { break }
                if let child = node(event) {
                    nodeStack.push(child)
                }
            }
            list.nodes = nodeStack.pop(from: firstChild)
        case .scalar(let text, true, _, false) where CoreSchema.resolve(text, isPlain: true) == .null:
            break  // `children:` with nothing after it: an empty list
        default:
            let value = literal(first)
            diagnostics.error(.invalidValue, YAMLFormMessages.notANodeList(key.rawValue, found: value.summary), at: location)
        }
        return list
    }

    // MARK: Mappings and values

    /// The next key of the mapping being read, with the first event of its value, or nil at the
    /// mapping's end. Keys that are not plain names, and duplicates, are reported and skipped.
    mutating func nextPair(_ keys: inout SeenKeys) -> (String, KeyCatalog.KeyClass, SourceLocation, YAMLEvent)? {
        while let event = events.next() {
            switch event {
            case .mappingEnd:
                return nil
            case .scalar(let key, _, let location, let hasTag):
                rejectTag(hasTag, at: location)
                guard let value = events.next() else { return nil }
                let (keyClass, ordinal) = KeyCatalog.lookup(key)
                if case .alias(let aliasLocation) = value, !isKindKey(keyClass) {
                    // The alias is reported; the key is left out rather than read as empty.
                    rejectAlias(at: aliasLocation)
                    continue
                }
                if !keys.insert(key, ordinal: ordinal) {
                    diagnostics.error(.syntax, YAMLFormMessages.duplicateKey(DiagnosticText.shortened(key)), at: location)
                    skip(value)
                    continue
                }
                return (key, keyClass, location, value)
            default:
                let location = Self.location(of: event) ?? .fileStart
                skip(event)
                diagnostics.error(.invalidValue, YAMLFormMessages.keyNotAName, at: location)
                guard let value = events.next() else { return nil }
                skip(value)
            }
        }
        return nil
    }

    /// The entries of a mapping value that is read (`when`, docs/format.md §7.4), after its
    /// start: scalar keys in order (a duplicate is a `syntax` error, as in any mapping).
    mutating func mappingEntries() -> [MappingEntry] {
        var entries: [MappingEntry] = []
        while let event = events.next() {
            switch event {
            case .mappingEnd:
                return entries
            case .scalar(let key, _, let location, let hasTag):
                rejectTag(hasTag, at: location)
                guard let value = events.next() else { return entries }
                if case .alias(let aliasLocation) = value {
                    rejectAlias(at: aliasLocation)
                    continue
                }
                if entries.contains(where: { $0.key == key }) {
                    diagnostics.error(.syntax, YAMLFormMessages.duplicateKey(DiagnosticText.shortened(key)), at: location)
                    skip(value)
                    continue
                }
                entries.append(MappingEntry(key: key, value: literal(value), location: location))
            default:
                let location = Self.location(of: event) ?? .fileStart
                skip(event)
                diagnostics.error(.invalidValue, YAMLFormMessages.keyNotAName, at: location)
                guard let value = events.next() else { return entries }
                skip(value)
            }
        }
        return entries
    }

    /// A value as a literal; lists keep their elements, a mapping is only "a mapping".
    /// A scalar that spells null (`~`, `null`) rather than an empty value.
    static func isWrittenNull(_ event: YAMLEvent) -> Bool {
        if case .scalar(let text, _, _, _) = event { return !text.isEmpty }
        return false
    }

    mutating func literal(_ first: YAMLEvent) -> Literal {
        switch first {
        case .scalar(let text, let isPlain, let location, let hasTag):
            rejectTag(hasTag, at: location)
            if isPlain, text.utf8.first == UInt8(ascii: "$") {
                sawReference = true
                return .reference(ConstantReference(name: Self.afterDollar(text), location: location))
            }
            return CoreSchema.resolve(text, isPlain: isPlain)
        case .sequenceStart(let location, let hasTag):
            rejectTag(hasTag, at: location)
            var elements: [Literal] = []
            elements.reserveCapacity(4)  // sizes, spacings and insets: 2 or 4 numbers
            while let event = events.next() {
                if case .sequenceEnd = event { break }
                elements.append(literal(event))
            }
            return .list(elements)
        case .mappingStart:
            skip(first)
            return .mapping
        case .alias(let location):
            rejectAlias(at: location)
            return .null
        default:
            return .null
        }
    }

    /// The name of `$NAME`: the bytes after the `$`, copied as they are (they are valid UTF-8,
    /// being the rest of a string after an ASCII byte). Half the cost of `String(dropFirst())`,
    /// which breaks graphemes: a reference per number in a file that uses tokens.
    static func afterDollar(_ text: String) -> String {
        let count = text.utf8.count - 1
        guard count > 0 else { return "" }
        var text = text
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: count) { buffer in
                _ = buffer.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: bytes.dropFirst()))
                return count
            }
        }
    }

    /// Consumes a value without building anything, still reporting aliases and tags in it.
    mutating func skip(_ first: YAMLEvent) {
        var level = 0
        var event: YAMLEvent? = first
        while let current = event {
            switch current {
            case .mappingStart(let location, let hasTag), .sequenceStart(let location, let hasTag):
                rejectTag(hasTag, at: location)
                level += 1
            case .mappingEnd, .sequenceEnd:
                level -= 1
            case .scalar(_, _, let location, let hasTag):
                rejectTag(hasTag, at: location)
            case .alias(let location):
                rejectAlias(at: location)
            default:
                break
            }
            guard level > 0 else { return }
            event = events.next()
        }
    }

    func isKindKey(_ keyClass: KeyCatalog.KeyClass) -> Bool {
        if case .kind = keyClass { return true }
        return false
    }

    mutating func rejectTag(_ hasTag: Bool, at location: SourceLocation) {
        if hasTag {
            diagnostics.error(.syntax, YAMLFormMessages.tagInLayout, at: location)
        }
    }

    mutating func rejectAlias(at location: SourceLocation) {
        diagnostics.error(.syntax, YAMLFormMessages.aliasInLayout, at: location)
    }

    mutating func unknownKey(_ key: String, at location: SourceLocation) {
        diagnostics.error(.unknownKey, YAMLFormMessages.unknownKey(DiagnosticText.shortened(key), suggestion: KeyCatalog.suggestion(for: key)),
                          at: location)
    }

    /// A name is never a constant: `item: $x` is the string '$x' (docs/format.md §7.5).
    static func nameLiteral(_ value: Literal) -> Literal {
        if case .reference(let reference) = value { return .string("$" + reference.name) }
        return value
    }

    static func location(of event: YAMLEvent) -> SourceLocation? {
        switch event {
        case .mappingStart(let location, _), .sequenceStart(let location, _), .scalar(_, _, let location, _), .alias(let location):
            return location
        default:
            return nil
        }
    }
}

/// The keys of one mapping so far, to find duplicates without allocating: known keys are bits
/// of a mask, and only unknown keys are kept as strings (in a set once there are many).
struct SeenKeys {
    private var known: UInt64 = 0
    private var unknown: [String] = []
    private var manyUnknown: Set<String> = []

    /// False when the key was already there.
    mutating func insert(_ key: String, ordinal: Int?) -> Bool {
        guard let ordinal else {
            if unknown.count < 16 {
                if unknown.contains(key) { return false }
                unknown.append(key)
                return true
            }
            if unknown.contains(key) { return false }
            return manyUnknown.insert(key).inserted
        }
        let mask: UInt64 = 1 << UInt64(ordinal)
        defer { known |= mask }
        return known & mask == 0
    }
}
