/// Constants and imports (docs/format.md §7.5), resolved after parsing and before validation:
/// every `$NAME` in a numeric position is replaced by its constant's value, and the property
/// keeps where the reference was (`Property.valueLocation`), so a bad value is reported at the
/// reference that brought it. One pass over the file: each node and property once, each
/// import once per run (`ConstantImports`).
struct ConstantResolution {
    /// The file resolved (nil: in memory, so no imports), and the run's imported files.
    let path: String?
    let imports: ConstantImports?
    /// The files being imported right now (cycle detection and the depth limit).
    let chain: ImportChain
    /// Whether this file is itself imported: then the problems of the files it imports are
    /// theirs, not copied into its own (`ConstantImports.diagnostics(reachableFrom:)`).
    let isImported: Bool
    /// The files this file imports (their keys), when imported.
    var importedKeys: [String] = []
    /// The imported files whose problems this compile has reported: each file's once.
    var reportedFiles: Set<String> = []
    /// How many imports brought a file with an error (its own or an import's): what fails a
    /// layout whose import's errors were reported once already, at another layout's import.
    var failedImports = 0
    var diagnostics = DiagnosticBag()
    /// Definitions of this file that some reference used.
    var used: Set<SourceLocation> = []
    /// Definitions reported as duplicates (not also reported unused).
    var duplicates: Set<SourceLocation> = []
    /// Whether the file is in the text form, whose examples a message spells.
    var isTextForm = false
    /// Values given at run time for parameters (docs/format.md §8.1, `--param`), by name: a
    /// layout's `$name` resolves to the value given here instead of its default.
    var parameterValues: [String: Double] = [:]
    /// The parameters of the layout being resolved, by where each is defined: a reference that
    /// reaches one of these is a parameter's (its index in the layout's `scope.parameters`).
    var parameterAt: [SourceLocation: Int] = [:]
    /// Parameters no reference used, once the file is resolved (lint's `unusedParameter`).
    var unusedParameters: [ConstantDefinition] = []

    /// A visible constant and where this file brings it in: its definition, or the import.
    struct Entry {
        var constant: VisibleConstant
        var site: SourceLocation
        var isImport: Bool
    }

    /// The file at `path` compiled; `stack` holds it (resolved) so that importing it is a cycle.
    init(path: String?, imports: ConstantImports?, stack: [String] = []) {
        self.init(path: path, imports: imports, chain: ImportChain(stack), isImported: false)
    }

    init(path: String?, imports: ConstantImports?, chain: ImportChain, isImported: Bool) {
        self.path = path
        self.imports = imports
        self.chain = chain
        self.isImported = isImported
    }

    /// The keys whose values are numbers or lists of numbers: where `$NAME` is a constant.
    /// Anywhere else (`align`, `dynamic`, `optional`, a node's `safeArea`) it is a string.
    /// A switch, not a `Set`: asked once per reference, and a static set costs a lazy-global
    /// check and a hash each time.
    static func isNumeric(_ key: PropertyKey) -> Bool {
        switch key {
        case .width, .height, .size, .percent, .flexible, .padding, .spacing, .margin, .count,
             .top, .bottom, .leading, .trailing, .centerX, .centerY, .center,
             .minWidth, .maxWidth, .minHeight, .maxHeight, .aspect, .shrink,
             .spaceBefore, .spaceAfter:
            return true
        default:
            return false
        }
    }

    // MARK: Scopes

    /// The file constants of a file (its documents of constants only, and what they import),
    /// by name, each duplicate reported.
    mutating func fileConstants(of file: LayoutFile) -> ConstantTable {
        for document in file.constantDocuments {
            if let location = document.scope.parametersLocation {
                diagnostics.error(.misplacedKey, ParameterMessages.parametersInConstants(textForm: isTextForm), at: location)
            }
        }
        if file.constantDocuments.count == 1 { return table(of: file.constantDocuments[0].scope) }
        var entries: [Entry] = []
        for document in file.constantDocuments {
            entries += self.entries(of: document.scope)
        }
        var table = ConstantTable(capacity: entries.count)
        for entry in Self.inSiteOrder(entries) {
            if let first = table.claim(entry) {
                reportDuplicate(first, entry)
            }
        }
        return table
    }

