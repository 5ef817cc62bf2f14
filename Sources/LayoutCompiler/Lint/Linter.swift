import LayoutRuntimeCore

/// One lint result: a compiler error or a rule's finding, with the device sizes it occurs at.
public struct LintDiagnostic: Hashable, Sendable {
    public var severity: Diagnostic.Severity
    /// A rule name (`collapsedChild`) or, for compiler errors, the diagnostic code (`outOfSpace`).
    public var rule: String
    /// The message, naming the first device it occurs on when it depends on the size.
    public var message: String
    public var location: SourceLocation
    /// The imported file the finding is in (docs/format.md §7.5), nil for the file linted.
    public var file: String?
    /// Every device size it occurs at ("iPhone SE (3rd generation) portrait (375×667)"), in
    /// matrix order; empty for static findings.
    public var devices: [String]
    /// What to do about it, printed as a `note:` line (`Diagnostic.note`).
    public var note: String?

    public init(severity: Diagnostic.Severity, rule: String, message: String, location: SourceLocation, devices: [String] = [],
                note: String? = nil) {
        self.severity = severity
        self.rule = rule
        self.message = DiagnosticText.quoted(message)
        self.location = location
        self.devices = devices
        self.note = note
    }

    /// `PATH:LINE:COLUMN: warning: MESSAGE [rule]`, and its note on a line of its own.
    public func formatted(path: String) -> String {
        let place = "\(DiagnosticText.quoted(path)):\(location.line):\(location.column)"
        let line = "\(place): \(severity.rawValue): \(DiagnosticText.quoted(message)) [\(rule)]"
        guard let note else { return line }
        return line + "\n\(place): note: \(DiagnosticText.quoted(note))"
    }
}

/// Lints one layout file in memory: every static check of the compiler, the lint rules, and
/// the size-dependent checks of the engine at every size of the device matrix, in both
/// directions, with every sample content size and sample text of `.layoutlint.yml` and every
/// optional node shown and hidden (docs/lint.md). A layout with `fit` is laid out once per
/// distinct size on the axes it does not fit, and its messages say the fitted size.
///
/// Layouts with dynamic flow items are computed with no elements for them, and dynamic items
/// without sample sizes at a stand-in size; size-dependent errors and findings about nodes
/// whose frames or checks depend on those sizes are left out, so nothing reported depends on
/// sizes lint cannot know.
public enum Linter {
    public struct FileResult: Sendable {
        public var diagnostics: [LintDiagnostic]
        /// Layouts of the file, and how many engine runs lint made.
        public var layoutCount: Int
        public var sizeCount: Int
        /// The dynamic items and wrap items of the file's valid layouts, for `SampleNameCheck`.
        public var contentItemNames: [String] = []
        public var wrapItemNames: [String] = []
        /// Whether a layout of the file did not validate: its item names are unknown.
        public var hasInvalidLayouts = false

        public var errorCount: Int { diagnostics.count { $0.severity == .error } }
        public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    }

    /// One file to lint: its bytes, syntax, and the settings layers that apply to it.
    public struct Input: Sendable {
        public var bytes: [UInt8]
        public var syntax: SourceSyntax
        public var layers: [LintLayer]
        /// Where the file was read from, so its imports can be (docs/format.md §7.5).
        public var context: LayoutCompiler.ImportContext?

        public init(bytes: [UInt8], syntax: SourceSyntax = .yaml, layers: [LintLayer] = [], context: LayoutCompiler.ImportContext? = nil) {
            self.bytes = bytes
            self.syntax = syntax
            self.layers = layers
            self.context = context
        }
    }

    /// Lints many files on one large-stack thread, in order.
    public static func lint(_ inputs: [Input]) -> [FileResult] {
        DeepStack.run { inputs.map { lintOnCurrentThread($0.bytes, syntax: $0.syntax, layers: $0.layers, context: $0.context) } }
    }

