import CLibYAML
import Foundation
import LayoutCompiler
import LayoutRuntime

// Throughput figures for BENCHMARKS.md. Run in release: swift run -c release layoutc-bench
// Each figure is the best of several runs, so a busy machine skews it least.

/// Unbuffered, so each row shows as soon as it is measured.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func seconds(repeating runs: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

/// The best and the median time of `body` over at least `runs` runs and at least `seconds` of
/// them (at most 5,000 runs). On a shared virtual machine the best of 20 one-millisecond runs
/// moved by 2× from one invocation to the next; the best of some hundreds is steady to a few
/// percent, and the median says how far a typical run is from it.
func timings(repeating runs: Int, for seconds: Double, _ body: () -> Void) -> (best: Double, median: Double) {
    var times: [Double] = []
    var total = 0.0
    while times.count < runs || (total < seconds && times.count < 5_000) {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let time = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        times.append(time)
        total += time
    }
    times.sort()
    return (times[0], times[times.count / 2])
}

func runs(for bytes: Int) -> Int { bytes < 1 << 20 ? 20 : bytes < 16 << 20 ? 3 : 2 }

/// libyaml's own event parser walking the file, doing nothing with the events: the ceiling.
func libyamlEventWalk(_ bytes: [UInt8]) -> Int {
    var events = 0
    bytes.withUnsafeBufferPointer { buffer in
        var parser = yaml_parser_t()
        yaml_parser_initialize(&parser)
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            events += 1
            if done { break }
        }
    }
    return events
}

func mb(_ bytes: Int, _ seconds: Double) -> String { String(format: "%.1f", Double(bytes) / 1e6 / seconds) }
func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) B"
}

// `layoutc-bench profile FILE`: only the front end, repeatedly, for a profiler to look at.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "profile",
   let data = FileManager.default.contents(atPath: CommandLine.arguments[2]) {
    let bytes = Array(data)
    for _ in 0..<5 { _ = LayoutCompiler.compileOnCurrentThread(yaml: bytes) }
    exit(0)
}

// `layoutc-bench profile-text FILE`: the same for a text-form file (parse, AST, validation, plan).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "profile-text",
   let data = FileManager.default.contents(atPath: CommandLine.arguments[2]) {
    let bytes = Array(data)
    for _ in 0..<5 { _ = LayoutCompiler.compileOnCurrentThread(text: bytes) }
    exit(0)
}

// `layoutc-bench versus FILE ROUNDS`: libyaml's walk and the YAML compile of one file in turn, in
// one process, each round's three times (walk, compile, freeing the result) one after the
// other: on a machine whose speed moves from second to second, separate processes compared
// badly (BENCHMARKS.md, "The YAML front end").
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "versus", let rounds = Int(CommandLine.arguments[3]),
   let data = FileManager.default.contents(atPath: CommandLine.arguments[2]) {
    let bytes = Array(data)
    emit("| round | libyaml walk | compile | freeing its result | walk ÷ compile | walk ÷ (compile + freeing) |")
    emit("|---:|---:|---:|---:|---:|---:|")
    for round in 1...max(rounds, 1) {
        let walk = seconds(repeating: 1) { _ = libyamlEventWalk(bytes) }
        var compiled: LayoutCompiler.CompiledFile? = nil
        let compile = seconds(repeating: 1) { compiled = LayoutCompiler.compileOnCurrentThread(yaml: bytes) }
        let freeing = seconds(repeating: 1) { compiled = nil }
        withExtendedLifetime(compiled) {}
        emit(String(format: "| %d | %.3f s | %.3f s | %.3f s | %.2f | %.2f |", round, walk, compile, freeing,
                    walk / compile, walk / (compile + freeing)))
    }
    exit(0)
}

// `layoutc-bench events FILE`: libyaml's event parser alone over the file, 5 times, for the
// per-byte figure the front end is compared with.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "events",
   let data = FileManager.default.contents(atPath: CommandLine.arguments[2]) {
    let bytes = Array(data)
    for _ in 0..<5 { _ = libyamlEventWalk(bytes) }
    exit(0)
}

// `layoutc-bench count CASE RUNS`: fixed work for callgrind (Benchmarks/instruction_budget.py).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "count", let runs = Int(CommandLine.arguments[3]) {
    guard InstructionCount.run(CommandLine.arguments[2], runs: runs) else {
        FileHandle.standardError.write(Data("layoutc-bench count: unknown case or failed input (cases: \(InstructionCount.cases.joined(separator: ", ")))\n".utf8))
        exit(1)
    }
    exit(0)
}

// `layoutc-bench generate BYTES`: print the generated front-end input of that size.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "generate", let bytes = Int(CommandLine.arguments[2]) {
    print(InputGenerator.yaml(bytes: bytes).text, terminator: "")
    exit(0)
}

