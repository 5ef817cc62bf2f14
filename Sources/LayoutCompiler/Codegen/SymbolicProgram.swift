/// The straight-line Swift that a `SymbolicLayout` writes: locals, statements, and the functions
/// a large layout is split into (parts).
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
    }

    struct Local {
        /// The name's prefix (`v`, `lines`); its number is given when it is first printed, so
        /// the numbers follow the text. Parameters keep their names.
        var name: String
        var type: String
        var code: SwiftCode
        var form: Form
    }

    enum Statement {
        case code(SwiftCode)
        case define(Int)
        case part(Int)
    }

    /// A function body: the initializer's (scope 0) or a part's.
    struct Scope {
        var parent: Int?
        var statements: [Statement] = []
        var defined: Set<Int> = []
        /// Locals of enclosing functions this one reads: its parameters, in order of first use.
        var parameters: [Int] = []
        var parameterSet: Set<Int> = []
    }

    private(set) var locals: [Local] = []
    /// The run-time checks made so far. The code is straight-line (parts are called in order),
    /// so each dominates what follows: the same condition cannot hold later, and a repeat is
    /// left out.
    var checked: Set<String> = []
    private var interned: [String: Int] = [:]
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
        case .expression, .pinned, .inline:
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

    /// The value of `code` (of Swift type `type`); the same code gives the same local.
    func value(_ code: SwiftCode, type: String = "Swift.Double", form: Form = .expression, prefix: String = "v") -> SymbolicValue {
        let key = type + "\u{2}" + code.key
        if let known = interned[key] { return .local(known) }
        locals.append(Local(name: prefix, type: type, code: code, form: form))
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

    // MARK: Statements

    /// Appends a statement to the current function, after the definitions it needs.
    func emit(_ code: SwiftCode) {
        for id in code.locals { ensureDefined(id) }
        scopes[current].statements.append(.code(code))
    }

    private func ensureDefined(_ id: Int) {
        read.insert(id)
        let local = locals[id]
        if case .inline = local.form {
            for dependency in local.code.locals { ensureDefined(dependency) }
            return
        }
        // Defined here, or in an enclosing function (then every function in between takes it).
        var scope: Int? = current
        var path: [Int] = []
        while let index = scope {
            if scopes[index].defined.contains(id) {
                for inner in path where scopes[inner].parameterSet.insert(id).inserted {
                    scopes[inner].parameters.append(id)
                }
                return
            }
            path.append(index)
            scope = scopes[index].parent
        }
        var dependencies = local.code.locals
        if case .statements(let lines) = local.form { dependencies = lines.flatMap(\.locals) }
        for dependency in dependencies { ensureDefined(dependency) }
        scopes[current].statements.append(.define(id))
        scopes[current].defined.insert(id)
    }

    // MARK: Parts

    /// Starts a part's body: statements go there until `closePart`.
    func openPart() {
        scopes.append(Scope(parent: current))
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

    /// The lines of one function's body. `call` spells a call of part N with its arguments.
    func lines(ofScope scope: Int, call: (Int, [String]) -> String) -> [String] {
        let body = scopes[scope]
        // How often each local defined here is read here (a part's arguments included).
        var reads: [Int: Int] = [:]
        func count(_ code: SwiftCode) {
            for id in code.locals {
                if body.defined.contains(id) {
                    reads[id, default: 0] += 1
                } else if case .inline = locals[id].form {
                    count(locals[id].code)
                }
            }
        }
        for statement in body.statements {
            switch statement {
            case .code(let code): count(code)
            case .define(let id):
                if case .statements(let lines) = locals[id].form { lines.forEach(count) } else { count(locals[id].code) }
            case .part(let part):
                for id in scopes[parts[part]].parameters where body.defined.contains(id) { reads[id, default: 0] += 1 }
            }
        }
        func isInline(_ id: Int) -> Bool {
            switch locals[id].form {
            case .inline: return true
            case .expression: return body.defined.contains(id) && reads[id] == 1
            case .pinned, .parameter, .statements: return false
            }
        }
        func render(_ code: SwiftCode) -> String {
            var text = ""
            for piece in code.pieces {
                switch piece {
                case .text(let part): text += part
                case .value(.constant(let value)): text += SwiftSpelling.literal(value)
                case .value(.local(let id)): text += isInline(id) ? render(locals[id].code) : name(id)
                }
            }
            return text
        }
        var result: [String] = []
        for statement in body.statements {
            switch statement {
            case .code(let code):
                result += render(code).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            case .define(let id):
                if isInline(id) { continue }
                let local = locals[id]
                if case .statements(let lines) = local.form {
                    for line in lines { result += render(line).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
                } else {
                    let code = render(local.code)
                    result.append("let \(name(id)): \(local.type) = \(code)")
                }
            case .part(let part):
                result.append(call(part, scopes[parts[part]].parameters.map { isInline($0) ? render(locals[$0].code) : name($0) }))
            }
        }
        return result
    }

    /// The parameters of part N: names and types.
    func parameters(ofPart part: Int) -> [(name: String, type: String)] {
        scopes[parts[part]].parameters.map { (name($0), locals[$0].type) }
    }

    func scope(ofPart part: Int) -> Int { parts[part] }
}
