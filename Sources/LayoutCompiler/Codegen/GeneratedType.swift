/// One layout's generated type: its frame properties (stored, or behind computed properties in
/// the array storage form of large layouts), its initializers, the functions a large layout is
/// split into, and `apply(...)`. The initializer's body is the layout walk interpreted by
/// `SymbolicLayout`.
struct GeneratedType {
    /// The initializers' run-time parameters after the container and safe area, in order:
    /// dynamic sizes, content sizes, measures, shown flags, direction, flags, scale. One list for
    /// the type and its interface (`generate --interface`).
    /// docs/format.md §8.1: one `CGFloat` per parameter, labelled with its name, its default the
    /// default argument, in the order of definition; after the sizes and measures the app must
    /// give, before the optional nodes' `Bool`s (docs/codegen.md).
    static func parameterSignature(of plan: LayoutPlan) -> [String] {
        plan.parameters.enumerated().map {
            "\(SwiftSpelling.label($1.name)) \(GeneratedArgumentName.parameter($0)): CGFloat = \(SwiftSpelling.literal($1.defaultValue))"
        }
    }

    static func runtimeSignature(of plan: LayoutPlan) -> [String] {
        let hideable = plan.hideableItemNames
        let contentType = { (name: String) in hideable.contains(name) ? "CGSize? = nil" : "CGSize" }
        let measureType = { (name: String) in hideable.contains(name) ? "((CGFloat) -> CGSize)? = nil" : "(CGFloat) -> CGSize" }
        return plan.dynamicItemNames.enumerated().map { "\(SwiftSpelling.label($1)) \(GeneratedArgumentName.dynamic($0)): [CGSize]" }
            + plan.contentItemNames.enumerated().map { "\(SwiftSpelling.label($1)) \(GeneratedArgumentName.content($0)): \(contentType($1))" }
            + plan.wrapItemNames.enumerated().map { "\(SwiftSpelling.label($1)) \(GeneratedArgumentName.measure($0)): \(measureType($1))" }
            + parameterSignature(of: plan)
            + SwiftCodeGenerator.shownLabels(of: plan).enumerated().map { "\($1) \(GeneratedArgumentName.shown($0)): Swift.Bool = true" }
            + ["direction: LayoutDirection = .leftToRight"]
            + plan.flagNames.enumerated().map { "\(SwiftSpelling.label($1)) \(SwiftCodeGenerator.flagParameter($0)): Swift.Bool = false" }
            + ["scale: CGFloat? = nil"]
    }

    let plan: LayoutPlan
    let options: SwiftCodeGenerator.Options
    let typeName: String
    let members: [SwiftCodeGenerator.Member]

    /// Large layouts keep their frames in arrays, one per property type: `frameStore` (the
    /// `CGRect` members), `arrayStore` (`[CGRect]`), and for the members of optional nodes
    /// `optionalFrameStore` (`CGRect?`) and `optionalArrayStore` (`[CGRect]?`), behind computed
    /// properties, instead of one stored property per node: on a struct of thousands of stored
    /// properties the optimizer's definite initialization and release hoisting take time
    /// quadratic in their number (a 2,000-node layout took 14 minutes under -O). The
    /// initializer's body and the parts write the frames through pointers to the arrays.
    /// Array items of a static count keep their frames one after another in `elementStore`,
    /// and their properties make an array when read: one allocation per layout instead of one
    /// per item (each was most of the time its flow took; docs/codegen.md).
    let usesStorage: Bool
    /// Each member's place in the storage form, by name: `frameStore[3]`, `arrayStore[0]`.
    private var storageSlots: [String: String] = [:]
    /// Where the frames of each array item kept in `elementStore` start, by name.
    private var elementStarts: [String: Int] = [:]
    /// The storage form's two functions behind the properties of those items, and the array of
    /// the items given frames of another count (with underscores before a name a node has).
    private let elementsGetter: String, elementsSetter: String, replacedElements: String
    /// Each single frame's store and index, by name.
    private var storageIndex: [String: (store: Int, index: Int)] = [:]
    /// The arrays, in that order (with underscores before a name a node has).
    private var stores: [FrameStore]
    private var frameStore: String { stores[0].name }
    private var arrayStore: String { stores[1].name }
    private var frameCount: Int { stores[0].count }
    private var arrayCount: Int { stores[1].count }
    private var elementStore: String { stores[4].name }

