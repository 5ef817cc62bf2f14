import Foundation
import LayoutCompiler

/// The text front end beside the YAML one, on the same layouts: each generated YAML input is
/// converted to the text form with the canonical printer, and both are compiled.
/// `layoutc-bench text` runs only this section.
enum TextBenchmark {
    static func run() {
        emit("\n## Text front end: parse + build AST + validate (text form)\n")
        emit("| YAML input | text input | nodes | YAML layoutc MB/s | text layoutc MB/s | text parse only MB/s | text nodes/s | text formatter MB/s |")
        emit("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for target in [1 << 10, 10 << 10, 100 << 10, 1 << 20, 10 << 20, 50 << 20] {
            let (yamlText, nodes) = InputGenerator.yaml(bytes: target)
            let yaml = Array(yamlText.utf8)
            guard let text = LayoutSource.convert(yaml, from: .yaml, to: .text).text else {
                fatalError("the generated input does not convert to the text form")
            }
            let bytes = Array(text.utf8)
            let n = runs(for: yaml.count)
            var results: [LayoutCompiler.CompiledFile] = []
            let yamlTime = seconds(repeating: n) { results.append(LayoutCompiler.compileOnCurrentThread(yaml: yaml)) }
            results.removeAll()
            let textTime = seconds(repeating: n) { results.append(LayoutCompiler.compileOnCurrentThread(text: bytes)) }
            guard let compiled = results.last, !compiled.hasErrors, compiled.plans.first != nil else {
                fatalError("the text input has errors: \(results.last?.diagnostics.prefix(3) ?? [])")
            }
            results.removeAll()
            var parsed: [LayoutFile] = []
            let parseTime = seconds(repeating: n) { parsed.append(TextFrontEnd.parse(bytes).file) }
            let file = parsed[0]
            parsed.removeAll()
            var printed = 0
            let printTime = seconds(repeating: n) { printed = TextPrinter.print(file).text.utf8.count }
            precondition(printed == bytes.count)
            emit("| \(size(yaml.count)) | \(size(bytes.count)) | \(nodes) | \(mb(yaml.count, yamlTime)) | \(mb(bytes.count, textTime)) | \(mb(bytes.count, parseTime)) | \(String(format: "%.2fM", Double(nodes) / textTime / 1e6)) | \(mb(bytes.count, printTime)) |")
        }
    }
}
