@testable import LayoutCompiler
import Testing

/// Which static flows generated code measures by offsets (docs/codegen.md): those whose sums
/// of widths and spacing are exact in any order, so the generator's sums are the runtime loop's.
@Suite("generated code: widths that add up exactly")
struct ExactFlowWidthsTests {
    @Test("whole points, quarters and 2^-16 add up exactly; thirds, negatives, infinities and sums past 2^36 do not")
    func admitted() {
        #expect(SymbolicLayout.addsUpExactly([58, 72, 60, 97], spacing: 10))
        #expect(SymbolicLayout.addsUpExactly([0.25, 12.5, 0x1p-16], spacing: 0.75))
        #expect(SymbolicLayout.addsUpExactly([], spacing: 0))
        #expect(!SymbolicLayout.addsUpExactly([58, 72.1], spacing: 10))
        #expect(!SymbolicLayout.addsUpExactly([58, 72], spacing: 1.0 / 3))
        #expect(!SymbolicLayout.addsUpExactly([0x1p-17], spacing: 0))
        #expect(!SymbolicLayout.addsUpExactly([-4, 8], spacing: 0))
        #expect(!SymbolicLayout.addsUpExactly([.infinity], spacing: 0))
        #expect(!SymbolicLayout.addsUpExactly([.nan], spacing: 0))
        #expect(!SymbolicLayout.addsUpExactly([0x1p35, 0x1p35], spacing: 0))
        #expect(SymbolicLayout.addsUpExactly([0x1p34, 0x1p34], spacing: 0))
    }
}
