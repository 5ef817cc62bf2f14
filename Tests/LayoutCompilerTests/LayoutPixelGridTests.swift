import LayoutRuntime
import Testing

/// `LayoutPixelGrid.up` and `near` against exact rational arithmetic (docs/format.md, "The pixel
/// grid"): `v · S` exactly, taken as the integer or integer + ½ within 1e-9 of it, then
/// `ceil` / `floor(· + ½)`, divided by S. The division of an integer by S is one correctly
/// rounded IEEE operation, so what the routine must get exactly right is that integer.
@Suite("the pixel grid's up and near")
struct LayoutPixelGridTests {
    /// An exact dyadic rational `numerator · 2^exponent`.
    struct Dyadic {
        var numerator: Int128
        var exponent: Int

        /// The exact value of a finite double.
        init(_ value: Double) {
            guard value != 0 else { self.init(numerator: 0, exponent: 0); return }
            var significand = Int128(value.significandBitPattern | (value.isNormal ? 1 << 52 : 0))
            var exponent = Int(value.isNormal ? value.exponentBitPattern : 1) - 1075
            // Without trailing zero bits, so that products of everyday values need few bits.
            while significand & 1 == 0 {
                significand >>= 1
                exponent += 1
            }
            self.init(numerator: value < 0 ? -significand : significand, exponent: exponent)
        }

        init(numerator: Int128, exponent: Int) {
            self.numerator = numerator
            self.exponent = exponent
        }

        static func * (a: Dyadic, b: Dyadic) -> Dyadic {
            Dyadic(numerator: a.numerator * b.numerator, exponent: a.exponent + b.exponent)
        }
    }

    /// `floor(a / 2^k)` for k ≥ 0.
    static func floorShift(_ a: Int128, _ k: Int) -> Int128 { a >> k }  // an arithmetic shift floors

    /// The exact pixel integers of `up` and `near` for `v` at `scale`.
    static func exactPixels(_ v: Double, _ scale: Double) -> (up: Int128, near: Int128) {
        let x = Dyadic(v) * Dyadic(scale)
        guard x.exponent < 0 else {
            let whole = x.numerator << x.exponent
            return (whole, whole)
        }
        let e = -x.exponent  // x = N / 2^e
        // Twice x's nearest half-integer: floor((2N + 2^e / 2) / 2^e) = floor((4N + 2^e) / 2^(e+1)).
        let twiceHalf = floorShift(4 * x.numerator + (Int128(1) << e), e + 1)
        // |x − twiceHalf / 2| = |2N − twiceHalf · 2^e| / 2^(e+1).
        let distance = (2 * x.numerator - (twiceHalf << e)).magnitude
        let threshold = Dyadic(1e-9)  // 1e-9 as the double the routine compares with
        // distance / 2^(e+1) ≤ t.n · 2^t.e  ⟺  distance ≤ t.n · 2^(t.e + e + 1)
        let shift = threshold.exponent + e + 1
        // (distance < 2^(e+1), so distance · 2^(−shift) < 2^(1 − t.e) = 2^83: no overflow)
        let isSnapped = shift >= 0
            ? distance <= UInt128(threshold.numerator) << shift
            : distance << (-shift) <= UInt128(threshold.numerator)
        if isSnapped {
            // ceil(h / 2) and floor(h / 2 + 1 / 2) of h = twiceHalf
            return (floorShift(twiceHalf + 1, 1), floorShift(twiceHalf + 1, 1))
        }
        // ceil(N / 2^e) = −floor(−N / 2^e); floor(N / 2^e + 1/2) = floor((2N + 2^e) / 2^(e+1))
        return (-floorShift(-x.numerator, e), floorShift(2 * x.numerator + (Int128(1) << e), e + 1))
    }

    static func check(_ v: Double, _ scale: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        if v != 0, abs(v) < 1e-15 {
            // v · S is within 1e-9 of 0 (and the 128-bit model would need more bits): 0 pixels.
            #expect(LayoutPixelGrid.up(v, scale: scale).bitPattern == 0, "up(\(v)) at \(scale)", sourceLocation: sourceLocation)
            #expect(LayoutPixelGrid.near(v, scale: scale).bitPattern == 0, "near(\(v)) at \(scale)", sourceLocation: sourceLocation)
            return
        }
        let exact = exactPixels(v, scale)
        let up = Double(exact.up) / scale, near = Double(exact.near) / scale
        #expect(LayoutPixelGrid.up(v, scale: scale).bitPattern == up.bitPattern, "up(\(v)) at \(scale)", sourceLocation: sourceLocation)
        #expect(LayoutPixelGrid.near(v, scale: scale).bitPattern == near.bitPattern, "near(\(v)) at \(scale)", sourceLocation: sourceLocation)
    }

