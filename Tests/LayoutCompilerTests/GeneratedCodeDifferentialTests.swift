import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// Differential test of generated code against the engine: every layout of layouts/ and 200
/// random layouts (fit sizes, percent, margins, flows with array and dynamic items, overlays
/// with anchors and the safe area, Swift keywords as names, and docs/format.md §6: content
/// sizes, optional nodes, bounds, aspect ratios; §7.4 width variants; §8.5 overlays that measure; §8.7 flags) are generated into Swift, compiled once with
/// `swiftc` against LayoutRuntime, and run at several container sizes, safe areas, dynamic
/// sizes, hidden nodes and directions, including sizes too small. Frames must be identical bit
/// for bit (up to the
/// sign of a zero) and errors identical in code, message, line and column.
@Suite("generated code vs. engine", .serialized, .slow)
struct GeneratedCodeDifferentialTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct RNG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) / 10_000 < p }
        /// A multiple of 0.25 in [lo, hi], now and then a value with a long fraction.
        mutating func value(_ lo: Double, _ hi: Double) -> Double {
            chance(0.1) ? lo + Double(int(0...1000)) / 1000 * (hi - lo) / 3 : lo + Double(int(0...Int((hi - lo) * 4))) / 4
        }
    }

    /// Random YAML layouts that exercise every feature the generator specialises.
    struct Generator {
        var rng: RNG
        var counter = 0
        var keywords: [String] = []
        /// Whether nodes get docs/format.md §6 keys (off for the large layouts, which keep only
        /// children that leave the whole valid: §6 keys would make that rare).
        var realScreen = true
        /// `fit: width` or `both`: no `when` (docs/format.md §7.4).
        var fitsWidth = false
        /// Named nodes with `when` so far: a later node may take the name for another range.
        var variants: [(name: String, lower: Double, upper: Double, input: String)] = []
        /// docs/format.md §8.7's flags, drawn from a stream of their own so that the layouts
        /// drawn from `rng` stay those they were before flags (a flag only narrows where a node
        /// is present: a valid layout stays valid).
        var flagRNG = RNG(state: 87)

        /// Now and then flags for a node's `when` (`when` its width range, if any): `flag`,
        /// `unless`, or both, of up to three flags.
        mutating func flagged(_ when: String?) -> String? {
            guard realScreen, flagRNG.chance(0.2) else { return when }
            let names = ["f1", "f2", "f3"]
            var parts: [String] = []
            switch flagRNG.int(0...4) {
            case 0: parts = ["flag: \(names[flagRNG.int(0...2)])"]
            case 1: parts = ["unless: \(names[flagRNG.int(0...2)])"]
            case 2: parts = ["flag: [f1, \(names[flagRNG.int(1...2)])]"]
            case 3: parts = ["flag: \(names[flagRNG.int(0...1)])", "unless: f3"]
            default: parts = ["unless: [f2, f3]"]
            }
            guard let when, when.hasSuffix("}") else { return "when: {" + parts.joined(separator: ", ") + "}" }
            return String(when.dropLast()) + ", " + parts.joined(separator: ", ") + "}"
        }

        mutating func name() -> String {
            if !keywords.isEmpty, rng.chance(0.08) { return keywords.removeLast() }
            counter += 1
            return "n\(counter)"
        }

        mutating func layout(_ index: Int) -> String {
            counter = 0
            keywords = ["class", "default", "self", "Type", "max", "min", "size", "safeArea", "bounds", "init"].shuffledDeterministically(&rng)
            var lines = ["layout: R\(index)", "root:"]
            let kind = rng.chance(0.5) ? "vgroup" : rng.chance(0.7) ? "hgroup" : rng.chance(0.5) ? "overlay" : "flow"
            // docs/format.md §7.3: a fitted container (layouts whose root cannot measure it are
            // dropped by the validator).
            variants = []
            fitsWidth = false
            if realScreen, rng.chance(0.5) {
                let fit = ["height", "height", "width", "both"][rng.int(0...3)]
                fitsWidth = fit != "height"
                lines.insert("fit: \(fit)", at: 1)
            }
            node(kind, depth: 0, indent: 2, context: "root", into: &lines)
            return lines.joined(separator: "\n") + "\n"
        }

        func n(_ v: Double) -> String { num(v) }

        /// A `when` for a node, and its name: now and then an earlier variant's name over the
        /// range next to that variant's (disjoint, so the name may be shared).
        mutating func variant(named name: String?, input: String) -> (String?, String) {
            let breakpoints: [Double] = [0, 100, 300, 390, 391, 700, 1024, .infinity]
            let candidates = variants.indices.filter { variants[$0].input == input }
            if name != nil, !candidates.isEmpty, rng.chance(0.75) {
                let other = variants.remove(at: candidates[rng.int(0...(candidates.count - 1))])
                let (lower, upper) = other.upper < .infinity ? (other.upper, Double.infinity) : (0, other.lower)
                return (other.name, Self.when(lower, upper))
            }
            let a = rng.int(0...5), b = rng.int((a + 1)...7)
            let (lower, upper) = (breakpoints[a], breakpoints[b])
            if let name { variants.append((name, lower, upper, input)) }
            return (name, Self.when(lower, upper))
        }

        static func when(_ lower: Double, _ upper: Double) -> String {
            var bounds: [String] = []
            if lower > 0 { bounds.append("minWidth: \(num(lower))") }
            if upper < .infinity { bounds.append("maxWidth: \(num(upper))") }
            if bounds.isEmpty { bounds.append("minWidth: 0") }
            return "when: {\(bounds.joined(separator: ", "))}"
        }

        /// `context`: root, hgroup, vgroup or overlay (the parent).
        mutating func node(_ kind: String, depth: Int, indent: Int, context: String, into lines: inout [String]) {
            let pad = String(repeating: " ", count: indent)
            var props: [String] = []
            let named = kind != "spacer" && (kind == "item" || rng.chance(0.85))
            var nodeName = named ? name() : nil
            // §7.4: width variants, at breakpoints that the environments' widths meet exactly
            // (390, 1024), some sharing a name with an earlier node over another range
            // docs/format.md §7.1: text that wraps, measured at the width it is offered.
            let wraps = kind == "item" && context != "root" && context != "flow" && realScreen && rng.chance(0.25)
            // §6.1: a content size (decided here: variants sharing a name take the same input)
            let contentSized = context != "root" && realScreen && !wraps && kind == "item" && rng.chance(0.2)
            var when: String?
            if context != "root", realScreen, !fitsWidth, rng.chance(0.25) {
                (nodeName, when) = variant(named: nodeName, input: wraps ? "wrap" : contentSized ? "content" : "none")
            }
            props.append("\(kind):\(nodeName.map { " " + $0 } ?? "")")
            if context != "root", let when = flagged(when) { props.append(when) }
            let containerKind = kind == "hgroup" || kind == "vgroup" || kind == "flow"
            if context == "root", rng.chance(0.3) { props.append("safeArea: true") }
            if context == "hgroup" || context == "vgroup" {
                let mainKey = context == "hgroup" ? "width" : "height", crossKey = context == "hgroup" ? "height" : "width"
                let canFitMain = containerKind && !(kind == "flow" && mainKey == "width")
                let canFitCross = containerKind && !(kind == "flow" && crossKey == "width")
                var shrinkable = wraps
                switch rng.int(0...9) {
                case 0, 1:
                    props.append("\(mainKey): \(n(rng.value(0, 90)))")
                    shrinkable = true
                case 2:
                    props.append("percent: \(n(Double(rng.int(0...45))))")
                    shrinkable = false
                case 3:
                    props.append("flexible: \(n(rng.value(0.25, 3)))")
                    shrinkable = false
                case 4, 5:
                    if canFitMain {
                        props.append("\(mainKey): fit")
                        shrinkable = true
                    }
                default: break
                }
                // §7.2: fixed and fit children that give way.
                if realScreen, shrinkable, rng.chance(0.6) { props.append("shrink: \(n([0, 0.5, 1, 2, 3][rng.int(0...4)]))") }
                // §8.3–8.4: one child's own cross alignment, and its own space on the main axis.
                if realScreen, rng.chance(0.2) { props.append("alignSelf: \(["leading", "center", "trailing"][rng.int(0...2)])") }
                if realScreen, rng.chance(0.2) { props.append("spaceBefore: \(n(rng.value(0, 12)))") }
                if realScreen, rng.chance(0.2) { props.append("spaceAfter: \(n(rng.value(0, 12)))") }
                switch rng.int(0...9) {
                case 0, 1: props.append("\(crossKey): \(n(rng.value(0, 70)))")
                case 2, 3: if canFitCross { props.append("\(crossKey): fit") }
                default: break
                }
            }
            if context == "overlay" {
                let fittable = kind == "hgroup" || kind == "vgroup"
                for (keys, canFit) in [(["leading", "trailing", "centerX", "width"], fittable), (["top", "bottom", "centerY", "height"], fittable || kind == "flow")] {
                    let size = canFit && rng.chance(0.3) ? "fit" : n(rng.value(0, 90))
                    switch rng.int(0...4) {
                    case 0: break
                    case 1: props += ["\(keys[0]): \(n(rng.value(-10, 30)))", "\(keys[3]): \(size)"]
                    case 2: props += ["\(keys[1]): \(n(rng.value(-10, 30)))", "\(keys[3]): \(size)"]
                    case 3: props += ["\(keys[2]): \(n(rng.value(-20, 20)))", "\(keys[3]): \(size)"]
                    default: props += ["\(keys[0]): \(n(rng.value(0, 50)))", "\(keys[1]): \(n(rng.value(0, 50)))"]
                    }
                }
                if rng.chance(0.3) { props.append("safeArea: true") }
            }
            // docs/format.md §6: content-sized items, bounds and aspect ratios (invalid
            // combinations are dropped with the layout, by the validator).
            // §6.2: named nodes and flow items that may be hidden (the large layouts too, so
            // that the storage form's optional frames are exercised).
            if context != "root", named, rng.chance(0.2) { props.append("optional: true") }
            if wraps { props.append("dynamic: wrap") }
            if context != "root", realScreen, !wraps {
                if contentSized { props.append("dynamic: true") }
                for key in ["minWidth", "maxWidth", "minHeight", "maxHeight"] where rng.chance(0.08) {
                    props.append("\(key): \(n(key.hasPrefix("min") ? rng.value(0, 40) : rng.value(20, 200)))")
                }
                if rng.chance(0.08) { props.append("aspect: \(n([0.5, 1, 1.5, 16.0 / 9][rng.int(0...3)]))") }
            }
            if containerKind, rng.chance(0.4) {
                props.append(rng.chance(0.5) ? "padding: \(n(rng.value(0, 10)))"
                    : "padding: [\(n(rng.value(0, 10))), \(n(rng.value(0, 10))), \(n(rng.value(0, 10))), \(n(rng.value(0, 10)))]")
            }
            if kind == "hgroup" || kind == "vgroup" {
                if rng.chance(0.5) { props.append("spacing: \(n(rng.value(0, 8)))") }
                if rng.chance(0.3) { props.append("margin: \(n(rng.value(0, 8)))") }
                props.append("align: \(["leading", "center", "trailing"][rng.int(0...2)])")
            }
            if kind == "flow" {
                if rng.chance(0.5) { props.append("spacing: [\(n(rng.value(0, 12))), \(n(rng.value(0, 12)))]") }
                if rng.chance(0.5) { props.append("justify: true") }
            }
            for (index, prop) in props.enumerated() {
                lines.append(index == 0 && context != "root" ? String(repeating: " ", count: indent - 2) + "- " + prop : pad + prop)
            }
            switch kind {
            case "hgroup", "vgroup", "overlay":
                let count = depth >= 3 ? 0 : rng.int(0...4)
                if count == 0 { lines.append(pad + "children: []") } else {
                    lines.append(pad + "children:")
                    for _ in 0..<count {
                        let r = rng.int(0...99)
                        var child = r < 18 ? "hgroup" : r < 36 ? "vgroup" : r < 50 ? "flow" : r < 58 ? "overlay" : r < 66 ? "spacer" : "item"
                        if depth >= 2, child != "flow", rng.chance(0.5) { child = "item" }
                        if kind == "overlay", child == "spacer" { child = "item" }
                        node(child, depth: depth + 1, indent: indent + 4, context: kind, into: &lines)
                    }
                }
            case "flow":
                lines.append(pad + "items:")
                // Now and then a long flow: many runs of static and dynamic items, some anonymous,
                // which the generator reads element by element or gathers into one array.
                let long = rng.chance(0.1)
                for _ in 0..<(long ? rng.int(9...24) : rng.int(1...4)) {
                    let dynamic = rng.chance(long ? 0.45 : 0.2)
                    let itemNamed = dynamic || !rng.chance(0.15)
                    var itemName = itemNamed ? name() : nil
                    var when: String?
                    if realScreen, !fitsWidth, rng.chance(0.2) { (itemName, when) = variant(named: itemName, input: dynamic ? "elements" : "none") }
                    lines.append(pad + "  - item:" + (itemName.map { " " + $0 } ?? ""))
                    if let when = flagged(when) { lines.append(pad + "    " + when) }
                    if itemNamed, rng.chance(0.2) { lines.append(pad + "    optional: true") }
                    if dynamic {
                        lines.append(pad + "    dynamic: true")
                    } else {
                        lines.append(pad + "    size: [\(n(rng.value(1, 70))), \(n(rng.value(1, 30)))]")
                        if rng.chance(0.35) { lines.append(pad + "    count: \(rng.int(1...6))") }
                    }
                }
            default: break
            }
        }
    }

    struct Environment {
        var width: Double, height: Double
        var safeArea: EdgeInsets
        var dynamicSizes: [String: [Size]]
        var direction: LayoutDirection = .leftToRight
        var hidden: Set<String> = []
        /// Wrap items' text models (docs/format.md §7.1).
        var textModels: [String: LayoutTextModel] = [:]
        /// The flags on (docs/format.md §8.7).
        var flags: Set<String> = []
        /// The pixel grid (docs/format.md, "The pixel grid"); nil: none.
        var scale: Double?
        /// Values of the layout's parameters given to generated code (docs/format.md §8.1), by
        /// name; a parameter without one takes its default.
        var parameters: [String: Double] = [:]
    }

    /// Container sizes from roomy to far too small, safe areas from none to larger than the container.
    static func environments(for plan: LayoutPlan, rng: inout RNG) -> [Environment] {
        let sizes: [(Double, Double)] = [(390, 844), (1024, 768), (320, 480), (150, 220), (61.25, 37.5), (0, 0)]
        let safeAreas = [EdgeInsets.zero, EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0),
                         EdgeInsets(top: 20, leading: 44, bottom: 21, trailing: 44), EdgeInsets(top: 300, leading: 0, bottom: 300, trailing: 0)]
        // The pixel grid in four runs of six, by run (drawing them from `rng` would change every
        // random layout after this one); line limits (§8.6) likewise by run.
        let scales: [Double?] = [nil, 3, 2.625, nil, 0.5, 2]
        let lineLimits: [Int?] = [nil, 2, nil, 1, 3, nil]
        return sizes.enumerated().map { index, size in
            var dynamic: [String: [Size]] = [:]
            for name in plan.dynamicItemNames {
                dynamic[name] = (0..<rng.int(0...6)).map { _ in Size(width: rng.value(1, 120), height: rng.value(1, 40)) }
            }
            for name in plan.contentItemNames {
                dynamic[name] = [Size(width: rng.value(0, 150), height: rng.value(0, 60))]
            }
            var models: [String: LayoutTextModel] = [:]
            for name in plan.wrapItemNames {
                models[name] = LayoutTextModel(width: rng.chance(0.1) ? 0 : rng.value(0, 400), lineHeight: rng.value(0, 30))
            }
            let hidden = Set(plan.optionalNames.filter { _ in rng.chance(0.5) })
            // A hidden item's content size or measure is optional in generated code (nil there,
            // none for the engine): left out half the time.
            for (name, around) in hidingNodes(plan) where around.contains(where: hidden.contains) && rng.chance(0.5) {
                dynamic[name] = nil
                models[name] = nil
            }
            return Environment(width: size.0, height: size.1, safeArea: safeAreas[(index + rng.int(0...3)) % safeAreas.count], dynamicSizes: dynamic,
                               direction: rng.chance(0.5) ? .rightToLeft : .leftToRight,
                               hidden: hidden, textModels: models.mapValues { model in
                                   var limited = model
                                   limited.maxLines = lineLimits[index]
                                   return limited
                               }, scale: scales[index])
        }
    }

    /// The optional nodes around each item that can be hidden (itself included).
    static func hidingNodes(_ plan: LayoutPlan) -> [String: [String]] {
        var out: [String: [String]] = [:]
        func walk(_ node: PlanNode, _ around: [String]) {
            let around = node.attributes.isOptional ? around + [node.name ?? ""] : around
            if node.kind == .item, let name = node.name, !around.isEmpty { out[name] = around }
            for child in node.children { walk(child, around) }
        }
        walk(plan.root, [])
        return out
    }

    static func bits(_ value: Double) -> String { String((value == 0 ? 0 : value).bitPattern) }

    /// What the driver prints for one run, computed by the engine.
    static func engineLine(_ plan: LayoutPlan, layout: Int, run: Int, _ environment: Environment) -> String {
        let result = LayoutEngine.layout(plan, in: LayoutEngine.Environment(
            size: Size(width: environment.width, height: environment.height), safeArea: environment.safeArea,
            dynamicSizes: environment.dynamicSizes, hidden: environment.hidden, direction: environment.direction,
            measures: FramesRequest.measures(environment.textModels), flags: environment.flags, scale: environment.scale))
        switch result {
        case .success(let computed):
            let size = plan.fit == nil ? "" : " size \(bits(computed.size.width)) \(bits(computed.size.height))"
            // in the generated type's property order: a name shared by width variants (§7.4)
            // has its frame where the present variant stands, its property where the first does
            let order = Dictionary(SwiftCodeGenerator.members(of: plan).enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
            func rank(_ name: String) -> Int { order[String(name.prefix { character in character != "[" })] ?? 0 }
            let frames = computed.frames.enumerated().sorted { a, b in
                (rank(a.element.name), a.offset) < (rank(b.element.name), b.offset)
            }.map(\.element)
            return "\(layout) \(run) ok\(size)" + frames.map { " \($0.name) \(bits($0.rect.x)) \(bits($0.rect.y)) \(bits($0.rect.width)) \(bits($0.rect.height))" }.joined()
        case .failure(let error):
            return "\(layout) \(run) err \(error.code.rawValue) \(error.location.line) \(error.location.column) \(error.message)"
        }
    }

    static func literal(_ value: Double) -> String { "\(value)" }

    /// Swift that runs one generated type in every environment and prints what engineLine does.
    static func driverFunction(_ plan: LayoutPlan, layout: Int, _ environments: [Environment]) -> String {
        let type = SwiftCodeGenerator.typeName(for: plan.name)
        let members = SwiftCodeGenerator.members(of: plan)
        func id(_ name: String) -> String { ["class", "default", "self", "Type", "init"].contains(name) ? "`\(name)`" : name }
        var text = "func run\(layout)() {\n"
        for (run, environment) in environments.enumerated() {
            let s = environment.safeArea
            var arguments: [String] = switch plan.fit {
            case nil: ["size: CGSize(width: \(literal(environment.width)), height: \(literal(environment.height)))"]
            case .height?: ["width: \(literal(environment.width))"]
            case .width?: ["height: \(literal(environment.height))"]
            case .both?: []
            }
            arguments.append("safeArea: LayoutInsets(top: \(literal(s.top)), leading: \(literal(s.leading)), bottom: \(literal(s.bottom)), trailing: \(literal(s.trailing)))")
            for name in plan.dynamicItemNames {
                // Pairs of Doubles: a call with several [CGSize(...)] literals takes the type
                // checker minutes (every literal may be a Double or a CGFloat).
                let numbers = (environment.dynamicSizes[name] ?? []).flatMap { [literal($0.width), literal($0.height)] }
                arguments.append("\(name): sizes([\(numbers.joined(separator: ", "))])")
            }
            let hideable = plan.hideableItemNames
            for name in plan.contentItemNames {
                // Left out (nil): a hidden item's content size, in generated code an optional.
                if hideable.contains(name), environment.dynamicSizes[name] == nil { continue }
                let size = environment.dynamicSizes[name]?.first ?? Size(width: 0, height: 0)
                arguments.append("\(name): CGSize(width: \(literal(size.width)) as Double, height: \(literal(size.height)) as Double)")
            }
            for name in plan.wrapItemNames {
                if hideable.contains(name), environment.textModels[name] == nil { continue }
                let model = environment.textModels[name] ?? LayoutTextModel(width: 0, lineHeight: 0)
                let limit = model.maxLines.map { ", maxLines: \($0)" } ?? ""
                arguments.append("\(name): LayoutTextModel(width: \(literal(model.width)), lineHeight: \(literal(model.lineHeight))\(limit)).measure")
            }
            for parameter in plan.parameters {
                guard let value = environment.parameters[parameter.name] else { continue }
                let spelled = value.isNaN ? "CGFloat.nan" : value.isInfinite ? (value < 0 ? "-CGFloat.infinity" : "CGFloat.infinity") : literal(value)
                arguments.append("\(parameter.name): \(spelled)")
            }
            for (name, label) in zip(plan.optionalNames, SwiftCodeGenerator.shownLabels(of: plan)) where environment.hidden.contains(name) {
                arguments.append("\(label): false")
            }
            if environment.direction == .rightToLeft { arguments.append("direction: .rightToLeft") }
            for name in plan.flagNames where environment.flags.contains(name) { arguments.append("\(name): true") }
            if let scale = environment.scale { arguments.append("scale: \(literal(scale))") }
            text += "    do {\n        let l = try \(type)(\(arguments.joined(separator: ", ")))\n        var o = \"\(layout) \(run) ok\"\n"
            if plan.fit != nil { text += "        o += \" size \\(bits(l.size.width)) \\(bits(l.size.height))\"\n" }
            if members.isEmpty { text += "        _ = l\n        o += \"\"\n" }
            for member in members {
                // A hidden node's frames are nil, as the engine leaves them out of its table.
                let frames = "l.\(id(member.name))" + (member.isOptional ? " ?? []" : "")
                text += member.isArray
                    ? "        for (i, r) in (\(frames)).enumerated() { put(&o, \"\(member.name)[\\(i)]\", r) }\n"
                    : member.isOptional
                    ? "        if let r = l.\(id(member.name)) { put(&o, \"\(member.name)\", r) }\n"
                    : "        put(&o, \"\(member.name)\", l.\(id(member.name)))\n"
            }
            text += "        print(o)\n    } catch {\n"
            text += "        print(\"\(layout) \(run) err \\(error.code.rawValue) \\(error.line) \\(error.column) \\(error.message)\")\n    }\n"
        }
        return text + "}\n"
    }

    static let driverPrelude = """
        import Foundation
        import LayoutRuntime

        func bits(_ value: CGFloat) -> String { let v = Double(value); return String((v == 0 ? 0 : v).bitPattern) }
        func sizes(_ numbers: [Double]) -> [CGSize] {
            stride(from: 0, to: numbers.count, by: 2).map { CGSize(width: numbers[$0], height: numbers[$0 + 1]) }
        }
        func put(_ o: inout String, _ name: String, _ r: CGRect) {
            o += " \\(name) \\(bits(r.origin.x)) \\(bits(r.origin.y)) \\(bits(r.size.width)) \\(bits(r.size.height))"
        }

        """

    /// LayoutRuntime (its core and its CGRect face) compiled with -O into `module` as one static
    /// library and module, for generated code and a driver to be compiled against.
    static func buildRuntime(in module: String) throws -> (status: Int32, output: String) {
        let sources = try ["Sources/LayoutRuntimeCore", "Sources/LayoutRuntime"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { root.appendingPathComponent(folder).appendingPathComponent($0).path }
        }
        return try run("/usr/bin/env", ["swiftc", "-O", "-parse-as-library", "-module-name", "LayoutRuntime", "-emit-module",
                                        "-emit-module-path", "\(module)/LayoutRuntime.swiftmodule", "-emit-library", "-static",
                                        "-o", "\(module)/libLayoutRuntime.a"] + sources)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("layouts/, 200 random layouts, 3 large ones and 6 of many optional items: generated code and engine agree exactly")
    func differential() throws {
        var rng = RNG(state: 20_261_122)
        var sources: [(plan: LayoutPlan, name: String, bytes: [UInt8])] = []
        let layoutsDirectory = Self.root.appendingPathComponent("layouts")
        for file in try FileManager.default.contentsOfDirectory(atPath: layoutsDirectory.path).sorted() where file.hasSuffix(".layout.yaml") {
            let url = layoutsDirectory.appendingPathComponent(file)
            let bytes = Array(try Data(contentsOf: url))
            // Imports (Tokens.layout.yaml) resolve relative to the file, as layoutc reads it.
            let compiled = LayoutCompiler.compile(bytes, syntax: .yaml, context: FolderImports.context(for: url))
            #expect(!compiled.hasErrors, "\(file)")
            for plan in compiled.plans.compactMap({ $0 }) { sources.append((plan, file, bytes)) }
        }
        let exampleCount = sources.count
        var generator = Generator(rng: RNG(state: 7))
        var attempts = 0
        while sources.count < exampleCount + 200, attempts < 5_000 {
            attempts += 1
            let yaml = generator.layout(sources.count)
            let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
            guard !compiled.hasErrors, let plan = compiled.plans.first ?? nil else { continue }
            // A fitted layout's type has a `size` property: a node of that name is refused.
            if plan.fit != nil, SwiftCodeGenerator.members(of: plan).contains(where: { $0.name == "size" }) { continue }
            sources.append((plan, "R\(sources.count).layout.yaml", Array(yaml.utf8)))
        }
        #expect(sources.count == exampleCount + 200, "only \(sources.count - exampleCount) valid random layouts in \(attempts) attempts")
        // §7 is exercised: fitted containers, wrap items and shrinking children.
        func shrinks(_ node: PlanNode) -> Bool { node.shrink > 0 || node.children.contains(where: shrinks) }
        let random = sources.dropFirst(exampleCount).map(\.plan)
        let fitted = random.filter { $0.fit != nil }.count, wrapping = random.filter { !$0.wrapItemNames.isEmpty }.count
        let shrinking = random.filter { shrinks($0.root) }.count
        #expect(fitted >= 20 && wrapping >= 20 && shrinking >= 20, "fitted \(fitted), wrapping \(wrapping), shrinking \(shrinking)")
        // §8.3–8.4: children aligned and spaced on their own.
        func aligns(_ node: PlanNode) -> Bool { node.alignSelf != nil || node.children.contains(where: aligns) }
        func spaces(_ node: PlanNode) -> Bool { node.spaceBefore + node.spaceAfter > 0 || node.children.contains(where: spaces) }
        let aligning = random.filter { aligns($0.root) }.count, spacing = random.filter { spaces($0.root) }.count
        #expect(aligning >= 20 && spacing >= 20, "with alignSelf \(aligning), with spaces \(spacing)")
        // §7.4: width variants, and names shared by several of them
        func varies(_ node: PlanNode) -> Bool { node.widthRange != nil || node.items.contains { $0.widthRange != nil } || node.children.contains(where: varies) }
        let varying = random.filter { varies($0.root) }.count
        let sharing = random.filter { plan in SwiftCodeGenerator.members(of: plan).contains(where: \.hasVariants) }.count
        #expect(varying >= 40 && sharing >= 10, "with when \(varying), sharing a name \(sharing)")
        // §8.5: overlays that measure themselves (in a group's fit, or the root's with `fit`)
        func measuringOverlay(_ node: PlanNode) -> Bool {
            (node.kind == .overlay && (node.width == .fit || node.height == .fit)) || node.children.contains(where: measuringOverlay)
        }
        // §8.5: 40 layouts more, each with an overlay that measures itself from sizing children
        // (numbers, content, wrap items, groups, aspect ratios) beside followers
        var overlayCount = 0
        while overlayCount < 40, attempts < 5_500 {
            attempts += 1
            let yaml = generator.measuringOverlayLayout(sources.count)
            let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
            guard !compiled.hasErrors, let plan = compiled.plans.first ?? nil else { continue }
            if plan.fit != nil, SwiftCodeGenerator.members(of: plan).contains(where: { $0.name == "size" }) { continue }
            #expect(plan.root.kind == .overlay && plan.fit != nil || measuringOverlay(plan.root))
            sources.append((plan, "R\(sources.count).layout.yaml", Array(yaml.utf8)))
            overlayCount += 1
        }
        #expect(overlayCount == 40, "only \(overlayCount) valid layouts with overlays that measure")
        // §8.7: flags, some on nodes sharing a name
        let flagged = random.filter { !$0.flagNames.isEmpty }.count
        let sharingFlagged = random.filter { plan in
            !plan.flagNames.isEmpty && SwiftCodeGenerator.members(of: plan).contains(where: \.hasVariants)
        }.count
        #expect(flagged >= 40 && sharingFlagged >= 5, "with flags \(flagged), with flags and a shared name \(sharingFlagged)")
        // Two large layouts (several hundred nodes), which the generator splits into functions.
        var bigCount = 0
        while bigCount < 2, attempts < 6_000 {
            attempts += 1
            var lines = ["layout: R\(sources.count)", "root:", "  vgroup: main", "  children:"]
            generator.counter = 0
            generator.keywords = []
            generator.realScreen = false
            // Children are kept only while the whole stays valid (percent sums, fit rules).
            for _ in 0..<120 {
                var candidate = lines
                generator.node(generator.rng.chance(0.5) ? "hgroup" : "vgroup", depth: 0, indent: 6, context: "vgroup", into: &candidate)
                if !LayoutCompiler.compile(yaml: Array((candidate.joined(separator: "\n") + "\n").utf8)).hasErrors { lines = candidate }
            }
            let yaml = lines.joined(separator: "\n") + "\n"
            let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
            guard !compiled.hasErrors, let plan = compiled.plans.first ?? nil, plan.nodeCount > 420 else { continue }
            sources.append((plan, "R\(sources.count).layout.yaml", Array(yaml.utf8)))
            bigCount += 1
        }
        #expect(bigCount == 2)
        // Many optional dynamic and wrap items, each given its own size: the generator's locals
        // (`content4`, `measure3`, numbered by a counter) once shadowed the initializer's
        // arguments of the same name, and an item was laid out with another item's size.
        for many in 0..<6 {
            var rng = RNG(state: UInt64(4_400 + many))
            var lines = ["layout: Many\(many)", "root:", "  vgroup: main", "  spacing: 2", "  children:"]
            for index in 0..<rng.int(6...12) {
                let wraps = rng.chance(0.4)
                lines += ["    - item: \(wraps ? "text" : "label")\(index)", "      dynamic: \(wraps ? "wrap" : "true")"]
                if rng.chance(0.7) { lines.append("      optional: true") }
                if !wraps, rng.chance(0.5) { lines.append("      width: flexible") }
            }
            let yaml = lines.joined(separator: "\n") + "\n"
            let plan = try #require(LayoutCompiler.compile(yaml: Array(yaml.utf8)).plans.first ?? nil)
            sources.append((plan, "Many\(many).layout.yaml", Array(yaml.utf8)))
        }
        // A large layout whose rows fit their wrap item's natural width (measured first) and then
        // measure it at the width it gets in a function of its own: the parts share the sizes.
        var rows = ["layout: WrapRows", "size: [390, 0]", "fit: height", "root:", "  vgroup: main", "  spacing: 4", "  align: center", "  children:"]
        for row in 0..<150 {
            rows += ["    - hgroup: row\(row)", "      width: fit", "      height: 100", "      spacing: 8", "      children:",
                     "        - item: text\(row)", "          dynamic: wrap", "          maxWidth: \(200 + row)",
                     "        - item: icon\(row)", "          width: 40", "          height: 20"]
        }
        let rowsYAML = rows.joined(separator: "\n") + "\n"
        let rowsPlan = try #require(LayoutCompiler.compile(yaml: Array(rowsYAML.utf8)).plans.first ?? nil)
        sources.append((rowsPlan, "WrapRows.layout.yaml", Array(rowsYAML.utf8)))

        // A large layout (split into functions, frames in storage arrays) with flags (§8.7):
        // each row a name in two variants split by a flag, and an item that needs two flags.
        var flagRows = ["layout: FlagRows", "size: [390, 4000]", "root:", "  vgroup: main", "  spacing: 2", "  children:"]
        for row in 0..<110 {
            flagRows += ["    - hgroup: row\(row)", "      height: 20", "      when: {\(row % 3 == 0 ? "unless" : "flag"): f\(row % 2)}", "      children:",
                         "        - item: label\(row)", "          width: \(40 + row % 7)", "          when: {flag: f2}",
                         "        - item: label\(row)", "          width: 30", "          when: {unless: [f2]}",
                         "        - item: badge\(row)", "          width: 10", "          when: {flag: [f0, f1]}",
                         "        - item: rest\(row)"]
        }
        let flagRowsYAML = flagRows.joined(separator: "\n") + "\n"
        let flagRowsPlan = try #require(LayoutCompiler.compile(yaml: Array(flagRowsYAML.utf8)).plans.first ?? nil)
        #expect(flagRowsPlan.flagNames == ["f0", "f2", "f1"])
        sources.append((flagRowsPlan, "FlagRows.layout.yaml", Array(flagRowsYAML.utf8)))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-differential-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["LAYOUTC_KEEP_DIFFERENTIAL"] == nil { try? FileManager.default.removeItem(at: directory) } }

        var expected: [String] = []
        var flagRNG = RNG(state: 88)
        var driver = Self.driverPrelude
        var generatedFiles: [String] = []
        var partsShareWrapSizes = false
        var flagsInStorage = false
        for (index, source) in sources.enumerated() {
            let result = SwiftCodeGenerator.generate([source.plan], options: .init(sourceName: source.name))
            guard case .success(let text) = result else {
                Issue.record("no code for \(source.name): \(result)")
                return
            }
            if text.contains(": inout LayoutWrapSizes") { partsShareWrapSizes = true }
            if source.name == "FlagRows.layout.yaml", text.contains("private static func layoutFrames(") { flagsInStorage = true }
            let path = directory.appendingPathComponent("Layout\(index).swift").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            // Kept with LAYOUTC_KEEP_DIFFERENTIAL: the layout beside its code, to reproduce a finding.
            try Data(source.bytes).write(to: directory.appendingPathComponent("Layout\(index).layout.yaml"))
            generatedFiles.append(path)
            var environments = Self.environments(for: source.plan, rng: &rng)
            // §8.7: each flag on in about half the runs (from a stream of its own, see `Generator.flagRNG`)
            for run in environments.indices {
                environments[run].flags = Set(source.plan.flagNames.filter { _ in flagRNG.chance(0.5) })
            }
            for (run, environment) in environments.enumerated() {
                expected.append(Self.engineLine(source.plan, layout: index, run: run, environment))
            }
            driver += Self.driverFunction(source.plan, layout: index, environments)
        }
        #expect(partsShareWrapSizes, "a large layout's parts take a wrap item's sizes inout")
        #expect(flagsInStorage, "a large layout with flags stores its frames")
        driver += "\n@main struct Driver { static func main() {\n" + (0..<sources.count).map { "    run\($0)()\n" }.joined() + "} }\n"
        let driverPath = directory.appendingPathComponent("Driver.swift").path
        try Data(driver.utf8).write(to: URL(fileURLWithPath: driverPath))

        // The runtime (its core and its CGRect face) as one module, then the generated code and
        // the driver against it.
        let module = directory.path
        let runtime = try Self.buildRuntime(in: module)
        try #require(runtime.status == 0, "LayoutRuntime did not compile:\n\(runtime.output.prefix(3000))")
        let binary = directory.appendingPathComponent("driver").path
        // -Onone keeps the test quick; LAYOUTC_DIFFERENTIAL_OPTIMIZE=1 (.ci/run) compiles with -O.
        // Neither reorders floating-point operations, so both must match the engine exactly.
        let optimize = ProcessInfo.processInfo.environment["LAYOUTC_DIFFERENTIAL_OPTIMIZE"] != nil ? "-O" : "-Onone"
        let build = try Self.run("/usr/bin/env", ["swiftc", optimize, "-wmo", "-parse-as-library", "-module-name", "Differential", "-I", module, "-L", module,
                                                  "-lLayoutRuntime", "-o", binary] + generatedFiles + [driverPath])
        try #require(build.status == 0, "generated code did not compile:\n\(build.output.prefix(5000))")
        let warnings = build.output.split(separator: "\n").filter { $0.hasPrefix("/") && $0.contains("warning:") && !$0.contains("Driver.swift") }
        #expect(warnings.isEmpty, "generated code compiles with warnings:\n\(warnings.prefix(20).joined(separator: "\n"))")
        let output = try Self.run(binary, [])
        try #require(output.status == 0, "the driver failed:\n\(output.output.suffix(2000))")
        let actual = output.output.split(separator: "\n").map(String.init)

        #expect(actual.count == expected.count)
        var mismatches = 0
        for (a, e) in zip(actual, expected) where a != e {
            mismatches += 1
            if mismatches <= 5 {
                let layout = Int(e.split(separator: " ")[0]) ?? 0
                Issue.record("generated: \(a.prefix(600))\nengine:    \(e.prefix(600))\nlayout:\n\(String(decoding: sources[layout].bytes, as: UTF8.self))")
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(expected.count) runs differ")
        let errors = expected.filter { $0.contains(" err ") }
        let outOfSpace = errors.filter { $0.contains(" err outOfSpace ") }.count
        #expect(outOfSpace > 100, "too few outOfSpace runs: \(outOfSpace)")
        #expect(expected.count - errors.count > 300, "too few successful runs: \(expected.count - errors.count)")
    }
}

extension Array {
    func shuffledDeterministically(_ rng: inout GeneratedCodeDifferentialTests.RNG) -> [Element] {
        var copy = self
        for index in copy.indices.reversed() where index > 0 {
            copy.swapAt(index, rng.int(0...index))
        }
        return copy
    }
}
