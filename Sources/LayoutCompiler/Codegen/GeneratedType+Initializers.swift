/// The initializers of a generated type: the layout walked once per width interval by
/// `SymbolicLayout`, each walk the body of an initializer, and the public initializers around them.
extension GeneratedType {
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
    func walk(probe: Double?, interval: Int?) -> Walk {
        var layout = SymbolicLayout(plan: plan, sourceName: options.sourceName, typeName: typeName, splits: usesStorage,
                                    property: property, elementStart: elementStart)
        layout.widthProbe = probe
        if usesStorage { layout.rectFunction = "Self.\(rectFunction)" }
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
                for (number, store) in stores.enumerated() where store.count > 0 && !store.holdsElements {
                    let (getter, setter) = storeAccessors[number]
                    out.line("private func \(getter)(_ index: Swift.Int) -> \(store.element) { \(store.name)[index] }")
                    out.line("private mutating func \(setter)(_ index: Swift.Int, _ value: \(store.element)) { \(store.name)[index] = value }")
                }
                out.block("private static func \(rectFunction)(x: Swift.Double, y: Swift.Double, width: Swift.Double, height: Swift.Double) -> CGRect") { out in
                    out.line("CGRect(x: x, y: y, width: width, height: height)")
                }
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
                    let (store, index) = storageIndex[member.name] ?? (0, 0)
                    let (getter, setter) = storeAccessors[store]
                    out.line("\(access)var \(SwiftSpelling.identifier(member.name)): \(type) { get { \(getter)(\(index)) } set { \(setter)(\(index), newValue) } }")
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
            }
            // A body that reads `scale` takes it as the grid does: a scale that is not a finite
            // number > 0 (UIKit's `displayScale` of a view in no window is 0) is none, where a
            // division by it made every frame NaN (`LayoutPixelGrid.usable`, docs/choices.md).
            let writeBodyTakingScale = { (out: inout SwiftSourceWriter, walk: Walk) in
                var body = SwiftSourceWriter()
                body.indent = out.indent
                writeBody(&body, walk)
                if body.mentions(identifier: "scale") { out.line("let scale = LayoutPixelGrid.usable(scale)") }
                out.append(body)
            }
            let terminated = walks[0].terminated
            // The frames' alignment to the pixel grid: its call and its method (`alignmentLines`).
            let alignment = alignmentLines
            if usesStorage {
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    writeStorageInitializer(to: &out, containerArguments: containerArgument,
                                            dynamicArguments: dynamicNames.indices.map(dynamicParameter)
                                                + contentNames.indices.map(GeneratedArgumentName.content) + measureNames.indices.map(GeneratedArgumentName.measure)
                                                + plan.parameters.indices.map(GeneratedArgumentName.parameter)
                                                + shownLabels.indices.map(GeneratedArgumentName.shown) + ["direction: direction"]
                                                + flagNames.indices.map(SwiftCodeGenerator.flagParameter) + ["scale"],
                                            fitted: fit != nil && !terminated)
                    if !terminated { writeAlignmentCall(to: &out, lines: alignment) }
                }
                if !terminated { writeAlignmentFunction(to: &out, lines: alignment) }
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
                    writeBodyTakingScale(&out, walks[0])
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
                    if !walks.allSatisfy(\.terminated) { writeAlignmentCall(to: &out, lines: alignment) }
                }
                if !walks.allSatisfy(\.terminated) { writeAlignmentFunction(to: &out, lines: alignment) }
                for (index, walk) in walks.enumerated() {
                    out.line()
                    out.line("/// The frames where \(intervals.intervals[index].description): the layout with the `when` nodes present there alone.")
                    // Left to the optimizer, which inlines it: kept out of line (`@inline(never)`),
                    // its frames were built aside and copied into `init(size:)`'s value (ProfileAdaptive
                    // 352 instructions a call against 210, BENCHMARKS.md "Generated code").
                    let parameters = (containerParameter.map { "_interval\(index) " + $0 } + ["safeArea: LayoutInsets"] + dynamicSignature).joined(separator: ", ")
                    out.block("private init(\(parameters)) throws(LayoutRuntimeError)") { out in
                        writeBodyTakingScale(&out, walk)
                    }
                }
            } else if terminated || alignment.isEmpty {
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    writeBodyTakingScale(&out, walks[0])
                }
            } else {
                // The frames computed by a private initializer, then put on the grid: see
                // `writeAlignmentFunction`. Its first parameter only tells it apart.
                let arguments = (["_unaligned: ()"] + containerArgument + ["safeArea: safeArea"] + dynamicArguments).joined(separator: ", ")
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    out.line("try self.init(\(arguments))")
                    writeAlignmentCall(to: &out, lines: alignment)
                }
                out.line()
                out.line("/// `init(\(containerParameter.first.map { String($0.prefix { $0 != ":" }) + ":" } ?? ""))`'s frames before they go on the pixel grid.")
                let parameters = (["_unaligned: Swift.Void"] + containerParameter + ["safeArea: LayoutInsets"] + dynamicSignature).joined(separator: ", ")
                out.block("private init(\(parameters)) throws(LayoutRuntimeError)") { out in
                    writeBodyTakingScale(&out, walks[0])
                }
                writeAlignmentFunction(to: &out, lines: alignment)
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
}
