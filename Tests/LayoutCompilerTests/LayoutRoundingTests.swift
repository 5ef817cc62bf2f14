import Foundation
import LayoutRuntime
import Testing

/// `LayoutRounding`'s one-step roundings against their definition, docs/format.md §4.3.6 spelled out
/// with libm: snap to an integer within 1e-6, then round down or up.
@Suite("LayoutRounding (docs/format.md §4.3.6 integral snapping)") struct LayoutRoundingTests {
    static func snap(_ x: Double) -> Double {
        let rounded = x.rounded()
        return abs(x - rounded) <= 1e-6 ? rounded : x
    }

    static func check(_ x: Double, _ failures: inout [String]) {
        let down = LayoutRounding.snappedDown(x), expectedDown = snap(x).rounded(.down)
        let up = LayoutRounding.snappedUp(x), expectedUp = snap(x).rounded(.up)
        if down.bitPattern != expectedDown.bitPattern && !(down.isNaN && expectedDown.isNaN) {
            failures.append("snappedDown(\(x)) = \(down), expected \(expectedDown)")
        }
        if up.bitPattern != expectedUp.bitPattern && !(up.isNaN && expectedUp.isNaN) {
            failures.append("snappedUp(\(x)) = \(up), expected \(expectedUp)")
        }
    }

    @Test("edge values (halves, near-integers, signed zeros, huge, NaN) agree bit for bit")
    func edgesAgreeBitForBit() {
        var failures: [String] = []
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1e-6, -1e-6, 1e-7, -1e-7, 0x1p52, -0x1p52, 0x1p52 - 0.5,
                                -(0x1p52 - 0.5), 1e300, -1e300, .infinity, -.infinity, .nan,
                                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 0.49999999999999994,
                                // Either side of the non-negative fast path's end, 2^52.
                                0x1p52.nextDown, -(0x1p52.nextDown), 0x1p52.nextUp, 0x1p51 + 0.5, -(0x1p51 + 0.5),
                                Double(bitPattern: 0x7FF8_0000_0000_0001), Double(bitPattern: 0xFFF8_0000_0000_0000)]
        for n in -300...300 {
            let integer = Double(n) * 7.5
            for offset in [0, 1e-6, -1e-6, 1e-6.nextUp, -(1e-6.nextUp), 1e-6.nextDown, -(1e-6.nextDown), 1e-7, -1e-7, 0.5, -0.5, 0.25] {
                values.append(integer + offset)
            }
        }
        for value in values { Self.check(value, &failures) }
        #expect(failures == [])
    }

    @Test("random values agree bit for bit")
    func randomValuesAgreeBitForBit() {
        var generator = RandomLayoutTests.RNG(state: 0x5EED)
        var failures: [String] = []
        for _ in 0..<200_000 {
            let exponent = Double(Int(generator.next() % 90) - 30)
            let unit = Double(generator.next() >> 11) / Double(1 << 53) * 2 - 1
            Self.check(unit * pow(2, exponent), &failures)
            Self.check(Double(Int64(bitPattern: generator.next()) % 4_000_000) / 1024, &failures)
            if failures.count > 10 { break }
        }
        #expect(failures == [])
    }
}
