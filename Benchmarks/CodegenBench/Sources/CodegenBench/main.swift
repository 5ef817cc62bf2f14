import Foundation
import LayoutCompiler
import LayoutRuntime

// Generated code (the plugin's output for the .layout.yaml files next to this one) against the
// engine (`LayoutEngine.frames`) on the same layouts, sizes and dynamic sizes. Each figure is
// the best of several runs, the engine's and the generated code's alternated, so a busy machine
// skews it least. "Nodes" counts the frames a layout produces (named nodes, and every element of
// array and dynamic items).

let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
nonisolated(unsafe) var sink = 0.0

func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Seconds per call of each of two bodies, the best of `runs` batches of each: `iterations`
/// calls of the first, then `iterations × ratio` of the second, alternated, so both see the
/// machine as it is at that moment (on shared cores its speed moves by 2× from one second to
/// the next, which skewed a ratio of two figures measured one after the other).
func measure(iterations: Int, ratio: Int, runs: Int = 7, _ first: () -> Void, _ second: () -> Void) -> (Double, Double) {
    var best = (Double.infinity, Double.infinity)
    func batch(_ count: Int, _ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(count)
    }
    for _ in 0..<runs {
        best.0 = min(best.0, batch(iterations, first))
        best.1 = min(best.1, batch(iterations * ratio, second))
    }
    return best
}

func plan(_ file: String) -> LayoutPlan {
    guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) else {
        fatalError("cannot read \(file)")
    }
    // With the folder's imports (docs/format.md §7.5: Profile and ProfileAdaptive import Tokens).
    let imports = ConstantImports { path -> Result<[UInt8], ConstantImports.ReadFailure> in
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(ConstantImports.ReadFailure("cannot read \(path)")) }
        return .success(Array(data))
    }
    let context = LayoutCompiler.ImportContext(path: directory.appendingPathComponent(file).path, imports: imports)
    let compiled = LayoutCompiler.compile(Array(data), syntax: .yaml, context: context)
    guard let plan = compiled.plans.first ?? nil else { fatalError("\(file): \(compiled.diagnostics)") }
    return plan
}

struct Case {
    var name: String
    var file: String
    var size: CGSize
    var safeArea = LayoutInsets.zero
    var dynamic: [String: [CGSize]] = [:]
    var hidden: Set<String> = []
    var direction = LayoutDirection.leftToRight
    /// Wrap items' text models (docs/format.md §7.1).
    var texts: [String: LayoutTextModel] = [:]
    var iterations: Int
    var generated: () throws -> Double
}

let notch = LayoutInsets(top: 59, leading: 0, bottom: 34, trailing: 0)
let phone = CGSize(width: 390, height: 844)
let extra = [CGSize(width: 100, height: 30), CGSize(width: 120, height: 30)]

var cases: [Case] = []
cases.append(Case(name: "Player (every node kind)", file: "Player.layout.yaml", size: phone, safeArea: notch, dynamic: ["extra": extra], iterations: 20_000) { () throws -> Double in
    let value: CGFloat = try (PlayerLayout(size: phone, safeArea: notch, extra: extra).close.minX)
    return Double(value)
})
cases.append(Case(name: "Toolbar", file: "Toolbar.layout.yaml", size: phone, safeArea: notch, iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ToolbarLayout(size: phone, safeArea: notch).footer.minY)
    return Double(value)
})
cases.append(Case(name: "Softimage", file: "Softimage.layout.yaml", size: CGSize(width: 1024, height: 768), iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (SoftimageLayout(size: CGSize(width: 1024, height: 768)).screen.width)
    return Double(value)
})
cases.append(Case(name: "DepthOfField", file: "DepthOfField.layout.yaml", size: phone, iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (DepthOfFieldLayout(size: phone).mainGroup.width)
    return Double(value)
})
cases.append(Case(name: "LoadingOverlay", file: "LoadingOverlay.layout.yaml", size: phone, safeArea: notch, iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (LoadingOverlayLayout(size: phone, safeArea: notch).loading.width)
    return Double(value)
})
cases.append(Case(name: "Tags (flow of 20)", file: "Tags.layout.yaml", size: phone, iterations: 20_000) { () throws -> Double in
    let value: CGFloat = try (TagsLayout(size: phone).screen.width)
    return Double(value)
})
cases.append(Case(name: "JustifiedTags (justified flow of 20)", file: "JustifiedTags.layout.yaml", size: phone, iterations: 20_000) { () throws -> Double in
    let value: CGFloat = try (JustifiedTagsLayout(size: phone).screen.width)
    return Double(value)
})
cases.append(Case(name: "tree of 10,000 nodes (groups and flows)", file: "Mixed.layout.yaml", size: CGSize(width: 1000, height: 1_000_000), iterations: 20) { () throws -> Double in
    let value: CGFloat = try (MixedLayout(size: CGSize(width: 1000, height: 1_000_000)).main.height)
    return Double(value)
})
cases.append(Case(name: "flow, 100,000 elements", file: "BigFlow.layout.yaml", size: CGSize(width: 390, height: 100_000_000), iterations: 10) { () throws -> Double in
    let value: CGFloat = try (BigFlowLayout(size: CGSize(width: 390, height: 100_000_000)).tag[99_999].minY)
    return Double(value)
})
cases.append(Case(name: "justified flow, 100,000 elements", file: "BigJustifiedFlow.layout.yaml", size: CGSize(width: 390, height: 100_000_000), iterations: 10) { () throws -> Double in
    let value: CGFloat = try (BigJustifiedFlowLayout(size: CGSize(width: 390, height: 100_000_000)).tag[99_999].minY)
    return Double(value)
})

