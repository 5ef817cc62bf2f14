/// The Swift that a `SymbolicLayout` writes: locals, statements, the functions a large layout
/// is split into (parts), and the blocks that run only where an optional node is shown
/// (`if shown0 { … }`).
///
/// Blocks are never nested: a block opened in another one ends it and starts a block of both
/// conditions (`let c = shown0 && shown1` … `if c { … }`), and the outer one starts again
/// after it. Nested optional groups 1,200 deep are 1,200 blocks one level deep, not 1,200
/// levels of indentation (whose text grew with the square of the depth).
///
/// Values are made on demand and written lazily: a local's `let` is placed just before the
/// first statement that reads it, in the function of that statement, so a value that no
/// statement reads is never written (no dead locals, no pass over the text to find them). The
/// same expression made twice is one local (value numbering), and a local read exactly once in
/// its function is written inline where it is read.
final class SymbolicProgram {
    /// How a local is written.
    enum Form {
        /// `let name: Type = code`, or inline when read once.
        case expression
        /// `let name: Type = code`, never inline (a runtime call, or a sum the type checker
        /// must see in small steps).
        case pinned
        /// Always written inline: cheap to repeat (`safeArea.leading`).
        case inline
        /// Defined by the surrounding function (its parameters); never written.
        case parameter
        /// Written as these lines (`var name = …; name.append(…)`), never inline.
        case statements([SwiftCode])
        /// `var name: Type = code`, never inline, and taken `inout` by the parts that read it: a
        /// value the code changes as it goes (a wrap item's measured sizes).
        case variable
    }

    struct Local {
        /// The name's prefix (`v`, `lines`); its number is given when it is first printed, so
        /// the numbers follow the text. Parameters keep their names.
        var name: String
        var type: String
        var code: SwiftCode
        var form: Form
        /// How many expressions deep the local's code is when its operands read once are
        /// written inline (see `maximumInlineDepth`).
        var depth = 0
    }

    /// A local whose code would be more expressions deep than this when written inline is
    /// pinned (`let`) instead: a chain of sums where each partial sum is read once (the running
    /// total of 10,000 optional siblings) would otherwise be one expression 10,000 deep.
    static let maximumInlineDepth = 16

    /// A block open in the walk: its flag, the condition its statements run under in the
    /// function it was opened in (its flag and the flags of the blocks open around it there).
    private struct OpenBlock {
        var flag: Int?
        var condition: SymbolicValue
        var function: Int
    }

    enum Statement {
        case code(SwiftCode)
        case define(Int)
        case part(Int)
        case block(Int)
    }

    /// A function body (the initializer's, scope 0, or a part's), or a block in one.
    struct Scope {
        var parent: Int?
        /// A block's condition (`shown0`); nil for a function body.
        var condition: SwiftCode?
        /// The function body this scope is (or is a block of): where its locals are defined.
        var function = 0
        var statements: [Statement] = []
        var defined: Set<Int> = []
        /// Locals of enclosing functions this one reads: its parameters, in order of first use.
        var parameters: [Int] = []
        var parameterSet: Set<Int> = []
    }

    private(set) var locals: [Local] = []
    /// The run-time checks made so far, with the flags they were made under. Parts are called in
    /// order and flags never change, so a check made under flags that hold now has run before:
    /// the same condition cannot hold now, and a repeat is left out.
    private var checks: [String: [Int]] = [:]
    /// Locals known to be in an interval wherever they are read (`SymbolicRange`): the
    /// parameters' values (checked before the layout, docs/format.md §8.1) and sums, products,
    /// maxima and minima of such values and constants.
    var ranges: [Int: SymbolicRange] = [:]
    /// The flags (locals of type Bool) of the blocks the statements written now are in.
    private(set) var conditions: [Int] = []
    private var conditionSet: Set<Int> = []
    private var interned: [String: Int] = [:]
    private var openBlocks: [OpenBlock] = []
    private(set) var scopes = [Scope(parent: nil)]
    private(set) var current = 0
    /// Parts by number: the scope holding each one's body.
    private(set) var parts: [Int] = []
    /// Numbers temporaries (`rect3`) as they are made.
    private var counter = 0
    private var read: Set<Int> = []
    /// Numbers locals as they are printed.
    private var printed: [Int: String] = [:]
    private var printCounter = 0