    /// A layout's own constants over the file's: a name defined in both is a duplicate, at
    /// whichever of the two comes later in the file.
    mutating func layoutConstants(of scope: ConstantScope, over file: ConstantTable) -> ConstantTable {
        // With no file constants (the usual case) the layout's table is its own document's.
        if file.isEmpty && scope.parametersLocation == nil { return table(of: scope) }
        let entries = Self.inSiteOrder(entries(of: scope) + parameterEntries(of: scope))
        var table = ConstantTable(capacity: entries.count)
        for entry in entries {
            if let first = table[entry.constant.name] ?? file[entry.constant.name] {
                if first.site < entry.site {
                    reportDuplicate(first, entry)
                } else {
                    reportDuplicate(entry, first)
                    table.set(entry)
                }
            } else {
                table.set(entry)
            }
        }
        return table
    }

    /// Entries by where the file brings them in. They usually are already (definitions in file
    /// order, then one import's many constants at one site): checked in one pass, sorted only
    /// when not, so a 1,000-constant import costs no sort.
    static func inSiteOrder(_ entries: [Entry]) -> [Entry] {
        var index = 1
        while index < entries.count, !(entries[index].site < entries[index - 1].site) { index += 1 }
        return index >= entries.count ? entries : entries.sorted { $0.site < $1.site }
    }

    /// Whether an imported file's constants are by where they are defined, as they are when
    /// the file imports nothing: then a tokens file's 1,000 constants cost one pass and no sort.
    static func isInLocationOrder(_ constants: [VisibleConstant]) -> Bool {
        var index = 1
        while index < constants.count, !(constants[index].location < constants[index - 1].location) { index += 1 }
        return index >= constants.count
    }

    mutating func reportDuplicate(_ first: Entry, _ later: Entry) {
        guard !first.constant.isSameDefinition(as: later.constant) else { return }
        duplicates.insert(later.site)
        let name = first.constant.name
        if parameterAt[first.site] != nil || parameterAt[later.site] != nil {
            let message = ParameterMessages.duplicate(name, laterIsParameter: parameterAt[later.site] != nil,
                                                      firstIsParameter: parameterAt[first.site] != nil,
                                                      first: first.constant.location, firstFile: first.constant.file, throughImport: later.isImport)
            diagnostics.error(.duplicateName, message, at: later.site)
            return
        }
        let message = later.isImport
            ? ConstantMessages.duplicateThroughImport(name, first: first.constant.location, firstFile: first.constant.file)
            : ConstantMessages.duplicateConstant(name, first: first.constant.location, firstFile: first.constant.file)
        diagnostics.error(.duplicateName, message, at: later.site)
    }

    /// What one document defines and imports, each definition checked.
    mutating func entries(of scope: ConstantScope) -> [Entry] {
        var entries: [Entry] = []
        if let value = scope.constantsNotAMapping, let location = scope.constantsLocation {
            diagnostics.error(.invalidValue, ConstantMessages.constantsNotAMapping(value == .null ? "null" : value.summary), at: location)
        }
        for definition in scope.constants {
            entries.append(checked(definition))
        }
        for path in scope.imports {
            guard let file = imported(path) else { continue }
            for constant in file.constants {
                entries.append(Entry(constant: constant, site: path.location, isImport: true))
            }
        }
        return entries
    }

    /// One definition as an entry, its name and value checked.
    mutating func checked(_ definition: ConstantDefinition) -> Entry {
        // A name that is no name (`gutteг`, a Cyrillic г) defines nothing a reference can use:
        // reported here once, and a `$gutteг` resolves to no value, like a bad value's.
        let hasValidName = Validator.isValidName(definition.name)
        if !hasValidName {
            diagnostics.error(.invalidName, ConstantMessages.invalidConstantName(definition.name), at: definition.location)
        }
        let hasValidValue = Self.isConstantValue(definition.value)
        let isValid = hasValidName && hasValidValue
        if !hasValidValue {
            diagnostics.error(.invalidValue, ConstantMessages.notAConstantValue(definition.name, found: definition.value.summary), at: definition.location)
        }
        let constant = VisibleConstant(name: definition.name, value: definition.value, isValid: isValid, file: nil, location: definition.location)
        return Entry(constant: constant, site: definition.location, isImport: false)
    }

