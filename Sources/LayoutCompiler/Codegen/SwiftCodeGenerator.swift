/// Swift source for validated layouts (`layoutc generate`): per layout, a value type with one
/// `CGRect` property per named node (`[CGRect]` for array and dynamic flow items) and an
/// initializer that computes them. In memory only: plans in, source text out.
///
/// The initializer is straight-line code specialised to the tree: the layout walk interpreted by
/// `SymbolicLayout`, which folds what does not depend on the container and writes the rest as the
/// same floating-point operations in the same order, so the frames and the first error are the
/// engine's exactly (docs/layout-walk.md).
public enum SwiftCodeGenerator {
    public enum Access: String, CaseIterable, Sendable {
        case `internal`, `public`
    }

    public struct Options: Sendable {
        public var access: Access
        /// The `.layout` file's name as the header and errors show it (e.g. "Player.layout.yaml").
        public var sourceName: String

        public init(access: Access = .internal, sourceName: String) {
            self.access = access
            self.sourceName = sourceName
        }
    }

    /// A property of a generated type, in the engine's frame order.
    public struct Member: Hashable, Sendable {
        /// The node's name (unescaped).
        public var name: String
        public var kind: NodeKind
        /// `[CGRect]`: an array (`count`) or dynamic flow item.
        public var isArray: Bool
        public var location: SourceLocation
        /// An item of a flow (placed, and mirrored, by `LayoutFlow`).
        public var isFlowItem = false
        /// The index among the members of the nearest named node around it (nil: none).
        public var enclosing: Int?
        /// An optional node, or inside one: its frame is nil when hidden (docs/format.md §6.2).
        public var isOptional = false
        /// The number of frames of an array item whose count is static (nil: one frame, or a
        /// dynamic item's, known at run time).
        public var count: Int? = nil
        /// Several nodes share the name (`when` variants, docs/format.md §7.4): the property is
        /// set where one of them is present, and starts as `.zero` when it is no optional.
        public var hasVariants = false
        /// Some of those nodes are flow items and some not: each mirrors its own frame right to
        /// left where it is set (a flow mirrors its elements as it places them), not at the end.
        public var mixesFlowItems = false

        /// Its property's type.
        public var type: String { (isArray ? "[CGRect]" : "CGRect") + (isOptional ? "?" : "") }
    }

    /// Why a file's code could not be generated.
    public struct Failure: Error, Sendable {
        public var diagnostics: [Diagnostic]
    }

    /// The prefix of every file-level name the generated code declares for a layout's type.
    static func helperPrefix(for layoutName: String) -> String {
        "_\(typeName(for: layoutName))_"
    }

    /// `Player` → `PlayerLayout`; a name already ending in "Layout" is kept.
    public static func typeName(for layoutName: String) -> String {
        layoutName.hasSuffix("Layout") ? layoutName : layoutName + "Layout"
    }

    /// The named nodes of a layout, depth-first in document order (the engine's frame order).
    /// Nodes sharing a name (§7.4) are one member, at the first one's place: optional unless
    /// their presence ranges cover every width and none can be hidden by `optional`.
    public static func members(of plan: LayoutPlan) -> [Member] {
        var members: [Member] = []
        var indexes: [String: Int] = [:]
        var ranges: [[WidthRange]] = []
        // each variant's flags (§8.7), beside its range
        var flagConditions: [[FlagCondition]] = []
        var mixedEnclosing = Set<Int>()
        func add(_ member: Member, presence: WidthRange, flags: FlagCondition) -> Int {
            guard let index = indexes[member.name] else {
                indexes[member.name] = members.count
                members.append(member)
                ranges.append([presence])
                flagConditions.append([flags])
                return members.count - 1
            }
            members[index].hasVariants = true
            if members[index].isFlowItem != member.isFlowItem { members[index].mixesFlowItems = true }
            members[index].isOptional = members[index].isOptional || member.isOptional
            if members[index].enclosing != member.enclosing { mixedEnclosing.insert(index) }
            ranges[index].append(presence)
            flagConditions[index].append(flags)
            return index
        }
        var stack: [(node: PlanNode, enclosing: Int?, optional: Bool, presence: WidthRange, flags: FlagCondition)] = [(plan.root, nil, false, .all, .none)]
        while let (node, enclosing, insideOptional, outer, outerFlags) = stack.popLast() {
            var inner = enclosing
            let optional = insideOptional || node.isOptional
            let presence = node.widthRange.map { outer.intersection($0) } ?? outer
            let flags = node.flagCondition.map { outerFlags.intersection($0) } ?? outerFlags
            if let name = node.name {
                inner = add(Member(name: name, kind: node.kind, isArray: false, location: node.location, enclosing: enclosing,
                                   isOptional: optional), presence: presence, flags: flags)
            }
            for item in node.items {
                if let name = item.name {
                    _ = add(Member(name: name, kind: .item, isArray: item.count != nil || item.isDynamic, location: item.location,
                                   isFlowItem: true, enclosing: inner, isOptional: optional || item.isOptional,
                                   count: item.isDynamic ? nil : item.count),
                            presence: item.widthRange.map { presence.intersection($0) } ?? presence,
                            flags: item.flagCondition.map { flags.intersection($0) } ?? flags)
                }
            }
            stack.append(contentsOf: node.children.reversed().map { ($0, inner, optional, presence, flags) })
        }
        for index in members.indices {
            if !covers(ranges[index], flags: flagConditions[index]) { members[index].isOptional = true }
            // variants inside different named nodes: frames in the container's coordinates
            if mixedEnclosing.contains(index) { members[index].enclosing = nil }
        }
        return members
    }

