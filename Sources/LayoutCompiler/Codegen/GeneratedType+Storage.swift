/// The storage form of a large layout (docs/codegen.md): its part functions and values
/// functions, the accessors of array items kept in `elementStore`, the mirroring and pixel-grid
/// alignment of the stored frames, and the initializer that fills the arrays.
extension GeneratedType {
    func partName(_ part: Int) -> String { "layoutPart\(part + 1)" }

    func valuesName(_ number: Int) -> String { "layoutValues\(number + 1)" }

    func valuesCall(_ number: Int, _ arguments: [String]) -> String {
        "try Self.\(valuesName(number))(\((storageArguments + arguments).joined(separator: ", ")))"
    }

    /// The get and set of the properties of array items kept in `elementStore`. An array of
    /// another count than the item's is kept aside, its place in `elementStore` zeroed, so that
    /// two layouts with equal frames are equal.
    func writeElementAccessors(to out: inout SwiftSourceWriter) {
        out.block("extension \(typeName)") { out in
            out.line("/// The frames of the array item whose frames start at `start` in `\(elementStore)`.")
            out.block("private func \(elementsGetter)(_ start: Swift.Int, _ count: Swift.Int) -> [CGRect]") { out in
                out.line("if !\(replacedElements).isEmpty, let frames = \(replacedElements)[start] { return frames }")
                out.line("return Swift.Array(\(elementStore)[start..<(start + count)])")
            }
            out.line()
            out.block("private mutating func \(elementsSetter)(_ frames: [CGRect], _ start: Swift.Int, _ count: Swift.Int)") { out in
                out.line("if frames.count == count {")
                out.line("    \(elementStore).replaceSubrange(start..<(start + count), with: frames)")
                out.line("    \(replacedElements)[start] = nil")
                out.line("} else {")
                out.line("    \(elementStore).replaceSubrange(start..<(start + count), with: Swift.repeatElement(CGRect.zero, count: count))")
                out.line("    \(replacedElements)[start] = frames")
                out.line("}")
            }
        }
    }

    /// Right to left: every frame mirrored in the container, but flow elements, which
    /// `LayoutFlow.place` mirrors before rounding (docs/format.md §6.3).
    /// Whether any frame is mirrored after the body (else only flows read `direction`).
    var needsMirroring: Bool {
        members.contains { !$0.isArray && !$0.isFlowItem }
    }

    func writeMirroring(to out: inout SwiftSourceWriter, width: String) {
        // flow elements are mirrored by the flow; a name shared by flow items and other nodes where it is set
        let flowItems = Set(members.filter { $0.isFlowItem || $0.mixesFlowItems }.map(\.name))
        let mirrored = members.filter { !$0.isArray && !flowItems.contains($0.name) }
        guard !mirrored.isEmpty else { return }
        out.block("if direction == .rightToLeft") { out in
            if usesStorage {
                for (number, store) in stores.enumerated() where !store.isArray && !store.holdsElements && store.count > 0 {
                    let skipped = members.filter { !$0.isArray && flowItems.contains($0.name) }.compactMap { storageIndex[$0.name] }
                        .filter { $0.store == number }.map(\.index)
                    guard skipped.count < store.count else { continue }
                    let condition = skipped.isEmpty ? "" : " where ![\(skipped.map(String.init).joined(separator: ", "))].contains(index)"
                    out.block("for index in 0..<\(store.count)\(condition)") { out in
                        out.line("LayoutDirection.mirror(&\(store.name)[index], in: \(width))")
                    }
                }
            } else {
                for member in mirrored {
                    out.line("LayoutDirection.mirror(&\(property(member.name)), in: \(width))")
                }
            }
        }
    }

    /// With a scale, every frame's edges to the nearest grid line, after the layout and its
    /// mirroring (docs/format.md, "The pixel grid"): the engine's `LayoutPixelGrid.aligned`.
    var alignmentLines: [String] {
        var lines: [String] = []
        if usesStorage {
            for store in stores where store.count > 0 {
                lines.append("for index in \(store.name).indices { LayoutPixelGrid.align(&\(store.name)[index], scale) }")
            }
            if stores[4].count > 0 {
                lines.append("for key in Swift.Array(\(replacedElements).keys) { LayoutPixelGrid.align(&\(replacedElements)[key], scale) }")
            }
        } else {
            // Plain frames two at a time (one test and one call for both); optional and array
            // frames one by one.
            var waiting: String?
            for member in members {
                let property = "&self.\(SwiftSpelling.identifier(member.name))"
                guard member.type == "CGRect" else {
                    lines.append("LayoutPixelGrid.align(\(property), scale)")
                    continue
                }
                if let first = waiting {
                    lines.append("LayoutPixelGrid.align(\(first), \(property), scale)")
                    waiting = nil
                } else {
                    waiting = property
                }
            }
            if let last = waiting { lines.append("LayoutPixelGrid.align(\(last), scale)") }
        }
        return lines
    }

