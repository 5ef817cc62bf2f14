/// One layout's generated type: its frame properties (stored, or behind computed properties in
/// the array storage form of large layouts), its initializers, the functions a large layout is
/// split into, and `apply(...)`. The initializer's body is the layout walk interpreted by
/// `SymbolicLayout`.
struct GeneratedType {
    let plan: LayoutPlan
    let options: SwiftCodeGenerator.Options
    let typeName: String
    let members: [SwiftCodeGenerator.Member]

    /// Large layouts keep their frames in two arrays, `frameStore` (the `CGRect` members) and
    /// `arrayStore` (the `[CGRect]` members), behind computed properties, instead of one stored
    /// property per node: on a struct of thousands of stored properties the optimizer's definite
    /// initialization and release hoisting take time quadratic in their number (a 2,000-node
    /// layout took 14 minutes under -O). The initializer's body and the parts write the frames
    /// through pointers to the arrays.
    let usesStorage: Bool
    /// Each member's place in the storage form, by name: `frameStore[3]`, `arrayStore[0]`.
    private var storageSlots: [String: String] = [:]
    /// Each single frame's index in `frameStore`, by name.
    private var storageIndex: [String: Int] = [:]
    /// The names of the two arrays: `frameStore` and `arrayStore`, or with underscores before them
    /// when a node has that name.
    private let frameStore: String
    private let arrayStore: String
    private var frameCount = 0
    private var arrayCount = 0

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
                storageIndex[member.name] = frameCount
                frameCount += 1
            }
        }
        usesStorage = Self.size(of: plan.root) > SymbolicLayout.splitThreshold
    }

    /// Plan nodes and flow items in a subtree.
    static func size(of node: PlanNode) -> Int {
        node.children.reduce(1 + node.items.count) { $0 + size(of: $1) }
    }

    /// How the code writes a named node's frame.
    private func property(_ name: String) -> String {
        usesStorage ? storageSlots[name] ?? name : "self.\(SwiftSpelling.identifier(name))"
    }

    // MARK: The type

    func write(to out: inout SwiftSourceWriter) {
        var layout = SymbolicLayout(plan: plan, sourceName: options.sourceName, typeName: typeName, splits: usesStorage,
                                    property: property)
        var terminated = false
        do {
            try layout.layoutRoot()
        } catch {
            // The walk ended at an unconditional `throw`: the code so far is the whole body.
            terminated = true
        }
        let program = layout.program

        let access = options.access == .public ? "public " : ""
        let source = "\(options.sourceName):\(plan.location.line)"
        let dynamicNames = plan.dynamicItemNames
        let dynamicParameter = { (index: Int) in "dynamic\(index)" }
        let contentNames = plan.contentItemNames
        let dynamicSignature = dynamicNames.enumerated().map { "\(SwiftSpelling.label($1)) \(dynamicParameter($0)): [CGSize]" }
            + contentNames.enumerated().map { "\(SwiftSpelling.label($1)) content\($0): CGSize" }
            + ["direction: LayoutDirection = .leftToRight"]
        let dynamicArguments = dynamicNames.enumerated().map { "\(SwiftSpelling.argumentLabel($1)): \(dynamicParameter($0))" }
            + contentNames.enumerated().map { "\(SwiftSpelling.argumentLabel($1)): content\($0)" }
            + ["direction: direction"]

        for global in layout.globals { out.line(global) }
        if !layout.globals.isEmpty { out.line() }
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
            out.line("/// Computes every frame for a container of `size` whose safe area is inset by `safeArea`\(dynamicNames.isEmpty && contentNames.isEmpty ? "," : ",")")
            if !dynamicNames.isEmpty {
                out.line("/// with the element sizes of the dynamic items \(dynamicNames.map { "`\($0)`" }.joined(separator: ", ")),")
            }
            if !contentNames.isEmpty {
                out.line("/// with the content sizes of \(contentNames.map { "`\($0)`" }.joined(separator: ", ")) (measured by the app),")
            }
            out.line("/// laid out in `direction` (right to left mirrors every frame in the container).")
            if safeAreaDefault != ".zero" { out.line("/// `safeArea` defaults to the layout's own `safeArea:`, as in `layoutc frames`.") }
            out.line("/// - Throws: the first `outOfSpace` or `itemIncomplete` error, as `layoutc frames` reports it.")
            let sizeParameters = (["size: CGSize", "safeArea: LayoutInsets = \(safeAreaDefault)"] + dynamicSignature).joined(separator: ", ")
            let writeBody = { (out: inout SwiftSourceWriter) in
                let reads = { (value: SymbolicValue) -> Bool in
                    if case .local(let id) = value { return program.isRead(id) }
                    return false
                }
                out.line(reads(layout.containerWidth) ? "let containerWidth = Swift.Double(size.width)" : "_ = size")
                if reads(layout.containerHeight) { out.line("let containerHeight = Swift.Double(size.height)") }
                if !reads(layout.safeArea) { out.line("_ = safeArea") }
                for (index, name) in contentNames.enumerated() where !reads(layout.contentParameters[name] ?? .constant(0)) {
                    out.line("_ = content\(index)")
                }
                // Code after an unconditional throw would never run (and draws a warning).
                if terminated || !needsMirroring { out.line("_ = direction") }
                for line in program.lines(ofScope: 0, call: callPart) { out.line(line) }
                if !terminated { writeMirroring(to: &out) }
            }
            if usesStorage {
                out.block("\(access)init(\(sizeParameters)) throws(LayoutRuntimeError)") { out in
                    writeStorageInitializer(to: &out, dynamicArguments: dynamicNames.indices.map(dynamicParameter)
                                                + contentNames.indices.map { "content\($0)" } + ["direction: direction"])
                }
                out.line()
                out.line("/// The body of `init(size:)`: stores every frame through `\(frameStore)` and `\(arrayStore)`.")
                let parameters = storageParameters + ["size: CGSize", "safeArea: LayoutInsets"]
                    + dynamicNames.indices.map { "_ \(dynamicParameter($0)): [CGSize]" }
                    + contentNames.indices.map { "_ content\($0): CGSize" } + ["direction: LayoutDirection"]
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
        if !program.parts.isEmpty {
            out.line()
            out.block("extension \(typeName)") { out in
                for part in program.parts.indices {
                    if part > 0 { out.line() }
                    // Parts exist only in the storage form: they store through the pointers to the arrays.
                    let signature = storageParameters + program.parameters(ofPart: part).map { "_ \($0.name): \($0.type)" }
                    out.block("private static func \(partName(part))(\(signature.joined(separator: ", "))) throws(LayoutRuntimeError)") { out in
                        for line in program.lines(ofScope: program.scope(ofPart: part), call: callPart) { out.line(line) }
                    }
                }
            }
        }
        writeApply(to: &out, access: access)
    }

    private func partName(_ part: Int) -> String { "layoutPart\(part + 1)" }

    /// Right to left: every frame mirrored in the container, but flow elements, which
    /// `LayoutFlow.place` mirrors before rounding (docs/format.md §6.3).
    /// Whether any frame is mirrored after the body (else only flows read `direction`).
    private var needsMirroring: Bool {
        members.contains { !$0.isArray && !$0.isFlowItem }
    }

    private func writeMirroring(to out: inout SwiftSourceWriter) {
        let flowItems = Set(members.filter(\.isFlowItem).map(\.name))
        let mirrored = members.filter { !$0.isArray && !flowItems.contains($0.name) }
        guard !mirrored.isEmpty else { return }
        out.block("if direction == .rightToLeft") { out in
            if usesStorage {
                let skipped = members.filter { !$0.isArray && flowItems.contains($0.name) }.compactMap { storageIndex[$0.name] }
                let condition = skipped.isEmpty ? "" : " where ![\(skipped.map(String.init).joined(separator: ", "))].contains(index)"
                out.block("for index in 0..<\(frameCount)\(condition)") { out in
                    out.line("LayoutDirection.mirror(&\(frameStore)[index], in: Swift.Double(size.width))")
                }
            } else {
                for member in mirrored {
                    out.line("LayoutDirection.mirror(&\(property(member.name)), in: Swift.Double(size.width))")
                }
            }
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
}