// docs/format.md §6: content sizes, an optional node shown and hidden, right to left.
let name = CGSize(width: 140, height: 24), bio = CGSize(width: 358, height: 96)
cases.append(Case(name: "Profile (§6: content sizes, aspect, maxWidth)", file: "Profile.layout.yaml", size: phone, safeArea: notch,
                  dynamic: ["name": [name], "bio": [bio]], iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ProfileLayout(size: phone, safeArea: notch, name: name, bio: bio).bio.width)
    return Double(value)
})
cases.append(Case(name: "Profile, badge hidden, right to left", file: "Profile.layout.yaml", size: phone, safeArea: notch,
                  dynamic: ["name": [name], "bio": [bio]], hidden: ["verified"], direction: .rightToLeft, iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ProfileLayout(size: phone, safeArea: notch, name: name, bio: bio, showVerified: false, direction: .rightToLeft).bio.width)
    return Double(value)
})
// docs/format.md §7.4: width variants, against the same layout with only the variant present at
// that width typed in (no `when`): the generated code should cost the same per present node.
let tablet = CGSize(width: 1024, height: 1366), wideBio = CGSize(width: 808, height: 72)
cases.append(Case(name: "ProfileAdaptive at 390 pt (§7.4: two width variants)", file: "ProfileAdaptive.layout.yaml", size: phone, safeArea: notch,
                  dynamic: ["name": [name], "bio": [bio]], iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ProfileAdaptiveLayout(size: phone, safeArea: notch, name: name, bio: bio).bio.width)
    return Double(value)
})
cases.append(Case(name: "ProfilePhone (its 390 pt variant alone)", file: "ProfilePhone.layout.yaml", size: phone, safeArea: notch,
                  dynamic: ["name": [name], "bio": [bio]], iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ProfilePhoneLayout(size: phone, safeArea: notch, name: name, bio: bio).bio.width)
    return Double(value)
})
cases.append(Case(name: "ProfileAdaptive at 1024 pt (§7.4: two width variants)", file: "ProfileAdaptive.layout.yaml", size: tablet, safeArea: notch,
                  dynamic: ["name": [name], "bio": [wideBio]], iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ProfileAdaptiveLayout(size: tablet, safeArea: notch, name: name, bio: wideBio).bio.width)
    return Double(value)
})
cases.append(Case(name: "ProfileTablet (its 1024 pt variant alone)", file: "ProfileTablet.layout.yaml", size: tablet, safeArea: notch,
                  dynamic: ["name": [name], "bio": [wideBio]], iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ProfileTabletLayout(size: tablet, safeArea: notch, name: name, bio: wideBio).bio.width)
    return Double(value)
})
let duration = CGSize(width: 44, height: 18), title = CGSize(width: 300, height: 40), channel = CGSize(width: 120, height: 16)
cases.append(Case(name: "VideoCard (§6: 16:9 player, optional badge)", file: "VideoCard.layout.yaml", size: CGSize(width: 390, height: 340),
                  dynamic: ["duration": [duration], "title": [title], "channel": [channel]], iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (VideoCardLayout(size: CGSize(width: 390, height: 340), duration: duration, title: title, channel: channel).title.width)
    return Double(value)
})