// `layoutc-bench chain`: only the 1,000-deep chain, for a profiler.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "chain" {
    engineCase("chain of groups, 1,000 deep", InputGenerator.chain(depth: 1_000), count: 1_001, runs: 200)
    exit(0)
}

// `layoutc-bench mixed`: only the 10,000-node mixed tree, for a profiler.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "mixed" {
    engineCase("mixed tree of groups and flows", InputGenerator.mixedTree(nodes: 10_000), count: 10_000, runs: 1_000)
    exit(0)
}

// `layoutc-bench engine`: only the engine's section.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "engine" {
    runEngineSection()
    exit(0)
}

// `layoutc-bench rows`: only the §7 rows (for a profiler).
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "rows" {
    runTextCases()
    exit(0)
}

// `layoutc-bench lint`: only the lint section.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "lint" {
    LintBenchmark.run()
    exit(0)
}

// `layoutc-bench text`: only the text front end's section.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "text" {
    TextBenchmark.run()
    exit(0)
}

emit("## Front end: parse + build AST + validate (YAML form)\n")
emit("| input | nodes | libyaml events MB/s | layoutc MB/s | ratio | layoutc nodes/s | frames ms |")
emit("|---:|---:|---:|---:|---:|---:|---:|")
for target in [1 << 10, 10 << 10, 100 << 10, 1 << 20, 10 << 20, 50 << 20] {
    let (text, nodes) = InputGenerator.yaml(bytes: target)
    let bytes = Array(text.utf8)
    let n = runs(for: bytes.count)
    let baseline = seconds(repeating: n) { _ = libyamlEventWalk(bytes) }
    var compiled: LayoutCompiler.CompiledFile?
    // Results are kept until after the timing, so freeing one run's tree is not billed to the next.
    var results: [LayoutCompiler.CompiledFile] = []
    let ours = seconds(repeating: n) { results.append(LayoutCompiler.compileOnCurrentThread(yaml: bytes)) }
    compiled = results.last
    results.removeAll()
    guard let plan = compiled?.plans.first ?? nil, compiled?.hasErrors == false else {
        fatalError("generated input has errors: \(compiled?.diagnostics.prefix(3) ?? [])")
    }
    var frameCount = 0
    let frames = seconds(repeating: n) {
        if case .success(let f) = LayoutEngine.frames(for: plan, in: .init(size: plan.defaultSize ?? .zero)) { frameCount = f.count }
    }
    precondition(frameCount > 0)
    emit("| \(size(bytes.count)) | \(nodes) | \(mb(bytes.count, baseline)) | \(mb(bytes.count, ours)) | \(String(format: "%.2f", baseline / ours)) | \(String(format: "%.2fM", Double(nodes) / ours / 1e6)) | \(String(format: "%.2f", frames * 1000)) |")
}

func engineCase(_ name: String, _ yaml: String, count: Int, runs: Int = 20, seconds: Double = 0.5,
                measures: [String: LayoutEngine.Measure] = [:]) {
    let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
    guard let plan = compiled.plans.first ?? nil else { fatalError("\(name): \(compiled.diagnostics.prefix(3))") }
    var failure: LayoutError?
    // The chain recurses once per level: run it on a thread with a large stack, as the CLI does.
    let environment = LayoutEngine.Environment(size: plan.defaultSize ?? .zero, measures: measures)
    let time = timings(repeating: runs, for: seconds) {
        if case .failure(let error) = LayoutCompiler.frames(for: plan, in: environment) { failure = error }
    }
    if let failure { fatalError("\(name): \(failure)") }
    func perNode(_ seconds: Double) -> String { String(format: "%.3f µs", seconds / Double(count) * 1e6) }
    emit("| \(name) | \(count) | \(String(format: "%.3f ms", time.best * 1000)) | \(perNode(time.best)) | \(perNode(time.median)) |")
}

func runEngineSection() {
    emit("\n## Engine\n")
    emit("| case | nodes or elements | best time | per node, best | per node, median |")
    emit("|---|---:|---:|---:|---:|")
    engineCase("mixed tree of groups and flows", InputGenerator.mixedTree(nodes: 10_000), count: 10_000)
    engineCase("the same with bounds and aspect ratios on 3 of 7 nodes", InputGenerator.mixedTree(nodes: 10_000, realScreen: true), count: 10_000)
    runTextCases()
    engineCase("flow, 100,000 elements", InputGenerator.flow(elements: 100_000, justify: false), count: 100_000)
    engineCase("justified flow, 100,000 elements", InputGenerator.flow(elements: 100_000, justify: true), count: 100_000)
    engineCase("chain of groups, 1,000 deep", InputGenerator.chain(depth: 1_000), count: 1_001)
    engineCase("chain of groups, 2,000 deep", InputGenerator.chain(depth: 2_000), count: 2_001)
}

