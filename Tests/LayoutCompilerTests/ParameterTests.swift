import Foundation
@testable import LayoutCompiler
import Testing

/// docs/format.md §8.1: parameters in both syntaxes: frames with defaults and with values given,
/// the invariant that a value given gives the frames of the file with the number written in,
/// every static error (code, line, column), the re-checks with values given, `--param`'s usage
/// errors, and lossless conversion.
@Suite("parameters (docs/format.md §8.1)")
struct ParameterTests {
    typealias E = TextLayoutDiagnosticTests.E

    static let row = """
        layout: Row
        size: [320, 80]
        parameters:
          inset: 16
          thumb: 60
        root:
          hgroup: row
          padding: [8, $inset, 8, $inset]
          spacing: 8
          children:
            - item: title
            - item: image
              width: $thumb
        """

    static let rowText = """
        layout Row (size: 320x80) {
          param inset = 16
          param thumb = 60
          hgroup row (padding: [8, $inset, 8, $inset], spacing: 8) {
            item title
            item image .width($thumb)
          }
        }
        """

    /// The request's result for the first layout.
    static func run(_ source: String, syntax: SourceSyntax = .yaml, parameters: [String: Double] = [:],
                    repeated: [String] = []) -> FramesRequest.Result {
        var request = FramesRequest()
        request.parameters = parameters
        request.repeatedParameterNames = repeated
        return request.run(on: Array(source.utf8), syntax: syntax)
    }

