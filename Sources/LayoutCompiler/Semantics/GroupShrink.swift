import LayoutRuntimeCore

/// Children that give way (docs/format.md §7.2): a group whose children need more than its
/// extent shrinks those with `shrink`, in the one layout walk (engine and generated code alike).
extension LayoutDomain {
    /// §7.2: gathers the children that give way (with their sizes as counted in `used`) and
    /// shrinks them; returns what the children then need.
    @inline(never)
    mutating func shrinkChildren(_ node: PlanNode, slots: UnsafeMutableBufferPointer<GroupSlot<Value>>,
                                 used: Value, innerMain: Value) -> Value {
        let horizontal = node.kind == .hgroup
        let mainAxis: Axis = horizontal ? .horizontal : .vertical
        var needed = used
        var shrinking = emptyShrinking()
        node.forEachChild { (index, child) in
            guard child.shrink > 0 || isParameter(child, .shrink), child.aspect == nil else { return }
            let presence = self.presence(of: child, in: node)
            if presence.isHidden { return }
            switch horizontal ? child.width : child.height {
            case .fixed: shrinking.append(index, base: slots[index].slot, factor: number(child.shrink, child, .shrink),
                                          floor: boundValues(child, mainAxis)?.minimum ?? constant(0), presence: presence)
            case .fit: shrinking.append(index, base: slots[index].size ?? slots[index].slot, factor: number(child.shrink, child, .shrink),
                                        floor: boundValues(child, mainAxis)?.minimum ?? constant(0), presence: presence)
            default: return
            }
        }
        if shrinking.count > 0 { needed = shrink(node, &shrinking, slots: slots, used: used, innerMain: innerMain) }
        recycle(consume shrinking)
        return needed
    }

    /// §7.2: the shrinkable children lose the group's deficit between them (nothing when there is
    /// none); returns what the children then need, which still exceeds the extent when they
    /// cannot give way enough.
    mutating func shrink(_ node: PlanNode, _ shrinking: inout ShrinkingChildren<Value, Flag>, slots: UnsafeMutableBufferPointer<GroupSlot<Value>>,
                         used: Value, innerMain: Value) -> Value {
        let horizontal = node.kind == .hgroup
        resolveShrink(sub(used, innerMain), &shrinking, extent: innerMain)
        var needed = used
        for position in 0..<shrinking.count {
            let index = shrinking.indices[position]
            let child = node.children[index]
            let size = shrinking.sizes[position]
            if case .fit = horizontal ? child.width : child.height {
                // A fit child keeps its shrunk size inside the margins; a fixed one's slot is it.
                let margin = marginValue(node)
                let keeps = (child.shrink > 0 && !isParameter(child, .shrink)) || hasBoundValues(child, horizontal ? .horizontal : .vertical)
                let kept = keeps ? size : keptSize(child, size, margin: margin)
                slots[index] = GroupSlot(slot: add(size, margin), size: kept ?? size)
            } else {
                slots[index] = GroupSlot(slot: size)
            }
            needed = sub(needed, counted(shrinking.presences[position], sub(shrinking.bases[position], size)))
        }
        return needed
    }
}

/// The children of a group that may shrink (§7.2), in order, with what the loop needs of each,
/// and (`sizes`, `frozen`) what it gives them: the first `count` elements of each array. The
/// engine keeps one to reuse, emptied by setting `count` to 0, so that a group that shrinks
/// allocates nothing and empties nothing.
struct ShrinkingChildren<Value, Flag> {
    private(set) var count = 0
    private(set) var indices: [Int] = []
    private(set) var bases: [Value] = []
    private(set) var factors: [Value] = []
    private(set) var floors: [Value] = []
    private(set) var presences: [Presence<Flag>] = []
    private(set) var isRuntime = false
    var sizes: [Value] = []
    var frozen: [Bool] = []

    /// Empty, keeping the elements to be written over.
    mutating func removeAll() {
        count = 0
        isRuntime = false
    }

    mutating func append(_ index: Int, base: Value, factor: Value, floor: Value, presence: Presence<Flag>) {
        if count < indices.count {
            indices[count] = index
            bases[count] = base
            factors[count] = factor
            floors[count] = floor
            presences[count] = presence
        } else {
            indices.append(index)
            bases.append(base)
            factors.append(factor)
            floors.append(floor)
            presences.append(presence)
            sizes.append(base)
            frozen.append(false)
        }
        count += 1
        if case .runtime = presence { isRuntime = true }
    }
}
