import LayoutRuntimeCore

/// Which devices a layout is linted at: a change to the matrix, as one `devices:` section of
/// `.layoutlint.yml` writes it. Sections apply in order (farther configuration files first,
/// then nearer ones, then matching `overrides`), each changing what the previous left.
public struct DeviceSelection: Hashable, Sendable {
    /// Replace the devices with exactly these (built in or added), in this order.
    public var only: [Device]?
    /// Add these devices (custom sizes).
    public var add: [Device] = []
    /// Drop these device ids.
    public var exclude: [String] = []
    /// Keep only these orientations.
    public var orientations: Set<Orientation>?
    /// Also lint each layout at its own `size` / `safeArea` when it has one.
    public var layoutSize: Bool?
    /// Lay out in these directions only (an app not localized right to left needs only ltr).
    public var directions: [LayoutDirection]?

    public init(only: [Device]? = nil, add: [Device] = [], exclude: [String] = [], orientations: Set<Orientation>? = nil, layoutSize: Bool? = nil,
                directions: [LayoutDirection]? = nil) {
        self.only = only
        self.add = add
        self.exclude = exclude
        self.orientations = orientations
        self.layoutSize = layoutSize
        self.directions = directions
    }
}

/// One layer of settings: rule severities in the order written, and a device selection.
public struct LintSettings: Hashable, Sendable {
    /// Rule name and the severity it gets (`enable` gives the rule's default severity).
    public var rules: [RuleSetting] = []
    public var devices: DeviceSelection?
    /// Sample content sizes of dynamic items, by name or glob, in the order written.
    public var sampleSizes: [SampleSizes] = []
    /// Sample texts of wrap items (`wrap:`), by name or glob, in the order written.
    public var sampleTexts: [SampleTexts] = []
    /// Readable widths of shrinking items (`readableWidths:`), by name or glob, in the order written.
    public var readableWidths: [ReadableWidth] = []
    /// `flags:`: the combinations of flags (docs/format.md §8.7) to turn on, each the flags on;
    /// nil to leave lint's own choice (`FlagStates`).
    public var flagCombinations: [[String]]?
    /// `parameters:`: sets of parameter values (docs/format.md §8.1) checked besides the defaults.
    public var parameterSets: [[String: Double]]?

    public struct RuleSetting: Hashable, Sendable {
        public var rule: String
        public var severity: LintSeverity
        public init(rule: String, severity: LintSeverity) {
            self.rule = rule
            self.severity = severity
        }
    }

    public init(rules: [RuleSetting] = [], devices: DeviceSelection? = nil, sampleSizes: [SampleSizes] = [],
                sampleTexts: [SampleTexts] = [], readableWidths: [ReadableWidth] = []) {
        self.rules = rules
        self.devices = devices
        self.sampleSizes = sampleSizes
        self.sampleTexts = sampleTexts
        self.readableWidths = readableWidths
    }
}

/// The sizes lint lays a dynamic item out at (`sizes:` in `.layoutlint.yml`): the items whose
/// name matches `pattern` (a glob: `*Label`), each sample one content size.
public struct SampleSizes: Hashable, Sendable {
    public var pattern: Glob
    public var samples: [Size]

    public init(pattern: Glob, samples: [Size]) {
        self.pattern = pattern
        self.samples = samples
    }
}

/// The texts lint lays a wrap item out with (`wrap:` in `.layoutlint.yml`, docs/format.md §7.1):
/// the items whose name matches `pattern`, each sample one text model (one line `width` wide,
/// lines `lineHeight` high), as `--wrap NAME=WxL` gives one.
public struct SampleTexts: Hashable, Sendable {
    public var pattern: Glob
    public var samples: [LayoutTextModel]

    public init(pattern: Glob, samples: [LayoutTextModel]) {
        self.pattern = pattern
        self.samples = samples
    }
}

/// The narrowest a shrinking item may become before lint warns (`readableWidths:` in
/// `.layoutlint.yml`): a threshold for lint only, unlike `minWidth`, which the layout obeys.
public struct ReadableWidth: Hashable, Sendable {
    public var pattern: Glob
    public var width: Double

    public init(pattern: Glob, width: Double) {
        self.pattern = pattern
        self.width = width
    }
}

