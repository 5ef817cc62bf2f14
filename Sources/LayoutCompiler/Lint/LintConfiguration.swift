import LayoutRuntimeCore

/// One `.layoutlint.yml` file (docs/lint.md): rule severities, the device matrix, excluded
/// paths and per-path or per-layout overrides. Read with the layout files' own libyaml event
/// stream into a small tree (`YAMLNode`);
/// every unknown key or bad value is a diagnostic located in the file, like layout files.
public struct LintConfiguration: Hashable, Sendable {
    public static let fileName = ".layoutlint.yml"

    /// Stop looking for configuration files in the directories above this one.
    public var root = false
    public var settings = LintSettings()
    /// Paths left out when lint searches folders, relative to the file's directory.
    public var exclude: [Glob] = []
    public var overrides: [Override] = []
    /// Every name or glob under `sizes:` and `wrap:` (top level and overrides), where it is
    /// written: lint checks that each names an item (`SampleNameCheck`).
    public var sampleNames: [LintSampleName] = []

    /// Settings for the files matching `files` (all when nil) and the layouts named in
    /// `layouts` (all when nil).
    public struct Override: Hashable, Sendable {
        public var files: [Glob]?
        public var layouts: Set<String>?
        public var settings: LintSettings
    }

    public init() {}

    /// Whether lint skips `relativePath` (or a folder it lies in) when searching folders.
    public func excludes(relativePath: String) -> Bool {
        exclude.contains { $0.matchesPathOrAncestor(relativePath) }
    }

    /// The layers this file contributes for a layout file at `relativePath` (relative to the
    /// configuration's directory): its own settings, then each matching override in order.
    public func layers(forRelativePath relativePath: String) -> [LintLayer] {
        var layers = [LintLayer(settings: settings)]
        for override in overrides {
            if let files = override.files, !files.contains(where: { $0.matchesPathOrAncestor(relativePath) }) { continue }
            layers.append(LintLayer(layouts: override.layouts, settings: override.settings))
        }
        return layers
    }

    // MARK: Parsing

    static let topKeys = ["root", "rules", "enable", "disable", "devices", "sizes", "wrap", "readableWidths", "flags", "parameters", "exclude", "overrides"]
    static let overrideKeys = ["files", "layouts", "rules", "enable", "disable", "devices", "sizes", "wrap", "readableWidths", "flags", "parameters"]
    static let deviceKeys = ["only", "add", "exclude", "orientations", "layoutSize", "directions"]
    static let customDeviceKeys = ["name", "size", "safeArea", "landscapeSafeArea"]

    public static func parse(_ text: String) -> (configuration: LintConfiguration, diagnostics: [Diagnostic]) {
        var parser = Parser()
        var configuration = LintConfiguration()
        let (composed, problem) = YAMLNode.compose(text)
        if let problem { return (configuration, [problem]) }
        guard let node = composed else { return (configuration, []) }
        guard let mapping = node.pairs else {
            parser.error(.invalidValue, LintConfigurationMessages.notAMapping(fileName), node)
            return (configuration, parser.diagnostics.sorted)
        }
        var rules: [LintSettings.RuleSetting] = []
        for (key, value) in mapping {
            guard let name = parser.key(key, allowed: topKeys, in: LintConfigurationMessages.filePlace(fileName)) else { continue }
            switch name {
            case "root": configuration.root = parser.bool(value, key: name) ?? false
            case "rules", "enable", "disable": rules += parser.rules(name, value)
            case "devices": configuration.settings.devices = parser.devices(value)
            case "sizes": configuration.settings.sampleSizes = parser.sampleSizes(value)
            case "wrap": configuration.settings.sampleTexts = parser.sampleTexts(value)
            case "readableWidths": configuration.settings.readableWidths = parser.readableWidths(value)
            case "flags": configuration.settings.flagCombinations = parser.flagCombinations(value)
            case "parameters": configuration.settings.parameterSets = parser.parameterSets(value)
            case "exclude": configuration.exclude = parser.strings(value, key: name).map { Glob($0.text) }
            default: configuration.overrides = parser.overrides(value)
            }
        }
        configuration.settings.rules = rules
        configuration.sampleNames = parser.sampleNames
        return (configuration, parser.diagnostics.sorted)
    }