    /// The table of one document's constants, each duplicate reported. A document that only
    /// imports one file (`import: Tokens.layout.yaml`) shares that file's index of names
    /// instead of hashing its 1,000 names again: it has nothing else a name could clash with.
    mutating func table(of scope: ConstantScope) -> ConstantTable {
        if scope.constants.isEmpty, scope.constantsNotAMapping == nil, scope.imports.count == 1 {
            let path = scope.imports[0]
            guard let file = imported(path) else { return ConstantTable() }
            if let shared = file.table {
                return ConstantTable(sharingIndexOf: shared,
                                     entries: file.constants.map { Entry(constant: $0, site: path.location, isImport: true) })
            }
            var table = ConstantTable(capacity: file.constants.count)
            for constant in file.constants {
                _ = table.claim(Entry(constant: constant, site: path.location, isImport: true))
            }
            return table
        }
        if scope.imports.isEmpty, Self.isInOrder(scope.constants) {
            // Definitions only (a tokens file), in file order: each claimed as it is checked.
            if let value = scope.constantsNotAMapping, let location = scope.constantsLocation {
                diagnostics.error(.invalidValue, ConstantMessages.constantsNotAMapping(value == .null ? "null" : value.summary), at: location)
            }
            if let index = scope.nameIndex, index.count == scope.constants.count {
                // The YAML front end's index: each name once, at its definition's position.
                var entries: [Entry] = []
                entries.reserveCapacity(scope.constants.count)
                for position in scope.constants.indices {
                    entries.append(checked(scope.constants[position]))
                }
                return ConstantTable(entries: entries, index: index)
            }
            var table = ConstantTable(capacity: scope.constants.count)
            for position in scope.constants.indices {
                let entry = checked(scope.constants[position])
                if let first = table.claimName(entry.constant.name) {
                    reportDuplicate(table.entries[first], entry)
                } else {
                    table.append(entry)
                }
            }
            return table
        }
        let entries = Self.inSiteOrder(entries(of: scope))
        var table = ConstantTable(capacity: entries.count)
        for entry in entries {
            if let first = table.claim(entry) {
                reportDuplicate(first, entry)
            }
        }
        return table
    }

    static func isInOrder(_ definitions: [ConstantDefinition]) -> Bool {
        var index = 1
        while index < definitions.count, !(definitions[index].location < definitions[index - 1].location) { index += 1 }
        return index >= definitions.count
    }

    /// The file one import names, read once per run, or nil with the reason reported there.
    mutating func imported(_ path: ImportPath) -> ConstantImports.ImportedFile? {
        guard case .string(let written) = path.path, !written.isEmpty else {
            diagnostics.error(.invalidValue, ConstantMessages.importNotAPath(path.path.summary, textForm: isTextForm), at: path.location)
            return nil
        }
        // `tok.txt\0.layout.yaml` would open `tok.txt`: the C string ends at the NUL.
        guard !written.utf8.contains(0) else {
            diagnostics.error(.invalidValue, ConstantMessages.importHoldsNUL, at: path.location)
            return nil
        }
        guard let imports else {
            diagnostics.error(.invalidValue, ConstantMessages.unreadableImport(written, reason: ConstantMessages.noImports), at: path.location)
            return nil
        }
        let resolved = ConstantImports.resolve(written, relativeTo: self.path)
        // Refused before it is read: nothing of a file outside the project reaches a message.
        let placement = imports.confinement?.placement(of: resolved) ?? .inside
        if placement == .outside, let confinement = imports.confinement {
            diagnostics.error(.invalidValue, ConstantMessages.importOutsideProject(written, roots: confinement.described), at: path.location)
            return nil
        }
        switch imports.load(resolved, chain: chain) {
        case .cycle:
            diagnostics.error(.invalidValue, ConstantMessages.importCycle(written), at: path.location)
            return nil
        case .tooDeep:
            diagnostics.error(.invalidValue, ConstantMessages.importTooDeep(written, limit: ConstantImports.maximumDepth), at: path.location)
            return nil
        case .unreadable(let reason):
            diagnostics.error(.invalidValue, ConstantMessages.unreadableImport(written, reason: reason), at: path.location)
            return nil
        case .file(let file, let key):
            if file.hasErrors { failedImports += 1 }
            if placement == .linkedOutside {
                // Its constants are used, its problems not shown: they could quote the file.
                if file.hasErrors {
                    diagnostics.error(.invalidValue, ConstantMessages.importLinkedOutsideFails(written), at: path.location)
                }
            } else if isImported {
                importedKeys.append(key)
            } else {
                diagnostics.append(contentsOf: imports.diagnostics(reachableFrom: key, reported: &reportedFiles))
            }
            return file
        }
    }

