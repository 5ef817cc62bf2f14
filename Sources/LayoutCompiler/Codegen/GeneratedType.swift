/// One layout's generated type: its frame properties (stored, or behind computed properties in
/// the array storage form of large layouts), its initializers, the functions a large layout is
/// split into, and `apply(...)`. The initializer's body is the layout walk interpreted by
/// `SymbolicLayout`.
struct GeneratedType {
    /// The initializers' run-time parameters after the container and safe area, in order:
    /// dynamic sizes, content sizes, measures, shown flags, direction, flags, scale. One list for
    /// the type and its interface (`generate --interface`).
    /// docs/format.md §8.1: one `CGFloat` per parameter, labelled with its name, its default the
    /// default argument, in the order of definition; after the sizes and measures the app must
    /// give, before the optional nodes' `Bool`s (docs/codegen.md).
    static func parameterSignature(of plan: LayoutPlan) -> [String] {
        plan.parameters.enumerated().map {
            "\(SwiftSpelling.label($1.name)) \(GeneratedArgumentName.parameter($0)): CGFloat = \(SwiftSpelling.literal($1.defaultValue))"
        }
    }

    static func runtimeSignature(of plan: LayoutPlan) -> [String] {
        let hideable = plan.hideableItemNames
        let contentType = { (name: String) in hideable.contains(name) ? "CGSize? = nil" : "CGSize" }
        let measureType = { (name: String) in hideable.contains(name) ? "((CGFloat) -> CGSize)? = nil" : "(CGFloat) -> CGSize" }
        return plan.dynamicItemNames.enumerated().map { "\(SwiftSpelling.label($1)) \(GeneratedArgumentName.dynamic($0)): [CGSize]" }
            + plan.contentItemNames.enumerated().map { "\(SwiftSpelling.label($1)) \(GeneratedArgumentName.content($0)): \(contentType($1))" }
            + plan.wrapItemNames.enumerated().map { "\(SwiftSpelling.label($1)) \(GeneratedArgumentName.measure($0)): \(measureType($1))" }
            + parameterSignature(of: plan)
            + SwiftCodeGenerator.shownLabels(of: plan).enumerated().map { "\($1) \(GeneratedArgumentName.shown($0)): Swift.Bool = true" }
            + ["direction: LayoutDirection = .leftToRight"]
            + plan.flagNames.enumerated().map { "\(SwiftSpelling.label($1)) \(SwiftCodeGenerator.flagParameter($0)): Swift.Bool = false" }
            + ["scale: CGFloat? = nil"]
    }

    let plan: LayoutPlan
    let options: SwiftCodeGenerator.Options
    let typeName: String
    let members: [SwiftCodeGenerator.Member]

    /// Large layouts keep their frames in arrays, one per property type: `frameStore` (the
    /// `CGRect` members), `arrayStore` (`[CGRect]`), and for the members of optional nodes
    /// `optionalFrameStore` (`CGRect?`) and `optionalArrayStore` (`[CGRect]?`), behind computed
    /// properties, instead of one stored property per node: on a struct of thousands of stored
    /// properties the optimizer's definite initialization and release hoisting take time
    /// quadratic in their number (a 2,000-node layout took 14 minutes under -O). The
    /// initializer's body and the parts write the frames through pointers to the arrays.
    /// Array items of a static count keep their frames one after another in `elementStore`,
    /// and their properties make an array when read: one allocation per layout instead of one
    /// per item (each was most of the time its flow took; docs/codegen.md).
    let usesStorage: Bool
    /// Each member's place in the storage form, by name: `frameStore[3]`, `arrayStore[0]`.
    var storageSlots: [String: String] = [:]
    /// Where the frames of each array item kept in `elementStore` start, by name.
    var elementStarts: [String: Int] = [:]
    /// The storage form's two functions behind the properties of those items, and the array of
    /// the items given frames of another count (with underscores before a name a node has).
    let elementsGetter: String, elementsSetter: String, replacedElements: String
    /// Each single frame's store and index, by name.
    var storageIndex: [String: (store: Int, index: Int)] = [:]
    /// The private functions that read and write one element of each store but `elementStore`
    /// (in the order of `stores`), behind the properties (`frame(3)`, `setFrame(3, newValue)`),
    /// with underscores before a name a node has. A property that read `frameStore[3]` itself cost the type checker 0.2 ms: an
    /// integer literal in an array subscript is tried against each of `Array`'s subscripts, and
    /// 3,000 width variants have 6,000 accessors (docs/codegen.md).
    let storeAccessors: [(getter: String, setter: String)]
    /// The storage form's private `static func rect(x:y:width:height:)` of `Swift.Double`s, which
    /// makes the frames the body and the parts store. `CGRect(x:y:width:height:)` has three
    /// (of `CGFloat`, `Double` and `Int`; a `Double` converts to `CGFloat`), and the type checker
    /// weighed them at each of the 12,000 frames of 3,000 width variants (docs/codegen.md).
    let rectFunction: String
    /// The private method that puts every frame on the pixel grid (`writeAlignmentFunction`).
    let alignmentFunction: String
    /// The arrays, in that order (with underscores before a name a node has).
    var stores: [FrameStore]
    var frameStore: String { stores[0].name }
    var arrayStore: String { stores[1].name }
    var frameCount: Int { stores[0].count }
    var arrayCount: Int { stores[1].count }
    var elementStore: String { stores[4].name }