/// docs/format.md §7 against the same rows without its keys, and the measure calls per wrap item.
func runTextCases() {
    let plain = InputGenerator.textTree(nodes: 10_000, text: false)
    let text = InputGenerator.textTree(nodes: 10_000, text: true)
    // Labels 500 pt on one line, 16 high; the column's text 200 pt, 10 high (the text model).
    var measures: [String: LayoutEngine.Measure] = [:]
    let label = LayoutTextModel(width: 500, lineHeight: 16), small = LayoutTextModel(width: 200, lineHeight: 10)
    for name in text.wrapNames {
        let model = name.hasPrefix("a") ? label : small
        measures[name] = { @Sendable width in model.size(at: width) }
    }
    // The mixed tree of the engine section with §7 keys on 3 of 7 nodes (more than every third).
    let mixedText = InputGenerator.mixedTextTree(nodes: 10_000)
    var mixedMeasures: [String: LayoutEngine.Measure] = [:]
    let shortLabel = LayoutTextModel(width: 40, lineHeight: 16), paragraph = LayoutTextModel(width: 600, lineHeight: 10)
    for row in 0..<(10_000 + 6) / 7 {
        mixedMeasures["a\(row)"] = { @Sendable width in shortLabel.size(at: width) }
        mixedMeasures["b\(row)"] = { @Sendable width in paragraph.size(at: width) }
    }
    if let only = ProcessInfo.processInfo.environment["LAYOUTC_BENCH_ONLY"], only.hasPrefix("mixed") {
        // One case alone, for callgrind: the mixed tree without (mixed) or with (mixed-text) §7 keys.
        if only == "mixed-text" {
            engineCase("only \(only)", mixedText, count: 10_000, runs: 5, seconds: 0, measures: mixedMeasures)
        } else {
            engineCase("only \(only)", InputGenerator.mixedTree(nodes: 10_000), count: 10_000, runs: 5, seconds: 0)
        }
        return
    }
    if let only = ProcessInfo.processInfo.environment["LAYOUTC_BENCH_ONLY"] {
        // One case alone, for callgrind.
        let tree = InputGenerator.textTree(nodes: 10_000, wrap: only == "wrap" || only == "both", shrink: only == "shrink" || only == "both")
        engineCase("only \(only)", tree.yaml, count: 10_000, runs: 5, seconds: 0, measures: only == "shrink" ? [:] : measures)
        return
    }
    engineCase("mixed tree with wrap and shrink on 3 of 7 nodes (§7; vs. the first row)", mixedText, count: 10_000, measures: mixedMeasures)
    engineCase("rows of fixed sizes that fit", plain.yaml, count: 10_000)
    if ProcessInfo.processInfo.environment["LAYOUTC_BENCH_PARTS"] != nil {
        let wraps = InputGenerator.textTree(nodes: 10_000, wrap: true, shrink: false)
        engineCase("only wrap", wraps.yaml, count: 10_000, measures: measures)
        engineCase("only shrink", InputGenerator.textTree(nodes: 10_000, wrap: false, shrink: true).yaml, count: 10_000)
    }
    engineCase("the same rows, overflowing: wrap and shrink on 3 of 7 nodes (§7)", text.yaml, count: 10_000, measures: measures)
    // How often each wrap item's measure is called in one layout.
    let counter = MeasureCounter()
    var counted: [String: LayoutEngine.Measure] = [:]
    for (name, measure) in measures { counted[name] = { @Sendable width in counter.count(name); return measure(width) } }
    let plan = LayoutCompiler.compile(yaml: Array(text.yaml.utf8)).plans.first ?? nil
    if let plan, case .success = LayoutCompiler.frames(for: plan, in: .init(size: plan.defaultSize ?? .zero, measures: counted)) {
        let labels = counter.calls.filter { $0.key.hasPrefix("a") }.map(\.value), columns = counter.calls.filter { $0.key.hasPrefix("b") }.map(\.value)
        emit("")
        emit("Measure calls per wrap item per layout: \(Set(labels).sorted().map(String.init).joined(separator: ", ")) for the row labels "
             + "(width measured: natural, then shrunk), \(Set(columns).sorted().map(String.init).joined(separator: ", ")) for the column texts "
             + "(offered the column's width, then measured at the width they take).")
    }
}

final class MeasureCounter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var calls: [String: Int] = [:]

    func count(_ name: String) {
        lock.lock()
        calls[name, default: 0] += 1
        lock.unlock()
    }
}
runEngineSection()

LintBenchmark.run()

TextBenchmark.run()