    static func frames(_ source: String, syntax: SourceSyntax = .yaml, parameters: [String: Double] = [:],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [F] {
        let result = run(source, syntax: syntax, parameters: parameters)
        #expect(result.diagnostics.isEmpty && result.usageProblems.isEmpty,
                "unexpected: \(result.diagnostics.map { "\($0.code.rawValue)@\($0.location): \($0.message)" }) \(result.usageProblems)",
                sourceLocation: sourceLocation)
        return result.table?.layouts.first?.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) } ?? []
    }

    static func errors(_ result: FramesRequest.Result) -> [E] {
        result.diagnostics.map { E($0.code, $0.location.line, $0.location.column, $0.message) }
    }

    @Test("frames: the defaults, and values given, in both syntaxes")
    func frames() {
        let defaults = [F("row", 0, 0, 320, 80), F("title", 16, 8, 220, 64), F("image", 244, 8, 60, 64)]
        expectSame(Self.frames(Self.row), defaults)
        expectSame(Self.frames(Self.rowText, syntax: .text), defaults)
        let given = [F("row", 0, 0, 320, 80), F("title", 4, 8, 204, 64), F("image", 216, 8, 100, 64)]
        expectSame(Self.frames(Self.row, parameters: ["inset": 4, "thumb": 100]), given)
        expectSame(Self.frames(Self.rowText, syntax: .text, parameters: ["inset": 4, "thumb": 100]), given)
    }

    @Test("a value given lays out the file with the number written in, wherever a parameter may be")
    func valueGivenIsNumberWritten() {
        // Every numeric place a parameter may take: sizes, percent, weights, padding, spacing,
        // margins, bounds, aspect, anchors, spaces, shrink and flow element sizes.
        let template = """
            layout: L
            size: [400, 300]
            parameters:
              a: 10
              b: 20
              c: 30
            root:
              vgroup: main
              padding: [$a, 4, $a, 4]
              spacing: $a
              children:
                - hgroup: row
                  height: $c
                  spacing: $b
                  margin: $a
                  children:
                    - item: x
                      percent: $c
                    - item: y
                      flexible: $a
                      minWidth: $b
                    - item: z
                      width: $b
                      spaceBefore: $a
                - overlay: o
                  height: 100
                  children:
                    - item: badge
                      top: $a
                      trailing: $b
                      width: $c
                      height: $b
                - item: pic
                  aspect: $b
                  maxHeight: 40
                - flow: tags
                  spacing: [$a, 4]
                  items:
                    - item: tag
                      count: 3
                      size: [$c, $b]
            """
        func written(_ values: [String: Double]) -> String {
            var text = template
            for (name, value) in values.sorted(by: { $0.key > $1.key }) {
                text = text.replacingOccurrences(of: "$" + name, with: NumberFormat.string(value))
            }
            return text
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            let values = ["a": Double(Int.random(in: 0...12, using: &generator)), "b": Double.random(in: 1...25, using: &generator).rounded(toPlaces: 3),
                          "c": Double(Int.random(in: 1...40, using: &generator))]
            let withParameters = Self.run(template, parameters: values)
            let withNumbers = Self.run(written(values))
            #expect(Self.errors(withParameters).map(\.code) == Self.errors(withNumbers).map(\.code), "\(values)")
            #expect(withParameters.table?.layouts.first?.frames.map(\.rect) == withNumbers.table?.layouts.first?.frames.map(\.rect), "\(values)")
        }
    }

    @Test("static errors, each at its place, in the YAML form")
    func staticErrorsYAML() {
        let yaml = """
            layout: Bad
            size: [$w, 100]
            constants:
              gap: 4
            parameters:
              w: 100
              gap: 8
              size: 3
              lst: [1, 2]
              str: abc
              nul:
              badname-x: 3
              title: 5
            root:
              vgroup: v
              spacing: $gap
              children:
                - item: title
                  dynamic: true
                - flow: f
                  items:
                    - item: tag
                      count: $w
                      size: [10, 10]
                - item: x
                  height: 10
                  when: {minWidth: $w}
            """
        let runTime = "is a parameter, known only at run time, and this value must be known when the file is compiled ('count', 'when', and the layout's 'size' and 'safeArea'); write a number or a constant"
        #expect(TextLayoutDiagnosticTests.diagnostics(yaml, .yaml) == [
            E(.invalidValue, 2, 8, "'$w' " + runTime),
            E(.duplicateName, 7, 3, "parameter 'gap' has the name of the constant at 4:3; a name is not shadowed: rename one"),
            E(.invalidName, 8, 3, "a parameter cannot be named 'size': generated code already has an argument of that name; rename it (e.g. 'sizeValue')"),
            E(.invalidValue, 9, 3, "parameter 'lst' must have a finite number as its default (as in 'lst: 16'), found a list"),
            E(.invalidValue, 10, 3, "parameter 'str' must have a finite number as its default (as in 'str: 16'), found 'abc'"),
            E(.invalidValue, 11, 3, "parameter 'nul' must have a finite number as its default (as in 'nul: 16'), found an empty value"),
            E(.invalidName, 12, 3, "parameter name 'badname-x' must match [A-Za-z_][A-Za-z0-9_]*"),
            E(.duplicateName, 18, 7, "parameter 'title' has the name of a node that takes a run-time value (at 13:3): generated code takes both as arguments; rename one"),
            E(.invalidValue, 23, 18, "'$w' " + runTime),
            E(.invalidValue, 27, 24, "'$w' " + runTime),
        ])
    }

    @Test("static errors in the text form: misplaced parameters, a flag's name, a reference to a parameter in count")
    func staticErrorsText() {
        let text = """
            param compact = 1
            layout F (size: 100x100) {
              param compact = 2
              param pad = 4
              vgroup v (padding: $pad) {
                item a .height(10) .when(flag: compact)
                param z = 3
              }
            }
            """
        #expect(TextLayoutDiagnosticTests.diagnostics(text, .text) == [
            E(.misplacedKey, 1, 1, "a parameter belongs to a layout: write 'param NAME = NUMBER' inside the braces of the layout that uses it"),
            E(.duplicateName, 6, 30, "parameter 'compact' has the name of a flag (at 3:9): generated code takes both as arguments; rename one"),
            E(.misplacedKey, 7, 5, "a parameter belongs to its layout: write 'param NAME = NUMBER' right after the layout's '{', before its node"),
        ])
        let yaml = """
            parameters:
              a: 1
            ---
            layout: D
            size: [100, 100]
            root:
              item: a
              parameters: {b: 1}
            """
        #expect(TextLayoutDiagnosticTests.diagnostics(yaml, .yaml) == [
            E(.misplacedKey, 1, 1, "'parameters' belongs to a layout: a document of only 'constants' and 'import' holds file constants; move it into the layout that uses it"),
            E(.misplacedKey, 8, 3, "'parameters' belongs at the top of a layout, not inside a node"),
        ])
    }

    @Test("values given run every check that reads them again: the same code at the same place")
    func recheckedWithValues() {
        let negative = Self.run(Self.rowText, syntax: .text, parameters: ["thumb": -5])
        #expect(Self.errors(negative) == [E(.invalidValue, 6, 23, "'width' must be a number ≥ 0, fit or flexible, not the negative -5")])
        #expect(negative.table?.layouts.isEmpty == true)
        let yaml = """
            layout: P
            size: [200, 50]
            parameters:
              p: 40
            root:
              hgroup: row
              children:
                - item: a
                  percent: $p
                - item: b
                  percent: 50
            """
        #expect(Self.errors(Self.run(yaml)) == [])
        let overflow = Self.errors(Self.run(yaml, parameters: ["p": 60]))
        let written = TextLayoutDiagnosticTests.diagnostics(yaml.replacingOccurrences(of: "$p", with: "60"), .yaml)
        #expect(overflow.map(\.code) == [.percentOverflow])
        #expect(overflow == written)
    }

    @Test("--param's usage errors: a name that is no parameter, a name given twice")
    func usageErrors() {
        #expect(Self.run(Self.row, parameters: ["thum": 1]).usageProblems == [.unknownParameterName("thum", known: ["inset", "thumb"])])
        #expect(Self.run(Self.row, parameters: ["thumb": 1], repeated: ["thumb"]).usageProblems == [.repeatedParameterName("thumb")])
        // a static error comes first: no usage error then
        let broken = Self.row.replacingOccurrences(of: "thumb: 60", with: "thumb: [60]")
        #expect(Self.run(broken, parameters: ["nope": 1]).usageProblems == [])
    }

    @Test("convert and format keep parameters, with their comments")
    func conversion() {
        let yaml = """
            layout: Row
            parameters:
              # the row's leading and trailing inset
              inset: 16
              thumb: 60  # the thumbnail's side
            size: [320, 80]
            root:
              hgroup: row
              padding: [8, $inset, 8, $inset]
              children:
                - item: image
                  width: $thumb

            """
        let text = TextPrinter.print(LayoutSource.parse(Array(yaml.utf8), syntax: .yaml).file).text
        #expect(text.contains("  // the row's leading and trailing inset\n  param inset = 16\n  param thumb = 60  // the thumbnail's side\n"))
        let back = YAMLPrinter.print(LayoutSource.parse(Array(text.utf8), syntax: .text).file)
        #expect(back == yaml)
    }

    @Test("the plan lists the parameters with their defaults and the values resolved")
    func planParameters() throws {
        let compiled = LayoutCompiler.compile(Array(Self.row.utf8), syntax: .yaml, context: nil, parameters: ["thumb": 72])
        let plan = try #require(compiled.plans.first ?? nil)
        #expect(plan.parameters.map(\.name) == ["inset", "thumb"])
        #expect(plan.parameters.map(\.defaultValue) == [16, 60])
        #expect(plan.parameters.map(\.value) == [16, 72])
        #expect(plan.parameters.map { $0.location.line } == [4, 5])
    }

    @Test("the command line: --param, its malformed values before the file is read, and its usage errors (exit 64)")
    func commandLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-param-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.rowText.write(to: directory.appendingPathComponent("Row.layout"), atomically: true, encoding: .utf8)
        let given = try CommandLine_.run(["frames", "Row.layout", "--param", "inset=4", "--param", "thumb=100"], in: directory)
        #expect(given.status == 0)
        #expect(given.stdout == """
            Row (320×80)
            name   kind      x  y  width  height
            row    hgroup    0  0    320      80
            title  item      4  8    204      64
            image  item    216  8    100      64

            """)
        let negative = try CommandLine_.run(["frames", "Row.layout", "--param", "thumb=-5"], in: directory)
        #expect(negative.status == 1)
        #expect(negative.stderr == "Row.layout:6:23: error: 'width' must be a number ≥ 0, fit or flexible, not the negative -5 [invalidValue]\n")
        for malformed in ["thumb=", "thumb=nan", "thumb=inf", "thumb=0x10", "thumb=3px", "=3", "thumb", "thumb=1e999"] {
            let out = try CommandLine_.run(["frames", "Missing.layout", "--param", malformed], in: directory)
            #expect(out.status == 64, "\(malformed)")
            #expect(out.stderr.contains("expected NAME=NUMBER"), "\(malformed): \(out.stderr)")
        }
        let unknown = try CommandLine_.run(["frames", "Row.layout", "--param", "thum=1"], in: directory)
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "error: --param names 'thum', which is not a parameter of Row.layout (its parameters: inset, thumb)\n")
        let twice = try CommandLine_.run(["frames", "Row.layout", "--param", "thumb=1", "--param", "thumb=2"], in: directory)
        #expect(twice.status == 64)
        #expect(twice.stderr == "error: --param gives 'thumb' more than once; give one --param thumb=NUMBER\n")
    }

    @Test("lint: parameter sets at every device, a failing set reported with its values, an unused parameter warned about")
    func lint() {
        let yaml = """
            layout: Row
            size: [320, 80]
            parameters:
              inset: 16
              thumb: 60
              unused: 3
            root:
              hgroup: row
              padding: [8, $inset, 8, $inset]
              spacing: 8
              children:
                - item: title
                - item: image
                  width: $thumb
            """
        let only = DeviceMatrix.builtIn.filter { $0.id == "iphone-se-3" }
        var settings = LintSettings(devices: DeviceSelection(only: only, orientations: [.portrait]))
        #expect(lintResults(yaml, layers: [LintLayer(settings: settings)]).map { "\($0.rule)@\($0.location.line): \($0.message)" } == [
            "unusedParameter@6: parameter 'unused' is not used by its layout: use it as '$unused' or remove it (generated code takes it as an argument)",
        ])
        settings.parameterSets = [["thumb": 400, "other": 1], ["thumb": -4], ["inset": 16], ["other": 2]]
        #expect(lintResults(yaml, layers: [LintLayer(settings: settings)]).map { "\($0.rule)@\($0.location.line): \($0.message)" } == [
            "unusedParameter@6: parameter 'unused' is not used by its layout: use it as '$unused' or remove it (generated code takes it as an argument)",
            "outOfSpace@8: hgroup 'row' needs 440 pt but has 375 pt (parameters thumb=400) on iPhone SE (3rd generation) portrait (375×667) and 1 other device size",
            "invalidValue@14: 'width' must be a number ≥ 0, fit or flexible, not the negative -4 (parameters thumb=-4)",
        ])
        let parsed = LintConfiguration.parse("parameters: [{inset: 8}, {inset: 24, thumb: 80}]\n")
        #expect(parsed.diagnostics.isEmpty && parsed.configuration.settings.parameterSets == [["inset": 8], ["inset": 24, "thumb": 80]])
        let bad = LintConfiguration.parse("parameters: {inset: 8}\noverrides:\n  - parameters: [{inset: .nan, 2x: 1}, 3]\n")
        #expect(bad.diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column): \($0.message)" } == [
            "invalidValue@1:13: 'parameters' lists sets of parameter values lint checks besides the defaults, each a mapping of names to numbers, e.g. 'parameters: [{inset: 8}, {inset: 24, thumbnail: 80}]'",
            "invalidValue@3:26: parameter 'inset' in 'parameters' must be a finite number, e.g. 'inset: 16'",
            "invalidValue@3:32: a parameter in 'parameters' must be a name (letters, digits and _, not starting with a digit), e.g. 'inset'",
            "invalidValue@3:40: 'parameters' lists sets of parameter values lint checks besides the defaults, each a mapping of names to numbers, e.g. 'parameters: [{inset: 8}, {inset: 24, thumbnail: 80}]'",
        ])
    }


    @Test("bad definitions: a list, NaN, infinity, a reference, a string, a name that is no name, in both syntaxes")
    func badDefinitions() {
        #expect(TextLayoutDiagnosticTests.diagnostics("layout: A\nsize: [100, 100]\nparameters: [1, 2]\nroot:\n  item: a\n", .yaml) == [
            E(.invalidValue, 3, 1, "'parameters' must be a mapping of names to numbers (parameters: {inset: 16}), found a list"),
        ])
        #expect(TextLayoutDiagnosticTests.diagnostics("layout: A\nsize: [100, 100]\nparameters: {n: .nan, i: -.inf, r: $x}\nroot:\n  item: a\n", .yaml) == [
            E(.invalidValue, 3, 14, "parameter 'n' must have a finite number as its default (as in 'n: 16'), found the number nan"),
            E(.invalidValue, 3, 23, "parameter 'i' must have a finite number as its default (as in 'i: 16'), found the number -inf"),
            E(.invalidValue, 3, 33, "parameter 'r' must have a finite number as its default (as in 'r: 16'), found '$x'"),
        ])
        let text = "layout A (size: 100x100) {\n  param n = .nan\n  param l = [1]\n  param 3 = 4\n  param w 5\n  item a\n}\n"
        #expect(TextLayoutDiagnosticTests.diagnostics(text, .text) == [
            E(.invalidValue, 2, 9, "parameter 'n' must have a finite number as its default (as in 'n: 16'), found the number nan"),
            E(.invalidValue, 3, 9, "parameter 'l' must have a finite number as its default (as in 'l: 16'), found a list"),
            E(.syntax, 4, 9, "expected a parameter's name after 'param', such as 'param inset = 16', found '3'"),
            E(.syntax, 5, 11, "expected '=' after the parameter's name, as in 'param w = 16', found '5'"),
        ])
    }


    @Test("comments around parameters survive YAML -> text -> YAML, every one (the YAML fuzz target's input, reduced)")
    func commentsAroundParameters() {
        let yaml = "# top\nparameters:\n  # before a\n  a: 64  # after a\n  # before b\n  b: 12 o\n"
        let text = LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text
        #expect(text == "// top\n// before a\nparam a = 64  // after a\n// before b\nparam b = \"12 o\"\n")
        let back = LayoutSource.convert(Array((text ?? "").utf8), from: .text, to: .yaml).text
        // The comment before the first parameter goes before `parameters:`, the others stay where they were.
        #expect(back == "# top\n# before a\nparameters:\n  a: 64  # after a\n  # before b\n  b: \"12 o\"\n")
        #expect(LayoutSource.convert(Array((text ?? "").utf8), from: .text, to: .text).text == text)
    }
}

private extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (self * factor).rounded() / factor
    }
}