    /// One array of the storage form.
    struct FrameStore {
        var name: String
        /// The type of its elements (a member's property type).
        var element: String
        var count = 0
        var isArray: Bool { element.hasPrefix("[") }
        var isOptional: Bool { element.hasSuffix("?") }
        /// `elementStore`: the frames of flow elements, which `LayoutFlow` places (and mirrors).
        var holdsElements = false
    }

    init(plan: LayoutPlan, options: SwiftCodeGenerator.Options) {
        self.plan = plan
        self.options = options
        self.typeName = SwiftCodeGenerator.typeName(for: plan.name)
        self.members = SwiftCodeGenerator.members(of: plan)
        let memberNames = Set(members.map(\.name))
        func unique(_ name: String) -> String {
            var name = name
            while memberNames.contains(name) { name = "_" + name }
            return name
        }
        stores = [("frameStore", "CGRect"), ("arrayStore", "[CGRect]"), ("optionalFrameStore", "CGRect?"),
                  ("optionalArrayStore", "[CGRect]?"), ("elementStore", "CGRect")].map { name, element in
            FrameStore(name: unique(name), element: element)
        }
        stores[4].holdsElements = true
        (elementsGetter, elementsSetter, replacedElements) = (unique("elements"), unique("setElements"), unique("replacedElements"))
        usesStorage = Self.size(of: plan.root) > SymbolicLayout.splitThreshold
        for member in members {
            if usesStorage, let count = member.count, !member.isOptional, !member.hasVariants {
                elementStarts[member.name] = stores[4].count
                stores[4].count += count
                continue
            }
            let store = (member.isArray ? 1 : 0) + (member.isOptional ? 2 : 0)
            storageSlots[member.name] = "\(stores[store].name)[\(stores[store].count)]"
            storageIndex[member.name] = (store, stores[store].count)
            stores[store].count += 1
        }
    }

    /// Plan nodes and flow items in a subtree.
    static func size(of node: PlanNode) -> Int {
        node.children.reduce(1 + node.items.count) { $0 + size(of: $1) }
    }

    /// How the code writes a named node's frame.
    private func property(_ name: String) -> String {
        usesStorage ? storageSlots[name] ?? name : "self.\(SwiftSpelling.identifier(name))"
    }

    /// Where the code writes the frames of an array item kept in `elementStore`: a pointer.
    private func elementStart(_ name: String) -> String? {
        elementStarts[name].map { "(\(elementStore) + \($0))" }
    }

    // MARK: The type

    /// The layout walked once by `SymbolicLayout`: the body of an initializer.
    struct Walk {
        var layout: SymbolicLayout
        /// The walk ended at an unconditional `throw`: the code so far is the whole body.
        var terminated: Bool
        /// The container's size as parameters (a fitted axis has none, docs/format.md §7.3).
        var widthParameter: SymbolicValue, heightParameter: SymbolicValue
        var program: SymbolicProgram { layout.program }
    }

    /// The layout walked with its `when` presences known in one width interval (nil: tested at
    /// run time).
    private func walk(probe: Double?, interval: Int?) -> Walk {
        var layout = SymbolicLayout(plan: plan, sourceName: options.sourceName, typeName: typeName, splits: usesStorage,
                                    property: property, elementStart: elementStart)
        layout.widthProbe = probe
        layout.widthInterval = interval
        var walk = Walk(layout: layout, terminated: false, widthParameter: layout.containerWidth, heightParameter: layout.containerHeight)
        do {
            try walk.layout.layoutRoot()
        } catch {
            walk.terminated = true
        }
        if plan.fit != nil, !walk.terminated {
            walk.program.emit("fittedSize = CGSize(width: \(walk.layout.containerWidth), height: \(walk.layout.containerHeight))")
        }
        return walk
    }