// docs/format.md §7: a self-sizing cell (its name shrinking, its message wrapping) and a scroll
// view's content, their heights fitted to the width. The measure is the text model, as the engine's.
let chatName = CGSize(width: 300, height: 20), chatTime = CGSize(width: 44, height: 16)
let chatMessage = LayoutTextModel(width: 520, lineHeight: 20)
cases.append(Case(name: "ChatRow (§7: fit: height, shrink, wrap)", file: "ChatRow.layout.yaml", size: CGSize(width: 390, height: 0),
                  dynamic: ["name": [chatName], "time": [chatTime]], texts: ["message": chatMessage], iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ChatRowLayout(width: 390, name: chatName, time: chatTime, message: chatMessage.measure).size.height)
    return Double(value)
})
let pagePrice = CGSize(width: 80, height: 24)
let pageTitle = LayoutTextModel(width: 420, lineHeight: 28), pageDescription = LayoutTextModel(width: 2400, lineHeight: 20)
cases.append(Case(name: "ProductPage (§7: fit: height, two wrap items, 16:9)", file: "ProductPage.layout.yaml", size: CGSize(width: 390, height: 0),
                  dynamic: ["price": [pagePrice]], texts: ["title": pageTitle, "description": pageDescription], iterations: 50_000) { () throws -> Double in
    let value: CGFloat = try (ProductPageLayout(width: 390, price: pagePrice, title: pageTitle.measure, description: pageDescription.measure).size.height)
    return Double(value)
})

// §8.1: a layout whose numbers are parameters, given at run time (read from a variable, so the
// optimizer cannot fold them in), against the same layout with those numbers written in
// (BENCHMARKS.md, "Parameters in generated code").
nonisolated(unsafe) var rowParameters: [CGFloat] = [16, 48, 12, 4, 30, 20]
let rows = CGSize(width: 390, height: 2400)
cases.append(Case(name: "ParamRows (§8.1: 30 rows, numbers as parameters)", file: "ParamRows.layout.yaml", size: rows, iterations: 20_000) { () throws -> Double in
    let p = rowParameters
    let value: CGFloat = try (ParamRowsLayout(size: rows, inset: p[0], thumb: p[1], gap: p[2], rowGap: p[3], lead: p[4], badge: p[5]).badge29.minX)
    return Double(value)
})
cases.append(Case(name: "WrittenRows (§8.1: the same numbers written in)", file: "WrittenRows.layout.yaml", size: rows, iterations: 20_000) { () throws -> Double in
    let value: CGFloat = try (WrittenRowsLayout(size: rows).badge29.minX)
    return Double(value)
})

// `CodegenBench NAME`: only the cases whose name contains NAME (for a profiler).
if CommandLine.arguments.count == 2 { cases = cases.filter { $0.name.contains(CommandLine.arguments[1]) } }

emit("| layout | nodes | engine layouts/s | generated layouts/s | engine ns/node | generated ns/node | speed-up |")
emit("|---|---:|---:|---:|---:|---:|---:|")
for testCase in cases {
    let layoutPlan = plan(testCase.file)
    let environment = LayoutEngine.Environment(
        size: Size(width: Double(testCase.size.width), height: Double(testCase.size.height)),
        safeArea: EdgeInsets(top: testCase.safeArea.top, leading: testCase.safeArea.leading, bottom: testCase.safeArea.bottom, trailing: testCase.safeArea.trailing),
        dynamicSizes: testCase.dynamic.mapValues { $0.map { Size(width: Double($0.width), height: Double($0.height)) } },
        hidden: testCase.hidden, direction: testCase.direction, measures: FramesRequest.measures(testCase.texts))
    guard case .success(let frames) = LayoutEngine.frames(for: layoutPlan, in: environment) else { fatalError("\(testCase.name): the engine failed") }
    let nodes = frames.count
    let (engine, generated) = measure(iterations: testCase.iterations, ratio: 10) {
        if case .success(let frames) = LayoutEngine.frames(for: layoutPlan, in: environment) { sink += frames[0].rect.width }
    } _: {
        do { sink += try testCase.generated() } catch { fatalError("\(testCase.name): \(error)") }
    }
    func rate(_ seconds: Double) -> String { seconds < 1e-6 ? String(format: "%.2fM", 1 / seconds / 1e6) : seconds < 1e-3 ? String(format: "%.1fk", 1 / seconds / 1e3) : String(format: "%.1f", 1 / seconds) }
    emit("| \(testCase.name) | \(nodes) | \(rate(engine)) | \(rate(generated)) | \(String(format: "%.1f", engine / Double(nodes) * 1e9)) | \(String(format: "%.1f", generated / Double(nodes) * 1e9)) | \(String(format: "%.1f×", engine / generated)) |")
}
emit("\n(checksum \(sink))")
