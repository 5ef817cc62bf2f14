/// A size-dependent error of a layout: the same code, message and `.layout` location as the
/// engine's (`layoutc frames`) for the same layout, size, safe area and dynamic sizes.
public struct LayoutRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// A group, flow or overlay child has less room than its content needs.
        case outOfSpace
        /// A size that cannot be measured (for example `fit` on a node with nothing to measure).
        case itemIncomplete
        /// A parameter's value out of its key's range (docs/format.md §8.1: the static check, run
        /// again with the value given).
        case invalidValue
        /// A minimum above its maximum, with a parameter's value.
        case conflictingSize
        /// A group's percent children adding up to more than 100, with a parameter's value.
        case percentOverflow
    }

    public var code: Code
    /// E.g. "hgroup 'footer' needs 420 pt but has 375 pt at 375×667".
    public var message: String
    /// The `.layout` file the generated code came from, and the node's line and column in it.
    public var file: String
    public var line: Int
    public var column: Int

    public init(code: Code, message: String, file: String, line: Int, column: Int) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE [code]`, as `layoutc` prints it.
    public var description: String { "\(file):\(line):\(column): error: \(message) [\(code.rawValue)]" }

    /// An `outOfSpace` error; the message gets the container size appended (" at 375×667").
    public static func outOfSpace(_ message: String, width: Double, height: Double,
                                  file: String, line: Int, column: Int) -> LayoutRuntimeError {
        LayoutRuntimeError(code: .outOfSpace, message: LayoutMessages.atSize(message, width: width, height: height),
                           file: file, line: line, column: column)
    }

    public static func itemIncomplete(_ message: String, file: String, line: Int, column: Int) -> LayoutRuntimeError {
        LayoutRuntimeError(code: .itemIncomplete, message: message, file: file, line: line, column: column)
    }

    /// The content size or measure of an item that can be hidden: generated code takes it as an
    /// optional parameter, needed only where the item is shown. `shown`: whether the item and
    /// every node around it are shown; hidden, a nil value is `placeholder` (it takes no space);
    /// shown, it throws `missing` (the `itemIncomplete` the engine reports for a shown item
    /// without its `--sizes` or `--wrap`).
    @inlinable
    public static func required<Value>(_ value: Value?, shown: Bool, placeholder: Value,
                                       _ missing: @autoclosure () -> LayoutRuntimeError) throws(LayoutRuntimeError) -> Value {
        if let value { return value }
        if !shown { return placeholder }
        throw missing()
    }
}

/// The message texts of size-dependent errors, shared by the engine and generated code so that
/// both say exactly the same thing.
public enum LayoutMessages {
    static func pt(_ value: Double) -> String { LayoutNumber.string(value) }

    /// "MESSAGE at W×H"; a size still being fitted (docs/format.md §7.3) is NaN and left out:
    /// "MESSAGE at width W".
    public static func atSize(_ message: String, width: Double, height: Double) -> String {
        switch (width.isNaN, height.isNaN) {
        case (false, false): return "\(message) at \(pt(width))×\(pt(height))"
        case (false, true): return "\(message) at width \(pt(width))"
        case (true, false): return "\(message) at height \(pt(height))"
        case (true, true): return "\(message) while measuring the layout's size"
        }
    }

    /// A wrapping item offered no width while its text has some (docs/format.md §7.1).
    public static func noWidthToWrap(_ title: String, _ offered: Double) -> String {
        "\(title) has no width to wrap its text into (offered \(pt(offered)) pt)"
    }

    /// "hgroup 'footer' needs 420 pt[ of horizontal padding] but has 375 pt".
    public static func needs(_ title: String, _ needed: Double, _ available: Double, _ what: String = "") -> String {
        "\(title) needs \(pt(needed)) pt\(what) but has \(pt(available)) pt"
    }

    /// A flow whose lines are taller than its frame.
    public static func flowHeight(_ title: String, _ needed: Double, _ available: Double, lines: Int) -> String {
        needs(title, needed, available, " of height for \(lines) line\(lines == 1 ? "" : "s")")
    }

    /// A root or overlay child measured from a safe area whose insets exceed the container.
    public static func safeArea(_ title: String, _ needed: Double, _ available: Double) -> String {
        "\(title) is measured from a safe area whose insets need \(pt(needed)) pt but the container has \(pt(available)) pt"
    }

    /// A margin (docs/format.md §4.2 step 7) larger than a child's slot.
    public static func margin(_ title: String, _ margin: Double, _ slot: Double, child: String) -> String {
        "\(title) has a margin of \(pt(margin)) pt but only a \(pt(slot)) pt slot for \(child)"
    }

    /// A flow element wider than the flow: `element` is "item 'chip[3]'", "item 'first'" or "an item".
    public static func tooWide(_ element: String, _ width: Double, flow: String, _ available: Double) -> String {
        "\(element) is \(pt(width)) pt wide but \(flow) has \(pt(available)) pt for a line"
    }

    /// How a flow element is named in `tooWide`.
    public static func element(_ name: String?, index: Int?) -> String {
        guard let name else { return "an item" }
        return index.map { "item '\(name)[\($0)]'" } ?? "item '\(name)'"
    }

    /// An overlay child pinned to a safe area that misses the overlay.
    public static func pinned(_ child: String, overlay: String) -> String {
        "\(child) is pinned to the safe area, which does not meet \(overlay)"
    }

    /// A node whose frame holds a value that is no finite number (an overflow, e.g. through a
    /// chain of extreme aspect ratios): "overlay 'x' gets a height that is not a finite number
    /// (inf)", naming the first of x, y, width and height that is not.
    public static func notFinite(_ title: String, x: Double, y: Double, width: Double, height: Double) -> String {
        let (what, value) = !width.isFinite ? ("width", width) : !height.isFinite ? ("height", height)
            : !x.isFinite ? ("x position", x) : ("y position", y)
        return "\(title) gets a \(what) that is not a finite number (\(pt(value)))"
    }

    /// An overlay child whose two anchors leave a negative width or height.
    public static func insets(_ title: String, _ needed: Double, _ extent: Double, axis: String) -> String {
        "\(title) needs \(pt(needed)) pt of insets but its reference rect has \(pt(extent)) pt of \(axis)"
    }
}