    struct Parser {
        var diagnostics = DiagnosticBag()
        var sampleNames: [LintSampleName] = []

        mutating func error(_ code: DiagnosticCode, _ message: String, _ node: YAMLNode) {
            diagnostics.error(code, message, at: node.location)
        }

        /// The key's name when it is one of `allowed`; else `unknownKey` with a suggestion.
        mutating func key(_ key: YAMLNode, allowed: [String], in place: String) -> String? {
            guard let name = key.text else {
                error(.invalidValue, LintConfigurationMessages.keysAreNames(in: place), key)
                return nil
            }
            if allowed.contains(name) { return name }
            error(.unknownKey, LintConfigurationMessages.unknownKey(name, in: place, suggestion: suggestion(name, allowed), allowed: allowed), key)
            return nil
        }

        func suggestion(_ name: String, _ candidates: [String]) -> String? {
            var best: (String, Int)?
            for candidate in candidates {
                let distance = KeyCatalog.editDistance(name.lowercased(), candidate.lowercased())
                if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? .max) { best = (candidate, distance) }
            }
            return best?.0
        }

        mutating func bool(_ node: YAMLNode, key: String) -> Bool? {
            // The YAML 1.2 core schema, as in layout files: `yes` and `on` are not booleans.
            if case .bool(let value)? = node.literal { return value }
            error(.invalidValue, LintConfigurationMessages.notABool(key, found: node.text), node)
            return nil
        }

        /// A list of strings, or one string.
        mutating func strings(_ node: YAMLNode, key: String) -> [(text: String, node: YAMLNode)] {
            if let text = node.text, !node.isNull { return [(text, node)] }
            guard let sequence = node.elements else {
                error(.invalidValue, LintConfigurationMessages.notNames(key), node)
                return []
            }
            var out: [(String, YAMLNode)] = []
            for element in sequence {
                if let text = element.text { out.append((text, element)) } else { error(.invalidValue, LintConfigurationMessages.nestedName(key), element) }
            }
            return out
        }

        mutating func ruleName(_ text: String, _ node: YAMLNode, asKey: Bool) -> String? {
            if LintRules.descriptor(named: text) != nil { return text }
            let names = LintRules.descriptors.map(\.name)
            error(asKey ? .unknownKey : .invalidValue,
                  LintConfigurationMessages.unknownRule(text, isErrorCode: LintRules.isErrorCode(text), suggestion: suggestion(text, names), rules: names), node)
            return nil
        }

        mutating func rules(_ key: String, _ node: YAMLNode) -> [LintSettings.RuleSetting] {
            var out: [LintSettings.RuleSetting] = []
            if key == "rules" {
                guard let mapping = node.pairs else {
                    error(.invalidValue, LintConfigurationMessages.rulesNotAMapping, node)
                    return []
                }
                for (ruleKey, value) in mapping {
                    guard let text = ruleKey.text, let rule = ruleName(text, ruleKey, asKey: true) else { continue }
                    guard let text = value.text, let severity = LintSeverity(rawValue: text) else {
                        error(.invalidValue, LintConfigurationMessages.notASeverity(rule), value)
                        continue
                    }
                    out.append(.init(rule: rule, severity: severity))
                }
                return out
            }
            for (text, element) in strings(node, key: key) {
                guard let rule = ruleName(text, element, asKey: false), let descriptor = LintRules.descriptor(named: rule) else { continue }
                out.append(.init(rule: rule, severity: key == "disable" ? .off : descriptor.defaultSeverity))
            }
            return out
        }

