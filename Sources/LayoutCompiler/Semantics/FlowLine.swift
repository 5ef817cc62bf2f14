/// One line of a flow: a run of consecutive elements (SPEC §4.3).
public struct FlowLine: Hashable, Sendable {
    /// Indexes of the line's elements.
    public var elements: Range<Int>
    /// Σ of the elements' widths (without spacing).
    public var contentWidth: Double
    /// The tallest element's height.
    public var height: Double

    /// Breaks elements into lines greedily: an element joins the current line when the line is
    /// empty or the element still fits after `spacing`. Elements wider than `width` must be
    /// rejected before (they would sit alone on a line that overflows).
    public static func lines(widths: [Double], heights: [Double], width: Double, spacing: Double) -> [FlowLine] {
        var lines: [FlowLine] = []
        var start = 0
        var lineWidth = 0.0
        var contentWidth = 0.0
        var height = 0.0
        for index in widths.indices {
            let elementWidth = widths[index]
            if index > start, !Tolerance.fits(lineWidth + spacing + elementWidth, in: width) {
                lines.append(FlowLine(elements: start..<index, contentWidth: contentWidth, height: height))
                start = index
                lineWidth = 0
                contentWidth = 0
                height = 0
            }
            lineWidth += index > start ? spacing + elementWidth : elementWidth
            contentWidth += elementWidth
            height = max(height, heights[index])
        }
        if start < widths.count {
            lines.append(FlowLine(elements: start..<widths.count, contentWidth: contentWidth, height: height))
        }
        return lines
    }

    /// Content height of stacked lines `spacing` apart (without padding).
    public static func stackedHeight(_ lines: [FlowLine], spacing: Double) -> Double {
        guard !lines.isEmpty else { return 0 }
        return lines.reduce(0) { $0 + $1.height } + spacing * Double(lines.count - 1)
    }
}
