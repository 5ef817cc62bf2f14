import Foundation
import LayoutCompiler
import Testing

/// Random valid layouts (fixed seed) through the engine at random container sizes, checking
/// invariants of docs/format.md §4 on every result, and that every outOfSpace is genuine.
@Suite("random layouts")
struct RandomLayoutTests {
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
        /// A multiple of 0.25 in [lo, hi].
        mutating func value(_ lo: Double, _ hi: Double) -> Double { lo + Double(int(0...Int((hi - lo) * 4))) / 4 }
    }

    enum Kind: String { case hgroup, vgroup, flow, overlay, item, spacer }
    enum Main { case none, fixed(Double), percent(Double), flexible(Double) }
    struct Axis { var start: Double?; var end: Double?; var center: Double?; var size: Double? }
    struct FlowItem { var name: String; var w: Double; var h: Double; var count: Int? }

    final class Node {
        let kind: Kind
        let name: String?
        var line = 0
        var order = 0
        var main: Main = .none
        var cross: Double?
        var padding = EdgeInsets.zero
        var spacing = 0.0
        var flowSpacing: (Double, Double)?
        var margin = 0.0
        var align = "leading"
        var justify = false
        var h = Axis(), v = Axis()
        var children: [Node] = []
        var items: [FlowItem] = []
        weak var parent: Node?
        init(_ kind: Kind, _ name: String?) { self.kind = kind; self.name = name }
        var isGroup: Bool { kind == .hgroup || kind == .vgroup }
    }

    enum Context { case root, group(horizontal: Bool), overlay }

    struct Generator {
        var rng: RNG
        var counter = 0

        mutating func name() -> String { counter += 1; return "n\(counter)" }

        mutating func node(depth: Int, context: Context) -> Node {
            var kind: Kind
            let r = rng.int(0...99)
            if depth >= 4 { kind = .item } else if r < 24 { kind = .hgroup } else if r < 48 { kind = .vgroup } else if r < 60 { kind = .flow } else if r < 70 { kind = .overlay } else { kind = .item }
            if case .group = context, rng.chance(0.1) { kind = .spacer }
            if case .root = context, kind == .item, depth == 0, rng.chance(0.7) { kind = .vgroup }
            let node = Node(kind, kind == .spacer ? nil : name())
            switch context {
            case .root: break
            case .group:
                if kind == .spacer {
                    node.main = .fixed(rng.value(0, 20))
                } else {
                    let m = rng.int(0...9)
                    node.main = m < 3 ? .fixed(rng.value(0, 80)) : m < 5 ? .flexible(rng.value(0.25, 3)) : .none
                    if rng.chance(0.4) { node.cross = rng.value(0, 60) }
                }
            case .overlay:
                node.h = axis()
                node.v = axis()
            }
            switch kind {
            case .hgroup, .vgroup:
                let horizontal = kind == .hgroup
                if rng.chance(0.5) { node.padding = EdgeInsets(all: rng.value(0, 8)) } else if rng.chance(0.3) {
                    node.padding = EdgeInsets(top: rng.value(0, 8), leading: rng.value(0, 8), bottom: rng.value(0, 8), trailing: rng.value(0, 8))
                }
                if rng.chance(0.5) { node.spacing = rng.value(0, 6) }
                if rng.chance(0.3) { node.margin = rng.value(0, 6) }
                node.align = ["leading", "center", "trailing"][rng.int(0...2)]
                var budget = 100.0
                for _ in 0..<rng.int(0...4) {
                    let child = self.node(depth: depth + 1, context: .group(horizontal: horizontal))
                    if child.kind != .spacer, rng.chance(0.2) {
                        let p = Double(rng.int(0...Int(budget * 0.6)))
                        budget -= p
                        child.main = .percent(p)
                    }
                    child.parent = node
                    node.children.append(child)
                }
            case .flow:
                if rng.chance(0.5) { node.flowSpacing = (rng.value(0, 12), rng.value(0, 12)) }
                if rng.chance(0.3) { node.padding = EdgeInsets(all: rng.value(0, 6)) }
                node.justify = rng.chance(0.4)
                for _ in 0..<rng.int(1...5) {
                    node.items.append(FlowItem(name: name(), w: rng.value(1, 60), h: rng.value(1, 30), count: rng.chance(0.4) ? rng.int(1...4) : nil))
                }
            case .overlay:
                for _ in 0..<rng.int(0...3) {
                    let child = self.node(depth: depth + 1, context: .overlay)
                    child.parent = node
                    node.children.append(child)
                }
            case .item, .spacer: break
            }
            return node
        }

        mutating func axis() -> Axis {
            switch rng.int(0...4) {
            case 0: return Axis()
            case 1: return Axis(start: rng.value(-10, 30), size: rng.value(0, 80))
            case 2: return Axis(end: rng.value(-10, 30), size: rng.value(0, 80))
            case 3: return Axis(center: rng.value(-20, 20), size: rng.value(0, 80))
            default: return Axis(start: rng.value(0, 40), end: rng.value(0, 40))
            }
        }
    }

    // MARK: YAML

    /// Emits the layout; nodes in `stripped` lose their content, padding, cross size and anchors.
    static func emit(_ root: Node, stripped: Set<ObjectIdentifier> = [], hollow: ObjectIdentifier? = nil) -> String {
        var lines = ["layout: Random", "root:"]
        var order = 0
        func n(_ v: Double) -> String { num(v) }
        func emit(_ node: Node, _ indent: Int, _ context: Context) {
            let strip = stripped.contains(ObjectIdentifier(node))
            let empty = strip || hollow == ObjectIdentifier(node)
            let pad = String(repeating: " ", count: indent)
            var props: [String] = []
            props.append("\(node.kind.rawValue):\(node.name.map { " " + $0 } ?? "")")
            node.order = order
            order += 1
            switch context {
            case .root: break
            case .group(let horizontal):
                let mainKey = horizontal ? "width" : "height", crossKey = horizontal ? "height" : "width"
                switch node.main {
                case .none: break
                case .fixed(let v): props.append("\(mainKey): \(n(v))")
                case .percent(let p): props.append("percent: \(n(p))")
                case .flexible(let w): props.append("flexible: \(n(w))")
                }
                if let c = node.cross, !strip { props.append("\(crossKey): \(n(c))") }
            case .overlay:
                if !strip {
                    for (axis, keys) in [(node.h, ("leading", "trailing", "centerX", "width")), (node.v, ("top", "bottom", "centerY", "height"))] {
                        if let v = axis.start { props.append("\(keys.0): \(n(v))") }
                        if let v = axis.end { props.append("\(keys.1): \(n(v))") }
                        if let v = axis.center { props.append("\(keys.2): \(n(v))") }
                        if let v = axis.size { props.append("\(keys.3): \(n(v))") }
                    }
                }
            }
            if !empty, node.padding != .zero {
                let p = node.padding
                props.append(p.top == p.leading && p.top == p.bottom && p.top == p.trailing ? "padding: \(n(p.top))" : "padding: [\(n(p.top)), \(n(p.leading)), \(n(p.bottom)), \(n(p.trailing))]")
            }
            if node.isGroup {
                if node.spacing != 0 { props.append("spacing: \(n(node.spacing))") }
                if node.margin != 0 { props.append("margin: \(n(node.margin))") }
                props.append("align: \(node.align)")
            }
            if node.kind == .flow {
                if let s = node.flowSpacing { props.append("spacing: [\(n(s.0)), \(n(s.1))]") }
                if node.justify { props.append("justify: true") }
            }
            for (index, prop) in props.enumerated() {
                if index == 0 {
                    if case .root = context { lines.append(pad + prop) } else { lines.append(String(repeating: " ", count: indent - 2) + "- " + prop) }
                    node.line = lines.count
                } else {
                    lines.append(pad + prop)
                }
            }
            if node.isGroup || node.kind == .overlay {
                if empty || node.children.isEmpty { lines.append(pad + "children: []") } else {
                    lines.append(pad + "children:")
                    for child in node.children {
                        emit(child, indent + 4, node.kind == .overlay ? .overlay : .group(horizontal: node.kind == .hgroup))
                    }
                }
            }
            if node.kind == .flow {
                if empty { lines.append(pad + "items: []") } else {
                    lines.append(pad + "items:")
                    for item in node.items {
                        lines.append(pad + "  - item: \(item.name)")
                        lines.append(pad + "    size: [\(n(item.w)), \(n(item.h))]")
                        if let c = item.count { lines.append(pad + "    count: \(c)") }
                    }
                }
            }
        }
        emit(root, 2, .root)
        return lines.joined(separator: "\n") + "\n"
    }

    static func all(_ root: Node) -> [Node] {
        var out = [root]
        for child in root.children { out += all(child) }
        return out
    }

    // MARK: Invariants

    struct Checker {
        var frames: [String: Rect]
        var problems: [String] = []

        static func tol(_ v: Double) -> Double { 1e-6 * max(1, abs(v)) }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= Self.tol(max(abs(a), abs(b))) }

        mutating func fail(_ text: String) { problems.append(text) }

        mutating func check(_ node: Node) {
            guard let name = node.name, let frame = frames[name] else { return }
            for v in [frame.x, frame.y, frame.width, frame.height] where !v.isFinite { fail("\(name) not finite") }
            switch node.kind {
            case .hgroup, .vgroup: checkGroup(node, frame)
            case .flow: checkFlow(node, frame)
            case .overlay: checkOverlay(node, frame)
            default: break
            }
            for child in node.children { check(child) }
        }

        mutating func checkGroup(_ node: Node, _ frame: Rect) {
            let horizontal = node.kind == .hgroup
            let inner = frame.inset(by: node.padding)
            let (iMin, iMax) = horizontal ? (inner.minX, inner.maxX) : (inner.minY, inner.maxY)
            let (cMin, cExt) = horizontal ? (inner.minY, inner.height) : (inner.minX, inner.width)
            let m = node.margin, s = node.spacing
            var expectedStart = iMin + m / 2
            var anyFlexible = false
            for child in node.children {
                if case .fixed(let v) = child.main, child.kind == .spacer {
                    expectedStart += v + s
                    continue
                }
                guard let name = child.name, let f = frames[name] else { fail("no frame for child"); continue }
                let (lo, hi) = horizontal ? (f.minX, f.maxX) : (f.minY, f.maxY)
                if !near(lo, expectedStart) { fail("\(name): main start \(lo), expected \(expectedStart)") }
                if lo < iMin - Self.tol(iMin) || hi > iMax + Self.tol(iMax) { fail("\(name) outside its group on the main axis") }
                switch child.main {
                case .fixed(let v): if !near(hi - lo, v - m) { fail("\(name): fixed \(v) − margin \(m) ≠ \(hi - lo)") }
                case .none, .flexible: anyFlexible = true
                case .percent: break
                }
                expectedStart = hi + m / 2 + s + m / 2
                let (clo, cext) = horizontal ? (f.minY, f.height) : (f.minX, f.width)
                if let c = child.cross {
                    let offset = node.align == "leading" ? 0 : node.align == "center" ? (cExt - c) / 2 : cExt - c
                    if !near(cext, c) || !near(clo, cMin + offset) { fail("\(name): cross \(clo) \(cext), expected \(cMin + offset) \(c)") }
                } else if !near(clo, cMin) || !near(cext, cExt) {
                    fail("\(name): cross fill \(clo) \(cext), expected \(cMin) \(cExt)")
                }
            }
            if anyFlexible, !node.children.isEmpty {
                // Σ slots + spacing = inner extent: the next start would be iMax + s + m/2
                if !near(expectedStart, iMax + s + m / 2) { fail("\(node.name ?? "?"): children do not add up to the inner extent") }
            }
        }

        mutating func checkFlow(_ node: Node, _ frame: Rect) {
            let inner = frame.inset(by: node.padding)
            let (hs, vs) = node.flowSpacing ?? (10, 10)
            var elements: [(String, Double, Double)] = []
            for item in node.items {
                if let c = item.count { for i in 0..<c { elements.append(("\(item.name)[\(i)]", item.w, item.h)) } } else { elements.append((item.name, item.w, item.h)) }
            }
            var previous: (Rect, Double)?  // previous element frame and its original height
            var lineTop = -Double.infinity, lineHeight = 0.0, lastBottom = inner.minY
            for (name, w, h) in elements {
                guard let f = frames[name] else { fail("no frame for \(name)"); continue }
                if node.justify {
                    for v in [f.x, f.y, f.width, f.height] where v != v.rounded() { fail("\(name) not integral: \(f)") }
                    if f.minX < floor(inner.minX) - 1e-9 || f.maxX > ceil(inner.maxX) + 1e-9 { fail("\(name) outside the flow: \(f)") }
                } else {
                    if f.minX < inner.minX - Self.tol(inner.minX) || f.maxX > inner.maxX + Self.tol(inner.maxX) { fail("\(name) outside the flow") }
                    if !near(f.width, w) || !near(f.height, h) { fail("\(name) size changed") }
                }
                if let (p, _) = previous, p.minY == f.minY {
                    if !node.justify, !near(f.minX, p.maxX + hs) { fail("\(name): not h after the previous element") }
                    lineHeight = max(lineHeight, h)
                } else {
                    if previous != nil {
                        let slack = node.justify ? 1.0 : Self.tol(f.minY)
                        if f.minY < lineTop + lineHeight + vs - slack { fail("\(name): lines overlap") }
                    }
                    lineTop = f.minY
                    lineHeight = h
                }
                lastBottom = max(lastBottom, lineTop + lineHeight)
                previous = (f, h)
            }
            if !node.justify, lastBottom > inner.maxY + Self.tol(inner.maxY) { fail("\(node.name ?? "?"): content taller than the flow") }
        }

        mutating func checkOverlay(_ node: Node, _ frame: Rect) {
            func solve(_ a: Axis, _ lo: Double, _ ext: Double) -> (Double, Double) {
                switch (a.start, a.end, a.center, a.size) {
                case (let s?, nil, nil, let w?): return (lo + s, w)
                case (nil, let e?, nil, let w?): return (lo + ext - e - w, w)
                case (nil, nil, let c?, let w?): return (lo + ext / 2 + c - w / 2, w)
                case (let s?, let e?, nil, nil): return (lo + s, ext - s - e)
                default: return (lo, ext)
                }
            }
            for child in node.children {
                guard let name = child.name, let f = frames[name] else { continue }
                let (x, w) = solve(child.h, frame.minX, frame.width)
                let (y, h) = solve(child.v, frame.minY, frame.height)
                if !near(f.x, x) || !near(f.width, w) || !near(f.y, y) || !near(f.height, h) {
                    fail("\(name): \(f), expected \(x) \(y) \(w) \(h)")
                }
            }
        }
    }

    // MARK: outOfSpace is genuine

    /// Whether `node`, at `frame` (its frame with its content stripped), really lacks space.
    static func genuinelyOutOfSpace(_ node: Node, _ frame: Rect, parentIsOverlay: Bool) -> Bool {
        func over(_ needed: Double, _ available: Double) -> Bool { needed - available > -1e-7 * max(1, abs(available)) && needed > available - 1e-7 }
        var reasons = false
        if parentIsOverlay {
            for (a, ext) in [(node.h, frame.width), (node.v, frame.height)] {
                if let s = a.start, let e = a.end, over(s + e, ext) { reasons = true }
            }
        }
        let inner = frame.inset(by: node.padding)
        if node.padding.horizontal > frame.width - 1e-7 || node.padding.vertical > frame.height - 1e-7 { reasons = true }
        if node.isGroup {
            let horizontal = node.kind == .hgroup
            let main = horizontal ? inner.width : inner.height, cross = horizontal ? inner.height : inner.width
            var used = node.spacing * Double(max(node.children.count - 1, 0))
            var weights = 0.0
            for child in node.children {
                switch child.main {
                case .fixed(let v): used += v
                case .flexible(let w): weights += w
                case .none: weights += 1
                case .percent: break
                }
                if let c = child.cross, c > cross + 1e-7 * max(1, cross) - 2e-7 { reasons = true }
            }
            if used > main - 1e-7 * max(1, main) { reasons = reasons || used > main - 1e-6 }
            let free = max(main - used, 0)
            var left = free
            for child in node.children { if case .percent(let p) = child.main { left -= p / 100 * free } }
            left = max(left, 0)
            for child in node.children {
                let slot: Double
                switch child.main {
                case .fixed(let v): slot = v
                case .percent(let p): slot = p / 100 * free
                case .flexible(let w): slot = weights > 0 ? left * w / weights : 0
                case .none: slot = weights > 0 ? left / weights : 0
                }
                if node.margin > slot - 1e-6 * max(1, slot) { reasons = true }
            }
        }
        if node.kind == .flow {
            let (hs, vs) = node.flowSpacing ?? (10, 10)
            var widths: [Double] = [], heights: [Double] = []
            for item in node.items { for _ in 0..<(item.count ?? 1) { widths.append(item.w); heights.append(item.h) } }
            if widths.contains(where: { $0 > inner.width - 1e-6 }) { reasons = true }
            var lines: [Double] = [], lineWidth = 0.0, count = 0
            for (w, h) in zip(widths, heights) {
                if count > 0 && lineWidth + hs + w <= inner.width + 1e-9 * max(1, inner.width) {
                    lineWidth += hs + w; count += 1; lines[lines.count - 1] = max(lines[lines.count - 1], h)
                } else {
                    lines.append(h); lineWidth = w; count = 1
                }
            }
            let content = node.padding.vertical + lines.reduce(0, +) + vs * Double(max(lines.count - 1, 0))
            if content > frame.height - 1e-6 * max(1, frame.height) { reasons = true }
        }
        return reasons
    }

    @Test("500 random layouts: invariants hold, results are deterministic, outOfSpace is genuine")
    func randomLayouts() {
        var generator = Generator(rng: RNG(state: 20_240_601))
        var successes = 0, outOfSpace = 0, verified = 0
        var problems: [String] = []
        for index in 0..<500 {
            let root = generator.node(depth: 0, context: .root)
            let yaml = Self.emit(root)
            let width = generator.rng.value(0, 600), height = generator.rng.value(0, 900)
            let request = FramesRequest(size: Size(width: width, height: height))
            let first = request.run(on: Array(yaml.utf8))
            let second = request.run(on: Array(yaml.utf8))
            let json1 = first.table?.rendered(as: FrameTable.Format.json), json2 = second.table?.rendered(as: FrameTable.Format.json)
            if json1 != json2 || first.diagnostics != second.diagnostics { problems.append("#\(index): not deterministic") }
            if !allFinite(first.table) { problems.append("#\(index): a frame is not finite") }
            if let json1, json1.contains("nan") || json1.contains("inf") { problems.append("#\(index): nan/inf in JSON") }
            if first.diagnostics.isEmpty {
                successes += 1
                var table: [String: Rect] = [:]
                for frame in first.table?.layouts.first?.frames ?? [] { table[frame.name] = frame.rect }
                var checker = Checker(frames: table)
                checker.check(root)
                problems += checker.problems.map { "#\(index) at \(num(width))x\(num(height)): \($0)\n\(yaml)" }
                continue
            }
            guard first.diagnostics.count == 1, let diagnostic = first.diagnostics.first, diagnostic.code == DiagnosticCode.outOfSpace else {
                problems.append("#\(index): unexpected diagnostics \(first.diagnostics.map { "\($0.code.rawValue)@\($0.location): \($0.message)" })\n\(yaml)")
                continue
            }
            outOfSpace += 1
            // The node it points at: a node's kind key, or a flow item (then its flow).
            let nodes = Self.all(root)
            let line = diagnostic.location.line
            var failing: Node? = nodes.first { (n: Node) -> Bool in n.line == line }
            if failing == nil {
                let flows: [Node] = nodes.filter { (n: Node) -> Bool in n.kind == .flow && n.line < line }
                failing = flows.max { (a: Node, b: Node) -> Bool in a.line < b.line }
            }
            guard let failing, let failingName = failing.name else { problems.append("#\(index): outOfSpace at no node \(diagnostic.location)\n\(yaml)"); continue }
            // Strip the failing node and everything after it, then read the failing node's frame.
            let later = Set(nodes.filter { $0.order > failing.order }.map(ObjectIdentifier.init))
            var rerun = request.run(on: Array(Self.emit(root, stripped: later, hollow: ObjectIdentifier(failing)).utf8))
            let parentIsOverlay = failing.parent?.kind == .overlay
            if !rerun.diagnostics.isEmpty && parentIsOverlay {
                // its anchors leave no room: read the reference rect it would fill without them
                rerun = request.run(on: Array(Self.emit(root, stripped: later.union([ObjectIdentifier(failing)])).utf8))
            }
            guard rerun.diagnostics.isEmpty, let frame = rerun.table?.layouts.first?.frames.first(where: { $0.name == failingName })?.rect else { continue }
            verified += 1
            if !Self.genuinelyOutOfSpace(failing, frame, parentIsOverlay: parentIsOverlay) {
                problems.append("#\(index): outOfSpace at \(failingName) \(frame) is not genuine: \(diagnostic.message)\n\(yaml)")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.prefix(3).joined(separator: "\n---\n"))")
        #expect(successes >= 150, "only \(successes) layouts succeeded")
        #expect(outOfSpace >= 30 && verified >= 20, "outOfSpace \(outOfSpace), verified \(verified)")
    }
}