    /// A number, or a list of numbers.
    static func isConstantValue(_ value: Literal) -> Bool {
        switch value {
        case .number: return true
        case .list(let elements): return elements.allSatisfy { if case .number = $0 { return true } else { return false } }
        default: return false
        }
    }

    // MARK: References

    /// Resolves every layout of the file in place; the names of this file's definitions no
    /// reference used come back (the linter's unused constants).
    mutating func resolve(_ file: inout LayoutFile) -> [ConstantDefinition] {
        isTextForm = file.isTextForm
        let fileTable = fileConstants(of: file)
        // A bad definition or import is a static error of every layout that sees it: such a
        // layout gets no frames and no code, as with any other static error (docs/format.md §4.7).
        let fileScopeFailed = failedImports > 0 || diagnostics.diagnostics.contains { $0.severity == .error }
        for index in file.layouts.indices {
            let before = diagnostics.diagnostics.count
            let failedBefore = failedImports
            parameterAt = [:]
            for (position, parameter) in file.layouts[index].scope.parameters.enumerated() where parameterAt[parameter.location] == nil {
                parameterAt[parameter.location] = position
            }
            let own = layoutConstants(of: file.layouts[index].scope, over: fileTable)
            file.layouts[index].parameters = resolvedParameters(of: file.layouts[index].scope)
            if fileScopeFailed || failedImports > failedBefore || diagnostics.diagnostics[before...].contains(where: { $0.severity == .error }) {
                file.layouts[index].hasSyntaxErrors = true
            }
            // With no reference in the file there is nothing to substitute: no walk over every
            // node (a tenth of a compile without constants, issue 22). The tables are still
            // built: they report bad definitions.
            if file.hasNoReferences { continue }
            var failed = false
            let lookup = Scope(own: own, file: fileTable)
            if var size = file.layouts[index].size, substitute(&size, lookup: lookup, failed: &failed, runTime: .refused) {
                file.layouts[index].size = size
            } else if file.layouts[index].size != nil {
                file.layouts[index].size = nil
            }
            if var safeArea = file.layouts[index].safeArea, substitute(&safeArea, lookup: lookup, failed: &failed, runTime: .refused) {
                file.layouts[index].safeArea = safeArea
            } else if file.layouts[index].safeArea != nil {
                file.layouts[index].safeArea = nil
            }
            var stack: [Node] = file.layouts[index].root.map { [$0] } ?? []
            while let node = stack.popLast() {
                // Taken out of the node while it changes, so the array is not copied; each
                // property with a reference is changed in place.
                var properties = node.properties
                node.properties = []
                var anyLeftOut = false
                var keep: [Bool] = []
                for position in properties.indices where Self.hasReference(properties[position]) {
                    let runTime: RunTimeValues = properties[position].key == .count ? .refused : .allowed
                    if !substitute(&properties[position], lookup: lookup, failed: &failed, runTime: runTime) {
                        if !anyLeftOut { keep = Array(repeating: true, count: properties.count) }
                        anyLeftOut = true
                        keep[position] = false
                    }
                }
                if anyLeftOut {
                    properties = properties.indices.filter { keep[$0] }.map { properties[$0] }
                }
                node.properties = properties
                stack.append(contentsOf: node.children)
            }
            if failed { file.layouts[index].hasSyntaxErrors = true }
        }
        // A file of constants only is a tokens file: its constants are there to be imported.
        unusedParameters = file.layouts.flatMap(\.scope.parameters).filter { !used.contains($0.location) && !duplicates.contains($0.location) }
        let definitions = (file.layouts.isEmpty ? [] : file.constantDocuments.flatMap(\.scope.constants)) + file.layouts.flatMap(\.scope.constants)
        return definitions.filter { !used.contains($0.location) && !duplicates.contains($0.location) }
    }

    /// Whether the property's value (or one of its mapping entries) holds a `$NAME`.
    static func hasReference(_ property: Property) -> Bool {
        if containsReference(property.value) { return true }
        guard let entries = property.entries else { return false }
        return entries.contains { containsReference($0.value) }
    }