    /// The end of an initializer that has computed every frame: with a scale, the frames go on
    /// the grid through `alignmentFunction` (a scale that is not a finite number > 0, as UIKit's
    /// `displayScale` of a view in no window, is none: `LayoutPixelGrid.usable`).
    func writeAlignmentCall(to out: inout SwiftSourceWriter, lines: [String]) {
        guard !lines.isEmpty else { return }
        out.line("if let scale = LayoutPixelGrid.usable(scale) { self.\(alignmentFunction)(scale) }")
    }

    /// The frames on the grid, in a method of their own, called once the frames are computed.
    /// Never inlined, and called by `init(size:…)` after a private initializer has computed the
    /// frames: where one initializer both computed them and passed them `inout` to the grid's
    /// calls, Swift built them aside and copied the whole struct at its end, with or without a
    /// scale (more than half of a 211-frame layout's instructions; BENCHMARKS.md, "Generated
    /// code", on the pixel grid).
    func writeAlignmentFunction(to out: inout SwiftSourceWriter, lines: [String]) {
        guard !lines.isEmpty else { return }
        out.line()
        out.line("/// Every frame's edges on the nearest lines of the pixel grid of `scale` (docs/format.md, \"The pixel grid\").")
        out.line("@inline(never)")
        out.block("private mutating func \(alignmentFunction)(_ scale: CGFloat)") { out in
            for line in lines { out.line(line) }
        }
    }

    func callPart(_ part: Int, _ arguments: [String]) -> String {
        "try Self.\(partName(part))(\((storageArguments + arguments).joined(separator: ", ")))"
    }

    /// The initializers' default safe area: the layout's own `safeArea:` when it has one, so that
    /// a call without `safeArea:` computes what `layoutc frames` does without `--safe-area`.
    var safeAreaDefault: String {
        guard let insets = plan.defaultSafeArea, insets != .zero else { return ".zero" }
        let values = [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)]
        return "LayoutInsets(\(values.map { "\($0.0): \(SwiftSpelling.literal($0.1))" }.joined(separator: ", ")))"
    }

    /// The pointers through which the body and the parts store frames, as parameters.
    var storageParameters: [String] {
        stores.filter { $0.count > 0 }.map { "_ \($0.name): UnsafeMutablePointer<\($0.element)>" }
    }

    var storageArguments: [String] {
        stores.filter { $0.count > 0 }.map(\.name)
    }

    /// `init(size:)` of the storage form: makes the arrays, lets `layoutFrames` fill them in
    /// place, and rethrows its error (the array initializers' closures cannot throw typed errors).
    func writeStorageInitializer(to out: inout SwiftSourceWriter, containerArguments: [String], dynamicArguments: [String],
                                         fitted: Bool) {
        let arguments = (containerArguments + ["safeArea: safeArea"] + dynamicArguments).joined(separator: ", ")
        let buffers = ["frames", "arrays", "optionalFrames", "optionalArrays", "elements"]
        let present = stores.indices.filter { stores[$0].count > 0 }
        let call = "try Self.layoutFrames(\((present.map { "\(buffers[$0]).baseAddress!" } + [arguments]).joined(separator: ", ")))"
        var calling = [
            "do throws(LayoutRuntimeError) {",
            "    \(fitted ? "fittedSize = " : "")\(call)",
            "} catch {",
            "    failure = error",
            "}",
        ]
        // The other arrays start as empty arrays, nil or zero frames, and are written in place.
        for index in present.reversed() where index > 0 {
            calling = ["\(stores[index].name).withUnsafeMutableBufferPointer { \(buffers[index]) in"] + calling.map { "    " + $0 } + ["}"]
        }
        if frameCount > 0 {
            // A layout that succeeds writes every frame of `frameStore` (the named nodes that
            // cannot be hidden) and of `elementStore` (their array items of a static count), so
            // they are not zeroed first: zeroing was half of a 10,000-node layout's instructions.
            // One that fails is thrown away unread. A name shared by width variants is written
            // by the variant present, and by none at a width no variant covers: zeroed then.
            let written = !members.contains { $0.hasVariants && !$0.isOptional }
            calling = ["\(frameStore) = [CGRect](unsafeUninitializedCapacity: \(frameCount)) { frames, initialized in"]
                + (written ? [] : ["    frames.initialize(repeating: .zero)"])
                + ["    initialized = \(frameCount)"] + calling.map { "    " + $0 } + ["}"]
        }
        for index in present where index > 0 {
            if stores[index].holdsElements {
                out.line("var \(stores[index].name) = [CGRect](unsafeUninitializedCapacity: \(stores[index].count)) { _, initialized in initialized = \(stores[index].count) }")
                continue
            }
            let initial = stores[index].isOptional ? "nil" : "[]"
            out.line("var \(stores[index].name) = [\(stores[index].element)](repeating: \(initial), count: \(stores[index].count))")
        }
        out.line("var failure: LayoutRuntimeError? = nil")
        if fitted { out.line("var fittedSize = CGSize.zero") }
        for line in calling { out.line(line) }
        out.line("if let failure { throw failure }")
        if fitted { out.line("self.size = fittedSize") }
        for index in present where index > 0 { out.line("self.\(stores[index].name) = \(stores[index].name)") }
    }
}
