import LayoutRuntime

/// A value in generated code: a constant folded at generation time, or a Swift expression of
/// type Double over earlier locals.
enum SymbolicValue: Equatable {
    case constant(Double)
    case expression(String)

    var code: String {
        switch self {
        case .constant(let value): return SwiftSpelling.literal(value)
        case .expression(let text): return text
        }
    }

    var constant: Double? {
        if case .constant(let value) = self { return value }
        return nil
    }

    /// A literal or a plain name: cheap to repeat.
    var isSimple: Bool {
        switch self {
        case .constant: return true
        case .expression(let text): return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        }
    }
}

/// x, y, width, height.
struct SymbolicRect {
    var x: SymbolicValue
    var y: SymbolicValue
    var width: SymbolicValue
    var height: SymbolicValue
}

/// Writes one layout's type. The body of its initializer comes from walking the plan exactly as
/// `LayoutRun` does (GroupLayout, FlowLayout, OverlayLayout, FitMeasurement), with every
/// number a `SymbolicValue`: what is constant is computed now with the same operations, what
/// depends on the container, the safe area or dynamic sizes becomes straight-line code.
/// Checks whose outcome is known now vanish or become an unconditional `throw`.
final class SwiftLayoutEmitter {
    typealias V = SymbolicValue

    let plan: LayoutPlan
    let options: SwiftCodeGenerator.Options
    let typeName: String
    let members: [SwiftCodeGenerator.Member]

    /// Statements of the size initializer's body.
    private var body: [String] = []
    /// File-level constants (static flow element sizes).
    private var globals: [String] = []
    /// Set once an unconditional `throw` is emitted: nothing after it is reachable.
    private var terminated = false
    private var localCounter = 0
    /// Internal parameter names of dynamic items, by item name.
    private var dynamicParameters: [String: String] = [:]
    /// Fit heights already measured, by node id and width expression (the engine's cache).
    private var measuredHeights: [String: V] = [:]
    /// Fit widths: they depend on nothing outside the node, so they are constants or errors.
    private var measuredWidths: [Int: Result<Double, LayoutError>] = [:]
    /// The safe-area rect, once computed and checked.
    private var safeRect: SymbolicRect?
    /// Element-size arrays of flows, by node id.
    private var flowSizes: [Int: FlowElements] = [:]
    /// Flows' checked line measurements (`LayoutFlow.measure` results), by node id and inner
    /// width: measuring a fit height and laying out at the same width give the same lines, so
    /// the layout reuses them (the engine computes them again, with the same result).
    private var flowMeasures: [String: String] = [:]
    /// Locals holding sums of dynamic items' counts, by the sum they hold.
    private var runningCounts: [String: String] = [:]
    /// Locals by the expression they hold: a value computed again is read from its local.
    private var boundValues: [String: String] = [:]
    /// The run-time checks already made on the way here. The code is straight-line, so each
    /// one dominates what follows: the same condition cannot hold later (it would have thrown),
    /// and a repeat is left out.
    private var checkedConditions: Set<String> = []
    /// The Swift type of every local and parameter, in the order they were made.
    private var localTypes: [String: String] = [
        "containerWidth": "Swift.Double", "containerHeight": "Swift.Double", "safeArea": "LayoutInsets",
    ]
    private var localOrder = ["containerWidth", "containerHeight", "safeArea"]
    /// Functions holding parts of a large layout (see `emitPart`).
    private var parts: [String] = []
    /// Plan nodes (and flow items) per subtree, by node id.
    private var subtreeSizes: [Int: Int] = [:]
    /// Large layouts keep their frames in two arrays, `frameStore` (the `CGRect` members) and
    /// `arrayStore` (the `[CGRect]` members), behind computed properties, instead of one stored
    /// property per node: on a struct of thousands of stored properties the optimizer's definite
    /// initialization and release hoisting take time quadratic in their number (a 2,000-node
    /// layout took 14 minutes under -O). The initializer's body and the parts write the frames
    /// through pointers to the arrays.
    private var usesStorage = false
    /// Each member's place in the storage form, by name: `frameStore[3]`, `arrayStore[0]`.
    private var storageSlots: [String: String] = [:]
    /// The names of the two arrays: `frameStore` and `arrayStore`, or with underscores before them
    /// when a node has that name.
    private let frameStore: String
    private let arrayStore: String
    private var frameCount = 0
    private var arrayCount = 0

    /// Layouts larger than this are split into functions of about `partSize` nodes, since
    /// optimizers take superlinear time on one huge function.
    static let splitThreshold = 400
    static let partSize = 64

    init(plan: LayoutPlan, options: SwiftCodeGenerator.Options) {
        self.plan = plan
        self.options = options
        self.typeName = SwiftCodeGenerator.typeName(for: plan.name)
        self.members = SwiftCodeGenerator.members(of: plan)
        let memberNames = Set(members.map(\.name))
        var frameStore = "frameStore", arrayStore = "arrayStore"
        while memberNames.contains(frameStore) { frameStore = "_" + frameStore }
        while memberNames.contains(arrayStore) { arrayStore = "_" + arrayStore }
        self.frameStore = frameStore
        self.arrayStore = arrayStore
        for member in members {
            if member.isArray {
                storageSlots[member.name] = "\(arrayStore)[\(arrayCount)]"
                arrayCount += 1
            } else {
                storageSlots[member.name] = "\(frameStore)[\(frameCount)]"
                frameCount += 1
            }
        }
        for (index, name) in plan.dynamicItemNames.enumerated() {
            dynamicParameters[name] = "dynamic\(index)"
            register("dynamic\(index)", "[CGSize]")
        }
    }

    // MARK: The type

