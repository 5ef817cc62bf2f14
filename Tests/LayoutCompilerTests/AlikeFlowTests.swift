import Foundation
import LayoutRuntime
import Testing

/// `LayoutFlow`'s functions for elements of one size (`measure(count:size:…)`, and
/// `place(count:size:…)` in both forms, which place the lines between the first and the last by
/// copying the first) against the element-by-element loop they shortcut: the same lines, the
/// same height and the same frames, bit for bit, over random and near-tie sizes, container
/// widths and spacings, and odd values (−0, NaN, infinities).
@Suite("LayoutFlow: alike elements as the element-by-element loop")
struct AlikeFlowTests {
    struct Case: CustomStringConvertible {
        var count: Int
        var size: CGSize
        var x = 0.0, y = 0.0
        var width: Double
        var spacing: Double
        var lineSpacing: Double
        var justified: Bool
        var mirroredIn: Double?

        var description: String {
            "count \(count) size \(size.width)×\(size.height) x \(x) y \(y) width \(width) spacing \(spacing)/\(lineSpacing) justified \(justified) mirrored \(String(describing: mirroredIn))"
        }
    }

    static func bits(_ rect: CGRect) -> [UInt64] {
        [Double(rect.origin.x).bitPattern, Double(rect.origin.y).bitPattern, Double(rect.size.width).bitPattern, Double(rect.size.height).bitPattern]
    }

    /// What differs between the loop and the shortcuts for `c`, if anything.
    static func difference(_ c: Case) -> String? {
        var expected: [CGRect] = []
        LayoutFlow.place(count: c.count, x: c.x, y: c.y, width: c.width, spacing: c.spacing, lineSpacing: c.lineSpacing, justified: c.justified,
                         mirroredIn: c.mirroredIn, size: { _ in c.size }, frame: { expected.append($1) })
        let array = LayoutFlow.place(count: c.count, size: c.size, x: c.x, y: c.y, width: c.width, spacing: c.spacing,
                                     lineSpacing: c.lineSpacing, justified: c.justified, mirroredIn: c.mirroredIn)
        let written = [CGRect](unsafeUninitializedCapacity: c.count) { buffer, initialized in
            if let base = buffer.baseAddress {
                LayoutFlow.place(count: c.count, size: c.size, x: c.x, y: c.y, width: c.width, spacing: c.spacing,
                                 lineSpacing: c.lineSpacing, justified: c.justified, mirroredIn: c.mirroredIn, into: base)
            }
            initialized = c.count
        }
        for (name, frames) in [("array", array), ("into", written)] {
            guard frames.count == expected.count else { return "\(c): \(name) has \(frames.count) frames, the loop \(expected.count)" }
            if let index = frames.indices.first(where: { bits(frames[$0]) != bits(expected[$0]) }) {
                return "\(c): \(name) frame \(index) is \(frames[index]), the loop's \(expected[index])"
            }
        }
        let loop = LayoutFlow.measure(count: c.count, width: c.width, spacing: c.spacing, lineSpacing: c.lineSpacing) { _ in c.size }
        let alike = LayoutFlow.measure(count: c.count, size: c.size, width: c.width, spacing: c.spacing, lineSpacing: c.lineSpacing)
        if loop.lines != alike.lines || loop.height.bitPattern != alike.height.bitPattern {
            return "\(c): measure \(alike), the loop's \(loop)"
        }
        return nil
    }

    /// A width exactly at, or a step either side of, where `perLine` elements just fit: the
    /// loop's own sum, that sum moved by the tolerance, by one ulp and by 1e-9 relative.
    static func nearTie(_ generator: inout RandomLayoutTests.RNG, width elementWidth: Double, spacing: Double) -> Double {
        let perLine = Int(generator.next() % 8) + 1
        var sum = elementWidth
        for _ in 1..<perLine { sum += spacing + elementWidth }
        let slack = LayoutTolerance.slack(sum)
        switch generator.next() % 7 {
        case 0: return sum
        case 1: return sum.nextUp
        case 2: return sum.nextDown
        case 3: return sum - slack
        case 4: return (sum - slack).nextDown
        case 5: return sum * (1 + 1e-9)
        default: return sum * (1 - 1e-9)
        }
    }