    public static func lint(_ bytes: [UInt8], syntax: SourceSyntax = .yaml, layers: [LintLayer] = []) -> FileResult {
        DeepStack.run { lintOnCurrentThread(bytes, syntax: syntax, layers: layers) }
    }

    package static func lintOnCurrentThread(_ bytes: [UInt8], syntax: SourceSyntax = .yaml, layers: [LintLayer] = [],
                                            context: LayoutCompiler.ImportContext? = nil) -> FileResult {
        let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: context)
        var collector = Collector()
        for diagnostic in compiled.diagnostics {
            var finding = LintDiagnostic(severity: diagnostic.severity, rule: diagnostic.code.rawValue,
                                         message: diagnostic.message, location: diagnostic.location)
            finding.file = diagnostic.file
            collector.add(finding, device: nil)
        }
        UnusedConstantRule.report(compiled.unusedConstants, state: LintState(layers: layers, layout: nil), into: &collector)
        UnusedParameterRule.report(compiled.unusedParameters, state: LintState(layers: layers, layout: nil), into: &collector)
        var sizeCount = 0
        // Dynamic items without sample sizes and wrap items without sample texts, said once per
        // file (the first layout's severity).
        var unsizedItems: [(layout: String, item: String, location: SourceLocation, isWrap: Bool)] = []
        var unsizedSeverity: Diagnostic.Severity?
        var parameterCompiles: [String: LayoutCompiler.CompiledFile] = [:]
        for (layoutIndex, (document, plan)) in zip(compiled.file.layouts, compiled.plans).enumerated() {
            let name: String? = plan?.name ?? {
                if case .string(let text)? = document.name { return text }
                return nil
            }()
            let state = LintState(layers: layers, layout: name)
            let rules = LintRules.all.compactMap { rule -> (any LintRule.Type, Diagnostic.Severity)? in
                switch state.severities[rule.name] ?? .off {
                case .off: return nil
                case .warning: return (rule, .warning)
                case .error: return (rule, .error)
                }
            }
            var findings: [LintFinding] = []
            for (rule, _) in rules { rule.check(document: document, plan: plan, into: &findings) }
            guard let plan else {
                collector.add(findings, rules: rules, device: nil)
                continue
            }
            for (rule, _) in rules { rule.check(plan: plan, sizes: state.sizes(for: plan), into: &findings) }
            collector.add(findings, rules: rules, device: nil)
            // docs/format.md §8.1: the defaults, then each set of `parameters:` that gives this
            // layout's parameters other values (a set whose checks fail is reported as such).
            var variants: [(plan: LayoutPlan, parameters: String?)] = [(plan, nil)]
            for set in ParameterSets.sets(for: plan, configured: state.parameterSets) {
                let key = ParameterSets.label(set)
                let given = parameterCompiles[key] ?? LayoutCompiler.compileOnCurrentThread(bytes, syntax: syntax, context: context, parameters: set)
                parameterCompiles[key] = given
                if layoutIndex < given.plans.count, let variant = given.plans[layoutIndex] {
                    variants.append((variant, key))
                    continue
                }
                var rechecks = DiagnosticBag()
                _ = FramesRequest.recheckedPlans([plan], from: compiled, given: given, reportingTo: &rechecks)
                for diagnostic in rechecks.diagnostics {
                    collector.add(LintDiagnostic(severity: .error, rule: diagnostic.code.rawValue, message: diagnostic.message + " (parameters \(key))",
                                                 location: diagnostic.location), device: nil)
                }
            }
            for (plan, parameterLabel) in variants {
            let samples = LintSamples(plan: plan, state: state)
            if !samples.unsized.isEmpty || !samples.untexted.isEmpty {
                let geometry = LayoutGeometry(plan: plan)
                var items: [(layout: String, item: String, location: SourceLocation, isWrap: Bool)] = []
                for (names, isWrap) in [(samples.unsized, false), (samples.untexted, true)] {
                    for item in names {
                        let location = geometry.nodes.first { $0.kind == .item && $0.name == item }?.location ?? plan.location
                        items.append((plan.name, item, location, isWrap))
                    }
                }
                unsizedItems += items.sorted { $0.location < $1.location }
                if unsizedSeverity == nil {
                    switch state.severities[MissingSampleSizesRule.name] ?? .off {
                    case .off: unsizedSeverity = nil
                    case .warning: unsizedSeverity = .warning
                    case .error: unsizedSeverity = .error
                    }
                }
            }
            let geometry = LayoutGeometry(plan: plan, unsized: Set(samples.unsized + samples.untexted))
            let readableWidths = rules.contains { $0.0.name == ShrunkBelowReadableWidthRule.name }
                ? ShrunkBelowReadableWidthRule.readableWidths(geometry: geometry, state: state) : [:]
            let checksClippedText = rules.contains { $0.0.name == ClippedTextRule.name }
            var observations = LayoutObservations(count: geometry.nodes.count)
            // Every optional node both shown and hidden: all shown, each hidden alone (or, with
            // many, in batches: `HideStates`), all hidden.
            let hideStates = HideStates(optionalNames: plan.optionalNames, nodeCount: geometry.nodes.count).states
            // Right-to-left frames are the left-to-right ones mirrored, with the same errors
            // (docs/format.md §6.3), so they are mirrored here rather than computed again, except
            // where a justified flow rounds its elements after mirroring.
            let mirrorable = !geometry.nodes.contains { $0.kind == .flow && $0.justify }
            var leftToRight: [Result<LayoutGeometry.Frames, LayoutError>?] = []
            // docs/format.md §8.7: the layout's flags on and off (`FlagStates`).
            let flagStates = FlagStates.states(for: plan.flagNames, configured: state.flagCombinations)
            for size in state.sizes(for: plan) {
                for flagsOn in flagStates {
                for combination in samples.combinations {
                    let measures = combination.measures
                    leftToRight = hideStates.map { _ in nil }
                    // The runs the loop below makes, in its order: every hide state in each
                    // direction, except right to left where it is left to right mirrored.
                    var environments: [LayoutEngine.Environment] = []
                    var leftToRightDone = false
                    for direction in state.directions {
                        if direction == .rightToLeft, mirrorable, leftToRightDone { continue }
                        for hidden in hideStates {
                            environments.append(LayoutEngine.Environment(size: size.size, safeArea: size.safeArea, dynamicSizes: combination.sizes,
                                                                         hidden: Set(hidden), direction: direction, measures: measures,
                                                                         flags: Set(flagsOn), scale: size.scale))
                        }
                        if direction == .leftToRight { leftToRightDone = true }
                    }
                    var runs = LintRunBatch(geometry: geometry, environments: environments)
                    for direction in state.directions {
                        var shownError: (error: LayoutError, fitted: String?)?
                        var fixes: [[String]] = []
                        var hiddenErrors: [(LayoutError, [String], fitted: String?)] = []
                        for (hideIndex, hidden) in hideStates.enumerated() {
                            let result: Result<LayoutGeometry.Frames, LayoutError>
                            // A failed run's frames up to the error (none for a mirrored run: its error was counted left to right).
                            var partialFrames: LayoutGeometry.Frames?
                            // The container size a layout with `fit` computed (docs/format.md §7.3).
                            var fitted: String?
                            if direction == .rightToLeft, mirrorable, let computed = leftToRight[hideIndex] {
                                // An error was reported left to right, at this device, already.
                                guard case .success(let frames) = computed else { continue }
                                result = .success(frames.mirrored())
                                fitted = Self.fitted(plan.fit, frames.containerSize)
                            } else {
                                sizeCount += 1
                                let (frames, error) = runs.next()
                                result = error.map { .failure($0) } ?? .success(frames)
                                if error != nil { partialFrames = frames }
                                fitted = Self.fitted(plan.fit, frames.containerSize)
                                if direction == .leftToRight { leftToRight[hideIndex] = result }
                            }
                            let context = RunContext(samples: combination.label, fitted: fitted, hidden: hidden, direction: direction,
                                                     flags: flagsOn, parameters: parameterLabel)
                            switch result {
                            case .failure(let error):
                                guard !geometry.errorDependsOnDynamic(at: error.location) else { continue }
                                // The error is reported: what the run laid out (and did not reach) counts.
                                if let partial = partialFrames {
                                    observations.recordFailed(partial, geometry: geometry, hidden: Set(hidden))
                                }
                                if hideIndex == 0 {
                                    shownError = (error, fitted)
                                } else if shownError?.error.location != error.location || shownError?.error.code != error.code {
                                    hiddenErrors.append((error, hidden, fitted))
                                }
                            case .success(let frames):
                                if hideIndex > 0, shownError != nil { fixes.append(hidden) }
                                observations.record(frames, geometry: geometry)
                                findings.removeAll(keepingCapacity: true)
                                // Rules see the container the frames were computed in (fitted, where the layout fits).
                                var computedSize = size
                                computedSize.size = frames.containerSize
                                for (rule, _) in rules { rule.check(geometry: geometry, frames: frames, size: computedSize, into: &findings) }
                                if !readableWidths.isEmpty {
                                    ShrunkBelowReadableWidthRule.check(geometry: geometry, frames: frames, readableWidths: readableWidths, into: &findings)
                                }
                                if checksClippedText, !combination.texts.isEmpty {
                                    ClippedTextRule.check(geometry: geometry, frames: frames, texts: combination.texts, into: &findings)
                                }
                                collector.add(findings, rules: rules, device: size, context: context)
                            }
                        }
                        if let (shownError, fitted) = shownError {
                            let context = RunContext(samples: combination.label, fitted: fitted, hidden: [], direction: direction, flags: flagsOn, parameters: parameterLabel)
                            collector.add(LintDiagnostic(severity: .error, rule: shownError.code.rawValue,
                                                         message: shownError.text + Self.fitsOnlyHidden(fixes) + context.suffix,
                                                         location: shownError.location, note: shownError.fix), device: size, direction: direction)
                        }
                        for (error, hidden, fitted) in hiddenErrors {
                            let context = RunContext(samples: combination.label, fitted: fitted, hidden: hidden, direction: direction, flags: flagsOn, parameters: parameterLabel)
                            collector.add(LintDiagnostic(severity: .error, rule: error.code.rawValue, message: error.text + context.suffix,
                                                         location: error.location, note: error.fix), device: size, direction: direction)
                        }
                    }
                }
                }
            }
            findings.removeAll(keepingCapacity: true)
            for (rule, _) in rules { rule.check(geometry: geometry, observations: observations, document: document, into: &findings) }
            collector.add(findings, rules: rules, device: nil)
            }
        }
        if let severity = unsizedSeverity, let first = unsizedItems.first {
            collector.add(LintDiagnostic(severity: severity, rule: MissingSampleSizesRule.name,
                                         message: MissingSampleSizesRule.message(unsizedItems.map { ($0.layout, $0.item, $0.isWrap) }),
                                         location: first.location), device: nil)
        }
        let plans = compiled.plans.compactMap { $0 }
        return FileResult(diagnostics: collector.result(), layoutCount: compiled.file.layouts.count, sizeCount: sizeCount,
                          contentItemNames: plans.flatMap(\.contentItemNames), wrapItemNames: plans.flatMap(\.wrapItemNames),
                          hasInvalidLayouts: plans.count < compiled.plans.count)
    }

    /// "; it fits only with 'badge' hidden": what must be hidden for a layout that fails shown.
    static func fitsOnlyHidden(_ fixes: [[String]]) -> String {
        guard !fixes.isEmpty else { return "" }
        let singles = fixes.filter { $0.count == 1 }.map { $0[0] }
        if !singles.isEmpty {
            return "; it fits only with \(HideStates.names(singles, conjunction: "or")) hidden"
        }
        return "; it fits only with \(HideStates.names(fixes[0], conjunction: "and")) hidden"
    }

    static func list(_ items: [String], conjunction: String) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(conjunction) " + (items.last ?? "")
    }

    /// "height fitted to 96": the container size a layout with `fit` computed (docs/format.md
    /// §7.3); nil without `fit`, or when the engine stopped before measuring it.
    static func fitted(_ fit: LayoutFit?, _ size: Size) -> String? {
        guard let fit, size.width.isFinite, size.height.isFinite else { return nil }
        let width = NumberFormat.string(size.width), height = NumberFormat.string(size.height)
        switch fit {
        case .height: return "height fitted to \(height)"
        case .width: return "width fitted to \(width)"
        case .both: return "fitted to \(width)×\(height)"
        }
    }

    /// What a run had besides the device size, said in its messages: the sample sizes, the
    /// fitted size, the hidden nodes, the direction.
    struct RunContext {
        var samples: String?
        /// "height fitted to 96" for a layout with `fit`.
        var fitted: String? = nil
        var hidden: [String]
        var direction: LayoutDirection
        /// The flags on (docs/format.md §8.7).
        var flags: [String] = []
        /// The parameters' values, when not the defaults (docs/format.md §8.1): "inset=8, thumbnail=80".
        var parameters: String? = nil

        /// " (name 300×24; height fitted to 96; 'badge' hidden)"; empty for a plain left-to-right run.
        var suffix: String {
            var parts: [String] = []
            if let samples { parts.append(samples) }
            if let fitted { parts.append(fitted) }
            if !hidden.isEmpty { parts.append(HideStates.names(hidden, conjunction: "and") + " hidden") }
            if let flags = FlagStates.description(flags) { parts.append(flags) }
            if let parameters { parts.append("parameters " + parameters) }
            if direction == .rightToLeft { parts.append("right to left") }
            return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
        }
    }

    /// One diagnostic per rule and location: the first device's message, every device listed.
    struct Collector {
        var order: [Key] = []
        var entries: [Key: LintDiagnostic] = [:]

        struct Key: Hashable {
            var rule: String
            var location: SourceLocation
        }

        mutating func add(_ findings: [LintFinding], rules: [(any LintRule.Type, Diagnostic.Severity)], device: DeviceSize?,
                          context: RunContext? = nil) {
            for finding in findings {
                guard let severity = rules.first(where: { $0.0.name == finding.rule })?.1 else { continue }
                add(LintDiagnostic(severity: severity, rule: finding.rule, message: finding.message + (context?.suffix ?? ""), location: finding.location),
                    device: device, direction: context?.direction ?? .leftToRight)
            }
        }

        /// A device where the diagnostic occurs only right to left is listed as "… right to left".
        mutating func add(_ diagnostic: LintDiagnostic, device: DeviceSize?, direction: LayoutDirection = .leftToRight) {
            let key = Key(rule: diagnostic.rule, location: diagnostic.location)
            let name = device.map { direction == .rightToLeft ? $0.description + " right to left" : $0.description }
            if var existing = entries[key] {
                if let device, let name, !existing.devices.contains(device.description), !existing.devices.contains(name) {
                    existing.devices.append(name)
                    entries[key] = existing
                }
                return
            }
            var diagnostic = diagnostic
            if let name { diagnostic.devices = [name] }
            order.append(key)
            entries[key] = diagnostic
        }

        func result() -> [LintDiagnostic] {
            var out: [LintDiagnostic] = []
            out.reserveCapacity(order.count)
            for key in order {
                guard var diagnostic = entries[key] else { continue }
                if let first = diagnostic.devices.first {
                    diagnostic.message += DiagnosticMessages.devices(first, others: diagnostic.devices.count - 1)
                }
                out.append(diagnostic)
            }
            return out.enumerated().sorted {
                ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
            }.map(\.element)
        }
    }
}