    /// The local's name in the text.
    func name(_ id: Int) -> String {
        if let known = printed[id] { return known }
        let local = locals[id]
        var name = local.name
        switch local.form {
        case .parameter, .statements: break
        case .expression, .pinned, .inline, .variable:
            printCounter += 1
            name += String(printCounter)
        }
        printed[id] = name
        return name
    }

    // MARK: Making values

    /// A local of the initializer's parameters (or derived from them at its start).
    func parameter(_ name: String, type: String) -> SymbolicValue {
        locals.append(Local(name: name, type: type, code: SwiftCode(stringLiteral: name), form: .parameter))
        let id = locals.count - 1
        scopes[0].defined.insert(id)
        return .local(id)
    }

    /// The value of `code` (of Swift type `type`); the same code gives the same local, unless
    /// `identity` tells two apart (two variables made by the same code).
    func value(_ code: SwiftCode, type: String = "Swift.Double", form: Form = .expression, prefix: String = "v",
               identity: String = "") -> SymbolicValue {
        let key = type + "\u{2}" + code.key + "\u{2}" + identity
        if let known = interned[key] { return .local(known) }
        var form = form
        var depth = 0
        if case .expression = form {
            for id in code.locals {
                if case .expression = locals[id].form { depth = max(depth, locals[id].depth) }
            }
            depth += 1
            if depth > Self.maximumInlineDepth {
                form = .pinned
                depth = 0
            }
        }
        locals.append(Local(name: prefix, type: type, code: code, form: form, depth: depth))
        interned[key] = locals.count - 1
        return .local(locals.count - 1)
    }

    /// A local written as statements (`var sizes3: [CGSize] = []`, appends), given its name.
    func statementsValue(prefix: String, type: String, _ lines: (String) -> [SwiftCode]) -> SymbolicValue {
        counter += 1
        let name = "\(prefix)\(counter)"
        locals.append(Local(name: name, type: type, code: SwiftCode(stringLiteral: name), form: .statements(lines(name))))
        return .local(locals.count - 1)
    }