    /// One array of the storage form.
    struct FrameStore {
        var name: String
        /// The type of its elements (a member's property type).
        var element: String
        var count = 0
        var isArray: Bool { element.hasPrefix("[") }
        var isOptional: Bool { element.hasSuffix("?") }
        /// `elementStore`: the frames of flow elements, which `LayoutFlow` places (and mirrors).
        var holdsElements = false
    }

    init(plan: LayoutPlan, options: SwiftCodeGenerator.Options) {
        self.plan = plan
        self.options = options
        self.typeName = SwiftCodeGenerator.typeName(for: plan.name)
        self.members = SwiftCodeGenerator.members(of: plan)
        let memberNames = Set(members.map(\.name))
        func unique(_ name: String) -> String {
            var name = name
            while memberNames.contains(name) { name = "_" + name }
            return name
        }
        stores = [("frameStore", "CGRect"), ("arrayStore", "[CGRect]"), ("optionalFrameStore", "CGRect?"),
                  ("optionalArrayStore", "[CGRect]?"), ("elementStore", "CGRect")].map { name, element in
            FrameStore(name: unique(name), element: element)
        }
        stores[4].holdsElements = true
        (elementsGetter, elementsSetter, replacedElements) = (unique("elements"), unique("setElements"), unique("replacedElements"))
        rectFunction = unique("rect")
        alignmentFunction = unique("alignToPixelGrid")
        // `elementStore` has none: its items read and write runs of it (`elements`, `setElements`).
        storeAccessors = ["frame", "array", "optionalFrame", "optionalArray"].map { name in
            (unique(name), unique("set" + name.prefix(1).uppercased() + name.dropFirst()))
        }
        usesStorage = Self.size(of: plan.root) > SymbolicLayout.splitThreshold
        for member in members {
            if usesStorage, let count = member.count, !member.isOptional, !member.hasVariants {
                elementStarts[member.name] = stores[4].count
                stores[4].count += count
                continue
            }
            let store = (member.isArray ? 1 : 0) + (member.isOptional ? 2 : 0)
            storageSlots[member.name] = "\(stores[store].name)[\(stores[store].count)]"
            storageIndex[member.name] = (store, stores[store].count)
            stores[store].count += 1
        }
    }

    /// Plan nodes and flow items in a subtree.
    static func size(of node: PlanNode) -> Int {
        node.children.reduce(1 + node.items.count) { $0 + size(of: $1) }
    }

    /// How the code writes a named node's frame.
    func property(_ name: String) -> String {
        usesStorage ? storageSlots[name] ?? name : "self.\(SwiftSpelling.identifier(name))"
    }

    /// Where the code writes the frames of an array item kept in `elementStore`: a pointer.
    func elementStart(_ name: String) -> String? {
        elementStarts[name].map { "(\(elementStore) + \($0))" }
    }
}