    func write(to out: inout SwiftSourceWriter) {
        // With width variants, one walk per width interval, each the body of a private
        // initializer that `init(size:…)` picks by the width (`WidthIntervals`).
        let intervals = WidthIntervals(plan, splits: usesStorage)
        let walks = intervals.map { $0.intervals.enumerated().map { walk(probe: $1.probe, interval: $0) } } ?? [walk(probe: nil, interval: nil)]
        let fit = plan.fit

        let access = options.access == .public ? "public " : ""
        let source = "\(options.sourceName):\(plan.location.line)"
        let dynamicNames = plan.dynamicItemNames
        let dynamicParameter = GeneratedArgumentName.dynamic
        let contentNames = plan.contentItemNames
        let measureNames = plan.wrapItemNames
        let shownLabels = SwiftCodeGenerator.shownLabels(of: plan)
        // docs/format.md §8.7: one `Bool` per flag, labelled with its name, in the order of first use.
        let flagNames = plan.flagNames
        // An item that can be hidden needs its content size or measure only where it is shown.
        let hideable = plan.hideableItemNames
        let dynamicSignature = Self.runtimeSignature(of: plan)
        let dynamicArguments = dynamicNames.enumerated().map { "\(SwiftSpelling.argumentLabel($1)): \(dynamicParameter($0))" }
            + contentNames.enumerated().map { "\(SwiftSpelling.argumentLabel($1)): \(GeneratedArgumentName.content($0))" }
            + measureNames.enumerated().map { "\(SwiftSpelling.argumentLabel($1)): \(GeneratedArgumentName.measure($0))" }
            + plan.parameters.enumerated().map { "\(SwiftSpelling.argumentLabel($1.name)): \(GeneratedArgumentName.parameter($0))" }
            + shownLabels.enumerated().map { "\($1): \(GeneratedArgumentName.shown($0))" }
            + ["direction: direction"]
            + flagNames.enumerated().map { "\(SwiftSpelling.argumentLabel($1)): \(SwiftCodeGenerator.flagParameter($0))" }
            + ["scale: scale"]
        // What the initializer takes of the container: its size, or the axis a fit leaves given.
        let containerParameter: [String] = switch fit {
        case nil: ["size: CGSize"]
        case .height?: ["width: CGFloat"]
        case .width?: ["height: CGFloat"]
        case .both?: []
        }
        let containerArgument: [String] = switch fit {
        case nil: ["size: size"]
        case .height?: ["width: width"]
        case .width?: ["height: height"]
        case .both?: []
        }
        // The container's width as the mirroring reads it.
        let mirrorWidth = fit == nil ? "Swift.Double(size.width)" : "Swift.Double(fittedSize.width)"

        // The same static flow sizes in every interval's walk: written once.
        var globals: [String] = []
        var written = Set<String>()
        for walk in walks {
            for global in walk.layout.globals where written.insert(global).inserted { globals.append(global) }
        }
        for global in globals { out.line(global) }
        if !globals.isEmpty { out.line() }
        out.line("/// The frames of layout `\(plan.name)` (\(source)), one per named node, in the coordinate")
        out.line("/// space of the container they were computed for.")
        out.block("\(access)struct \(typeName): Equatable, Sendable") { out in
            if usesStorage {
                for store in stores where store.count > 0 { out.line("private var \(store.name): [\(store.element)]") }
                if stores[4].count > 0 {
                    out.line("/// The items set to frames of another count than theirs (their `\(elementStore)` frames are zero).")
                    out.line("private var \(replacedElements): [Swift.Int: [CGRect]] = [:]")
                }
                out.line()
            }
            for member in members {
                let hidden = member.isOptional ? ", nil when hidden" : ""
                out.line("/// \(member.isArray ? "item" : member.kind.rawValue) `\(member.name)`\(member.isArray ? ", one frame per element" : "")\(hidden) (line \(member.location.line))")
                let type = member.type
                if usesStorage, let start = elementStarts[member.name], let count = member.count {
                    out.line("\(access)var \(SwiftSpelling.identifier(member.name)): \(type) { get { \(elementsGetter)(\(start), \(count)) } set { \(elementsSetter)(newValue, \(start), \(count)) } }")
                } else if usesStorage {
                    let slot = storageSlots[member.name] ?? ""
                    out.line("\(access)var \(SwiftSpelling.identifier(member.name)): \(type) { get { \(slot) } set { \(slot) = newValue } }")
                } else if (member.hasVariants || intervals != nil) && !member.isOptional {
                    // set in one `if` per variant or width interval: the compiler cannot see that one always runs
                    out.line("\(access)var \(SwiftSpelling.identifier(member.name)): \(type) = \(member.isArray ? "[]" : "CGRect.zero")")
                } else {
                    out.line("\(access)var \(SwiftSpelling.identifier(member.name)): \(type)")
                }
            }
            if fit != nil {
                out.line("/// The container size the frames were computed for: the layout's `fit: \(fit?.rawValue ?? "")` measured it.")
                out.line("\(access)var size: CGSize")
            }
            if !members.isEmpty || fit != nil { out.line() }
            switch fit {
            case nil: out.line("/// Computes every frame for a container of `size` whose safe area is inset by `safeArea`,")
            case .height?: out.line("/// Computes the height of a container `width` wide (`size`) and every frame in it, its safe area inset by `safeArea`,")
            case .width?: out.line("/// Computes the width of a container `height` high (`size`) and every frame in it, its safe area inset by `safeArea`,")
            case .both?: out.line("/// Computes the size of the container (`size`) and every frame in it, its safe area inset by `safeArea`,")
            }
            if !dynamicNames.isEmpty {
                out.line("/// with the element sizes of the dynamic items \(dynamicNames.map { "`\($0)`" }.joined(separator: ", ")),")
            }
            if !contentNames.isEmpty {
                out.line("/// with the content sizes of \(contentNames.map { "`\($0)`" }.joined(separator: ", ")) (measured by the app),")
            }
            if !measureNames.isEmpty {
                out.line("/// with the measures of \(measureNames.map { "`\($0)`" }.joined(separator: ", ")) (a content size for an offered width,")
                out.line("/// `.infinity` for the natural size; a pure function, called at most once per width),")
            }
            if !plan.parameters.isEmpty {
                out.line("/// with the parameters \(plan.parameters.map { "`\($0.name)`" }.joined(separator: ", ")) (numbers the file leaves to the app; the defaults are the file's),")
            }
            if !shownLabels.isEmpty {
                out.line("/// with \(plan.optionalNames.map { "`\($0)`" }.joined(separator: ", ")) shown or hidden (\(shownLabels.map { "`\($0)`" }.joined(separator: ", "));")
                out.line("/// a hidden node takes no space and its frames, and those of the nodes inside it, are nil),")
            }
            out.line("/// laid out in `direction` (right to left mirrors every frame in the container)\(flagNames.isEmpty ? "." : ",")")
            if !flagNames.isEmpty {
                out.line("/// with the flags \(flagNames.map { "`\($0)`" }.joined(separator: ", ")) on or off (off by default; a node with `when: {flag: …}` is present")
                out.line("/// while its flags are on, one with `unless` while they are off).")
            }
            if safeAreaDefault != ".zero" { out.line("/// `safeArea` defaults to the layout's own `safeArea:`, as in `layoutc frames`.") }
            out.line("/// - Throws: the first `outOfSpace` or `itemIncomplete` error, as `layoutc frames` reports it\(plan.parameters.isEmpty ? "." : ";")")
            if !plan.parameters.isEmpty {
                out.line("///   first, a parameter's value that a static check refuses, as `layoutc frames --param` reports it.")
            }
            let sizeParameters = (containerParameter + ["safeArea: LayoutInsets = \(safeAreaDefault)"] + dynamicSignature).joined(separator: ", ")
            let writeBody = { (out: inout SwiftSourceWriter, walk: Walk) in
                let (layout, program, terminated) = (walk.layout, walk.program, walk.terminated)
                let (widthParameter, heightParameter) = (walk.widthParameter, walk.heightParameter)
                let reads = { (value: SymbolicValue) -> Bool in
                    if case .local(let id) = value { return program.isRead(id) }
                    return false
                }
                switch fit {
                case nil:
                    out.line(reads(widthParameter) ? "let containerWidth = Swift.Double(size.width)" : "_ = size")
                    if reads(heightParameter) { out.line("let containerHeight = Swift.Double(size.height)") }
                case .height?:
                    out.line(reads(widthParameter) ? "let containerWidth = Swift.Double(width)" : "_ = width")
                case .width?:
                    out.line(reads(heightParameter) ? "let containerHeight = Swift.Double(height)" : "_ = height")
                case .both?:
                    break
                }
                if fit != nil, !terminated { out.line("var fittedSize = CGSize.zero") }
                if !reads(layout.safeArea) { out.line("_ = safeArea") }
                // Sizes given at run time go up to the pixel grid before anything reads them
                // (docs/format.md, "The pixel grid"); without a scale they are the same values.
                for (index, name) in dynamicNames.enumerated() where reads(layout.dynamicParameters[name] ?? .constant(0)) {
                    out.line("let \(dynamicParameter(index)) = LayoutPixelGrid.up(\(dynamicParameter(index)), scale)")
                }
                for (index, name) in contentNames.enumerated() where reads(layout.contentParameters[name] ?? .constant(0)) {
                    let content = GeneratedArgumentName.content(index)
                    out.line(hideable.contains(name) ? "let \(content) = \(content).map { LayoutPixelGrid.up($0, scale) }"
                                                     : "let \(content) = LayoutPixelGrid.up(\(content), scale)")
                }
                for (index, name) in contentNames.enumerated() where !reads(layout.contentParameters[name] ?? .constant(0)) {
                    out.line("_ = \(GeneratedArgumentName.content(index))")
                }
                for (index, name) in measureNames.enumerated() where !reads(layout.measureParameters[name] ?? .constant(0)) {
                    out.line("_ = \(GeneratedArgumentName.measure(index))")
                }
                for (index, name) in plan.optionalNames.enumerated() where !reads(layout.shownParameters[name]?.value ?? .constant(0)) {
                    out.line("_ = \(GeneratedArgumentName.shown(index))")
                }
                for (index, name) in flagNames.enumerated() where !reads(layout.flagParameters[name]?.value ?? .constant(0)) {
                    out.line("_ = \(SwiftCodeGenerator.flagParameter(index))")
                }
                // §8.1: the parameters' values, checked again before the layout.
                for line in GeneratedParameterChecks.lines(of: plan, sourceName: options.sourceName) { out.line(line) }
                for (index, value) in layout.parameterValues.enumerated() where !reads(value) {
                    out.line("_ = \(GeneratedArgumentName.parameter(index))")
                }
                // Code after an unconditional throw would never run (and draws a warning).
                if terminated || !needsMirroring { out.line("_ = direction") }
                for line in program.lines(ofScope: 0, call: callPart, callValues: usesStorage ? valuesCall as (Int, [String]) -> String : nil) { out.line(line) }
                if !terminated { writeMirroring(to: &out, width: mirrorWidth) }
                if fit != nil, !terminated { out.line(usesStorage ? "return fittedSize" : "self.size = fittedSize") }
                if !terminated, !usesStorage, intervals == nil { writeAlignment(to: &out) }
            }
            let terminated = walks[0].terminated
            if usesStorage {
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    writeStorageInitializer(to: &out, containerArguments: containerArgument,
                                            dynamicArguments: dynamicNames.indices.map(dynamicParameter)
                                                + contentNames.indices.map(GeneratedArgumentName.content) + measureNames.indices.map(GeneratedArgumentName.measure)
                                                + plan.parameters.indices.map(GeneratedArgumentName.parameter)
                                                + shownLabels.indices.map(GeneratedArgumentName.shown) + ["direction: direction"]
                                                + flagNames.indices.map(SwiftCodeGenerator.flagParameter) + ["scale"],
                                            fitted: fit != nil && !terminated)
                    if !terminated { writeAlignment(to: &out) }
                }
                out.line()
                out.line("/// The body of `init(\(containerParameter.first.map { String($0.prefix { $0 != ":" }) + ":" } ?? ""))`: stores every frame through \(stores.filter { $0.count > 0 }.map { "`\($0.name)`" }.joined(separator: ", ")).")
                let parameters = storageParameters + containerParameter + ["safeArea: LayoutInsets"]
                    + dynamicNames.indices.map { "_ \(dynamicParameter($0)): [CGSize]" }
                    + contentNames.enumerated().map { "_ \(GeneratedArgumentName.content($0)): \(hideable.contains($1) ? "CGSize?" : "CGSize")" }
                    + measureNames.enumerated().map { "_ \(GeneratedArgumentName.measure($0)): \(hideable.contains($1) ? "((CGFloat) -> CGSize)?" : "(CGFloat) -> CGSize")" }
                    + plan.parameters.indices.map { "_ \(GeneratedArgumentName.parameter($0)): CGFloat" }
                    + shownLabels.indices.map { "_ \(GeneratedArgumentName.shown($0)): Swift.Bool" }
                    + ["direction: LayoutDirection"]
                    + flagNames.indices.map { "_ \(SwiftCodeGenerator.flagParameter($0)): Swift.Bool" }
                    + ["_ scale: CGFloat?"]
                let returns = fit != nil && !terminated ? " -> CGSize" : ""
                out.block("private static func layoutFrames(\(parameters.joined(separator: ", "))) throws(LayoutRuntimeError)\(returns)") { out in
                    writeBody(&out, walks[0])
                }
            } else if let intervals {
                let containerValue = containerArgument.first.map { String($0.drop { $0 != ":" }.dropFirst(2)) } ?? "size"
                let intervalArguments = (["safeArea: safeArea"] + dynamicArguments).joined(separator: ", ")
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    out.line(fit == nil ? "let containerWidth = Swift.Double(size.width)" : "let containerWidth = Swift.Double(width)")
                    for (index, test) in intervals.tests(width: "containerWidth").enumerated() {
                        let call = "try self.init(_interval\(index): \(containerValue), \(intervalArguments))"
                        out.line(index == 0 ? "if \(test) {" : test.isEmpty ? "} else {" : "} else if \(test) {")
                        if test.isEmpty { out.line("    // a width that is not a number: every node with a `when` test is absent") }
                        out.line("    " + call)
                    }
                    out.line("}")
                    if !walks.allSatisfy(\.terminated) { writeAlignment(to: &out) }
                }
                for (index, walk) in walks.enumerated() {
                    out.line()
                    out.line("/// The frames where \(intervals.intervals[index].description): the layout with the `when` nodes present there alone.")
                    // Not inlined into `init(size:)`: there the intervals' frames would be merged after the `if`s.
                    out.line("@inline(never)")
                    let parameters = (containerParameter.map { "_interval\(index) " + $0 } + ["safeArea: LayoutInsets"] + dynamicSignature).joined(separator: ", ")
                    out.block("private init(\(parameters)) throws(LayoutRuntimeError)") { out in
                        writeBody(&out, walk)
                    }
                }
            } else {
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    writeBody(&out, walks[0])
                }
            }
            // A fitted layout's container size is an output: no bounds to compute it for.
            if fit != nil { return }
            out.line()
            out.line("/// The frames for a container with these bounds: computed at `bounds.size`, then offset by")
            out.line("/// `bounds.origin`.")
            let boundsParameters = (["bounds: CGRect", "safeArea: LayoutInsets = \(safeAreaDefault)"] + dynamicSignature).joined(separator: ", ")
            out.block("\(access)init(\(boundsParameters)) throws(LayoutRuntimeError)") { out in
                out.line("try self.init(\((["size: bounds.size", "safeArea: safeArea"] + dynamicArguments).joined(separator: ", ")))")
                let offsets: [String]
                func offset(_ name: String, isArray: Bool, isOptional: Bool) -> String {
                    let access = isOptional ? "?" : ""
                    return isArray
                        ? "\(name) = \(name)\(access).map { $0.offsetBy(dx: bounds.minX, dy: bounds.minY) }"
                        : "\(name) = \(name)\(access).offsetBy(dx: bounds.minX, dy: bounds.minY)"
                }
                if usesStorage {
                    offsets = stores.filter { $0.count > 0 }.map { store in
                        "for index in \(store.name).indices { \(offset("\(store.name)[index]", isArray: store.isArray, isOptional: store.isOptional)) }"
                    }
                } else {
                    offsets = members.map { member in
                        offset("self.\(SwiftSpelling.identifier(member.name))", isArray: member.isArray, isOptional: member.isOptional)
                    }
                }
                if !offsets.isEmpty {
                    out.block("if bounds.minX != 0 || bounds.minY != 0") { out in
                        for line in offsets { out.line(line) }
                    }
                }
            }
        }
        if stores[4].count > 0 {
            out.line()
            writeElementAccessors(to: &out)
        }
        let program = walks[0].program
        if !program.parts.isEmpty || !program.valueFunctions.isEmpty {
            out.line()
            out.block("extension \(typeName)") { out in
                for part in program.parts.indices {
                    if part > 0 { out.line() }
                    // Parts exist only in the storage form: they store through the pointers to the arrays.
                    let signature = storageParameters + program.parameters(ofPart: part).map { "_ \($0.name): \($0.type)" }
                    out.block("private static func \(partName(part))(\(signature.joined(separator: ", "))) throws(LayoutRuntimeError)") { out in
                        for line in program.lines(ofScope: program.scope(ofPart: part), call: callPart, callValues: valuesCall) { out.line(line) }
                    }
                }
                // The long runs of definitions of the body and the parts (`DefinitionRuns`).
                for (number, function) in program.valueFunctions.enumerated() {
                    if number > 0 || !program.parts.isEmpty { out.line() }
                    let signature = storageParameters + function.parameters.map { "_ \($0.name): \($0.type)" }
                    out.block("private static func \(valuesName(number))(\(signature.joined(separator: ", "))) throws(LayoutRuntimeError) -> \(function.result)") { out in
                        for line in function.lines { out.line(line) }
                    }
                }
            }
        }
        writeApply(to: &out, access: access)
    }

    private func partName(_ part: Int) -> String { "layoutPart\(part + 1)" }

    private func valuesName(_ number: Int) -> String { "layoutValues\(number + 1)" }

    private func valuesCall(_ number: Int, _ arguments: [String]) -> String {
        "try Self.\(valuesName(number))(\((storageArguments + arguments).joined(separator: ", ")))"
    }

    /// The get and set of the properties of array items kept in `elementStore`. An array of
    /// another count than the item's is kept aside, its place in `elementStore` zeroed, so that
    /// two layouts with equal frames are equal.
    private func writeElementAccessors(to out: inout SwiftSourceWriter) {
        out.block("extension \(typeName)") { out in
            out.line("/// The frames of the array item whose frames start at `start` in `\(elementStore)`.")
            out.block("private func \(elementsGetter)(_ start: Swift.Int, _ count: Swift.Int) -> [CGRect]") { out in
                out.line("if !\(replacedElements).isEmpty, let frames = \(replacedElements)[start] { return frames }")
                out.line("return Swift.Array(\(elementStore)[start..<(start + count)])")
            }
            out.line()
            out.block("private mutating func \(elementsSetter)(_ frames: [CGRect], _ start: Swift.Int, _ count: Swift.Int)") { out in
                out.line("if frames.count == count {")
                out.line("    \(elementStore).replaceSubrange(start..<(start + count), with: frames)")
                out.line("    \(replacedElements)[start] = nil")
                out.line("} else {")
                out.line("    \(elementStore).replaceSubrange(start..<(start + count), with: Swift.repeatElement(CGRect.zero, count: count))")
                out.line("    \(replacedElements)[start] = frames")
                out.line("}")
            }
        }
    }

    /// Right to left: every frame mirrored in the container, but flow elements, which
    /// `LayoutFlow.place` mirrors before rounding (docs/format.md §6.3).
    /// Whether any frame is mirrored after the body (else only flows read `direction`).
    private var needsMirroring: Bool {
        members.contains { !$0.isArray && !$0.isFlowItem }
    }

    private func writeMirroring(to out: inout SwiftSourceWriter, width: String) {
        // flow elements are mirrored by the flow; a name shared by flow items and other nodes where it is set
        let flowItems = Set(members.filter { $0.isFlowItem || $0.mixesFlowItems }.map(\.name))
        let mirrored = members.filter { !$0.isArray && !flowItems.contains($0.name) }
        guard !mirrored.isEmpty else { return }
        out.block("if direction == .rightToLeft") { out in
            if usesStorage {
                for (number, store) in stores.enumerated() where !store.isArray && !store.holdsElements && store.count > 0 {
                    let skipped = members.filter { !$0.isArray && flowItems.contains($0.name) }.compactMap { storageIndex[$0.name] }
                        .filter { $0.store == number }.map(\.index)
                    guard skipped.count < store.count else { continue }
                    let condition = skipped.isEmpty ? "" : " where ![\(skipped.map(String.init).joined(separator: ", "))].contains(index)"
                    out.block("for index in 0..<\(store.count)\(condition)") { out in
                        out.line("LayoutDirection.mirror(&\(store.name)[index], in: \(width))")
                    }
                }
            } else {
                for member in mirrored {
                    out.line("LayoutDirection.mirror(&\(property(member.name)), in: \(width))")
                }
            }
        }
    }

    /// With a scale, every frame's edges to the nearest grid line, after the layout and its
    /// mirroring (docs/format.md, "The pixel grid"): the engine's `LayoutPixelGrid.aligned`.
    private func writeAlignment(to out: inout SwiftSourceWriter) {
        var lines: [String] = []
        if usesStorage {
            for store in stores where store.count > 0 {
                lines.append("for index in \(store.name).indices { LayoutPixelGrid.align(&\(store.name)[index], scale) }")
            }
            if stores[4].count > 0 {
                lines.append("for key in Swift.Array(\(replacedElements).keys) { LayoutPixelGrid.align(&\(replacedElements)[key], scale) }")
            }
        } else {
            for member in members { lines.append("LayoutPixelGrid.align(&self.\(SwiftSpelling.identifier(member.name)), scale)") }
        }
        guard !lines.isEmpty else { return }
        out.block("if let scale") { out in
            for line in lines { out.line(line) }
        }
    }

    private func callPart(_ part: Int, _ arguments: [String]) -> String {
        "try Self.\(partName(part))(\((storageArguments + arguments).joined(separator: ", ")))"
    }

    /// The initializers' default safe area: the layout's own `safeArea:` when it has one, so that
    /// a call without `safeArea:` computes what `layoutc frames` does without `--safe-area`.
    private var safeAreaDefault: String {
        guard let insets = plan.defaultSafeArea, insets != .zero else { return ".zero" }
        let values = [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)]
        return "LayoutInsets(\(values.map { "\($0.0): \(SwiftSpelling.literal($0.1))" }.joined(separator: ", ")))"
    }

    /// The pointers through which the body and the parts store frames, as parameters.
    private var storageParameters: [String] {
        stores.filter { $0.count > 0 }.map { "_ \($0.name): UnsafeMutablePointer<\($0.element)>" }
    }

    private var storageArguments: [String] {
        stores.filter { $0.count > 0 }.map(\.name)
    }

    /// `init(size:)` of the storage form: makes the arrays, lets `layoutFrames` fill them in
    /// place, and rethrows its error (the array initializers' closures cannot throw typed errors).
    private func writeStorageInitializer(to out: inout SwiftSourceWriter, containerArguments: [String], dynamicArguments: [String],
                                         fitted: Bool) {
        let arguments = (containerArguments + ["safeArea: safeArea"] + dynamicArguments).joined(separator: ", ")
        let buffers = ["frames", "arrays", "optionalFrames", "optionalArrays", "elements"]
        let present = stores.indices.filter { stores[$0].count > 0 }
        let call = "try Self.layoutFrames(\((present.map { "\(buffers[$0]).baseAddress!" } + [arguments]).joined(separator: ", ")))"
        var calling = [
            "do throws(LayoutRuntimeError) {",
            "    \(fitted ? "fittedSize = " : "")\(call)",
            "} catch {",
            "    failure = error",
            "}",
        ]
        // The other arrays start as empty arrays, nil or zero frames, and are written in place.
        for index in present.reversed() where index > 0 {
            calling = ["\(stores[index].name).withUnsafeMutableBufferPointer { \(buffers[index]) in"] + calling.map { "    " + $0 } + ["}"]
        }
        if frameCount > 0 {
            // A layout that succeeds writes every frame of `frameStore` (the named nodes that
            // cannot be hidden) and of `elementStore` (their array items of a static count), so
            // they are not zeroed first: zeroing was half of a 10,000-node layout's instructions.
            // One that fails is thrown away unread. A name shared by width variants is written
            // by the variant present, and by none at a width no variant covers: zeroed then.
            let written = !members.contains { $0.hasVariants && !$0.isOptional }
            calling = ["\(frameStore) = [CGRect](unsafeUninitializedCapacity: \(frameCount)) { frames, initialized in"]
                + (written ? [] : ["    frames.initialize(repeating: .zero)"])
                + ["    initialized = \(frameCount)"] + calling.map { "    " + $0 } + ["}"]
        }
        for index in present where index > 0 {
            if stores[index].holdsElements {
                out.line("var \(stores[index].name) = [CGRect](unsafeUninitializedCapacity: \(stores[index].count)) { _, initialized in initialized = \(stores[index].count) }")
                continue
            }
            let initial = stores[index].isOptional ? "nil" : "[]"
            out.line("var \(stores[index].name) = [\(stores[index].element)](repeating: \(initial), count: \(stores[index].count))")
        }
        out.line("var failure: LayoutRuntimeError? = nil")
        if fitted { out.line("var fittedSize = CGSize.zero") }
        for line in calling { out.line(line) }
        out.line("if let failure { throw failure }")
        if fitted { out.line("self.size = fittedSize") }
        for index in present where index > 0 { out.line("self.\(stores[index].name) = \(stores[index].name)") }
    }
}