    /// A fresh name for a temporary the caller writes and reads itself, in one statement run.
    func temporaryName(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    // MARK: Flags

    /// Whether everything made under `flags` has run wherever the code is now.
    func holds(_ flags: [Int]) -> Bool {
        flags.isEmpty || flags.allSatisfy(conditionSet.contains)
    }

    /// Whether the statements written now run only where this flag holds.
    func isInForce(_ flag: Int) -> Bool { conditionSet.contains(flag) }

    /// Whether a check of this key is yet to be written here (and, if so, records it).
    func isNewCheck(_ key: String) -> Bool {
        if let flags = checks[key], holds(flags) { return false }
        checks[key] = conditions
        return true
    }

    // MARK: Statements

    /// Appends a statement to the current function, after the definitions it needs.
    func emit(_ code: SwiftCode) {
        for id in code.locals { ensureDefined(id) }
        scopes[current].statements.append(.code(code))
    }

    /// Defines the value's local in the current function now (what parts made next read).
    func define(_ value: SymbolicValue) {
        if case .local(let id) = value { ensureDefined(id) }
    }

    private func ensureDefined(_ id: Int) {
        read.insert(id)
        let local = locals[id]
        if case .inline = local.form {
            for dependency in local.code.locals { ensureDefined(dependency) }
            return
        }
        // Defined in this function or an enclosing one (then every function in between takes
        // it). Locals are defined in functions only, so blocks are stepped over.
        var scope: Int? = scopes[current].function
        var path: [Int] = []
        while let index = scope {
            if scopes[index].defined.contains(id) {
                for inner in path where scopes[inner].parameterSet.insert(id).inserted {
                    scopes[inner].parameters.append(id)
                }
                return
            }
            path.append(index)
            scope = scopes[index].parent.map { scopes[$0].function }
        }
        var dependencies = local.code.locals
        if case .statements(let lines) = local.form { dependencies = lines.flatMap(\.locals) }
        for dependency in dependencies { ensureDefined(dependency) }
        // In the function, not in a block inside it: values are pure, so one made where a node
        // may be hidden can be made before its `if`, and every later block and statement of the
        // function reads it (defined in each block that reads it, a chain of optional nodes
        // repeated its whole measurement at every level). The open blocks are appended to the
        // function when they close, so the definition comes before them.
        let function = scopes[current].function
        scopes[function].statements.append(.define(id))
        scopes[function].defined.insert(id)
    }

    // MARK: Blocks

    /// Starts `if flag {`: statements go there until `closeBlock`. A local first read in the
    /// block is defined before it, in the enclosing function. Inside another block of the same
    /// function, that block ends here and the new one runs under both conditions.
    func openBlock(_ flag: SymbolicValue) {
        let function = scopes[current].function
        var condition = flag
        if let outer = openBlocks.last, outer.function == function {
            condition = value("(\(outer.condition) && \(flag))", type: "Swift.Bool")
        }
        endFlatBlock()
        startFlatBlock(condition)
        var id: Int?
        if case .local(let local) = flag {
            id = local
            conditions.append(local)
            conditionSet.insert(local)
        }
        openBlocks.append(OpenBlock(flag: id, condition: condition, function: function))
    }

    func closeBlock() {
        guard let block = openBlocks.popLast() else { return }
        // A flag is never opened inside its own block (`SymbolicLayout.when`), so it is there once.
        if block.flag != nil, let id = conditions.popLast() { conditionSet.remove(id) }
        endFlatBlock()
        // The enclosing block of this function goes on, as a block of its own.
        if let outer = openBlocks.last, outer.function == scopes[current].function {
            startFlatBlock(outer.condition)
        }
    }

    private func startFlatBlock(_ condition: SymbolicValue) {
        let code: SwiftCode = "\(condition)"
        for id in code.locals { ensureDefined(id) }
        scopes.append(Scope(parent: current, condition: code, function: scopes[current].function))
        current = scopes.count - 1
    }

    /// Ends the block statements are going to (if they are), appending it to its function.
    private func endFlatBlock() {
        let block = current
        guard scopes[block].condition != nil, let parent = scopes[block].parent else { return }
        current = parent
        scopes[current].statements.append(.block(block))
    }

    // MARK: Parts

    /// Starts a part's body: statements go there until `closePart`.
    func openPart() {
        scopes.append(Scope(parent: current, function: scopes.count))
        current = scopes.count - 1
    }

    /// Ends the current part and calls it from the enclosing function.
    func closePart() {
        let scope = current
        parts.append(scope)
        guard let parent = scopes[scope].parent else { return }
        current = parent
        // The enclosing function must have what the part reads.
        for id in scopes[scope].parameters { ensureDefined(id) }
        scopes[current].statements.append(.part(parts.count - 1))
    }

    /// Whether any statement reads the local (directly or through others).
    func isRead(_ id: Int) -> Bool { read.contains(id) }

    // MARK: Printing

    /// The lines of one function's body. `call` spells a call of part N with its arguments;
    /// `callValues`, when given, a call of values function N (`DefinitionRuns`), and runs of
    /// more than `DefinitionRuns.maximumRun` definitions are then moved into such functions.
    func lines(ofScope scope: Int, call: (Int, [String]) -> String,
               callValues: ((Int, [String]) -> String)? = nil) -> [String] {
        // The function's own scopes: its body and the blocks in it (its parts print on their own).
        var own: [Int] = []
        func collect(_ index: Int) {
            own.append(index)
            for case .block(let block) in scopes[index].statements { collect(block) }
        }
        collect(scope)
        var definedHere = Set<Int>()
        for index in own { definedHere.formUnion(scopes[index].defined) }
        // How often each local defined here is read here (a part's arguments included).
        var reads: [Int: Int] = [:]
        func count(_ code: SwiftCode) {
            for id in code.locals {
                if definedHere.contains(id) {
                    reads[id, default: 0] += 1
                } else if case .inline = locals[id].form {
                    count(locals[id].code)
                }
            }
        }
        // A block with no statement to run (an empty group's, say) is not written, and its
        // condition not read: counted, it left an unused `let` (a warning) behind.
        var hasCodeKnown: [Int: Bool] = [:]
        func hasCode(_ index: Int) -> Bool {
            if let known = hasCodeKnown[index] { return known }
            let result = scopes[index].statements.contains { statement in
                switch statement {
                case .code, .part: return true
                case .define: return false
                case .block(let block): return hasCode(block)
                }
            }
            hasCodeKnown[index] = result
            return result
        }
        for index in own {
            if let condition = scopes[index].condition, index != scope, hasCode(index) { count(condition) }
            for statement in scopes[index].statements {
                switch statement {
                case .code(let code): count(code)
                case .define: break
                case .part(let part):
                    for id in scopes[parts[part]].parameters where definedHere.contains(id) { reads[id, default: 0] += 1 }
                case .block: break
                }
            }
        }
        // Definitions last to first (each after what reads it): one no statement reads, made
        // before the parts that might have (`define`), is not written, nor what only it reads.
        for case .define(let id) in scopes[scope].statements.reversed() where reads[id, default: 0] > 0 {
            if case .statements(let lines) = locals[id].form { lines.forEach(count) } else { count(locals[id].code) }
        }
        func isInline(_ id: Int) -> Bool {
            switch locals[id].form {
            case .inline: return true
            case .expression: return definedHere.contains(id) && reads[id] == 1
            case .pinned, .parameter, .statements, .variable: return false
            }
        }
        // The values a values function returns, read as elements of its tuple (`definitions3.57`):
        // as locals of their own, the body's thousands of names made every lookup in it slow.
        var renamed: [Int: String] = [:]
        func render(_ code: SwiftCode) -> String {
            var text = ""
            for piece in code.pieces {
                switch piece {
                case .text(let part): text += part
                case .value(.constant(let value)): text += SwiftSpelling.literal(value)
                case .value(.local(let id)): text += renamed[id] ?? (isInline(id) ? render(locals[id].code) : name(id))
                }
            }
            return text
        }
        // Long runs of definitions at the function's top level, moved into functions of their own.
        var runs = DefinitionRuns()
        if callValues != nil {
            runs = DefinitionRuns(program: self, statements: scopes[scope].statements, isPrinted: { id in
                switch self.locals[id].form {
                case .expression, .pinned: return !isInline(id) && reads[id, default: 0] > 0
                case .inline, .parameter, .statements, .variable: return false
                }
            }, isWritten: { id in !isInline(id) && reads[id, default: 0] > 0 }, isInline: isInline)
        }
        func body(_ index: Int) -> [String] {
            var result: [String] = []
            for (position, statement) in scopes[index].statements.enumerated() {
                if index == scope, let callValues, let run = runs.run(endingAt: position) {
                    let number = valueFunctions.count
                    var lines: [String] = []
                    // In the values function, what it reads of earlier runs are its parameters.
                    var elements: [(Int, String)] = []
                    for id in run.inputs { if let element = renamed.removeValue(forKey: id) { elements.append((id, element)) } }
                    for id in run.defined {
                        lines.append("let \(name(id)): \(locals[id].type) = \(render(locals[id].code))")
                    }
                    for (id, element) in elements { renamed[id] = element }
                    let outputs = run.outputs.map { name($0) }
                    lines.append(outputs.count == 1 ? "return \(outputs[0])" : "return (\(outputs.joined(separator: ", ")))")
                    let types = run.outputs.map { locals[$0].type }
                    valueFunctions.append(ValueFunction(
                        parameters: run.inputs.map { (name($0), locals[$0].type) },
                        result: types.count == 1 ? types[0] : "(\(types.joined(separator: ", ")))", lines: lines))
                    let call = callValues(number, run.inputs.map { renamed[$0] ?? name($0) })
                    if outputs.count == 1 {
                        result.append("let \(outputs[0]) = \(call)")
                    } else {
                        let tuple = "definitions\(number + 1)"
                        result.append("let \(tuple) = \(call)")
                        for (element, id) in run.outputs.enumerated() { renamed[id] = "\(tuple).\(element)" }
                    }
                    continue
                }
                if index == scope, runs.isMoved(position) { continue }
                switch statement {
                case .code(let code):
                    result += render(code).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                case .define(let id):
                    if isInline(id) || reads[id, default: 0] == 0 { continue }
                    let local = locals[id]
                    if case .statements(let lines) = local.form {
                        for line in lines { result += render(line).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
                    } else {
                        let code = render(local.code)
                        let keyword = if case .variable = local.form { "var" } else { "let" }
                        result.append("\(keyword) \(name(id)): \(local.type) = \(code)")
                    }
                case .part(let part):
                    result.append(call(part, scopes[parts[part]].parameters.map { id in
                        if case .variable = locals[id].form { return "&" + name(id) }
                        if let element = renamed[id] { return element }
                        return isInline(id) ? render(locals[id].code) : name(id)
                    }))
                case .block(let block):
                    guard hasCode(block) else { continue }
                    let inner = body(block)
                    guard !inner.isEmpty, let condition = scopes[block].condition else { continue }
                    result.append("if \(render(condition)) {")
                    result += inner.map { $0.isEmpty ? $0 : "    " + $0 }
                    result.append("}")
                }
            }
            return result
        }
        return body(scope)
    }

    /// A function made of a long run of definitions (`DefinitionRuns`): it takes the locals
    /// the run reads and returns those read after it.
    struct ValueFunction {
        var parameters: [(name: String, type: String)]
        var result: String
        var lines: [String]
    }

    /// The values functions made so far by `lines(ofScope:call:callValues:)`, by number.
    private(set) var valueFunctions: [ValueFunction] = []

    /// Where a local's code reads other locals when printed: through the locals written inline.
    func references(_ code: SwiftCode, isInline: (Int) -> Bool, into set: inout Set<Int>, order: inout [Int]) {
        for id in code.locals {
            if isInline(id) {
                references(locals[id].code, isInline: isInline, into: &set, order: &order)
            } else if set.insert(id).inserted {
                order.append(id)
            }
        }
    }

    /// What the statements of a scope read when printed (its blocks included).
    func references(ofStatements statements: [Statement], isInline: (Int) -> Bool, into set: inout Set<Int>, order: inout [Int]) {
        for statement in statements {
            switch statement {
            case .code(let code):
                references(code, isInline: isInline, into: &set, order: &order)
            case .define(let id):
                guard !isInline(id) else { continue }
                if case .statements(let lines) = locals[id].form {
                    for line in lines { references(line, isInline: isInline, into: &set, order: &order) }
                } else {
                    references(locals[id].code, isInline: isInline, into: &set, order: &order)
                }
            case .part(let part):
                for id in scopes[parts[part]].parameters {
                    if isInline(id) {
                        references(locals[id].code, isInline: isInline, into: &set, order: &order)
                    } else if set.insert(id).inserted {
                        order.append(id)
                    }
                }
            case .block(let block):
                if let condition = scopes[block].condition { references(condition, isInline: isInline, into: &set, order: &order) }
                references(ofStatements: scopes[block].statements, isInline: isInline, into: &set, order: &order)
            }
        }
    }

    /// The parameters of part N: names and types (`inout` for a variable).
    func parameters(ofPart part: Int) -> [(name: String, type: String)] {
        scopes[parts[part]].parameters.map { id in
            if case .variable = locals[id].form { return (name(id), "inout " + locals[id].type) }
            return (name(id), locals[id].type)
        }
    }

    func scope(ofPart part: Int) -> Int { parts[part] }
}
