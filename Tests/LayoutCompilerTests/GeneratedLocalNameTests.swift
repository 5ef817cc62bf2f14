import Foundation
import LayoutCompiler
import Testing

/// Generated code's locals never take the name of one of its initializer's parameters: a local
/// `measure2` (a hideable wrap item's measure, checked present) once shadowed the parameter
/// `measure2` of another wrap item, whose frames then came from the wrong measure (found by the
/// codegen differential test's random layout R177 once its layouts gained §8.4's keys).
@Suite("generated code: locals and parameters")
struct GeneratedLocalNameTests {
    @Test("hideable wrap and dynamic items beside others: no local is named like a parameter")
    func noShadowedParameter() throws {
        // A hideable wrap item and a hideable dynamic item measured first (their checked locals
        // get low numbers), then many items that are always shown (parameters up to measure30).
        var yaml = "layout: Many\nroot:\n  hgroup: root\n  children:\n"
        yaml += "    - item: w0\n      dynamic: wrap\n      optional: true\n      shrink: 1\n    - item: c0\n      dynamic: true\n      optional: true\n"
        yaml += "    - vgroup: more\n      children:\n"
        for index in 1...30 {
            yaml += "        - item: w\(index)\n          dynamic: wrap\n          height: 1\n        - item: c\(index)\n          dynamic: true\n"
        }
        let result = SwiftCodeGenerator.generate(source: Array(yaml.utf8), syntax: .yaml, options: .init(sourceName: "Many.layout.yaml"))
        let text = try #require(result.text, "\(result.diagnostics.map(\.message))")
        // The internal names of `init(size:…)`'s parameters: `n5 measure_2: …` → measure_2.
        let signature = try #require(text.split(separator: "\n").first { $0.contains("init(size: CGSize") })
        let parameters = signature.split(separator: ",").compactMap { part -> String? in
            let words = part.split(separator: ":")[0].split(separator: " ")
            return words.count >= 2 ? String(words[words.count - 1]) : nil
        }
        #expect(parameters.contains("measure_2") && parameters.contains("content_2"), "\(parameters)")
        for parameter in parameters {
            #expect(!text.contains("let \(parameter):") && !text.contains("var \(parameter):"), "a local shadows \(parameter)")
        }
    }
}
