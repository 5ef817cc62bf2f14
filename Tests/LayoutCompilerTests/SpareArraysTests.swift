@testable import LayoutCompiler
import Testing

/// The engine's stack of arrays to reuse (`SpareArrays`): last given back, first taken again.
@Suite struct SpareArraysTests {
    @Test("pop gives the arrays back last in, first out, then empty ones")
    func lastInFirstOut() {
        var spares = SpareArrays<Int>()
        spares.push([1, 2])
        spares.push([3])
        #expect(spares.pop() == [3])
        #expect(spares.pop() == [1, 2])
        #expect(spares.pop() == [])
        spares.push([4, 5, 6])
        #expect(spares.pop() == [4, 5, 6])
    }

    @Test("past its capacity an array given back is dropped, the ones kept stay")
    func capacity() {
        var spares = SpareArrays<Int>()
        for value in 0...SpareArrays<Int>.capacity { spares.push([value]) }
        var popped: [[Int]] = []
        for _ in 0...SpareArrays<Int>.capacity { popped.append(spares.pop()) }
        #expect(popped.first == [SpareArrays<Int>.capacity - 1])
        #expect(popped[SpareArrays<Int>.capacity - 1] == [0])
        #expect(popped.last == [])
    }
}