    static func containsReference(_ value: Literal) -> Bool {
        switch value {
        case .reference: return true
        case .list(let elements): return elements.contains(where: containsReference)
        default: return false
        }
    }

    /// The property with its references replaced; false when one names no constant (or an
    /// invalid one), then the property is left out and the layout gets no plan.
    mutating func substitute(_ property: inout Property, lookup: Scope, failed: inout Bool, runTime: RunTimeValues) -> Bool {
        if var entries = property.entries {
            // `when: {minWidth: $tablet}` (docs/format.md §7.4): each bound is reported where its reference is.
            var ok = true
            for index in entries.indices where Self.containsReference(entries[index].value) {
                var first: SourceLocation?
                var marks: [Int] = []
                entries[index].value = substituted(entries[index].value, lookup: lookup, first: &first, ok: &ok, marks: &marks, runTime: .refused)
                if let first { entries[index].location = first }
            }
            property.entries = entries
            if !ok { failed = true }
            return ok
        }
        guard Self.containsReference(property.value) else { return true }
        guard Self.isNumeric(property.key) || property.key == .safeArea && property.value != .bool(true) else {
            property.value = Self.asString(property.value)
            return true
        }
        var first: SourceLocation?
        var ok = true
        var marks: [Int] = []
        property.value = substituted(property.value, lookup: lookup, first: &first, ok: &ok, marks: &marks, runTime: runTime)
        property.valueLocation = first
        if marks.contains(where: { $0 >= 0 }) { property.parameterMarks = marks }
        if !ok { failed = true }
        return ok
    }

    /// Whether a place takes a value known only at run time (docs/format.md §8.1): not `count`,
    /// `when`, or the document's `size` and `safeArea`.
    enum RunTimeValues { case allowed, refused }

    /// The value with its references replaced; `marks` gets one entry per number of the result,
    /// the index of the parameter that gave it or −1.
    mutating func substituted(_ value: Literal, lookup: Scope, first: inout SourceLocation?, ok: inout Bool,
                              marks: inout [Int], runTime: RunTimeValues) -> Literal {
        switch value {
        case .reference(let reference):
            if first == nil { first = reference.location }
            guard let found = lookup.reference(reference.name) else {
                let suggestion = Self.suggestion(for: reference.name, among: lookup.own.names + lookup.file.names)
                diagnostics.error(.invalidValue, ConstantMessages.unknownConstant(reference.name, suggestion: suggestion), at: reference.location)
                ok = false
                return value
            }
            if let local = found.definedHere { used.insert(local) }
            if !found.isValid { ok = false }
            if let local = found.definedHere, let parameter = parameterAt[local] {
                if runTime == .refused {
                    diagnostics.error(.invalidValue, ParameterMessages.knownOnlyAtRunTime(reference.name), at: reference.location)
                    ok = false
                    return value
                }
                marks.append(parameter)
            } else {
                Self.appendUnmarked(found.value, to: &marks)
            }
            return found.value
        case .list(let elements):
            return .list(elements.map { substituted($0, lookup: lookup, first: &first, ok: &ok, marks: &marks, runTime: runTime) })
        default:
            Self.appendUnmarked(value, to: &marks)
            return value
        }
    }

    /// One −1 for each number of a value no parameter gave.
    static func appendUnmarked(_ value: Literal, to marks: inout [Int]) {
        switch value {
        case .list(let elements): for element in elements { appendUnmarked(element, to: &marks) }
        default: marks.append(-1)
        }
    }

    /// A `$NAME` where no number is expected is the string it spells.
    static func asString(_ value: Literal) -> Literal {
        switch value {
        case .reference(let reference): return .string("$" + reference.name)
        case .list(let elements): return .list(elements.map(asString))
        default: return value
        }
    }

    /// The constants visible to one layout: its own, then the file's.
    struct Scope {
        var own: ConstantTable
        var file: ConstantTable

        subscript(name: String) -> Entry? { own[name] ?? file[name] }

        /// What a reference takes of the constant it names: read in place, not copied out.
        func reference(_ name: String) -> ConstantTable.Reference? { own.reference(name) ?? file.reference(name) }
    }

    /// The closest visible name, for "did you mean" (the distance of `KeyCatalog.suggestion`).
    static func suggestion(for name: String, among names: [String]) -> String? {
        NameSuggestion.closest(to: name, among: names)
    }
}