        mutating func devices(_ node: YAMLNode) -> DeviceSelection? {
            guard let mapping = node.pairs else {
                error(.invalidValue, LintConfigurationMessages.devicesNotAMapping, node)
                return nil
            }
            var selection = DeviceSelection()
            var onlyNames: [(text: String, node: YAMLNode)]?
            var excludeNames: [(text: String, node: YAMLNode)] = []
            for (key, value) in mapping {
                guard let name = self.key(key, allowed: deviceKeys, in: LintConfigurationMessages.devicesPlace) else { continue }
                switch name {
                case "only": onlyNames = strings(value, key: name)
                case "exclude": excludeNames = strings(value, key: name)
                case "add":
                    guard let sequence = value.elements else {
                        error(.invalidValue, LintConfigurationMessages.addNotAList, value)
                        continue
                    }
                    selection.add = sequence.compactMap { customDevice($0) }
                case "orientations":
                    var orientations = Set<Orientation>()
                    for (text, element) in strings(value, key: name) {
                        if let orientation = Orientation(rawValue: text) { orientations.insert(orientation) } else {
                            error(.invalidValue, LintConfigurationMessages.notAnOrientation(text), element)
                        }
                    }
                    selection.orientations = orientations
                case "directions":
                    var directions: [LayoutDirection] = []
                    for (text, element) in strings(value, key: name) {
                        if let direction = LayoutDirection(rawValue: text) {
                            if !directions.contains(direction) { directions.append(direction) }
                        } else {
                            error(.invalidValue, LintConfigurationMessages.notADirection(text), element)
                        }
                    }
                    // Left to right first, whatever the order written.
                    selection.directions = directions.sorted { $0 == .leftToRight && $1 != .leftToRight }
                default:
                    selection.layoutSize = bool(value, key: name)
                }
            }
            let known = DeviceMatrix.builtIn + selection.add
            if let onlyNames { selection.only = onlyNames.compactMap { device($0.text, $0.node, known) } }
            selection.exclude = excludeNames.compactMap { device($0.text, $0.node, known)?.id }
            return selection
        }

        mutating func device(_ text: String, _ node: YAMLNode, _ known: [Device]) -> Device? {
            if let device = DeviceMatrix.device(named: text, in: known) { return device }
            let names = known.map(\.id)
            let suggested = suggestion(text.lowercased(), names + known.map { $0.name.lowercased() })
            error(.invalidValue, LintConfigurationMessages.unknownDevice(text, suggestion: suggested, devices: names), node)
            return nil
        }

        mutating func customDevice(_ node: YAMLNode) -> Device? {
            guard let mapping = node.pairs else {
                error(.invalidValue, LintConfigurationMessages.deviceNotAMapping, node)
                return nil
            }
            var name: String?
            var size: Size?
            var safeArea = EdgeInsets.zero
            var landscape: EdgeInsets?
            for (key, value) in mapping {
                guard let keyName = self.key(key, allowed: customDeviceKeys, in: LintConfigurationMessages.devicePlace) else { continue }
                switch keyName {
                case "name":
                    if let text = value.text, !text.isEmpty { name = text } else { error(.invalidValue, LintConfigurationMessages.emptyDeviceName, value) }
                case "size":
                    if let numbers = numbers(value, count: 2, key: keyName) { size = Size(width: numbers[0], height: numbers[1]) }
                case "safeArea":
                    if let n = numbers(value, count: 4, key: keyName) { safeArea = EdgeInsets(top: n[0], leading: n[1], bottom: n[2], trailing: n[3]) }
                default:
                    if let n = numbers(value, count: 4, key: keyName) { landscape = EdgeInsets(top: n[0], leading: n[1], bottom: n[2], trailing: n[3]) }
                }
            }
            guard let name, let size else {
                error(.missingKey, LintConfigurationMessages.deviceIncomplete, node)
                return nil
            }
            let id = name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
            return Device(id: id, name: name, family: .custom, portrait: size, portraitSafeArea: safeArea, landscapeSafeArea: landscape)
        }

