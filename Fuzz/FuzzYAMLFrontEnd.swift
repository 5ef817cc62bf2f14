// libFuzzer target for the YAML front end and everything behind it (not part of the package
// build); see docs/fuzzing.md. Compiled together with all of LayoutCompiler's sources into one
// module (the system libyaml and LayoutRuntimeCore as libraries), so it reaches the internals directly.
//
// For every input: compile (libyaml's events, the YAML front end, the validator), and every
// diagnostic must have a line and column >= 1. When the file compiles without errors: the
// engine at the layout's size, at 1x1 and at a huge size (frames finite, errors located), and the Swift generator. When the YAML
// front end reports nothing: YAML -> text -> parse again gives the same AST (structure, and
// every comment), and the text prints the same again.
//
// Everything runs on libFuzzer's own thread: no large-stack thread per input (which would cost
// more than the input). The nesting limit keeps the recursion in the 8 MB main stack; should a
// platform give less, LLVMFuzzerInitialize raises the limit and restarts the process once.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let wanted: rlim_t = 64 << 20
    var limit = rlimit()
    guard let arguments = argv.pointee, getrlimit(stackResource, &limit) == 0, limit.rlim_cur != unlimited, limit.rlim_cur < wanted,
          getenv("LAYOUTC_FUZZ_RESTARTED") == nil else { return 0 }
    limit.rlim_cur = limit.rlim_max == unlimited ? wanted : min(wanted, limit.rlim_max)
    guard setrlimit(stackResource, &limit) == 0 else { return 0 }
    // The main thread's stack is sized when the process starts: start again with the new limit.
    setenv("LAYOUTC_FUZZ_RESTARTED", "1", 1)
    execv("/proc/self/exe", arguments)
    return 0
}

#if os(Linux)
/// RLIM_INFINITY, which Swift cannot import on Linux (a negative literal in an unsigned type).
private let unlimited = rlim_t.max
private let stackResource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
#else
private let unlimited = RLIM_INFINITY
private let stackResource = RLIMIT_STACK
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLFrontEnd(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: .yaml)
    checkLocated(compiled.diagnostics, "compile")
    if !compiled.hasErrors {
        let plans = compiled.plans.compactMap { $0 }
        for plan in plans {
            let sizes = [plan.defaultSize ?? Size(width: 390, height: 844), Size(width: 1, height: 1), Size(width: 1e6, height: 1e6)]
            for size in sizes {
                let environment = LayoutEngine.Environment(size: size, safeArea: plan.defaultSafeArea ?? .zero)
                switch LayoutEngine.frames(for: plan, in: environment) {
                case .success(let frames):
                    for frame in frames {
                        let r = frame.rect
                        precondition(r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite, "a frame is not finite: \(frame)")
                    }
                case .failure(let error):
                    checkLocated([error.diagnostic], "engine")
                }
            }
        }
        switch SwiftCodeGenerator.generate(plans, options: .init(sourceName: "fuzz.layout.yaml")) {
        case .success(let text): precondition(!text.isEmpty, "empty generated code")
        case .failure(let failure): checkLocated(failure.diagnostics, "generator")
        }
    }
    roundTrip(bytes)
    return 0
}

/// YAML -> AST -> text -> AST: the same structure and comments; the text is canonical.
private func roundTrip(_ bytes: [UInt8]) {
    let (file, diagnostics) = LayoutSource.parseOnCurrentThread(bytes, syntax: .yaml)
    checkLocated(diagnostics, "YAML front end")
    guard diagnostics.isEmpty else { return }
    let (text, problems) = TextPrinter.print(file)
    // What the text form cannot write (e.g. a property the text grammar has no place for) is
    // reported, not lost.
    guard problems.isEmpty else {
        checkLocated(problems, "text printer")
        return
    }
    let again = TextFrontEnd.parse(Array(text.utf8))
    precondition(again.diagnostics.allSatisfy { $0.code == .missingKey }, "the printed text does not parse: \(again.diagnostics)\n\(text)")
    precondition(fingerprint(again.file) == fingerprint(file), "YAML -> text -> AST differs:\n\(fingerprint(file))\n---\n\(fingerprint(again.file))\n---\n\(text)")
    // Every comment survives; where it attaches may move (a comment on a document key written
    // after the root lands in the root's body in the text form), so order is not compared.
    precondition(comments(again.file).sorted() == comments(file).sorted(), "YAML -> text loses comments:\n\(text)")
    precondition(TextPrinter.print(again.file).text == text, "text printing is not idempotent:\n\(text)")
}

private func checkLocated(_ diagnostics: [Diagnostic], _ stage: String) {
    for diagnostic in diagnostics {
        precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1,
                     "\(stage): a diagnostic outside the file: \(diagnostic.location) \(diagnostic.message)")
    }
}

/// The AST without locations: kinds, names, properties (in key order), list keys and sizes.
private func fingerprint(_ file: LayoutFile) -> String {
    var out = ""
    for document in file.layouts {
        out += "layout \(String(describing: document.name)) size=\(document.size.map { spelled($0.value) } ?? "nil") safeArea=\(document.safeArea.map { spelled($0.value) } ?? "nil")\n"
        var stack: [(Node, Int)] = document.root.map { [($0, 1)] } ?? []
        while let (node, depth) = stack.popLast() {
            out += String(repeating: " ", count: depth) + node.kind.rawValue + " " + String(describing: node.name)
            let properties = node.properties.map { "\($0.key.rawValue)=\(spelled($0.value))" }.sorted()
            out += " " + properties.joined(separator: " ")
            if let list = node.list { out += " \(list.key.rawValue):\(list.nodes.count)" }
            out += "\n"
            for child in node.children.reversed() { stack.append((child, depth + 1)) }
        }
    }
    return out
}

/// A value without locations: a constant reference (`$NAME`, docs/format.md §7.5) carries where
/// its `$` is, which differs between the YAML and the text form.
private func spelled(_ value: Literal) -> String {
    switch value {
    case .reference(let reference): return "$" + reference.name
    case .list(let items): return "[" + items.map(spelled).joined(separator: ", ") + "]"
    default: return "\(value)"
    }
}

/// Every comment in document order, those on constants, parameters and imports (docs/format.md
/// §7.5, §8.1) too: a comment before `constants:` written after `root:` moves into the layout's
/// body in the text form, and one before the first parameter before `parameters:` in YAML.
private func comments(_ file: LayoutFile) -> [String] {
    var out: [String] = []
    func scopeComments(_ scope: ConstantScope) {
        for path in scope.imports { out += path.comments + path.trailing }
        for constant in scope.constants { out += constant.comments + constant.trailing }
        for parameter in scope.parameters { out += parameter.comments + parameter.trailing }
    }
    for document in file.constantDocuments {
        out += document.comments.leading
        scopeComments(document.scope)
        out += document.comments.trailing + document.comments.closing
    }
    for document in file.layouts {
        out += document.comments.leading + document.comments.trailing
        scopeComments(document.scope)
        var stack: [Node] = document.root.map { [$0] } ?? []
        while let node = stack.popLast() {
            out += node.comments.leading + node.comments.trailing + node.comments.closing
            stack.append(contentsOf: node.children.reversed())
        }
        out += document.comments.closing
    }
    return out + file.trailingComments
}
