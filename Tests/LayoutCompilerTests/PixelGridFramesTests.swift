import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// docs/format.md "The pixel grid" and "Line limits" end to end: `layoutc frames --scale` and
/// `--wrap NAME=WxLxN` through the real command, the invariant that every frame edge is on the
/// grid, and that a grid never changes which error a layout has. Frames worked out by hand.
@Suite("the pixel grid and line limits")
struct PixelGridFramesTests {
    /// Writes `files` into a new directory and runs `layoutc ARGS` there.
    func run(_ files: [String: String], _ arguments: [String]) throws -> CommandLine_.Output {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return try CommandLine_.run(arguments, in: directory)
    }

    static let cell = """
        layout: Cell
        size: [100, 50]
        root:
          hgroup: row
          padding: 0.3
          spacing: 1.1
          children:
            - item: a
              width: 10.25
            - item: b
              dynamic: true
            - item: c
              dynamic: wrap

        """

    @Test("content sizes and measures go up to the grid, every edge to the nearest grid line; JSON says the scale")
    func cell() throws {
        // b: content 10.1 × 20.2 → up at 3: 31/3 × 61/3. c: the text 50 × 17.3 fits 50 wide:
        // (min(up(50), w), up(17.3)) = (50, 52/3). Edges: a x 0.3 → 0.9 px → 1/3; its right edge
        // 10.55 → 31.65 px → 32/3; b x 0.3 + 10.25 + 1.1 = 11.65 → 34.95 px → 35/3, right edge
        // 11.65 + 31/3 = 21.98.. → 65.95 px → 66/3; c x 21.98.. + 1.1 = 23.08.. → 69.25 px → 23.
        let out = try run(["Cell.layout.yaml": Self.cell],
                          ["frames", "Cell.layout.yaml", "--sizes", "b=10.1x20.2", "--wrap", "c=50x17.3", "--scale", "3", "--format", "json"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == """
            {"layouts": [
              {"layout": "Cell", "size": {"width": 100, "height": 50}, "scale": 3, "frames": [
                {"name": "row", "kind": "hgroup", "x": 0, "y": 0, "width": 100, "height": 50},
                {"name": "a", "kind": "item", "x": 0.3333333333333333, "y": 0.3333333333333333, "width": 10.333333333333332, "height": 49.33333333333333},
                {"name": "b", "kind": "item", "x": 11.666666666666666, "y": 0.3333333333333333, "width": 10.333333333333334, "height": 20.333333333333336},
                {"name": "c", "kind": "item", "x": 23, "y": 0.3333333333333333, "width": 50, "height": 17.333333333333336}
              ]}
            ]}

            """)
        // Without a scale: the frames of sections 1-7, and no "scale".
        let plain = try run(["Cell.layout.yaml": Self.cell], ["frames", "Cell.layout.yaml", "--sizes", "b=10.1x20.2", "--wrap", "c=50x17.3", "--format", "csv"])
        #expect(plain.stdout == """
            layout,name,kind,x,y,width,height
            Cell,row,hgroup,0,0,100,50
            Cell,a,item,0.3,0.3,10.25,49.400000000000006
            Cell,b,item,11.65,0.3,10.1,20.2
            Cell,c,item,22.85,0.3,50,17.3

            """)
    }

    @Test("fit: both: the width fitted and up first, the height measured at it and up; size is the fitted size")
    func fitBoth() throws {
        // label up at 2: 10.5 × 20.5; width 10.5 + 0.6 = 11.1 → 11.5; height 20.5 + 0.6 = 21.1 → 21.5.
        // label x 0.3 → 0.6 px → 0.5; right edge 0.3 + 10.5 = 10.8 → 21.6 px → 11: width 10.5.
        let yaml = "layout: Badge\nfit: both\nroot:\n  vgroup: box\n  padding: 0.3\n  children:\n    - item: label\n      dynamic: true\n"
        let out = try run(["Badge.layout.yaml": yaml], ["frames", "Badge.layout.yaml", "--sizes", "label=10.1x20.2", "--scale", "2", "--format", "json"])
        #expect(out.stdout == """
            {"layouts": [
              {"layout": "Badge", "size": {"width": 11.5, "height": 21.5}, "scale": 2, "frames": [
                {"name": "box", "kind": "vgroup", "x": 0, "y": 0, "width": 11.5, "height": 21.5},
                {"name": "label", "kind": "item", "x": 0.5, "y": 0.5, "width": 10.5, "height": 20.5}
              ]}
            ]}

            """)
    }

    @Test("right to left: mirrored first, then on the grid")
    func rightToLeft() throws {
        // Mirrored in 100.1: a at 89.8 (10.3 wide), b at 68.9 (20.2 wide). At 3: 100.1 → 300.3 px
        // → 100; 89.8 → 269.4 px → 269/3; 68.9 → 206.7 px → 69, its right edge 89.1 → 267.3 px → 89.
        let yaml = "layout: Row\nsize: [100.1, 20]\nroot:\n  hgroup: row\n  spacing: 0.7\n  children:\n    - item: a\n      width: 10.3\n    - item: b\n      width: 20.2\n"
        let out = try run(["Row.layout.yaml": yaml], ["frames", "Row.layout.yaml", "--direction", "rtl", "--scale", "3", "--format", "csv"])
        #expect(out.stdout == """
            layout,name,kind,x,y,width,height
            Row,row,hgroup,0,0,100,20
            Row,a,item,89.66666666666667,0,10.333333333333329,20
            Row,b,item,69,0,20,20

            """)
    }

    @Test("a line limit caps the text model: m(w) = (w, L × min(N, ceil(W ÷ w)))")
    func lineLimit() throws {
        let yaml = "layout: Text\nsize: [100, 200]\nroot:\n  vgroup: col\n  children:\n    - item: body\n      dynamic: wrap\n"
        let files = ["Text.layout.yaml": yaml]
        // 350 wide in 100: four lines, capped at two; one line fits whatever the cap.
        for (wrap, height) in [("body=350x20", "80"), ("body=350x20x2", "40"), ("body=350x20x9", "80"), ("body=90x20x1", "20")] {
            let out = try run(files, ["frames", "Text.layout.yaml", "--wrap", wrap, "--format", "csv"])
            let width = wrap == "body=90x20x1" ? "90" : "100"
            #expect(out.stdout == "layout,name,kind,x,y,width,height\nText,col,vgroup,0,0,100,200\nText,body,item,0,0,\(width),\(height)\n", "\(wrap)")
        }
        // With a scale the measure's result is on the grid too: 20.1 × 2 lines = 40.2 → 40.5 at 2.
        let scaled = try run(files, ["frames", "Text.layout.yaml", "--wrap", "body=350.1x20.1x2", "--scale", "2", "--format", "csv"])
        #expect(scaled.stdout == "layout,name,kind,x,y,width,height\nText,col,vgroup,0,0,100,200\nText,body,item,0,0,100,40.5\n")
    }

    @Test("the JSON with a scale validates against docs/frames.schema.json")
    func schema() throws {
        var request = FramesRequest(dynamicSizes: ["b": [S(10.1, 20.2)]])
        request.textModels = ["c": LayoutTextModel(width: 50, lineHeight: 17.3, maxLines: 2)]
        request.scale = 2.625
        let result = request.run(on: Array(Self.cell.utf8))
        let json = try #require(result.table).rendered(as: .json)
        #expect(json.contains("\"size\": {\"width\": 100, \"height\": 50}, \"scale\": 2.625, \"frames\": ["))
        let schema = try #require(FramesSchemaTests.schema)
        #expect(schemaErrors(try JSONSerialization.jsonObject(with: Data(json.utf8)), schema) == [])
    }

    static let scaleMessage = """
        Error: The value '%@' is invalid for '--scale <S>': expected a scale in pixels per point, a decimal number greater than 0 such as 2 or 3
        """

    @Test("a malformed or non-positive scale is a usage error before the file is read",
          arguments: ["0", "0.0", "inf", "nan", "-inf", "0x10", "3px", "1e999", "1.", "+", "e3", "2,5", " 3"])
    func malformedScale(value: String) throws {
        let out = try run([:], ["frames", "no-such-file.layout.yaml", "--scale=\(value)"])
        #expect(out.status == 64, "\(value): \(out.stderr)")
        #expect(out.stdout == "")
        #expect(out.stderr.hasPrefix(Self.scaleMessage.replacingOccurrences(of: "%@", with: value) + "\n"), "\(value): \(out.stderr)")
    }

    @Test("a negative scale is a usage error too, written after an = or as the next argument (not taken for an option)",
          arguments: [["frames", "--scale=-2"], ["frames", "--scale", "-2"], ["preview", "--scale", "-2"], ["frames", "--scale", "-0.5"]])
    func negativeScale(arguments: [String]) throws {
        let out = try run([:], [arguments[0], "no-such-file.layout.yaml"] + arguments.dropFirst())
        let value = arguments.last.map { $0.hasPrefix("--scale=") ? String($0.dropFirst(8)) : $0 } ?? ""
        #expect(out.status == 64)
        #expect(out.stderr.hasPrefix(Self.scaleMessage.replacingOccurrences(of: "%@", with: value) + "\n"), "\(arguments): \(out.stderr)")
    }

    @Test("well-formed scales are read as YAML 1.2 decimals", arguments: [("3", 3.0), (".5", 0.5), ("+2.625", 2.625), ("3e0", 3.0), ("1E-1", 0.1)])
    func wellFormedScale(value: String, scale: Double) throws {
        let out = try run(["Row.layout.yaml": "layout: Row\nsize: [10, 10]\nroot:\n  item: a\n"], ["frames", "Row.layout.yaml", "--scale", value, "--format", "json"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("\"scale\": \(NumberFormat.string(scale)), \"frames\""), "\(out.stdout)")
    }

    @Test("a malformed line limit is a usage error before the file is read", arguments: ["a=1x1x0", "a=1x1x1.5", "a=1x1x", "a=1x1x-1", "a=1x1x+2", "a=1x1x2x3", "a=1x1xe",
                     "a=1.x20", "a=.x20", "a=infx20", "a=10pxx20", "a=1e999x20", "a=nanx1"])
    func malformedLineLimit(value: String) throws {
        let out = try run([:], ["frames", "no-such-file.layout.yaml", "--wrap=\(value)"])
        #expect(out.status == 64, "\(value): \(out.stderr)")
        #expect(out.stderr.hasPrefix("Error: The value '\(value)' is invalid for '--wrap <NAME=WxL[xN]>': expected NAME=WxL or NAME=WxLxN, a wrap item's one-line width, line height and optional line limit N (a whole number from 1), such as bio=300x20 or bio=300x20x2\n"), "\(value): \(out.stderr)")
    }

    @Test("the device matrix gives each device its scale: 2 for the iPhone SE and 11, 3 for other iPhones, 2 for iPads")
    func deviceScales() throws {
        for device in DeviceMatrix.builtIn {
            let expected: Double = device.family == .iPad || ["iphone-se-3", "iphone-11"].contains(device.id) ? 2 : 3
            #expect(device.scale == expected, "\(device.id)")
        }
        #expect(DeviceMatrix.all.allSatisfy { $0.scale != nil })
        #expect(DeviceMatrix.sizes(of: [try #require(DeviceMatrix.device(named: "iPhone 16"))]).map(\.scale) == [3, 3])
    }

    @Test("lint's sample texts take a line limit as a third number; a bad one is a located error")
    func lintLineLimit() {
        let bubble = LintTextFitTests.bubble
        let devices = LintTextFitTests.twoDevices
        func lint(_ configuration: String) -> (config: [String], found: [String]) {
            let parsed = LintConfiguration.parse(configuration)
            let result = Linter.lint(Array(bubble.utf8), layers: parsed.configuration.layers(forRelativePath: "a.layout.yaml"))
            return (parsed.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" },
                    result.diagnostics.map { $0.formatted(path: "a.layout.yaml") })
        }
        // 2000 pt of text in 359 pt is 6 lines of 18; capped at 3: 20 + 4 + 54 + 16 = 94 fits in 100.
        #expect(lint(devices + "wrap:\n  message: [[2000, 18, 3]]\n") == ([], []))
        // capped at 4: 20 + 4 + 72 + 16 = 112
        let four = lint(devices + "wrap:\n  message: [[2000, 18, 4]]\n")
        #expect(four.config == [])
        #expect(four.found.count == 1 && four.found[0].contains("vgroup 'card' needs 112 pt but has 100 pt"), "\(four.found)")
        #expect(lint(devices + "wrap:\n  message: [[2000, 18, 0]]\n").config
                == ["4:24 the line limit of a sample text of 'message' must be a whole number from 1, as in [300, 20, 2]"])
        #expect(lint(devices + "wrap:\n  message: [[2000, 18, 1.5]]\n").config
                == ["4:24 the line limit of a sample text of 'message' must be a whole number from 1, as in [300, 20, 2]"])
    }

    @Test("preview draws on the grid of --scale, else on a device's own; a plain size has none")
    func previewScale() throws {
        let bytes = Array("layout: Row\nsize: [100.1, 20]\nroot:\n  hgroup: row\n  spacing: 0.7\n  children:\n    - item: a\n      width: 10.3\n    - item: b\n      width: 20.2\n".utf8)
        func drawn(_ size: DeviceSize, scale: Double?) throws -> [Rect] {
            var request = PreviewRequest(sizes: [size])
            request.scale = scale
            let svg = try #require(request.run(on: bytes).svg)
            return try #require(SVGRects.parse(svg)).rects.map(\.rect)
        }
        func computed(scale: Double?) throws -> [Rect] {
            var request = FramesRequest(size: S(100.1, 20))
            request.scale = scale
            return try #require(request.run(on: bytes).table?.layouts.first?.frames.map(\.rect))
        }
        let plain = DeviceSize(label: "", deviceID: nil, orientation: nil, size: S(100.1, 20), safeArea: .zero)
        let device = DeviceSize(label: "Phone", deviceID: "p", orientation: nil, size: S(100.1, 20), safeArea: .zero, scale: 3)
        // at 3: the row 100.1 -> 300.3 px -> 100; a's right edge 10.3 -> 30.9 px -> 31/3
        #expect(try computed(scale: 3)[0] == Rect(x: 0, y: 0, width: 100, height: 20))
        for (drawnRects, expected) in [(try drawn(plain, scale: nil), try computed(scale: nil)), (try drawn(plain, scale: 3), try computed(scale: 3)),
                                       (try drawn(device, scale: nil), try computed(scale: 3)), (try drawn(device, scale: 2), try computed(scale: 2))] {
            #expect(drawnRects.count == expected.count)
            #expect(zip(drawnRects, expected).allSatisfy(PreviewTests.sameToHundredths), "\(drawnRects) \(expected)")
        }
    }

    /// Random layouts of the codegen differential test, laid out by the engine at `scale`.
    static func randomRuns(scale: Double, count: Int, body: (LayoutPlan, GeneratedCodeDifferentialTests.Environment) -> Void) {
        var generator = GeneratedCodeDifferentialTests.Generator(rng: .init(state: 8_021))
        var rng = GeneratedCodeDifferentialTests.RNG(state: 99)
        var made = 0, attempts = 0
        while made < count, attempts < 3_000 {
            attempts += 1
            let compiled = LayoutCompiler.compile(yaml: Array(generator.layout(made).utf8))
            guard !compiled.hasErrors, let plan = compiled.plans.first ?? nil else { continue }
            made += 1
            for environment in GeneratedCodeDifferentialTests.environments(for: plan, rng: &rng) { body(plan, environment) }
        }
    }

    static func engine(_ plan: LayoutPlan, _ environment: GeneratedCodeDifferentialTests.Environment, scale: Double?) -> Result<LayoutEngine.Computed, LayoutError> {
        LayoutEngine.layout(plan, in: LayoutEngine.Environment(
            size: Size(width: environment.width, height: environment.height), safeArea: environment.safeArea,
            dynamicSizes: environment.dynamicSizes, hidden: environment.hidden, direction: environment.direction,
            measures: FramesRequest.measures(environment.textModels), scale: scale))
    }

    /// Whether `value × scale` is an integer, up to the rounding of the sums that made it.
    static func onGrid(_ value: Double, _ scale: Double) -> Bool {
        let pixels = value * scale
        return abs(pixels - pixels.rounded()) <= 1e-9 * max(1, abs(pixels))
    }

    @Test("with a scale every frame edge × S is an integer (random layouts)", arguments: [3.0, 2.625, 2, 0.5])
    func everyEdgeOnGrid(scale: Double) {
        var laidOut = 0
        Self.randomRuns(scale: scale, count: 60) { plan, environment in
            guard case .success(let computed) = Self.engine(plan, environment, scale: scale) else { return }
            laidOut += 1
            for frame in computed.frames {
                let r = frame.rect
                #expect(Self.onGrid(r.x, scale) && Self.onGrid(r.y, scale) && Self.onGrid(r.x + r.width, scale) && Self.onGrid(r.y + r.height, scale),
                        "\(plan.name) \(frame.name) \(r) at \(scale)")
            }
        }
        #expect(laidOut >= 60, "only \(laidOut) layouts laid out")
    }

    @Test("a scale never changes which error a layout has, where the inputs are on the grid already (random layouts)")
    func sameErrors() {
        // Scale 2 (exact in binary): content sizes and text models moved to multiples of 1/2
        // first, so step 1 changes nothing; unfitted layouts, so step 2 changes nothing; what is
        // left is step 3, which never makes or removes an error, and moves no edge more than ¼ pt.
        var compared = 0, failed = 0
        Self.randomRuns(scale: 2, count: 80) { plan, environment in
            guard plan.fit == nil else { return }
            var onGrid = environment
            onGrid.dynamicSizes = environment.dynamicSizes.mapValues { $0.map { Size(width: ($0.width * 2).rounded(.up) / 2, height: ($0.height * 2).rounded(.up) / 2) } }
            onGrid.textModels = environment.textModels.mapValues { LayoutTextModel(width: ($0.width * 2).rounded(.up) / 2, lineHeight: ($0.lineHeight * 2).rounded(.up) / 2, maxLines: $0.maxLines) }
            let plain = Self.engine(plan, onGrid, scale: nil), scaled = Self.engine(plan, onGrid, scale: 2)
            compared += 1
            switch (plain, scaled) {
            case (.failure(let a), .failure(let b)):
                failed += 1
                #expect(a.code == b.code && a.location == b.location && a.message == b.message, "\(plan.name): \(a.message) / \(b.message)")
            case (.success(let a), .success(let b)):
                #expect(a.frames.map(\.name) == b.frames.map(\.name))
                for (x, y) in zip(a.frames, b.frames) {
                    #expect(abs(x.rect.x - y.rect.x) <= 0.25 + 1e-9 && abs(x.rect.maxX - y.rect.maxX) <= 0.25 + 1e-9
                            && abs(x.rect.y - y.rect.y) <= 0.25 + 1e-9 && abs(x.rect.maxY - y.rect.maxY) <= 0.25 + 1e-9, "\(plan.name) \(x.name)")
                }
            default:
                Issue.record("\(plan.name): an error with one and not the other")
            }
        }
        #expect(compared >= 200 && failed >= 20, "compared \(compared), failed \(failed)")
    }
}
