import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// docs/format.md §8.1 in generated code, differentially: random layouts (those of the
/// generated-code differential test) get parameters in place of many of their numbers (sizes,
/// percent and flexible shares, padding and spacing, list elements included, margins, bounds,
/// aspect ratios, anchors, spaces), their generated code is run with values other than the
/// defaults (some out of their key's range, some making a minimum exceed its maximum or the
/// percents exceed 100), and each run must give what the engine gives for the file with the
/// values written in: the frames bit for bit, or the same error (the static one, with its code,
/// line, column and message, where the file with the value written in does not validate).
@Suite("generated code with parameters vs. the numbers written in", .serialized, .slow)
struct GeneratedParameterDifferentialTests {
    typealias Base = GeneratedCodeDifferentialTests

    /// The keys whose number (or list elements) become parameters here.
    static let keys: Set<String> = ["width", "height", "percent", "flexible", "padding", "spacing", "margin", "minWidth", "maxWidth",
                                    "minHeight", "maxHeight", "aspect", "spaceBefore", "spaceAfter", "leading", "trailing",
                                    "centerX", "centerY", "top", "bottom", "shrink", "size"]

    /// The layout with numbers replaced by `$pN` (flow items' sizes included), `parameters:`
    /// last so that every line keeps its number; and the defaults, by name.
    static func parameterized(_ yaml: String, rng: inout Base.RNG) -> (yaml: String, defaults: [(String, Double)]) {
        var lines: [String] = []
        var defaults: [(String, Double)] = []
        func parameter(_ text: Substring) -> String {
            guard let value = Double(text), rng.chance(0.6) else { return String(text) }
            let name = "p\(defaults.count)"
            defaults.append((name, value))
            return "$" + name
        }
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            var body = line.dropFirst(indent)
            var prefix = String(line.prefix(indent))
            if body.hasPrefix("- ") {
                prefix += "- "
                body = body.dropFirst(2)
            }
            guard let colon = body.firstIndex(of: ":"), keys.contains(String(body[..<colon])) else {
                lines.append(String(line))
                continue
            }
            let key = body[..<colon]
            let value = body[body.index(after: colon)...].drop { $0 == " " }
            if value.hasPrefix("["), value.hasSuffix("]") {
                let elements = value.dropFirst().dropLast().split(separator: ",").map { parameter($0.drop { $0 == " " }) }
                lines.append(prefix + key + ": [" + elements.joined(separator: ", ") + "]")
            } else {
                lines.append(prefix + key + ": " + parameter(value))
            }
        }
        var text = lines.joined(separator: "\n")
        if !text.hasSuffix("\n") { text += "\n" }
        if !defaults.isEmpty {
            text += "parameters:\n" + defaults.map { "  \($0.0): \(Base.literal($0.1))\n" }.joined()
        }
        return (text, defaults)
    }

    /// The layout with the values written in, `parameters:` left out (every line where it was).
    static func writtenIn(_ yaml: String, _ values: [String: Double]) -> String {
        let body = yaml.components(separatedBy: "parameters:\n")[0]
        var text = ""
        var rest = Substring(body)
        while let dollar = rest.firstIndex(of: "$") {
            text += rest[..<dollar]
            let nameEnd = rest[rest.index(after: dollar)...].firstIndex { !$0.isLetter && !$0.isNumber } ?? rest.endIndex
            let name = String(rest[rest.index(after: dollar)..<nameEnd])
            text += values[name].map(Base.literal) ?? "$" + name
            rest = rest[nameEnd...]
        }
        return text + rest
    }

    /// One value for a parameter in a run: mostly its default or a multiple of it; now and then
    /// (`wild`) one out of its key's range or 0.
    static func value(_ value: Double, rng: inout Base.RNG, wild: Bool) -> Double {
        if wild { return [-1 - abs(value), 0, 2e9, value * 7 + 1][rng.int(0...3)] }
        if rng.chance(0.5) { return value }
        return value * [0.5, 1.5, 2, 0.75][rng.int(0...3)] + [0, 0.25, 1][rng.int(0...2)]
    }

    /// One layout with parameters, the environments its generated code runs in (values given).
    struct Source {
        var plan: LayoutPlan
        var name: String
        var yaml: String
        var defaults: [(String, Double)]
        var environments: [Base.Environment]
    }

    @Test("random layouts with parameters: generated code with values given equals the engine on the file with the values written in")
    func parameters() throws {
        var generator = Base.Generator(rng: Base.RNG(state: 8_1))
        var rng = Base.RNG(state: 8_2)
        var sources: [Source] = []
        var attempts = 0
        while sources.count < 120, attempts < 4_000 {
            attempts += 1
            let (yaml, defaults) = Self.parameterized(generator.layout(sources.count), rng: &rng)
            guard !defaults.isEmpty else { continue }
            let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
            guard !compiled.hasErrors, let plan = compiled.plans.first ?? nil else { continue }
            if plan.fit != nil, SwiftCodeGenerator.members(of: plan).contains(where: { $0.name == "size" }) { continue }
            var environments = Base.environments(for: plan, rng: &rng)
            for run in environments.indices where run > 0 {
                // Run 0 gives no values: the defaults.
                let wild = rng.chance(0.25) ? rng.int(0...(defaults.count - 1)) : -1
                for (position, (name, value)) in defaults.enumerated() {
                    environments[run].parameters[name] = Self.value(value, rng: &rng, wild: position == wild)
                }
            }
            sources.append(Source(plan: plan, name: "P\(sources.count).layout.yaml", yaml: yaml, defaults: defaults, environments: environments))
        }
        #expect(sources.count == 120, "only \(sources.count) valid layouts with parameters in \(attempts) attempts")
        let (runs, staticErrors, successes) = try Self.compare(sources)
        #expect(runs == 720)
        #expect(staticErrors > 20, "too few runs whose values fail a static check: \(staticErrors)")
        #expect(successes > 200, "too few successful runs: \(successes)")
    }

    /// Places where the walk decides structure from a number (a margin checked or not, a space
    /// added or not, a child in the shrink loop or not, bounds or none), each at the value that
    /// flips it (0) and beside it, with margins that make `slot − margin` round.
    static let edgeCases: [(yaml: String, values: [[String: Double]])] = [
        ("""
        layout: ShrinkMargin
        size: [118, 40]
        root:
          hgroup: row
          margin: $m
          children:
            - item: label
              dynamic: true
              shrink: $s
            - item: time
              width: 50.3
              shrink: $t
        parameters:
          m: 0.2
          s: 1
          t: 0
        """, [["s": 0], ["s": 0, "t": 1, "m": 0.3], ["s": 0, "t": 2, "m": 0.1], ["s": 2, "t": 1, "m": 0.7], ["t": 3, "m": 0],
              ["s": 0, "t": 0, "m": 0.1], ["m": 0]]),
        ("""
        layout: Spaces
        size: [300, 50]
        root:
          hgroup: row
          spacing: $gap
          margin: $m
          children:
            - item: a
              spaceBefore: $before
              width: 30.3
            - item: b
              spaceAfter: $after
              percent: $p
            - item: c
              minWidth: $lo
              maxWidth: $hi
            - item: d
              flexible: $w
        parameters:
          gap: 0
          m: 0
          before: 0
          after: 0.1
          p: 40
          lo: 10
          hi: 80
          w: 1
        """, [["before": 3.3, "after": 0], ["m": 0.2, "gap": 0.1], ["p": 0, "lo": 0], ["lo": 90], ["p": 100.5], ["w": 0], ["w": 0.5, "p": 99.9, "lo": 0, "hi": 0],
              ["gap": -1], ["before": .nan],
              // −0 where the checks leave numbers ≥ 0: made +0 only behind the test on the bit pattern
              ["gap": -0.0, "m": -0.0, "before": -0.0, "lo": -0.0, "w": 0.5]]),
        ("""
        layout: Anchors
        size: [200, 100]
        root:
          overlay: box
          children:
            - item: pinned
              leading: $x
              trailing: $y
              top: $y
              height: $h
            - item: centered
              centerX: $c
              centerY: $c
              width: 20
              aspect: $a
            - vgroup: bar
              bottom: 0
              leading: 0
              width: fit
              height: 20
              padding: [$y, $x, 0, $x]
              children:
                - item: dot
                  width: $h
                  height: 3
        parameters:
          x: 10
          y: 5
          h: 12
          c: -7.5
          a: 2
        """, [["c": 0], ["c": 3.25, "x": -4], ["x": 150, "y": 60], ["a": 0], ["a": 1e-12], ["h": 2e9], ["a": 0.3, "c": -0.0], ["h": -0.0, "y": -0.0, "a": 1e-9]]),
        ("""
        layout: Bounds
        size: [200, 40]
        root:
          hgroup: row
          margin: 0.3
          spacing: 0.7
          children:
            - item: label
              dynamic: true
              minWidth: $lo
            - item: share
              percent: 33.3
              minWidth: $lo
            - item: rest
              minHeight: $lh
              minWidth: $lf
            - item: other
              flexible: 1.7
        parameters:
          lo: 5
          lh: 3
          lf: 2
        """, [["lo": 0], ["lh": 0], ["lf": 0], ["lo": 0, "lh": 0, "lf": 0], ["lo": 1.1, "lf": 0.1]]),
        ("""
        layout: Chips
        size: [200, 120]
        root:
          flow: chips
          padding: $pad
          spacing: [$gap, 4]
          justify: true
          items:
            - item: wide
              width: $w
              aspect: $a
            - item: tall
              height: $h
              aspect: 1.5
              count: 3
            - item: fixed
              size: [30.3, $h]
              count: 2
            - item: maybe
              size: [$w, 10]
              optional: true
        parameters:
          pad: 2
          gap: 6
          w: 40
          a: 2
          h: 12.2
        """, [["w": 150], ["w": 250], ["a": 0.7, "h": 3.3], ["gap": 0, "pad": 0], ["h": 0], ["a": 0], ["w": 196, "pad": 2]]),
    ]

    /// A layout of over 400 nodes (frames in storage arrays, the body split into part functions
    /// that take the parameters' locals), its rows' numbers parameters.
    static var largeCase: (yaml: String, values: [[String: Double]]) {
        var lines = ["layout: Large", "size: [390, 9000]", "root:", "  vgroup: list", "  spacing: $rowGap", "  children:"]
        for row in 0..<90 {
            lines += ["    - hgroup: row\(row)", "      height: $rowHeight", "      padding: [4, $inset, 4, $inset]", "      spacing: $gap",
                      "      margin: $m", "      children:", "        - item: icon\(row)", "          width: $icon", "          height: $icon",
                      "        - item: title\(row)", "          percent: $share", "        - item: rest\(row)",
                      "        - item: badge\(row)", "          width: \(10 + row % 5)", "          spaceBefore: $space"]
        }
        lines += ["parameters:", "  rowGap: 2", "  rowHeight: 44", "  inset: 16", "  gap: 8", "  m: 0", "  icon: 32", "  share: 40", "  space: 0"]
        return (lines.joined(separator: "\n"), [["inset": 20.5, "m": 0.3, "space": 1.1], ["rowHeight": 30, "icon": 31], ["share": 60, "gap": 0.1], ["rowGap": -1]])
    }

    @Test("the values that flip a structure the walk decides from a number: generated code equals the engine on the numbers written in")
    func edges() throws {
        var sources: [Source] = []
        for (index, edge) in (Self.edgeCases + [Self.largeCase]).enumerated() {
            let yaml = edge.yaml + "\n"
            let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
            let plan = try #require(compiled.plans.first ?? nil, "\(compiled.diagnostics)")
            let defaults = plan.parameters.map { ($0.name, $0.defaultValue) }
            var environments: [Base.Environment] = []
            for values in [[:]] + edge.values {
                for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                    let size = plan.defaultSize ?? Size(width: 100, height: 100)
                    let contents = Dictionary(uniqueKeysWithValues: plan.contentItemNames.map { ($0, [Size(width: 70.1, height: 20)]) })
                    environments.append(Base.Environment(width: size.width, height: size.height, safeArea: .zero, dynamicSizes: contents,
                                                         direction: direction, parameters: values))
                }
            }
            sources.append(Source(plan: plan, name: "Edge\(index).layout.yaml", yaml: yaml, defaults: defaults, environments: environments))
        }
        let (_, staticErrors, successes) = try Self.compare(sources)
        #expect(staticErrors > 10 && successes > 20)
    }

    /// Generates, compiles and runs the sources' code in their environments against the engine
    /// on the file with the values written in (or `layoutc frames --param`'s static errors);
    /// returns the runs, those with static errors and the successful ones.
    static func compare(_ sources: [Source]) throws -> (runs: Int, staticErrors: Int, successes: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-parameters-\(ProcessInfo.processInfo.processIdentifier)-\(sources.count)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["LAYOUTC_KEEP_DIFFERENTIAL"] == nil { try? FileManager.default.removeItem(at: directory) } }

        /// Per run, the lines the driver may print: the engine's, or any of the static errors.
        var expected: [Set<String>] = []
        var driver = Base.driverPrelude
        var files: [String] = []
        var staticErrors = 0
        for (index, source) in sources.enumerated() {
            let result = SwiftCodeGenerator.generate([source.plan], options: .init(sourceName: source.name))
            guard case .success(let text) = result else {
                Issue.record("no code for \(source.name): \(result)\n\(source.yaml)")
                return (0, 0, 0)
            }
            let path = directory.appendingPathComponent("Layout\(index).swift").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try Data(source.yaml.utf8).write(to: directory.appendingPathComponent(source.name))
            files.append(path)
            for (run, environment) in source.environments.enumerated() {
                let values = Dictionary(uniqueKeysWithValues: source.defaults.map { ($0.0, environment.parameters[$0.0] ?? $0.1) })
                let written = Self.writtenIn(source.yaml, values)
                let compiled = LayoutCompiler.compile(yaml: Array(written.utf8))
                if let plan = compiled.plans.first ?? nil, !compiled.hasErrors {
                    expected.append([Base.engineLine(plan, layout: index, run: run, environment)])
                } else {
                    // `layoutc frames --param`: the re-checks, at the parameter's reference
                    // where the check is the key's (the file with the number written in has it
                    // at the key).
                    staticErrors += 1
                    var request = FramesRequest()
                    request.parameters = values
                    let result = request.run(on: Array(source.yaml.utf8))
                    expected.append(Set(result.diagnostics.filter { $0.severity == .error }.map {
                        "\(index) \(run) err \($0.code.rawValue) \($0.location.line) \($0.location.column) \($0.message)"
                    }))
                }
            }
            driver += Base.driverFunction(source.plan, layout: index, source.environments)
        }
        driver += "\n@main struct Driver { static func main() {\n" + (0..<sources.count).map { "    run\($0)()\n" }.joined() + "} }\n"
        let driverPath = directory.appendingPathComponent("Driver.swift").path
        try Data(driver.utf8).write(to: URL(fileURLWithPath: driverPath))

        let module = directory.path
        let runtime = try Base.buildRuntime(in: module)
        try #require(runtime.status == 0, "LayoutRuntime did not compile:\n\(runtime.output.prefix(3000))")
        let binary = directory.appendingPathComponent("driver").path
        let optimize = ProcessInfo.processInfo.environment["LAYOUTC_DIFFERENTIAL_OPTIMIZE"] != nil ? "-O" : "-Onone"
        let build = try Base.run("/usr/bin/env", ["swiftc", optimize, "-wmo", "-parse-as-library", "-module-name", "Parameters", "-I", module, "-L", module,
                                                  "-lLayoutRuntime", "-o", binary] + files + [driverPath])
        try #require(build.status == 0, "generated code did not compile:\n\(build.output.prefix(5000))")
        let warnings = build.output.split(separator: "\n").filter { $0.hasPrefix("/") && $0.contains("warning:") && !$0.contains("Driver.swift") }
        #expect(warnings.isEmpty, "generated code compiles with warnings:\n\(warnings.prefix(20).joined(separator: "\n"))")
        let output = try Base.run(binary, [])
        try #require(output.status == 0, "the driver failed:\n\(output.output.suffix(2000))")
        let actual = output.output.split(separator: "\n").map(String.init)

        #expect(actual.count == expected.count)
        var mismatches = 0
        for (a, e) in zip(actual, expected) where !e.contains(a) {
            mismatches += 1
            if mismatches <= 12 {
                let layout = Int(a.split(separator: " ")[0]) ?? 0
                Issue.record("generated: \(a.prefix(600))\nexpected:  \(e.sorted().joined(separator: "\n           ").prefix(1200))\nlayout:\n\(sources[layout].yaml)")
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(expected.count) runs differ")
        let successes = expected.filter { $0.count == 1 && $0.first?.contains(" ok") == true }.count
        return (expected.count, staticErrors, successes)
    }
}
