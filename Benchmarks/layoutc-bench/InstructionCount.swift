import Foundation
import LayoutCompiler

/// `layoutc-bench count CASE RUNS`: one fixed piece of work done RUNS times, for callgrind
/// (Benchmarks/instruction_budget.py). The count of RUNS = 3 minus the count of RUNS = 1, halved,
/// is the work's own cost: start-up and the input's preparation cancel out. Everything runs on
/// the main thread (no thread hand-off, whose waits would make the count vary).
enum InstructionCount {
    /// The fixed inputs: a generated YAML layout of about 16 KB (266 nodes) and its text form,
    /// and the engine's mixed tree of 2,000 nodes (`engine-bounds`: the same tree with bounds and
    /// aspect ratios on 3 of 7 nodes, for the engine's §6 figure; not in the budget).
    static let yamlBytes = 16 << 10
    static let engineNodes = 2_000

    static let cases = ["yaml", "text", "validate", "engine", "engine-bounds", "engine-apps", "engine-apps-plain", "engine-scale"]

    /// Runs the case; false when the case is unknown or its input does not compile.
    static func run(_ name: String, runs: Int) -> Bool {
        let yaml = Array(InputGenerator.yaml(bytes: yamlBytes).text.utf8)
        switch name {
        case "yaml":
            var kept: [LayoutCompiler.CompiledFile] = []
            for _ in 0..<runs { kept.append(LayoutCompiler.compileOnCurrentThread(yaml: yaml)) }
            return kept.allSatisfy { !$0.hasErrors }
        case "text":
            guard let text = LayoutSource.convert(yaml, from: .yaml, to: .text).text else { return false }
            let bytes = Array(text.utf8)
            var kept: [LayoutCompiler.CompiledFile] = []
            for _ in 0..<runs { kept.append(LayoutCompiler.compileOnCurrentThread(text: bytes)) }
            return kept.allSatisfy { !$0.hasErrors }
        case "validate":
            let file = YAMLFrontEnd.parse(yaml).file
            var ok = true
            for _ in 0..<runs { ok = Validator.validate(file).diagnostics.isEmpty && ok }
            return ok
        case "engine", "engine-bounds", "engine-apps", "engine-apps-plain", "engine-scale":
            // engine-apps: docs/format.md §8.3–8.5 on every third node (engine-apps-plain: the
            // same tree without them); engine-scale: the mixed tree on a pixel grid of scale 3
            // (§8.2). None is in the budget.
            let tree = name.hasPrefix("engine-apps") ? InputGenerator.mixedAppsTree(nodes: engineNodes, plain: name == "engine-apps-plain")
                : InputGenerator.mixedTree(nodes: engineNodes, realScreen: name == "engine-bounds")
            let compiled = LayoutCompiler.compileOnCurrentThread(yaml: Array(tree.utf8))
            guard let plan = compiled.plans.first ?? nil else { return false }
            let environment = LayoutEngine.Environment(size: plan.defaultSize ?? .zero, scale: name == "engine-scale" ? 3 : nil)
            var ok = true
            for _ in 0..<runs {
                if case .failure = LayoutEngine.frames(for: plan, in: environment) { ok = false }
            }
            return ok
        case "engine-file":
            // A layout file of one's own (`LAYOUTC_BENCH_FILE`), at its own size, with the pixel
            // grid of `LAYOUTC_BENCH_SCALE` when set: the engine's side of a comparison with the
            // file's generated code (BENCHMARKS.md, "Generated code").
            let environment = ProcessInfo.processInfo.environment
            guard let path = environment["LAYOUTC_BENCH_FILE"], let data = FileManager.default.contents(atPath: path) else { return false }
            let compiled = LayoutCompiler.compileOnCurrentThread(yaml: Array(data))
            guard let plan = compiled.plans.first ?? nil else { return false }
            let scale = environment["LAYOUTC_BENCH_SCALE"].flatMap(Double.init)
            let engine = LayoutEngine.Environment(size: plan.defaultSize ?? .zero, scale: scale)
            var ok = true
            for _ in 0..<runs {
                if case .failure = LayoutEngine.frames(for: plan, in: engine) { ok = false }
            }
            return ok
        default:
            return false
        }
    }
}
