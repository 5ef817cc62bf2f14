import Foundation
import LayoutCompiler
import Testing

/// Generated code must read each run-time argument as given: no local the generator numbers
/// (`content4`, `measure3`) may take the internal name of an initializer's argument, or an
/// item would be laid out with another item's content size or measure.
@Suite("generated locals and the initializer's arguments")
struct GeneratedArgumentShadowTests {
    /// A layout of `labels` optional dynamic items and `texts` optional wrap items.
    static func layout(labels: Int, texts: Int, fit: Bool) -> String {
        var lines = ["layout: Many", fit ? "size: [400, 0]\nfit: height" : "size: [400, 800]", "root:", "  vgroup: main", "  children:"]
        for index in 0..<labels { lines += ["    - item: label\(index)", "      dynamic: true", "      optional: true"] }
        for index in 0..<texts { lines += ["    - item: text\(index)", "      dynamic: wrap", "      optional: true"] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The names the layout's functions declare as locals (`let` / `var` statements inside a
    /// body), and the internal names of the parameters of the functions that lay it out (those
    /// that throw a `LayoutRuntimeError`).
    static func names(in code: String) -> (locals: Set<String>, arguments: Set<String>) {
        var locals: Set<String> = [], arguments: Set<String> = []
        for line in code.split(separator: "\n") {
            let statement = line.drop { $0 == " " }
            if line.count - statement.count >= 8, statement.hasPrefix("let ") || statement.hasPrefix("var ") {
                let name = String(statement.dropFirst(4).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                // An argument taken to the pixel grid keeps its name on purpose (`let content_0 =
                // LayoutPixelGrid.up(content_0, scale)`): the same value, rounded; so does the
                // scale the grid takes (`let scale = LayoutPixelGrid.usable(scale)`).
                if statement.hasPrefix("let \(name) = LayoutPixelGrid.up(\(name),") || statement.hasPrefix("let \(name) = \(name).map {")
                    || statement == "let scale = LayoutPixelGrid.usable(scale)" { continue }
                locals.insert(name)
            }
            // `label internal: Type = default` in the parameter list of a layout function.
            guard line.contains("throws(LayoutRuntimeError)"), line.contains("init(") || line.contains("func "),
                  let open = line.firstIndex(of: "("), let close = line.range(of: ") throws(")?.lowerBound, open < close else { continue }
            for parameter in line[line.index(after: open)..<close].split(separator: ",") {
                if let name = (parameter.split(separator: ":").first ?? "").split(separator: " ").last { arguments.insert(String(name)) }
            }
        }
        return (locals, arguments)
    }

    @Test("no local takes an argument's name", arguments: [(8, 6, false), (12, 0, false), (0, 12, true), (5, 5, true)])
    func noShadowing(labels: Int, texts: Int, fit: Bool) throws {
        let source = Self.layout(labels: labels, texts: texts, fit: fit)
        let result = SwiftCodeGenerator.generate(source: Array(source.utf8), syntax: .yaml, options: .init(sourceName: "Many.layout.yaml"))
        let code = try #require(result.text, "\(result.diagnostics)")
        let (locals, arguments) = Self.names(in: code)
        #expect(arguments.contains("content_0") || labels == 0)
        #expect(arguments.contains("measure_0") || texts == 0)
        #expect(locals.intersection(arguments).sorted() == [])
    }
}
