import Foundation
import LayoutRuntime
import Testing

/// `LayoutFlow.measureLines` and `place(count:…lines:…)` (generated code's flows of elements of
/// several sizes: the lines broken once) against `measure` and the element-by-element loop:
/// the same lines, height and frames, bit for bit, with fewer lines than the kept ones and more;
/// and `measureLineEnds` and `place(count:…lineEnds:…)` (static elements that add up exactly) too.
@Suite("LayoutFlow: measured lines placed as the loop places them")
struct MeasuredLinesTests {
    /// What differs between the loop and placing the measured lines, if anything.
    static func difference(_ sizes: [CGSize], x: Double, y: Double, width: Double, spacing: Double, lineSpacing: Double,
                           justified: Bool, mirroredIn: Double?, measuredCount: Int? = nil) -> String? {
        let description = "\(sizes.count) sizes at width \(width) spacing \(spacing)/\(lineSpacing) justified \(justified) mirrored \(String(describing: mirroredIn))"
        let loop = LayoutFlow.measure(count: sizes.count, width: width, spacing: spacing, lineSpacing: lineSpacing) { sizes[$0] }
        let measured = LayoutFlow.measureLines(count: measuredCount ?? sizes.count, width: width, spacing: spacing,
                                               lineSpacing: lineSpacing) { sizes[$0 % sizes.count] }
        if measuredCount == nil, loop.lines != measured.lines || loop.height.bitPattern != measured.height.bitPattern {
            return "\(description): measureLines \(measured.lines) lines \(measured.height), the loop's \(loop)"
        }
        var expected: [CGRect] = []
        LayoutFlow.place(count: sizes.count, x: x, y: y, width: width, spacing: spacing, lineSpacing: lineSpacing, justified: justified,
                         mirroredIn: mirroredIn, size: { sizes[$0] }, frame: { expected.append($1) })
        var placed: [CGRect] = []
        LayoutFlow.place(count: sizes.count, x: x, y: y, width: width, spacing: spacing, lineSpacing: lineSpacing, justified: justified,
                         mirroredIn: mirroredIn, lines: measured, size: { sizes[$0] }, frame: { placed.append($1) })
        guard placed.count == expected.count else { return "\(description): \(placed.count) frames, the loop \(expected.count)" }
        if let index = placed.indices.first(where: { AlikeFlowTests.bits(placed[$0]) != AlikeFlowTests.bits(expected[$0]) }) {
            return "\(description): frame \(index) is \(placed[index]), the loop's \(expected[index])"
        }
        return nil
    }