        /// `shape`: how messages write the list when it is not a size or insets.
        mutating func numbers(_ node: YAMLNode, count: Int, key: String, shape: String? = nil) -> [Double]? {
            guard let sequence = node.elements, sequence.count == count else {
                error(.invalidValue, LintConfigurationMessages.wrongNumberList(key, count: count, shape: shape), node)
                return nil
            }
            var out: [Double] = []
            for element in sequence {
                guard case .number(let value, _)? = element.literal, value.isFinite, value >= 0, value <= Validator.maximumMagnitude else {
                    error(.invalidValue, LintConfigurationMessages.numberOutOfRange(key, count: count, maximum: Validator.maximumMagnitude,
                                                                                    shape: shape), element)
                    return nil
                }
                out.append(value)
            }
            return out
        }

        /// `sizes:` maps item names or globs to sample content sizes: `[[w, h], ...]`, or one `[w, h]`.
        mutating func sampleSizes(_ node: YAMLNode) -> [SampleSizes] {
            let shape = LintConfigurationMessages.sizesShape
            guard let mapping = node.pairs else {
                error(.invalidValue, shape, node)
                return []
            }
            var out: [SampleSizes] = []
            for (key, value) in mapping {
                guard let name = key.text, !name.isEmpty else {
                    error(.invalidValue, shape, key)
                    continue
                }
                sampleNames.append(LintSampleName(kind: .dynamicItem, pattern: Glob(name), location: key.location))
                guard let elements = value.elements, !elements.isEmpty else {
                    error(.invalidValue, LintConfigurationMessages.sampleSizesNotPairs(name), value)
                    continue
                }
                // One pair written alone: `name: [80, 20]`.
                let pairs = elements.allSatisfy({ $0.elements == nil }) ? [value] : elements
                var samples: [Size] = []
                for pair in pairs {
                    guard let numbers = numbers(pair, count: 2, key: name) else { continue }
                    samples.append(Size(width: numbers[0], height: numbers[1]))
                }
                if samples.count == pairs.count { out.append(SampleSizes(pattern: Glob(name), samples: samples)) }
            }
            return out
        }

        /// `wrap:` maps wrap item names or globs to sample texts: `[[width, lineHeight], ...]`, or one pair.
        mutating func sampleTexts(_ node: YAMLNode) -> [SampleTexts] {
            guard let mapping = node.pairs else {
                error(.invalidValue, LintConfigurationMessages.wrapShape, node)
                return []
            }
            var out: [SampleTexts] = []
            for (key, value) in mapping {
                guard let name = key.text, !name.isEmpty else {
                    error(.invalidValue, LintConfigurationMessages.wrapShape, key)
                    continue
                }
                sampleNames.append(LintSampleName(kind: .wrapItem, pattern: Glob(name), location: key.location))
                guard let elements = value.elements, !elements.isEmpty else {
                    error(.invalidValue, LintConfigurationMessages.sampleTextsNotPairs(name), value)
                    continue
                }
                let pairs = elements.allSatisfy({ $0.elements == nil }) ? [value] : elements
                var samples: [LayoutTextModel] = []
                for pair in pairs {
                    // `[width, lineHeight, lines]`: a line limit, as `--wrap NAME=WxLxN` (docs/format.md §8.6).
                    let count = pair.elements?.count == 3 ? 3 : 2
                    guard let numbers = numbers(pair, count: count, key: name, shape: LintConfigurationMessages.textShape) else { continue }
                    var lineLimit: Int?
                    if count == 3 {
                        guard numbers[2] >= 1, numbers[2] == numbers[2].rounded(), numbers[2] <= 1e9 else {
                            error(.invalidValue, LintConfigurationMessages.lineLimit(name), pair.elements?[2] ?? pair)
                            continue
                        }
                        lineLimit = Int(numbers[2])
                    }
                    samples.append(LayoutTextModel(width: numbers[0], lineHeight: numbers[1], maxLines: lineLimit))
                }
                if samples.count == pairs.count { out.append(SampleTexts(pattern: Glob(name), samples: samples)) }
            }
            return out
        }