    func write(to out: inout SwiftSourceWriter) {
        let root = plan.root
        usesStorage = subtreeSize(root) > Self.splitThreshold
        let container = SymbolicRect(x: .constant(0), y: .constant(0), width: .expression("containerWidth"), height: .expression("containerHeight"))
        let frame = root.safeArea ? safeAreaRect(for: root) : container
        layout(root, in: frame)

        let access = options.access == .public ? "public " : ""
        let source = "\(options.sourceName):\(plan.location.line)"
        let dynamicNames = plan.dynamicItemNames
        let dynamicSignature = dynamicNames.map { "\(SwiftSpelling.label($0)) \(dynamicParameters[$0] ?? $0): [CGSize]" }
        let dynamicArguments = dynamicNames.map { "\(SwiftSpelling.argumentLabel($0)): \(dynamicParameters[$0] ?? $0)" }

        for global in globals { out.line(global) }
        if !globals.isEmpty { out.line() }
        out.line("/// The frames of layout `\(plan.name)` (\(source)), one per named node, in the coordinate")
        out.line("/// space of the container they were computed for.")
        out.block("\(access)struct \(typeName): Equatable, Sendable") { out in
            if usesStorage {
                if frameCount > 0 { out.line("private var \(frameStore): [CGRect]") }
                if arrayCount > 0 { out.line("private var \(arrayStore): [[CGRect]]") }
                out.line()
            }
            for member in members {
                out.line("/// \(member.isArray ? "item" : member.kind.rawValue) `\(member.name)`\(member.isArray ? ", one frame per element" : "") (line \(member.location.line))")
                let type = member.isArray ? "[CGRect]" : "CGRect"
                if usesStorage {
                    let slot = storageSlots[member.name] ?? ""
                    out.line("\(access)var \(SwiftSpelling.identifier(member.name)): \(type) { get { \(slot) } set { \(slot) = newValue } }")
                } else {
                    out.line("\(access)var \(SwiftSpelling.identifier(member.name)): \(type)")
                }
            }
            if !members.isEmpty { out.line() }
            out.line("/// Computes every frame for a container of `size` whose safe area is inset by `safeArea`\(dynamicNames.isEmpty ? "." : ",")")
            if !dynamicNames.isEmpty {
                out.line("/// with the element sizes of the dynamic items \(dynamicNames.map { "`\($0)`" }.joined(separator: ", ")).")
            }
            if safeAreaDefault != ".zero" { out.line("/// `safeArea` defaults to the layout's own `safeArea:`, as in `layoutc frames`.") }
            out.line("/// - Throws: the first `outOfSpace` or `itemIncomplete` error, as `layoutc frames` reports it.")
            let sizeParameters = (["size: CGSize", "safeArea: LayoutInsets = \(safeAreaDefault)"] + dynamicSignature).joined(separator: ", ")
            let writeBody = { (out: inout SwiftSourceWriter) in
                let body = SwiftLayoutEmitter.removingUnusedLocals(self.body)
                let text = body.joined(separator: "\n")
                out.line(self.mentions(text, "containerWidth") ? "let containerWidth = Swift.Double(size.width)" : "_ = size")
                if self.mentions(text, "containerHeight") { out.line("let containerHeight = Swift.Double(size.height)") }
                if !self.mentions(text, "safeArea") { out.line("_ = safeArea") }
                for statement in body { out.line(statement) }
            }
            if usesStorage {
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    writeStorageInitializer(to: &out, dynamicArguments: dynamicNames.map { dynamicParameters[$0] ?? $0 })
                }
                out.line()
                out.line("/// The body of `init(size:)`: stores every frame through `\(frameStore)` and `\(arrayStore)`.")
                let parameters = storageParameters + ["size: CGSize", "safeArea: LayoutInsets"]
                    + dynamicNames.map { "_ \(dynamicParameters[$0] ?? $0): [CGSize]" }
                out.block("private static func layoutFrames(\(parameters.joined(separator: ", "))) throws(LayoutRuntimeError)") { out in
                    writeBody(&out)
                }
            } else {
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    writeBody(&out)
                }
            }
            out.line()
            out.line("/// The frames for a container with these bounds: computed at `bounds.size`, then offset by")
            out.line("/// `bounds.origin`.")
            let boundsParameters = (["bounds: CGRect", "safeArea: LayoutInsets = \(safeAreaDefault)"] + dynamicSignature).joined(separator: ", ")
            out.block("\(access)init(\(boundsParameters)) throws(LayoutRuntimeError)") { out in
                out.line("try self.init(\((["size: bounds.size", "safeArea: safeArea"] + dynamicArguments).joined(separator: ", ")))")
                let offsets: [String]
                if usesStorage {
                    offsets = (frameCount > 0 ? ["for index in \(frameStore).indices { \(frameStore)[index] = \(frameStore)[index].offsetBy(dx: bounds.minX, dy: bounds.minY) }"] : [])
                        + (arrayCount > 0 ? ["for index in \(arrayStore).indices { \(arrayStore)[index] = \(arrayStore)[index].map { $0.offsetBy(dx: bounds.minX, dy: bounds.minY) } }"] : [])
                } else {
                    offsets = members.map { member in
                        let name = "self.\(SwiftSpelling.identifier(member.name))"
                        return member.isArray
                            ? "\(name) = \(name).map { $0.offsetBy(dx: bounds.minX, dy: bounds.minY) }"
                            : "\(name) = \(name).offsetBy(dx: bounds.minX, dy: bounds.minY)"
                    }
                }
                if !offsets.isEmpty {
                    out.block("if bounds.minX != 0 || bounds.minY != 0") { out in
                        for line in offsets { out.line(line) }
                    }
                }
            }
        }
        if !parts.isEmpty {
            out.line()
            out.block("extension \(typeName)") { out in
                for (index, part) in parts.enumerated() {
                    if index > 0 { out.line() }
                    for line in part.split(separator: "\n", omittingEmptySubsequences: false) { out.line(String(line)) }
                }
            }
        }
        writeApply(to: &out, access: access)
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
        (frameCount > 0 ? ["_ \(frameStore): UnsafeMutablePointer<CGRect>"] : [])
            + (arrayCount > 0 ? ["_ \(arrayStore): UnsafeMutablePointer<[CGRect]>"] : [])
    }

    private var storageArguments: [String] {
        (frameCount > 0 ? [frameStore] : []) + (arrayCount > 0 ? [arrayStore] : [])
    }

    /// `init(size:)` of the storage form: makes the arrays, lets `layoutFrames` fill them in
    /// place, and rethrows its error (the array initializers' closures cannot throw typed errors).
    private func writeStorageInitializer(to out: inout SwiftSourceWriter, dynamicArguments: [String]) {
        let arguments = (["size: size", "safeArea: safeArea"] + dynamicArguments).joined(separator: ", ")
        var call = ""
        switch (frameCount > 0, arrayCount > 0) {
        case (true, true): call = "try Self.layoutFrames(frames.baseAddress!, arrays.baseAddress!, \(arguments))"
        case (true, false): call = "try Self.layoutFrames(frames.baseAddress!, \(arguments))"
        case (false, true): call = "try Self.layoutFrames(arrays.baseAddress!, \(arguments))"
        case (false, false): call = "try Self.layoutFrames(\(arguments))"
        }
        var calling = [
            "do throws(LayoutRuntimeError) {",
            "    \(call)",
            "} catch {",
            "    failure = error",
            "}",
        ]
        if arrayCount > 0 {
            calling = ["\(arrayStore).withUnsafeMutableBufferPointer { arrays in"] + calling.map { "    " + $0 } + ["}"]
        }
        if frameCount > 0 {
            // Zeroed first, so that no frame is ever undefined; every one is written below.
            calling = ["\(frameStore) = [CGRect](unsafeUninitializedCapacity: \(frameCount)) { frames, initialized in",
                       "    frames.initialize(repeating: .zero)",
                       "    initialized = \(frameCount)"] + calling.map { "    " + $0 } + ["}"]
        }
        if arrayCount > 0 { out.line("var \(arrayStore) = [[CGRect]](repeating: [], count: \(arrayCount))") }
        out.line("var failure: LayoutRuntimeError? = nil")
        for line in calling { out.line(line) }
        out.line("if let failure { throw failure }")
        if arrayCount > 0 { out.line("self.\(arrayStore) = \(arrayStore)") }
    }

    /// `layout.apply(header: headerView, chip: chipViews)`: the frames to views in one line.
    private func writeApply(to out: inout SwiftSourceWriter, access: String) {
        // A function of thousands of parameters helps nobody and slows the compiler.
        guard !members.isEmpty, members.count <= 256 else { return }
        for (condition, view) in [("#if canImport(UIKit)", "UIView"), ("#elseif canImport(AppKit)", "NSView")] {
            out.line(condition)
            out.line()
            out.block("extension \(typeName)") { out in
                out.line("/// Sets the frame of each view given; array items set as many views as both have.")
                out.line("@MainActor")
                let parameters = members.enumerated().map { index, member in
                    "\(SwiftSpelling.label(member.name)) view\(index): \(member.isArray ? "[\(view)] = []" : "\(view)? = nil")"
                }
                out.block("\(access)func apply(\(parameters.joined(separator: ", ")))") { out in
                    for (index, member) in members.enumerated() {
                        let name = "self.\(SwiftSpelling.identifier(member.name))"
                        out.line(member.isArray
                            ? "for (view, frame) in zip(view\(index), \(name)) { view.frame = frame }"
                            : "view\(index)?.frame = \(name)")
                    }
                }
            }
            out.line()
        }
        out.line("#endif")
    }

    private func mentions(_ text: String, _ word: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: word, range: searchStart..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            func isPart(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isPart(before) && !isPart(after) && before != "." { return true }
            searchStart = range.upperBound
        }
        return false
    }

    // MARK: Emitting

    private func emit(_ statement: String) {
        if !terminated { body.append(statement) }
    }

    private func newLocal(_ prefix: String = "v", type: String = "Swift.Double") -> String {
        localCounter += 1
        let name = "\(prefix)\(localCounter)"
        register(name, type)
        return name
    }

    private func register(_ name: String, _ type: String) {
        localTypes[name] = type
        localOrder.append(name)
    }

    private func subtreeSize(_ node: PlanNode) -> Int {
        if let known = subtreeSizes[node.id] { return known }
        let size = 1 + node.items.count + node.children.reduce(0) { $0 + subtreeSize($1) }
        subtreeSizes[node.id] = size
        return size
    }

    /// Emits what `work` emits into a function of its own, called from here with the locals it
    /// reads as arguments. Memoised values made inside stay inside.
    private func emitPart(_ work: () -> Void) {
        let saved = (body: body, safeRect: safeRect, heights: measuredHeights, flows: flowSizes, terminated: terminated,
                     locals: localOrder, measures: flowMeasures, counts: runningCounts, values: boundValues)
        let outer = Set(localOrder)
        let outerOrder = localOrder
        body = []
        work()
        let partBody = Self.removingUnusedLocals(body)
        let partTerminated = terminated
        var used = Set<String>()
        for line in partBody { used.formUnion(Self.identifiers(in: line).filter { outer.contains($0) }) }
        let parameters = outerOrder.filter { used.contains($0) }
        let name = "layoutPart\(parts.count + 1)"
        // Parts exist only in the storage form: they store through the pointers to the arrays.
        var signature = storageParameters
        for parameter in parameters { signature.append("_ \(parameter): \(localTypes[parameter] ?? "Swift.Double")") }
        var text = "private static func \(name)(\(signature.joined(separator: ", "))) throws(LayoutRuntimeError) {\n"
        for line in partBody { text += "    " + line + "\n" }
        text += "}"
        parts.append(text)
        body = saved.body
        safeRect = saved.safeRect
        measuredHeights = saved.heights
        flowSizes = saved.flows
        flowMeasures = saved.measures
        runningCounts = saved.counts
        boundValues = saved.values
        terminated = saved.terminated
        localOrder = saved.locals  // the part's own locals are out of scope here
        emit("try Self.\(name)(\((storageArguments + parameters).joined(separator: ", ")))")
        terminated = saved.terminated || partTerminated
    }

    /// Identifiers of a line that are not member names (not after a dot) nor inside a string
    /// literal.
    static func identifiers(in line: String) -> [String] {
        var result: [String] = []
        var current = ""
        var afterDot = false
        var previous: Character = " "
        var inString = false
        var escaped = false
        for character in line + " " {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                previous = character
                continue
            }
            if character == "\"" {
                inString = true
                current = ""
                previous = character
                continue
            }
            if character.isLetter || character.isNumber || character == "_" {
                if current.isEmpty { afterDot = previous == "." }
                current.append(character)
            } else {
                if !current.isEmpty, !afterDot, !(current.first?.isNumber ?? false) { result.append(current) }
                current = ""
            }
            previous = character
        }
        return result
    }

    /// A local for a value used more than once.
    private func bind(_ value: V) -> V {
        if value.isSimple || terminated { return value }
        if let known = boundValues[value.code] { return .expression(known) }
        let name = newLocal()
        emit("let \(name): Swift.Double = \(value.code)")
        boundValues[value.code] = name
        return .expression(name)
    }

    private func bind(_ rect: SymbolicRect) -> SymbolicRect {
        SymbolicRect(x: bind(rect.x), y: bind(rect.y), width: bind(rect.width), height: bind(rect.height))
    }

    // The engine's arithmetic. Folding computes constants with the same operation; the only
    // identities used are exact (a + 0, a − 0, a × 1, a / 1), up to the sign of a zero.
    private func add(_ a: V, _ b: V) -> V {
        if let x = a.constant, let y = b.constant { return .constant(x + y) }
        if b.constant == 0 { return a }
        if a.constant == 0 { return b }
        return .expression("(\(a.code) + \(b.code))")
    }

    private func sub(_ a: V, _ b: V) -> V {
        if let x = a.constant, let y = b.constant { return .constant(x - y) }
        if b.constant == 0 { return a }
        return .expression("(\(a.code) - \(b.code))")
    }

    private func mul(_ a: V, _ b: V) -> V {
        if let x = a.constant, let y = b.constant { return .constant(x * y) }
        if b.constant == 1 { return a }
        if a.constant == 1 { return b }
        return .expression("(\(a.code) * \(b.code))")
    }

    private func div(_ a: V, _ b: V) -> V {
        if let x = a.constant, let y = b.constant { return .constant(x / y) }
        if b.constant == 1 { return a }
        return .expression("(\(a.code) / \(b.code))")
    }

    private func maximum(_ a: V, _ b: V) -> V {
        if let x = a.constant, let y = b.constant { return .constant(max(x, y)) }
        return .expression("Swift.max(\(a.code), \(b.code))")
    }

    private func minimum(_ a: V, _ b: V) -> V {
        if let x = a.constant, let y = b.constant { return .constant(min(x, y)) }
        return .expression("Swift.min(\(a.code), \(b.code))")
    }

    private func inset(_ rect: SymbolicRect, by padding: EdgeInsets) -> SymbolicRect {
        SymbolicRect(x: add(rect.x, .constant(padding.leading)), y: add(rect.y, .constant(padding.top)),
                     width: sub(sub(rect.width, .constant(padding.leading)), .constant(padding.trailing)),
                     height: sub(sub(rect.height, .constant(padding.top)), .constant(padding.bottom)))
    }

    // MARK: Checks and errors

    /// `Tolerance.fits(needed, in: available)` is false.
    private func notFits(_ needed: V, _ available: V) -> (known: Bool?, code: String) {
        if let n = needed.constant, let a = available.constant { return (!LayoutTolerance.fits(n, in: a), "") }
        return (nil, "!LayoutTolerance.fits(\(needed.code), in: \(available.code))")
    }

    /// `Tolerance.isNegative(value)`.
    private func negative(_ value: V) -> (known: Bool?, code: String) {
        if let v = value.constant { return (LayoutTolerance.isNegative(v), "") }
        return (nil, "LayoutTolerance.isNegative(\(value.code))")
    }

    /// Throws `error` when the condition holds: now if known, else at run time.
    private func fail(if condition: (known: Bool?, code: String), _ error: String) {
        switch condition.known {
        case true?: throwNow(error)
        case false?: break
        case nil:
            // `_slowPath` tells the optimizer the throw is rare, so it moves the code building
            // the error out of the straight-line path instead of interleaving it.
            if checkedConditions.insert(condition.code).inserted { emit("if _slowPath(\(condition.code)) { throw \(error) }") }
        }
    }

    private func throwNow(_ error: String) {
        emit("throw \(error)")
        terminated = true
    }

    private func location(_ location: SourceLocation) -> String {
        "file: \(SwiftSpelling.string(options.sourceName)), line: \(location.line), column: \(location.column)"
    }

    /// An `outOfSpace` error built at run time from a `LayoutMessages` call.
    private func outOfSpace(_ message: String, at where: SourceLocation) -> String {
        "LayoutRuntimeError.outOfSpace(\(message), width: containerWidth, height: containerHeight, \(location(`where`)))"
    }

    private func needs(_ node: PlanNode, _ needed: V, _ available: V, _ what: String = "") -> String {
        let whatArgument = what.isEmpty ? "" : ", \(SwiftSpelling.string(what))"
        return outOfSpace("LayoutMessages.needs(\(SwiftSpelling.string(node.title)), \(needed.code), \(available.code)\(whatArgument))", at: node.location)
    }

    private func incomplete(_ error: LayoutError) -> String {
        "LayoutRuntimeError.itemIncomplete(\(SwiftSpelling.string(error.message)), \(location(error.location)))"
    }

    private func incomplete(_ node: PlanNode, _ message: String) -> String {
        incomplete(LayoutError(code: .itemIncomplete, message: message, location: node.location))
    }

    // MARK: Layout (LayoutRun)

    private func property(_ name: String) -> String {
        usesStorage ? storageSlots[name] ?? name : "self.\(SwiftSpelling.identifier(name))"
    }

    private func rectCode(_ r: SymbolicRect) -> String {
        "CGRect(x: \(r.x.code), y: \(r.y.code), width: \(r.width.code), height: \(r.height.code))"
    }

    private func layout(_ node: PlanNode, in frame: SymbolicRect) {
        switch node.kind {
        case .item, .spacer:
            if let name = node.name { emit("\(property(name)) = \(rectCode(frame))") }
        case .hgroup, .vgroup, .flow, .overlay:
            let bound = bind(frame)
            if let name = node.name { emit("\(property(name)) = \(rectCode(bound))") }
            switch node.kind {
            case .flow: layoutFlow(node, in: bound)
            case .overlay: layoutOverlay(node, in: bound)
            default: layoutGroup(node, in: bound)
            }
        }
    }

    /// The container inset by the safe area; checked (at `node`) the first time it is used,
    /// since it is the same every time.
    private func safeAreaRect(for node: PlanNode) -> SymbolicRect {
        if let safeRect { return safeRect }
        let leading = V.expression("safeArea.leading"), trailing = V.expression("safeArea.trailing")
        let top = V.expression("safeArea.top"), bottom = V.expression("safeArea.bottom")
        let containerWidth = V.expression("containerWidth"), containerHeight = V.expression("containerHeight")
        let rect = bind(SymbolicRect(x: add(.constant(0), leading), y: add(.constant(0), top),
                                     width: sub(sub(containerWidth, leading), trailing),
                                     height: sub(sub(containerHeight, top), bottom)))
        let title = SwiftSpelling.string(node.title)
        fail(if: negative(rect.width), outOfSpace("LayoutMessages.safeArea(\(title), \(add(leading, trailing).code), containerWidth)", at: node.location))
        fail(if: negative(rect.height), outOfSpace("LayoutMessages.safeArea(\(title), \(add(top, bottom).code), containerHeight)", at: node.location))
        safeRect = rect
        return rect
    }

    // MARK: Groups (GroupLayout)

    private func layoutGroup(_ node: PlanNode, in frame: SymbolicRect) {
        let horizontal = node.kind == .hgroup
        let inner = bind(inset(frame, by: node.padding))
        fail(if: negative(inner.width), needs(node, .constant(node.padding.horizontal), frame.width, " of horizontal padding"))
        fail(if: negative(inner.height), needs(node, .constant(node.padding.vertical), frame.height, " of vertical padding"))
        let innerCross = horizontal ? inner.height : inner.width
        let slots = mainSlots(node, innerMain: horizontal ? inner.width : inner.height, innerCross: innerCross,
                              outerMain: horizontal ? frame.width : frame.height)
        let margin = node.margin
        let spacing = node.spacing.horizontal
        var rects: [SymbolicRect] = []
        var position = horizontal ? inner.x : inner.y
        for (index, child) in node.children.enumerated() {
            let slot = slots[index]
            // Slots are never negative, so a zero margin always fits.
            if margin != 0 {
                fail(if: notFits(.constant(margin), slot),
                     outOfSpace("LayoutMessages.margin(\(SwiftSpelling.string(node.title)), \(V.constant(margin).code), \(slot.code), child: \(SwiftSpelling.string(child.title)))", at: node.location))
            }
            let mainStart = add(position, .constant(margin / 2))
            var mainSize = maximum(sub(slot, .constant(margin)), .constant(0))
            if index < node.children.count - 1 {
                position = bind(add(position, add(slot, .constant(spacing))))
            }
            var crossSize = innerCross
            var crossStart = horizontal ? inner.y : inner.x
            let crossSpec = horizontal ? child.height : child.width
            if crossSpec.isFixedOrFit {
                if case .fit = crossSpec, horizontal { mainSize = bind(mainSize) }
                crossSize = bind(measuredCross(child, spec: crossSpec, horizontalGroup: horizontal, mainSize: mainSize))
                let padding = horizontal ? node.padding.vertical : node.padding.horizontal
                fail(if: notFits(crossSize, innerCross),
                     needs(node, add(crossSize, .constant(padding)), horizontal ? frame.height : frame.width,
                           " of \(horizontal ? "height" : "width") for \(child.title)"))
                switch node.align {
                case .leading: break
                case .center: crossStart = add(crossStart, div(sub(innerCross, crossSize), .constant(2)))
                case .trailing: crossStart = add(crossStart, sub(innerCross, crossSize))
                }
            }
            rects.append(horizontal
                ? SymbolicRect(x: mainStart, y: crossStart, width: mainSize, height: crossSize)
                : SymbolicRect(x: crossStart, y: mainStart, width: crossSize, height: mainSize))
        }
        if subtreeSize(plan.root) <= Self.splitThreshold || subtreeSize(node) <= 2 * Self.partSize {
            for (child, rect) in zip(node.children, rects) { layout(child, in: rect) }
            return
        }
        // A large layout: consecutive children in parts of about `partSize` nodes.
        var start = 0
        while start < node.children.count {
            var end = start
            var size = 0
            while end < node.children.count, size < Self.partSize {
                size += subtreeSize(node.children[end])
                end += 1
            }
            let range = start..<end
            emitPart {
                for index in range { layout(node.children[index], in: rects[index]) }
            }
            start = end
        }
    }

    private func measuredCross(_ child: PlanNode, spec: AxisSize, horizontalGroup: Bool, mainSize: V) -> V {
        if case .fixed(let value) = spec { return .constant(value) }
        return horizontalGroup ? measureHeight(child, width: mainSize) : measureWidth(child)
    }

    /// Each child's main-axis slot before margins (GroupLayout.mainSlots).
    private func mainSlots(_ node: PlanNode, innerMain: V, innerCross: V, outerMain: V) -> [V] {
        let horizontal = node.kind == .hgroup
        let children = node.children
        var slots = [V](repeating: .constant(0), count: children.count)
        var used = V.constant(node.spacing.horizontal * Double(max(children.count - 1, 0)))
        var totalWeight = 0.0
        var hasShares = false
        for (index, child) in children.enumerated() {
            switch horizontal ? child.width : child.height {
            case .fixed(let value):
                slots[index] = .constant(value)
                used = bind(add(used, .constant(value)))
            case .fit:
                let measured = horizontal
                    ? measureWidth(child)
                    : measureHeight(child, width: measureWidthForHeight(child, available: innerCross))
                slots[index] = bind(add(measured, .constant(node.margin)))
                used = bind(add(used, slots[index]))
            case .percent:
                hasShares = true
            case .flexible(let weight):
                totalWeight += weight
                hasShares = true
            case .fill:
                totalWeight += 1
                hasShares = true
            }
        }
        fail(if: notFits(used, innerMain), needs(node, sub(add(used, outerMain), innerMain), outerMain))
        guard hasShares else { return slots }
        let shareable = bind(maximum(sub(innerMain, used), .constant(0)))
        var left = shareable
        for (index, child) in children.enumerated() {
            if case .percent(let p) = horizontal ? child.width : child.height {
                slots[index] = bind(mul(.constant(p / 100), shareable))
                left = bind(sub(left, slots[index]))
            }
        }
        left = bind(maximum(left, .constant(0)))
        guard totalWeight > 0 else { return slots }
        for (index, child) in children.enumerated() {
            switch horizontal ? child.width : child.height {
            case .flexible(let weight): slots[index] = bind(div(mul(left, .constant(weight)), .constant(totalWeight)))
            case .fill: slots[index] = bind(div(left, .constant(totalWeight)))
            default: break
            }
        }
        return slots
    }

    private func measureWidthForHeight(_ child: PlanNode, available: V) -> V {
        switch child.width {
        case .fixed(let value): return .constant(value)
        case .fit: return measureWidth(child)
        default: return available
        }
    }

    // MARK: Fit (FitMeasurement)

    /// A fit width: a constant, or an `itemIncomplete` thrown where the engine measures it.
    private func measureWidth(_ node: PlanNode) -> V {
        switch staticWidth(node) {
        case .success(let width): return .constant(width)
        case .failure(let error):
            throwNow(incomplete(error))
            return .constant(0)
        }
    }

    private func staticWidth(_ node: PlanNode) -> Result<Double, LayoutError> {
        if let cached = measuredWidths[node.id] { return cached }
        func incomplete(_ message: String) -> Result<Double, LayoutError> {
            .failure(LayoutError(code: .itemIncomplete, message: message, location: node.location))
        }
        let result: Result<Double, LayoutError>
        switch node.kind {
        case .hgroup:
            var total = node.padding.horizontal + node.spacing.horizontal * Double(max(node.children.count - 1, 0))
            var failure: LayoutError?
            for child in node.children {
                switch child.width {
                case .fixed(let value): total += value
                case .fit:
                    switch staticWidth(child) {
                    case .success(let width): total += width + node.margin
                    case .failure(let error): failure = error
                    }
                default:
                    failure = LayoutError(code: .itemIncomplete, message: "\(node.title) cannot measure its width: \(child.title) has no fixed or fit width", location: node.location)
                }
                if failure != nil { break }
            }
            result = failure.map { .failure($0) } ?? .success(total)
        case .vgroup:
            var widest: Double?
            var failure: LayoutError?
            for child in node.children {
                switch child.width {
                case .fixed(let value): widest = max(widest ?? 0, value)
                case .fit:
                    switch staticWidth(child) {
                    case .success(let width): widest = max(widest ?? 0, width)
                    case .failure(let error): failure = error
                    }
                default: continue
                }
                if failure != nil { break }
            }
            if let failure {
                result = .failure(failure)
            } else if let widest {
                result = .success(node.padding.horizontal + widest)
            } else {
                result = incomplete("\(node.title) cannot measure its width: no child has a fixed or fit width")
            }
        case .item, .spacer, .overlay, .flow:
            result = incomplete("\(node.title) has no content to measure a width from")
        }
        measuredWidths[node.id] = result
        return result
    }

    private func measureHeight(_ node: PlanNode, width: V) -> V {
        let key = "\(node.id) \(width.code)"
        if let cached = measuredHeights[key] { return cached }
        let innerWidth = bind(sub(width, .constant(node.padding.horizontal)))
        var height: V
        switch node.kind {
        case .vgroup:
            var total = V.constant(node.padding.vertical + node.spacing.horizontal * Double(max(node.children.count - 1, 0)))
            for child in node.children {
                switch child.height {
                case .fixed(let value): total = bind(add(total, .constant(value)))
                case .fit:
                    let measured = measureHeight(child, width: measureWidthForHeight(child, available: innerWidth))
                    total = bind(add(total, add(measured, .constant(node.margin))))
                default:
                    throwNow(incomplete(node, "\(node.title) cannot measure its height: \(child.title) has no fixed or fit height"))
                    return .constant(0)
                }
            }
            height = total
        case .hgroup:
            let slots = node.children.contains(where: { $0.height == .fit })
                ? mainSlots(node, innerMain: innerWidth, innerCross: .constant(0), outerMain: width) : []
            var tallest: V?
            for (index, child) in node.children.enumerated() {
                switch child.height {
                case .fixed(let value): tallest = bind(maximum(tallest ?? .constant(0), .constant(value)))
                case .fit:
                    let measured = measureHeight(child, width: bind(maximum(sub(slots[index], .constant(node.margin)), .constant(0))))
                    tallest = bind(maximum(tallest ?? .constant(0), measured))
                default: continue
                }
            }
            guard let tallest else {
                throwNow(incomplete(node, "\(node.title) cannot measure its height: no child has a fixed or fit height"))
                return .constant(0)
            }
            height = add(.constant(node.padding.vertical), tallest)
        case .flow:
            fail(if: negative(innerWidth), needs(node, .constant(node.padding.horizontal), width, " of horizontal padding"))
            let elements = flowElements(node)
            checkElementWidths(node, innerWidth: innerWidth)
            let measured = newLocal("lines", type: "(lines: Swift.Int, height: Swift.Double)")
            emit("let \(measured) = LayoutFlow.measure(count: \(elements.count), width: \(innerWidth.code), spacing: \(V.constant(node.spacing.horizontal).code), lineSpacing: \(V.constant(node.spacing.vertical).code), size: \(elements.size))")
            flowMeasures["\(node.id) \(innerWidth.code)"] = measured
            height = add(.constant(node.padding.vertical), .expression("\(measured).height"))
        case .item, .spacer, .overlay:
            throwNow(incomplete(node, "\(node.title) has no content to measure a height from"))
            return .constant(0)
        }
        height = bind(height)
        measuredHeights[key] = height
        return height
    }

    // MARK: Flows (FlowLayout)

    /// How generated code reads a flow's elements: their number and a closure from element index
    /// to size, for `LayoutFlow`'s inlinable `measure(count:…)` and `place(count:…)`.
    struct FlowElements {
        var count: String
        var size: String
    }

    /// An element index in a flow, as code: the static elements before it plus the dynamic
    /// items' element counts, whose sum is kept in a typed local (see `advance`).
    private struct FlowOffset {
        var statics = 0
        var dynamics: String?
        var code: String {
            guard let dynamics else { return String(statics) }
            return statics == 0 ? dynamics : "\(statics) + \(dynamics)"
        }
    }

    /// Moves `offset` past a dynamic item. The new sum of counts is a typed local, made once per
    /// sum: a long sum of `.count`s in one expression takes the type checker exponential time.
    private func advance(_ offset: inout FlowOffset, pastDynamic parameter: String) {
        let sum = "\(offset.dynamics.map { "\($0) + " } ?? "")\(parameter).count"
        if let known = runningCounts[sum] {
            offset.dynamics = known
            return
        }
        let local = newLocal(type: "Swift.Int")  // a `v` local: dropped when unused
        emit("let \(local): Swift.Int = \(sum)")
        runningCounts[sum] = local
        offset.dynamics = local
    }

    /// More runs than this and the elements are gathered into one array instead, so finding an
    /// element's size stays a few comparisons.
    static let maximumFlowRuns = 8

    /// The flow's elements as runs (static items in a row, or one dynamic item) read in place: a
    /// constant size for a run of alike elements, a file-level constant array for other static
    /// runs, the parameter for a dynamic item. Nothing is allocated at run time, except for a
    /// flow of more than `maximumFlowRuns` runs, whose sizes are gathered into one array.
    private func flowElements(_ node: PlanNode) -> FlowElements {
        if let known = flowSizes[node.id] { return known }
        func sizeLiteral(_ size: Size) -> String {
            "CGSize(width: \(SwiftSpelling.literal(size.width)), height: \(SwiftSpelling.literal(size.height)))"
        }
        enum Run { case statics([FlowItem]), dynamic(String) }
        var runs: [Run] = []
        for item in node.items {
            if item.isDynamic {
                if let name = item.name, let parameter = dynamicParameters[name] { runs.append(.dynamic(parameter)) }
            } else if case .statics(let items)? = runs.last {
                runs[runs.count - 1] = .statics(items + [item])
            } else {
                runs.append(.statics([item]))
            }
        }
        var position = FlowOffset()
        var elements: FlowElements
        if runs.count > Self.maximumFlowRuns {
            let name = newLocal("sizes", type: "[CGSize]")
            emit("var \(name): [CGSize] = []")
            for case .dynamic(let parameter) in runs { advance(&position, pastDynamic: parameter) }
            for item in node.items where !item.isDynamic { position.statics += item.count ?? 1 }
            emit("\(name).reserveCapacity(\(position.code))")
            for item in node.items {
                if item.isDynamic {
                    if let itemName = item.name, let parameter = dynamicParameters[itemName] { emit("\(name).append(contentsOf: \(parameter))") }
                } else {
                    emit(item.count.map { "\(name).append(contentsOf: repeatElement(\(sizeLiteral(item.size)), count: \($0)))" }
                         ?? "\(name).append(\(sizeLiteral(item.size)))")
                }
            }
            elements = FlowElements(count: "\(name).count", size: "{ \(name)[$0] }")
        } else {
            var branches: [(end: String, value: String)] = []
            for (index, run) in runs.enumerated() {
                let start = position.code
                let offset = start == "0" ? "" : " - (\(start))"
                switch run {
                case .dynamic(let parameter):
                    advance(&position, pastDynamic: parameter)
                    branches.append((position.code, "\(parameter)[i\(offset)]"))
                case .statics(let items):
                    position.statics += items.reduce(0) { $0 + ($1.count ?? 1) }
                    if items.allSatisfy({ $0.size == items[0].size }) {
                        branches.append((position.code, sizeLiteral(items[0].size)))
                    } else {
                        let name = "_\(typeName)_flow\(node.id)Sizes\(runs.count == 1 ? "" : String(index + 1))"
                        var lines = ["private let \(name): [CGSize] = {", "    var sizes: [CGSize] = []",
                                     "    sizes.reserveCapacity(\(items.reduce(0) { $0 + ($1.count ?? 1) }))"]
                        for item in items {
                            lines.append(item.count.map { "    sizes.append(contentsOf: repeatElement(\(sizeLiteral(item.size)), count: \($0)))" }
                                         ?? "    sizes.append(\(sizeLiteral(item.size)))")
                        }
                        lines += ["    return sizes", "}()"]
                        globals.append(lines.joined(separator: "\n"))
                        // Read through a local: each access to a global checks its lazy
                        // initialisation, once per element otherwise (20% of Player's time).
                        let local = newLocal(type: "[CGSize]")  // a `v` local: dropped when unused
                        emit("let \(local) = \(name)")
                        branches.append((position.code, "\(local)[i\(offset)]"))
                    }
                }
            }
            var size = "{ (i: Swift.Int) -> CGSize in "
            for (index, branch) in branches.enumerated() {
                size += index == branches.count - 1 ? "return \(branch.value) }" : "if i < \(branch.end) { return \(branch.value) }; "
            }
            elements = FlowElements(count: position.code, size: branches.isEmpty ? "{ _ in CGSize.zero }" : size)
        }
        flowSizes[node.id] = elements
        return elements
    }

    /// The first element wider than the flow, in item order: one check per static item (its
    /// elements are alike; none if an earlier static item is at least as wide), a loop per
    /// dynamic item.
    private func checkElementWidths(_ node: PlanNode, innerWidth: V) {
        var widestChecked = -Double.infinity
        let flowTitle = SwiftSpelling.string(node.title)
        for item in node.items {
            if item.isDynamic {
                guard let name = item.name, let parameter = dynamicParameters[name] else { continue }
                let index = newLocal("element")
                let message = "LayoutMessages.tooWide(LayoutMessages.element(\(SwiftSpelling.string(name)), index: \(index)), Swift.Double(\(parameter)[\(index)].width), flow: \(flowTitle), \(innerWidth.code))"
                emit("if let \(index) = LayoutFlow.firstTooWide(\(parameter), width: \(innerWidth.code)) { throw \(outOfSpace(message, at: item.location)) }")
            } else {
                let width = item.size.width
                if width <= widestChecked { continue }
                widestChecked = width
                let element = LayoutMessages.element(item.name, index: item.count == nil ? nil : 0)
                let message = "LayoutMessages.tooWide(\(SwiftSpelling.string(element)), \(V.constant(width).code), flow: \(flowTitle), \(innerWidth.code))"
                fail(if: notFits(.constant(width), innerWidth), outOfSpace(message, at: item.location))
            }
        }
    }

    private func layoutFlow(_ node: PlanNode, in frame: SymbolicRect) {
        let inner = bind(inset(frame, by: node.padding))
        fail(if: negative(inner.width), needs(node, .constant(node.padding.horizontal), frame.width, " of horizontal padding"))
        fail(if: negative(inner.height), needs(node, .constant(node.padding.vertical), frame.height, " of vertical padding"))
        let elements = flowElements(node)
        let spacing = V.constant(node.spacing.horizontal).code, lineSpacing = V.constant(node.spacing.vertical).code
        let measured: String
        if let known = flowMeasures["\(node.id) \(inner.width.code)"] {
            measured = known  // its element widths were checked against this width too
        } else {
            checkElementWidths(node, innerWidth: inner.width)
            measured = newLocal("lines", type: "(lines: Swift.Int, height: Swift.Double)")
            emit("let \(measured) = LayoutFlow.measure(count: \(elements.count), width: \(inner.width.code), spacing: \(spacing), lineSpacing: \(lineSpacing), size: \(elements.size))")
            flowMeasures["\(node.id) \(inner.width.code)"] = measured
        }
        let contentHeight = bind(add(.constant(node.padding.vertical), .expression("\(measured).height")))
        fail(if: notFits(contentHeight, frame.height),
             outOfSpace("LayoutMessages.flowHeight(\(SwiftSpelling.string(node.title)), \(contentHeight.code), \(frame.height.code), lines: \(measured).lines)", at: node.location))
        guard node.items.contains(where: { $0.name != nil }) else { return }

        let place = "LayoutFlow.place(count: \(elements.count), x: \(inner.x.code), y: \(inner.y.code), width: \(inner.width.code), spacing: \(spacing), lineSpacing: \(lineSpacing), justified: \(node.justify), size: \(elements.size)"
        if node.items.count == 1, let name = node.items[0].name, let count = node.items[0].count {
            // Alike elements: one shared runtime function, not a specialisation per flow.
            let size = node.items[0].size
            emit("\(property(name)) = LayoutFlow.place(count: \(count), size: CGSize(width: \(SwiftSpelling.literal(size.width)), height: \(SwiftSpelling.literal(size.height))), x: \(inner.x.code), y: \(inner.y.code), width: \(inner.width.code), spacing: \(spacing), lineSpacing: \(lineSpacing), justified: \(node.justify))")
            return
        }
        if node.items.count == 1, let name = node.items[0].name, node.items[0].isDynamic {
            // The frames are the property's array, made in place.
            emit("\(property(name)) = [CGRect](unsafeUninitializedCapacity: \(elements.count)) { frames, initialized in")
            emit("    \(place), frame: { frames.initializeElement(at: $0, to: $1) })")
            emit("    initialized = \(elements.count)")
            emit("}")
            return
        }
        // Frames go to a temporary buffer (on the stack when small), then to the properties.
        var position = FlowOffset()
        var copies: [(local: String, property: String)] = []
        var body: [String] = []
        for item in node.items {
            let first = position.code
            if item.isDynamic {
                if let name = item.name, let parameter = dynamicParameters[name] { advance(&position, pastDynamic: parameter) }
            } else {
                position.statics += item.count ?? 1
            }
            guard let name = item.name else { continue }
            let isArray = item.count != nil || item.isDynamic
            let local = newLocal(isArray ? "array" : "rect", type: isArray ? "[CGRect]" : "CGRect")
            emit("var \(local): \(isArray ? "[CGRect] = []" : "CGRect = .zero")")
            body.append(isArray ? "    \(local) = Swift.Array(frames[(\(first))..<(\(position.code))])" : "    \(local) = frames[\(first)]")
            copies.append((local, property(name)))
        }
        emit("Swift.withUnsafeTemporaryAllocation(of: CGRect.self, capacity: \(elements.count)) { frames in")
        emit("    \(place), frame: { frames.initializeElement(at: $0, to: $1) })")
        for line in body { emit(line) }
        emit("}")
        for copy in copies { emit("\(copy.property) = \(copy.local)") }
    }

    // MARK: Overlays (OverlayLayout)

    private func layoutOverlay(_ node: PlanNode, in frame: SymbolicRect) {
        for child in node.children {
            var reference = frame
            if child.safeArea {
                let safe = safeAreaRect(for: child)
                let minX = bind(maximum(frame.x, safe.x)), maxX = bind(minimum(add(frame.x, frame.width), add(safe.x, safe.width)))
                let minY = bind(maximum(frame.y, safe.y)), maxY = bind(minimum(add(frame.y, frame.height), add(safe.y, safe.height)))
                let horizontal = negative(sub(maxX, minX)), vertical = negative(sub(maxY, minY))
                let condition: (known: Bool?, code: String)
                switch (horizontal.known, vertical.known) {
                case (true?, _), (_, true?): condition = (true, "")
                case (false?, false?): condition = (false, "")
                case (false?, nil): condition = vertical
                case (nil, false?): condition = horizontal
                case (nil, nil): condition = (nil, "\(horizontal.code) || \(vertical.code)")
                }
                fail(if: condition, outOfSpace("LayoutMessages.pinned(\(SwiftSpelling.string(child.title)), overlay: \(SwiftSpelling.string(node.title)))", at: child.location))
                reference = bind(SymbolicRect(x: minX, y: minY, width: maximum(sub(maxX, minX), .constant(0)),
                                              height: maximum(sub(maxY, minY), .constant(0))))
            }
            let width: V? = switch child.width {
            case .fixed(let value): .constant(value)
            case .fit: measureWidth(child)
            default: nil
            }
            let x: V
            var finalWidth: V
            (x, finalWidth) = solve(child, start: child.leading, end: child.trailing, center: child.centerX, size: width,
                                        min: reference.x, extent: reference.width, axis: "width")
            let height: V?
            switch child.height {
            case .fixed(let value): height = .constant(value)
            case .fit:
                finalWidth = bind(finalWidth)
                height = measureHeight(child, width: finalWidth)
            default: height = nil
            }
            let (y, finalHeight) = solve(child, start: child.top, end: child.bottom, center: child.centerY, size: height,
                                         min: reference.y, extent: reference.height, axis: "height")
            let rect = SymbolicRect(x: x, y: y, width: finalWidth, height: finalHeight)
            if subtreeSize(plan.root) > Self.splitThreshold, subtreeSize(child) >= Self.partSize {
                emitPart { layout(child, in: rect) }
            } else {
                layout(child, in: rect)
            }
        }
    }

    /// One axis of SPEC §4.5 (OverlayLayout.solve).
    private func solve(_ child: PlanNode, start: Double?, end: Double?, center: Double?, size: V?,
                       min: V, extent: V, axis: String) -> (V, V) {
        switch (start, end, center, size) {
        case (let a?, let b?, nil, nil):
            let length = bind(sub(sub(extent, .constant(a)), .constant(b)))
            fail(if: negative(length),
                 outOfSpace("LayoutMessages.insets(\(SwiftSpelling.string(child.title)), \(V.constant(a + b).code), \(extent.code), axis: \(SwiftSpelling.string(axis)))", at: child.location))
            return (add(min, .constant(a)), maximum(length, .constant(0)))
        case (let a?, nil, nil, let size?):
            return (add(min, .constant(a)), size)
        case (nil, let b?, nil, let size?):
            return (sub(sub(add(min, extent), .constant(b)), size), size)
        case (nil, nil, let c?, let size?):
            return (sub(add(add(min, div(extent, .constant(2))), .constant(c)), div(size, .constant(2))), size)
        case (nil, nil, nil, nil):
            return (min, extent)
        default:
            throwNow(incomplete(child, "\(child.title) has no complete \(axis == "width" ? "horizontal" : "vertical") position and \(axis)"))
            return (.constant(0), .constant(0))
        }
    }

    // MARK: Dead locals

    /// Drops `let vN: Swift.Double = …` lines whose local is never read (pure arithmetic that a
    /// branch of the walk computed but did not use), repeatedly, so generated code compiles
    /// without warnings.
    static func removingUnusedLocals(_ lines: [String]) -> [String] {
        let prefix = "let v"
        var definitions: [String: Int] = [:]
        var tokens: [[String]] = []
        var uses: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            var lineTokens = identifiers(in: line).filter { $0.count > 1 && $0.first == "v" && $0.dropFirst().allSatisfy(\.isNumber) }
            if line.hasPrefix(prefix), let name = lineTokens.first {
                definitions[name] = index
                lineTokens.removeFirst()
            }
            for token in lineTokens { uses[token, default: 0] += 1 }
            tokens.append(lineTokens)
        }
        var removed = Set<Int>()
        var work = definitions.keys.filter { uses[$0, default: 0] == 0 }
        while let name = work.popLast() {
            guard let index = definitions[name], !removed.contains(index) else { continue }
            removed.insert(index)
            for token in tokens[index] {
                uses[token, default: 0] -= 1
                if uses[token] == 0, definitions[token] != nil { work.append(token) }
            }
        }
        return lines.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
    }
}