    @Test("random flows of several sizes, up to 40 elements, narrow and wide: lines, height and every frame bit for bit")
    func randomFlows() {
        var generator = RandomLayoutTests.RNG(state: 0x11E5)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 41)
            let sizes = (0..<count).map { _ in
                CGSize(width: AlikeFlowTests.value(&generator, 150), height: generator.next() % 4 == 0 ? AlikeFlowTests.value(&generator, 60) : 30)
            }
            let spacing = generator.next() % 4 == 0 ? 0 : AlikeFlowTests.value(&generator, 20)
            // Narrow widths give a line an element (more lines than are kept), wide ones a few lines.
            let width = generator.next() % 3 == 0 ? 150 + AlikeFlowTests.value(&generator, 40) : AlikeFlowTests.value(&generator, 900) + 150
            let justified = generator.next() % 2 == 0
            let mirroredIn = generator.next() % 3 == 0 ? width + AlikeFlowTests.value(&generator, 50) : nil
            if let difference = Self.difference(sizes, x: AlikeFlowTests.value(&generator, 40), y: AlikeFlowTests.value(&generator, 500),
                                                width: width, spacing: spacing, lineSpacing: AlikeFlowTests.value(&generator, 16),
                                                justified: justified, mirroredIn: mirroredIn) {
                failures.append(difference)
            }
            if failures.count > 5 { break }
        }
        #expect(failures == [])
    }

    @Test("JustifiedTags' 20 tags at 358 pt: 6 lines kept, 230 pt, the frames of layouts/JustifiedTags.layout.yaml")
    func justifiedTags() {
        let widths: [Double] = [58, 72, 60, 97, 80, 108, 86, 74, 118, 90, 100, 62, 106, 110, 66, 76, 82, 92, 70, 79]
        let sizes = widths.map { CGSize(width: $0, height: 30) }
        let measured = LayoutFlow.measureLines(count: 20, width: 358, spacing: 10, lineSpacing: 10) { sizes[$0] }
        #expect(measured.lines == 6)
        #expect(measured.height == 230)
        var frames: [CGRect] = []
        LayoutFlow.place(count: 20, x: 16, y: 121, width: 358, spacing: 10, lineSpacing: 10, justified: true,
                         lines: measured, size: { sizes[$0] }, frame: { frames.append($1) })
        #expect(frames.count == 20)
        #expect(frames[0] == CGRect(x: 16, y: 121, width: 58, height: 30))
        #expect(frames[3] == CGRect(x: 277, y: 121, width: 97, height: 30))
        #expect(frames[19] == CGRect(x: 295, y: 321, width: 79, height: 30))
        #expect(Self.difference(sizes, x: 16, y: 121, width: 358, spacing: 10, lineSpacing: 10, justified: true, mirroredIn: nil) == nil)
    }

    @Test("lines measured for more or fewer elements than are placed: placed as the loop places them, nothing read past the elements")
    func otherCounts() {
        let sizes: [CGSize] = (0..<30).map { (index: Int) -> CGSize in
            let width: Int = 40 + (index * 37) % 90
            return CGSize(width: Double(width), height: Double(20 + index % 3))
        }
        for measuredCount in [0, 1, 5, 29, 30, 31, 60, 300] {
            for placed in [1, 7, 30] {
                #expect(Self.difference(Array(sizes.prefix(placed)), x: 2, y: 3.5, width: 260, spacing: 8, lineSpacing: 6,
                                        justified: measuredCount % 2 == 0, mirroredIn: nil, measuredCount: measuredCount) == nil)
            }
        }
    }

    /// Offsets as the generator works them out (`SymbolicLayout.addsUpExactly` holds for the sizes).
    static func offsets(_ sizes: [CGSize], spacing: Double) -> [Double] {
        var sum = 0.0
        var offsets: [Double] = []
        for (index, size) in sizes.enumerated() {
            offsets.append(sum + Double(index) * spacing)
            sum += size.width
        }
        return offsets + [sum + Double(sizes.count) * spacing]
    }

    @Test("by offsets (static widths that add up exactly): the loop's lines, height and frames, at and either side of each break")
    func offsetsAsTheLoop() {
        var generator = RandomLayoutTests.RNG(state: 0x0FF5)
        var failures: [String] = []
        for round in 0..<3_000 {
            // Now and then more elements than line ends are kept for (`LineEnds.maximumCount`).
            let count = round % 100 == 99 ? 250 + Int(generator.next() % 20) : Int(generator.next() % 41)
            // Quarters, halves and whole points: what `addsUpExactly` admits.
            let sizes = (0..<count).map { _ in
                CGSize(width: Double(generator.next() % 600) / 4, height: generator.next() % 4 == 0 ? Double(generator.next() % 120) / 2 : 30)
            }
            let spacing = generator.next() % 4 == 0 ? 0 : Double(generator.next() % 40) / 2
            let offsets = Self.offsets(sizes, spacing: spacing)
            // A width exactly some run's width (a break decided by the tolerance), a step either
            // side of it, or anywhere.
            var width = 150 + AlikeFlowTests.value(&generator, 900)
            if count > 1 {
                let start = Int(generator.next() % UInt64(count - 1)), end = start + 1 + Int(generator.next() % UInt64(count - start - 1))
                let run = (offsets[end + 1] - offsets[start]) - spacing
                width = [run, run.nextUp, run.nextDown, run - 1e-9 * max(1, run), run + 1e-9 * max(1, run) * 2][round % 5]
            }
            let lineSpacing = AlikeFlowTests.value(&generator, 16)
            let loop = LayoutFlow.measure(count: count, width: width, spacing: spacing, lineSpacing: lineSpacing) { sizes[$0] }
            let measured = LayoutFlow.measureLineEnds(count: count, width: width, spacing: spacing, lineSpacing: lineSpacing,
                                                      offset: { offsets[$0] }, height: { Double(sizes[$0].height) })
            if loop.lines != measured.lines || loop.height.bitPattern != measured.height.bitPattern {
                failures.append("\(sizes.map(\.width)) at \(width) spacing \(spacing): \(measured.lines) lines \(measured.height), the loop's \(loop)")
                continue
            }
            // The kept line ends, placed: the lines, their content widths and heights are the
            // loop's if the frames are. Ends kept for another width are not used.
            var expected: [CGRect] = []
            LayoutFlow.place(count: count, x: 16, y: 40, width: width, spacing: spacing, lineSpacing: lineSpacing, justified: true,
                             size: { sizes[$0] }, frame: { expected.append($1) })
            let other = LayoutFlow.measureLineEnds(count: count, width: width * 0.75, spacing: spacing, lineSpacing: lineSpacing,
                                                   offset: { offsets[$0] }, height: { Double(sizes[$0].height) })
            for ends in [measured, other] {
                var placed: [CGRect] = []
                LayoutFlow.place(count: count, x: 16, y: 40, width: width, spacing: spacing, lineSpacing: lineSpacing, justified: true,
                                 lineEnds: ends, offset: { offsets[$0] }, height: { Double(sizes[$0].height) },
                                 size: { sizes[$0] }, frame: { placed.append($1) })
                if placed.map(AlikeFlowTests.bits) != expected.map(AlikeFlowTests.bits) {
                    failures.append("\(sizes.map(\.width)) at \(width) spacing \(spacing): frames \(placed), the loop's \(expected)")
                }
            }
            if failures.count > 5 { break }
        }
        #expect(failures == [])
    }
}