        /// `readableWidths:` maps item names or globs to one number each.
        mutating func readableWidths(_ node: YAMLNode) -> [ReadableWidth] {
            guard let mapping = node.pairs else {
                error(.invalidValue, LintConfigurationMessages.readableWidthsShape, node)
                return []
            }
            var out: [ReadableWidth] = []
            for (key, value) in mapping {
                guard let name = key.text, !name.isEmpty else {
                    error(.invalidValue, LintConfigurationMessages.readableWidthsShape, key)
                    continue
                }
                guard case .number(let width, _)? = value.literal, width.isFinite, width >= 0, width <= Validator.maximumMagnitude else {
                    error(.invalidValue, LintConfigurationMessages.readableWidthNotANumber(name, maximum: Validator.maximumMagnitude), value)
                    continue
                }
                out.append(ReadableWidth(pattern: Glob(name), width: width))
            }
            return out
        }

        /// `flags:` lists the combinations of flags (docs/format.md §8.7) lint turns on, each a
        /// list of names (`[]`: every flag off): `[[], [compact], [compact, dark]]`.
        mutating func flagCombinations(_ node: YAMLNode) -> [[String]]? {
            guard let combinations = node.elements, !node.isNull else {
                error(.invalidValue, LintConfigurationMessages.flagsShape, node)
                return nil
            }
            var out: [[String]] = []
            for combination in combinations {
                guard let names = combination.elements else {
                    error(.invalidValue, LintConfigurationMessages.flagsShape, combination)
                    continue
                }
                var flags: [String] = []
                for name in names {
                    guard let text = name.text, Validator.isValidName(text) else {
                        error(.invalidValue, LintConfigurationMessages.flagNotAName, name)
                        continue
                    }
                    flags.append(text)
                }
                out.append(flags)
            }
            return out
        }

        /// `parameters:` lists sets of parameter values (docs/format.md §8.1) lint checks besides
        /// the defaults, each a mapping of names to numbers: `[{inset: 8}, {inset: 24, thumbnail: 80}]`.
        mutating func parameterSets(_ node: YAMLNode) -> [[String: Double]]? {
            guard let sets = node.elements, !node.isNull else {
                error(.invalidValue, LintConfigurationMessages.parametersShape, node)
                return nil
            }
            var out: [[String: Double]] = []
            for set in sets {
                guard let pairs = set.pairs else {
                    error(.invalidValue, LintConfigurationMessages.parametersShape, set)
                    continue
                }
                var values: [String: Double] = [:]
                for (key, value) in pairs {
                    guard let name = key.text, Validator.isValidName(name) else {
                        error(.invalidValue, LintConfigurationMessages.parameterNotAName, key)
                        continue
                    }
                    guard case .number(let number, _)? = value.literal, number.isFinite else {
                        error(.invalidValue, LintConfigurationMessages.parameterNotANumber(name), value)
                        continue
                    }
                    values[name] = number
                }
                out.append(values)
            }
            return out
        }

        mutating func overrides(_ node: YAMLNode) -> [Override] {
            guard let sequence = node.elements else {
                error(.invalidValue, LintConfigurationMessages.overridesNotAList, node)
                return []
            }
            var out: [Override] = []
            for element in sequence {
                guard let mapping = element.pairs else {
                    error(.invalidValue, LintConfigurationMessages.overrideNotAMapping, element)
                    continue
                }
                var override = Override(files: nil, layouts: nil, settings: LintSettings())
                for (key, value) in mapping {
                    guard let name = self.key(key, allowed: overrideKeys, in: LintConfigurationMessages.overridePlace) else { continue }
                    switch name {
                    case "files": override.files = strings(value, key: name).map { Glob($0.text) }
                    case "layouts": override.layouts = Set(strings(value, key: name).map(\.text))
                    case "devices": override.settings.devices = devices(value)
                    case "sizes": override.settings.sampleSizes = sampleSizes(value)
                    case "wrap": override.settings.sampleTexts = sampleTexts(value)
                    case "readableWidths": override.settings.readableWidths = readableWidths(value)
                    case "flags": override.settings.flagCombinations = flagCombinations(value)
                    case "parameters": override.settings.parameterSets = parameterSets(value)
                    default: override.settings.rules += rules(name, value)
                    }
                }
                out.append(override)
            }
            return out
        }
    }
}
