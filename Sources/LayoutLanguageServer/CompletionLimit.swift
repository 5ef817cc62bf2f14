/// The cap on a completion list: an editor shows a few dozen items, and a list of 100,000
/// imported constants took seconds to build and send, during which nothing else was answered.
/// Past the cap the server keeps the first items by name among those matching the letters
/// typed, in time linear in the candidates (a heap of the cap's size), and marks the list
/// incomplete (`isIncomplete`), so the editor asks again as the user types.
enum CompletionLimit {
    /// The most items in one completion list (docs/editors.md).
    static let maximumItems = 1000

    /// `candidates` sorted by name when there are at most `maximum`; otherwise the first
    /// `maximum` by name of those whose name starts with `typed` (ASCII case ignored), and
    /// `isIncomplete`.
    static func first<T>(_ candidates: [T], startingWith typed: String, name: (T) -> String,
                         maximum: Int = maximumItems) -> (kept: [T], isIncomplete: Bool) {
        guard candidates.count > maximum else {
            return (candidates.sorted { name($0) < name($1) }, false)
        }
        let typed = Array(typed.utf8).map(lower)
        // A max-heap (by name) of the best `maximum` seen so far.
        var heap: [(name: String, element: T)] = []
        heap.reserveCapacity(maximum)
        for candidate in candidates {
            let candidateName = name(candidate)
            guard startsWith(candidateName, typed) else { continue }
            if heap.count < maximum {
                heap.append((candidateName, candidate))
                siftUp(&heap, heap.count - 1)
            } else if let top = heap.first, candidateName < top.name {
                heap[0] = (candidateName, candidate)
                siftDown(&heap, 0)
            }
        }
        return (heap.sorted { $0.name < $1.name }.map(\.element), true)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    private static func startsWith(_ name: String, _ typed: [UInt8]) -> Bool {
        var index = 0
        for byte in name.utf8 {
            guard index < typed.count else { return true }
            guard lower(byte) == typed[index] else { return false }
            index += 1
        }
        return index == typed.count
    }

    private static func siftUp<T>(_ heap: inout [(name: String, element: T)], _ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[parent].name < heap[child].name else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private static func siftDown<T>(_ heap: inout [(name: String, element: T)], _ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var largest = parent
            if left < heap.count, heap[largest].name < heap[left].name { largest = left }
            if right < heap.count, heap[largest].name < heap[right].name { largest = right }
            guard largest != parent else { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}