/// Settings that apply to some layouts of a file: all of them (`layouts` nil) or those named.
public struct LintLayer: Hashable, Sendable {
    public var layouts: Set<String>?
    public var settings: LintSettings

    public init(layouts: Set<String>? = nil, settings: LintSettings) {
        self.layouts = layouts
        self.settings = settings
    }

    public func applies(to layout: String?) -> Bool {
        guard let layouts else { return true }
        return layout.map(layouts.contains) ?? false
    }
}

/// The settings in force for one layout after every layer that applies to it.
public struct LintState: Sendable {
    public var severities: [String: LintSeverity]
    public var devices: [Device] = DeviceMatrix.builtIn
    public var orientations: Set<Orientation> = Set(Orientation.allCases)
    public var layoutSize = true
    /// Left to right first, then right to left (docs/lint.md).
    public var directions: [LayoutDirection] = [.leftToRight, .rightToLeft]
    /// Every `sizes:` entry that applies, farther and earlier first: the last match wins.
    public var sampleSizes: [SampleSizes] = []
    /// Every `wrap:` entry that applies, likewise.
    public var sampleTexts: [SampleTexts] = []
    /// Every `readableWidths:` entry that applies, likewise.
    public var readableWidths: [ReadableWidth] = []
    /// The nearest `flags:` that applies (docs/lint.md, "Flags"); nil for lint's own combinations.
    public var flagCombinations: [[String]]?
    /// The nearest `parameters:` that applies (docs/lint.md, "Parameters"); nil: the defaults only.
    public var parameterSets: [[String: Double]]?

    public init() {
        var severities: [String: LintSeverity] = [:]
        for descriptor in LintRules.descriptors { severities[descriptor.name] = descriptor.defaultSeverity }
        self.severities = severities
    }

    public init(layers: [LintLayer], layout: String?) {
        self.init()
        for layer in layers where layer.applies(to: layout) { apply(layer.settings) }
    }

    public mutating func apply(_ settings: LintSettings) {
        for setting in settings.rules { severities[setting.rule] = setting.severity }
        sampleSizes += settings.sampleSizes
        sampleTexts += settings.sampleTexts
        readableWidths += settings.readableWidths
        if let combinations = settings.flagCombinations { flagCombinations = combinations }
        if let sets = settings.parameterSets { parameterSets = sets }
        guard let selection = settings.devices else { return }
        if let only = selection.only { devices = only }
        for device in selection.add where !devices.contains(where: { $0.id == device.id }) { devices.append(device) }
        if !selection.exclude.isEmpty { devices.removeAll { selection.exclude.contains($0.id) } }
        if let orientations = selection.orientations { self.orientations = orientations }
        if let layoutSize = selection.layoutSize { self.layoutSize = layoutSize }
        if let directions = selection.directions { self.directions = directions }
    }

    /// The sample content sizes for the dynamic item `name`: of the nearest, last entry matching it.
    public func samples(for name: String) -> [Size]? {
        sampleSizes.last { $0.pattern.matches(name) }?.samples
    }

    /// The sample texts for the wrap item `name`: of the nearest, last entry matching it.
    public func texts(for name: String) -> [LayoutTextModel]? {
        sampleTexts.last { $0.pattern.matches(name) }?.samples
    }

    /// The readable width of the item `name`: of the nearest, last entry matching it.
    public func readableWidth(for name: String) -> Double? {
        readableWidths.last { $0.pattern.matches(name) }?.width
    }

    /// The sizes to lint `plan` at: the devices, then the layout's own size unless a device
    /// already has that size and safe area. For a layout with `fit` (docs/format.md §7.3) the
    /// fitted axes are not used: sizes that differ only there are one (the first).
    public func sizes(for plan: LayoutPlan?) -> [DeviceSize] {
        var sizes = DeviceMatrix.sizes(of: devices, orientations: orientations)
        if layoutSize, let plan, let own = plan.defaultSize {
            let safeArea = plan.defaultSafeArea ?? .zero
            if !sizes.contains(where: { $0.size == own && $0.safeArea == safeArea }) {
                sizes.append(DeviceSize(label: "its own size", deviceID: nil, orientation: nil, size: own, safeArea: safeArea))
            }
        }
        if let fit = plan?.fit { sizes = DeviceSize.distinct(sizes, fitting: fit) }
        return sizes
    }
}