    /// Whether the variants' conditions together hold at every width ≥ 0 with any flags on
    /// (§8.7): checked for each combination of the flags they ask, up to `maximumCoveredFlags`
    /// flags (beyond, the property is an optional).
    static func covers(_ ranges: [WidthRange], flags: [FlagCondition]) -> Bool {
        guard flags.contains(where: { !$0.isEmpty }) else { return covers(ranges) }
        var names: [String] = []
        for condition in flags { for name in condition.on + condition.off where !names.contains(name) { names.append(name) } }
        guard names.count <= maximumCoveredFlags else { return false }
        for combination in 0..<(1 << names.count) {
            let on = Set(names.indices.filter { combination >> $0 & 1 == 1 }.map { names[$0] })
            if !covers(ranges.indices.filter { flags[$0].holds(on) }.map { ranges[$0] }) { return false }
        }
        return true
    }

    static let maximumCoveredFlags = 8

    /// Whether the ranges together hold every width ≥ 0.
    static func covers(_ ranges: [WidthRange]) -> Bool {
        var reach = 0.0
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lower < $1.lower }) {
            if range.lower > reach { return false }
            reach = max(reach, range.upper)
        }
        return reach == .infinity
    }

    /// Parses, validates and generates one file, on a large-stack thread. The text is nil when
    /// any error was found (static errors, or two layouts with one type name); the diagnostics
    /// hold every problem, warnings too; `typeNames` are the types the text declares.
    public static func generate(source bytes: [UInt8], syntax: SourceSyntax, options: Options, context: LayoutCompiler.ImportContext? = nil)
        -> (text: String?, diagnostics: [Diagnostic], typeNames: [String]) {
        DeepStack.run {
            let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: context)
            guard !compiled.hasErrors else { return (nil, compiled.diagnostics, []) }
            let plans = compiled.plans.compactMap { $0 }
            switch generate(plans, options: options) {
            case .success(let text): return (text, compiled.diagnostics, plans.map { typeName(for: $0.name) })
            case .failure(let failure): return (nil, compiled.diagnostics + failure.diagnostics, [])
            }
        }
    }

    /// The argument labels of the optional nodes' `Bool` parameters, in `plan.optionalNames`
    /// order: `badge` → `showBadge`; `show_badge` where that would repeat another label.
    public static func shownLabels(of plan: LayoutPlan) -> [String] {
        let labels = plan.optionalNames.map { name in "show" + name.prefix(1).uppercased() + name.dropFirst() }
        var taken = Set(plan.dynamicItemNames + plan.contentItemNames + plan.wrapItemNames
                        + ["size", "bounds", "safeArea", "direction", "width", "height"])
        var counts: [String: Int] = [:]
        for label in labels { counts[label, default: 0] += 1 }
        return zip(plan.optionalNames, labels).map { name, label in
            let unique = counts[label] == 1 && !taken.contains(label) ? label : "show_" + name
            taken.insert(unique)
            return unique
        }
    }

    /// The internal name of a flag's `Bool` parameter (docs/format.md §8.7), by its place in
    /// `LayoutPlan.flagNames` (`flag_0`: `GeneratedArgumentName`).
    static func flagParameter(_ index: Int) -> String { GeneratedArgumentName.flag(index) }

    /// The generated file's name for a layout file: `Player.layout.yaml` → `Player.layout.swift`
    /// (distinct from hand-written `Player.swift`; Swift wants unique file names in a module).
    public static func outputFileName(for inputFileName: String) -> String {
        var stem = inputFileName
        for suffix in [".yaml", ".yml", ".layout"] where stem.lowercased().hasSuffix(suffix) && stem.count > suffix.count {
            stem.removeLast(suffix.count)
        }
        return stem + ".layout.swift"
    }

    /// The types, modules and functions the generated code refers to without qualification
    /// (or qualifies with a module name): a property of the generated type with one of these
    /// names would hide it inside the type, so such node names are rejected (`invalidName`).
    public static let reservedNames: Set<String> = [
        // modules
        "Swift", "Foundation", "LayoutRuntime", "CoreGraphics", "CoreFoundation", "UIKit", "AppKit",
        // standard library and platform types
        "Double", "Int", "Array", "String", "CGFloat", "CGRect", "CGSize", "CGPoint", "UnsafeMutablePointer",
        "Equatable", "Sendable", "MainActor", "UIView", "NSView",
        // LayoutRuntime
        "LayoutInsets", "LayoutFlow", "LayoutMessages", "LayoutTolerance", "LayoutRuntimeError",
        "LayoutRounding", "LayoutNumber", "LayoutDirection", "LayoutFlex", "LayoutShrink", "LayoutWrapSizes", "LayoutTextModel",
        // (free functions are called qualified, `Swift.zip`, and need no entry here)
    ]

    /// The Swift source for the layouts of one file, or the diagnostics that prevent it (two
    /// layouts whose type names coincide, node names that would hide a name the code uses).
    public static func generate(_ plans: [LayoutPlan], options: Options) -> Result<String, Failure> {
        var seen: [String: String] = [:]
        var problems: [Diagnostic] = []
        for plan in plans {
            let type = typeName(for: plan.name)
            if let other = seen[type] {
                problems.append(Diagnostic(.duplicateName, GeneratorMessages.sameTypeName(other, plan.name, type: type), at: plan.location))
            }
            seen[type] = plan.name
        }
        for plan in plans {
            for member in members(of: plan) where reservedNames.contains(member.name) {
                problems.append(Diagnostic(.invalidName, GeneratorMessages.hidesSwiftName(member.kind, name: member.name), at: member.location))
            }
            // The generator's own file-level names (`_<Type>_place`, `_<Type>_flow<N>Sizes<M>`)
            // all start with `_<Type>_`: a node name with that prefix is the only one that could
            // hide them inside the type, so it is refused.
            let helperPrefix = helperPrefix(for: plan.name)
            for member in members(of: plan) where member.name.hasPrefix(helperPrefix) {
                problems.append(Diagnostic(.invalidName, GeneratorMessages.takesHelperName(member.kind, name: member.name, prefix: helperPrefix),
                                           at: member.location))
            }
            // A fitted layout's type has a `size` property (docs/format.md §7.3).
            for member in members(of: plan) where plan.fit != nil && member.name == "size" {
                problems.append(Diagnostic(.invalidName, GeneratorMessages.hidesFittedSize(member.kind), at: member.location))
            }
        }
        if !problems.isEmpty { return .failure(Failure(diagnostics: problems)) }

        // The file name goes into `//` comments and string literals: a newline in it must not
        // end the comment (DiagnosticText spells control characters out).
        var options = options
        options.sourceName = DiagnosticText.quoted(options.sourceName)
        var out = SwiftSourceWriter()
        out.line("// generated by layoutc from \(options.sourceName), do not edit")
        out.line()
        out.line("import Foundation")
        out.line("import LayoutRuntime")
        out.line("#if canImport(UIKit)")
        out.line("import UIKit")
        out.line("#elseif canImport(AppKit)")
        out.line("import AppKit")
        out.line("#endif")
        for plan in plans {
            out.line()
            GeneratedType(plan: plan, options: options).write(to: &out)
        }
        return .success(out.text)
    }
}