    static let scales: [Double] = [2.625, 3, 1, 0.5, 2, 1.5, 1.75]

    @Test("worked values")
    func worked() {
        #expect(LayoutPixelGrid.up(1.0 / 3, scale: 3) == 1.0 / 3)  // 1.0000000000000000 pixels: one, not two
        #expect(LayoutPixelGrid.up(10.1, scale: 3) == 31.0 / 3)
        #expect(LayoutPixelGrid.near(0.5, scale: 1) == 1)  // a half pixel rounds up
        #expect(LayoutPixelGrid.near(0.3, scale: 3) == 1.0 / 3)  // 0.9 pixel
        #expect(LayoutPixelGrid.near(1.5 - 1e-10, scale: 1) == 2)  // within 1e-9 of a half: that half
        #expect(LayoutPixelGrid.near(1.5 - 2e-9, scale: 1) == 1)
        #expect(LayoutPixelGrid.up(7 + 2e-9, scale: 1) == 8)
        #expect(LayoutPixelGrid.up(7 + 5e-10, scale: 1) == 7)
        #expect(LayoutPixelGrid.up(0.1, scale: 2.625) == 1 / 2.625)
        #expect(LayoutPixelGrid.up(0, scale: 3) == 0)
        #expect(LayoutPixelGrid.near(-0.2, scale: 2) == 0)
    }

    @Test("halves, values a few ulps off grid lines and off the 1e-9 boundary, at every scale", arguments: scales)
    func hardValues(scale: Double) {
        for k in -40...400 {
            for pixels in [Double(k), Double(k) + 0.5, Double(k) + 0.25] {
                let v = pixels / scale
                var below = v, above = v
                Self.check(v, scale)
                for _ in 0..<4 {
                    below = below.nextDown
                    above = above.nextUp
                    Self.check(below, scale)
                    Self.check(above, scale)
                }
                // About 1e-9 pixels off: either side of the snapping distance, a few ulps apart.
                for offset in [1e-9, -1e-9, 1.0000001e-9, 0.9999999e-9] {
                    var w = (pixels + offset) / scale
                    for _ in 0..<3 { w = w.nextDown }
                    for _ in 0..<7 {
                        Self.check(w, scale)
                        w = w.nextUp
                    }
                }
            }
        }
    }

