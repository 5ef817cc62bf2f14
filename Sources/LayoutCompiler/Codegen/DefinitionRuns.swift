/// The long runs of definitions (`let v: T = …`) at the top level of one generated function,
/// cut into functions of their own that return the values read after them.
///
/// The type checker looks a name up through one scope per `let` before it in the function, so
/// a function of n definitions takes time growing with n²: 1,000 width variants of shared
/// names put some 3,200 definitions (presence flags, the counts and sums of the root's
/// children) before the first part, and type-checked in 9 s; 3,000 in 69 s (BENCHMARKS.md,
/// "Many width variants"). Cut into functions of `maximumRun` definitions, each run is one
/// `let (v1, v2, …) = try Self.layoutValuesN(…)` in its function, and the time is linear.
struct DefinitionRuns {
    /// Runs of more definitions than this are cut into functions of this many.
    static let maximumRun = 128

    /// One run moved into a function: the locals it defines, those it reads of its function
    /// (the function's parameters), and those read after it (what it returns).
    struct Run {
        var defined: [Int] = []
        var inputs: [Int] = []
        var outputs: [Int] = []
        var start: Int
        var end: Int
    }

    private var runsByEnd: [Int: Run] = [:]
    private var moved: [Bool] = []

    init() {}

    /// The runs of `statements`: `isPrinted` tells the definitions that may move (a `let` of an
    /// expression), `isWritten` those written at all (a local written inline is not).
    init(program: SymbolicProgram, statements: [SymbolicProgram.Statement], isPrinted: (Int) -> Bool,
         isWritten: (Int) -> Bool, isInline: (Int) -> Bool) {
        moved = Array(repeating: false, count: statements.count)
        // The runs: consecutive definitions that move or write nothing, cut every `maximumRun`.
        var runs: [Run] = []
        var position = 0
        while position < statements.count {
            var ids: [Int] = []
            var end = position
            while end < statements.count, case .define(let id) = statements[end], isPrinted(id) || !isWritten(id) {
                if isPrinted(id) { ids.append(id) }
                end += 1
            }
            guard ids.count > Self.maximumRun else {
                position = max(end, position + 1)
                continue
            }
            var run = Run(start: position, end: position)
            for index in position..<end {
                guard case .define(let id) = statements[index], isPrinted(id) else { continue }
                if run.defined.count == Self.maximumRun {
                    runs.append(run)
                    run = Run(start: index, end: index)
                }
                run.defined.append(id)
                run.end = index
            }
            runs.append(run)
            position = end
        }
        guard !runs.isEmpty else { return }
        // From the last statement to the first: what is read after each run is what it returns.
        var needed = Set<Int>()
        var unused: [Int] = []
        var next = runs.count - 1
        var index = statements.count - 1
        while index >= 0 {
            if next >= 0, runs[next].end == index {
                var run = runs[next]
                run.outputs = run.defined.filter(needed.contains)
                if !run.outputs.isEmpty {
                    let defined = Set(run.defined)
                    var read = Set<Int>()
                    var order: [Int] = []
                    for id in run.defined {
                        program.references(program.locals[id].code, isInline: isInline, into: &read, order: &order)
                    }
                    run.inputs = order.filter { !defined.contains($0) }
                    needed.formUnion(run.inputs)
                    runsByEnd[index] = run
                }
                for position in run.start...run.end { moved[position] = true }
                index = run.start - 1
                next -= 1
                continue
            }
            switch statements[index] {
            case .define(let id):
                if isWritten(id) {
                    program.references(ofStatements: [statements[index]], isInline: isInline, into: &needed, order: &unused)
                }
            case .code, .part, .block:
                program.references(ofStatements: [statements[index]], isInline: isInline, into: &needed, order: &unused)
            }
            unused.removeAll(keepingCapacity: true)
            index -= 1
        }
    }

    /// The run whose call is written at this statement (its last definition), if any.
    func run(endingAt position: Int) -> Run? { runsByEnd[position] }

    /// Whether the statement at this position moved into a values function.
    func isMoved(_ position: Int) -> Bool { position < moved.count && moved[position] }
}