    /// A value of the kinds layouts give: whole, quarters, long fractions.
    static func value(_ generator: inout RandomLayoutTests.RNG, _ upper: Double) -> Double {
        switch generator.next() % 4 {
        case 0: return Double(generator.next() % UInt64(upper))
        case 1: return Double(generator.next() % UInt64(upper * 4)) / 4
        case 2: return Double(generator.next() >> 11) / Double(1 << 53) * upper
        default: return Double(generator.next() % 1000) / 10
        }
    }

    @Test("random and near-tie flows: lines, height and every frame bit for bit")
    func randomFlows() {
        var generator = RandomLayoutTests.RNG(state: 0xA11CE)
        var failures: [String] = []
        for round in 0..<2_500 {
            let elementWidth = Self.value(&generator, 120) + (generator.next() % 5 == 0 ? 0 : 0.5)
            let spacing = generator.next() % 4 == 0 ? 0 : Self.value(&generator, 20)
            let width = generator.next() % 2 == 0 ? Self.nearTie(&generator, width: elementWidth, spacing: spacing)
                : Self.value(&generator, 1000) + elementWidth
            let height = generator.next() % 3 == 0 ? Self.value(&generator, 60) : Double(generator.next() % 60)
            let counts = [0, 1, 2, 63, 64, 65, 200]
            let count = round % 3 == 0 ? counts[Int(generator.next() % UInt64(counts.count))] : Int(generator.next() % 700)
            let c = Case(count: count, size: CGSize(width: elementWidth, height: height),
                         x: generator.next() % 2 == 0 ? 0 : Self.value(&generator, 40), y: Self.value(&generator, 500),
                         width: width, spacing: spacing, lineSpacing: Self.value(&generator, 16),
                         justified: generator.next() % 2 == 0, mirroredIn: generator.next() % 3 == 0 ? width + Self.value(&generator, 50) : nil)
            if let difference = Self.difference(c) { failures.append(difference) }
            if failures.count > 5 { break }
        }
        #expect(failures == [])
    }

    @Test("odd values: −0 (heights and line spacing), NaN (all bits set too), infinities, heights past 2^53, one element a line, one line")
    func oddValues() {
        let allOnes = Double(bitPattern: UInt64.max)
        let heights: [Double] = [0, -0.0, 30, 0.1, 1e-9, .nan, allOnes, .infinity, 0x1p50, 0x1p49, 1e300, -4]
        let widths: [Double] = [57, 0, -0.0, .nan, .infinity, 390, 1e-9]
        var failures: [String] = []
        for height in heights {
            for elementWidth in widths {
                for (width, spacing) in [(390.0, 10.0), (57.0, 10.0), (1e9, 0.0), (.infinity, 1.0), (.nan, 2.0), (0, 0), (390, -0.0)] {
                    for (justified, lineSpacing) in [(false, 4.5), (true, 4.5), (false, -0.0)] {
                        for count in [1, 7, 64, 301] {
                            let c = Case(count: count, size: CGSize(width: elementWidth, height: height), x: 3.25, y: 0.7, width: width,
                                         spacing: spacing, lineSpacing: lineSpacing, justified: justified, mirroredIn: justified ? 400 : nil)
                            if let difference = Self.difference(c) { failures.append(difference) }
                        }
                    }
                }
            }
        }
        #expect(failures == [])
    }

    @Test("100,000 elements of the benchmark's flow: 20,000 lines of five")
    func bigFlow() {
        let c = Case(count: 100_000, size: CGSize(width: 57, height: 30), width: 390, spacing: 10, lineSpacing: 10, justified: true, mirroredIn: nil)
        #expect(Self.difference(c) == nil)
        let measured = LayoutFlow.measure(count: 100_000, size: c.size, width: 390, spacing: 10, lineSpacing: 10)
        #expect(measured.lines == 20_000)
        #expect(measured.height == 20_000 * 30 + 19_999 * 10)
    }
}