    @Test("pseudo-random values agree with the rational result", arguments: scales)
    func randomValues(scale: Double) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(scale * 8)
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let v = Double(state >> 11) / Double(1 << 53) * 2000 - 100
            Self.check(v, scale)
            // a value whose pixel count is a decimal, the kind a frame holds
            Self.check((v * 100).rounded() / 100, scale)
        }
    }

    @Test("frames: x' = near(x), width' = near(x + width) − x'; a size on the grid keeps its value")
    func aligned() {
        let frame = LayoutPixelGrid.aligned(LayoutFrame(x: 0.3, y: 10, width: 10.25, height: 0.4), scale: 3)
        #expect(frame.x == 1.0 / 3)
        #expect(frame.width == 32.0 / 3 - 1.0 / 3)
        #expect(frame.y == 10)
        #expect(frame.height == 31.0 / 3 - 10)
        let onGrid = LayoutPixelGrid.aligned(LayoutFrame(x: 0.5, y: 1.5, width: 2, height: 7.5), scale: 2)
        #expect(onGrid == LayoutFrame(x: 0.5, y: 1.5, width: 2, height: 7.5))
    }

    @Test("counts near 2^20 pixels, where up and near leave their common path", arguments: scales)
    func commonPathEdge(scale: Double) {
        // (Past about 2^28 pixels the product's own rounding error can cross a grid line, and the
        // routine, in the engine and in generated code alike, follows the rounded product.)
        for pixels in [0x1p20, 0x1p20 + 0.5, 0x1p20 - 0.5, 0x1p21 + 0.25, 0x1p21 + 0.5] {
            for sign in [1.0, -1.0] {
                var v = sign * pixels / scale
                for _ in 0..<3 { v = v.nextDown }
                for _ in 0..<7 {
                    Self.check(v, scale)
                    Self.check(v + 1e-9 / scale, scale)
                    v = v.nextUp
                }
            }
        }
    }

    /// `near` edge by edge: what `aligned` and `alignedPair` must give, bit for bit.
    static func edgeByEdge(_ frame: LayoutFrame, _ scale: Double) -> [UInt64] {
        let x = LayoutPixelGrid.near(frame.x, scale: scale), y = LayoutPixelGrid.near(frame.y, scale: scale)
        return [x, y, LayoutPixelGrid.near(frame.x + frame.width, scale: scale) - x,
                LayoutPixelGrid.near(frame.y + frame.height, scale: scale) - y].map(\.bitPattern)
    }

    static func bits(_ frame: LayoutFrame) -> [UInt64] { [frame.x, frame.y, frame.width, frame.height].map(\.bitPattern) }

    @Test("frames two edges to a vector, and two frames a test, give near's edges bit for bit", arguments: scales)
    func vectorFrames(scale: Double) {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D &* UInt64(scale * 8)
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        // Whole and half pixels, a few ulps and about 1e-9 off them, decimals, counts past 2^20,
        // and values no grid holds.
        func value() -> Double {
            let pixels = (next() * 4000).rounded() / 2 - 500
            switch Int(next() * 8) {
            case 0: return pixels / scale
            case 1: return (pixels + (next() < 0.5 ? 1e-9 : -1e-9)) / scale
            case 2: var v = pixels / scale; for _ in 0..<Int(next() * 4) { v = v.nextUp }; return v
            case 3: return (next() * 2000 * 100).rounded() / 100 - 100
            case 4: return (0x1p20 + pixels) / scale
            case 5: return [Double.nan, .infinity, -.infinity, 1e300, -0.0].randomElementStable(next())
            default: return next() * 1000 - 100
            }
        }
        for _ in 0..<20_000 {
            let first = LayoutFrame(x: value(), y: value(), width: abs(value()), height: abs(value()))
            let second = LayoutFrame(x: value(), y: value(), width: abs(value()), height: abs(value()))
            #expect(Self.bits(LayoutPixelGrid.aligned(first, scale: scale)) == Self.edgeByEdge(first, scale), "\(first) at \(scale)")
            if let pair = LayoutPixelGrid.alignedPair(first, second, scale: scale) {
                #expect(Self.bits(pair.0) == Self.edgeByEdge(first, scale), "\(first) at \(scale)")
                #expect(Self.bits(pair.1) == Self.edgeByEdge(second, scale), "\(second) at \(scale)")
            }
        }
        // Frames on whole pixels take the pair's common path.
        let onGrid = LayoutFrame(x: 4 / scale, y: 60 / scale, width: 40 / scale, height: 52 / scale)
        #expect(LayoutPixelGrid.alignedPair(onGrid, onGrid, scale: scale) != nil)
        let nearHalf = LayoutFrame(x: 4.5 / scale, y: 0, width: 1, height: 1)
        #expect(LayoutPixelGrid.alignedPair(onGrid, nearHalf, scale: scale) == nil)
        // One edge of the eight on a half pixel, or past 2^20 pixels, sends the pair off it,
        // whichever lane of whichever vector it is in (the test reads every lane).
        for edge in 0..<8 {
            for offender in [0.5 / scale, 0x1p21 / scale] {
                var values = [4, 60, 40, 52, 8, 12, 20, 24].map { $0 / scale }
                values[edge] += offender
                let first = LayoutFrame(x: values[0], y: values[1], width: values[2], height: values[3])
                let second = LayoutFrame(x: values[4], y: values[5], width: values[6], height: values[7])
                #expect(LayoutPixelGrid.alignedPair(first, second, scale: scale) == nil, "edge \(edge), \(offender) at \(scale)")
            }
        }
    }

    @Test("a measure's result: (min(up(cw), w), up(ch)), and (up(cw), up(ch)) unconstrained")
    func measured() {
        #expect(LayoutPixelGrid.measured(LayoutSize(width: 99.9, height: 20.1), offered: 100, scale: 2) == LayoutSize(width: 100, height: 20.5))
        #expect(LayoutPixelGrid.measured(LayoutSize(width: 100, height: 20.1), offered: 99.8, scale: 2) == LayoutSize(width: 99.8, height: 20.5))
        #expect(LayoutPixelGrid.measured(LayoutSize(width: 100.1, height: 20), offered: .infinity, scale: 2) == LayoutSize(width: 100.5, height: 20))
    }
}

private extension Array {
    /// The element at the fraction `unit` (in [0, 1)) of the array: a seeded pick.
    func randomElementStable(_ unit: Double) -> Element { self[Swift.min(count - 1, Int(unit * Double(count)))] }
}
