/// The x-ranges of a row covered by opaque paint, built top-down over the layers, with a
/// snapshot per layer of what the layers above it cover (where it need not be painted).
/// Sorted, disjoint intervals in flat storage owned by this object and reused from row to
/// row, so the row loop neither allocates nor reference-counts.
final class IntervalStack {
    // (Exclusivity is unchecked: the row loop reads these on every span; this object is
    // confined to one rasterizer, on one thread.)
    /// The current set: `count` intervals in `current`.
    @exclusivity(unchecked) private var current: UnsafeMutablePointer<Range<Int>>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity = 64
    /// Snapshots of all layers, and each layer's slice of them.
    @exclusivity(unchecked) private var stored: UnsafeMutablePointer<Range<Int>>
    @exclusivity(unchecked) private var storedCount = 0
    @exclusivity(unchecked) private var storedCapacity = 256
    @exclusivity(unchecked) private var slices: UnsafeMutablePointer<Range<Int>>
    @exclusivity(unchecked) private var sliceCapacity = 16

    init() {
        current = .allocate(capacity: capacity)
        stored = .allocate(capacity: storedCapacity)
        slices = .allocate(capacity: sliceCapacity)
    }

    deinit {
        current.deallocate()
        stored.deallocate()
        slices.deallocate()
    }

    /// Makes room for `layers` snapshots.
    func prepare(layers: Int) {
        if layers > sliceCapacity {
            slices.deallocate()
            sliceCapacity = layers
            slices = .allocate(capacity: sliceCapacity)
        }
        for i in 0..<layers { slices[i] = 0..<0 }
    }

    func reset() {
        count = 0
        storedCount = 0
    }

    /// The current intervals, in order.
    var currentIntervals: UnsafeBufferPointer<Range<Int>> { UnsafeBufferPointer(start: current, count: count) }

    /// Records the current set as layer `i`'s occluders.
    func snapshot(for i: Int) {
        if storedCount + count > storedCapacity {
            stored = stored.grown(keeping: storedCount, capacity: &storedCapacity, needed: storedCount + count)
        }
        // Mostly none to two intervals: copied one by one, where a call to memmove costs
        // more than the copy (a plain loop is turned back into that call by the compiler).
        switch count {
        case 0: break
        case 1: stored[storedCount] = current[0]
        case 2: stored[storedCount] = current[0]; stored[storedCount + 1] = current[1]
        default: (stored + storedCount).update(from: current, count: count)
        }
        slices[i] = storedCount..<(storedCount + count)
        storedCount += count
    }

    /// Adds `range` to the current set, merging overlapping and touching intervals.
    func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var lo = range.lowerBound, hi = range.upperBound
        var i = 0
        while i < count && current[i].upperBound < lo { i += 1 }
        var j = i
        while j < count && current[j].lowerBound <= hi {
            lo = Swift.min(lo, current[j].lowerBound)
            hi = Swift.max(hi, current[j].upperBound)
            j += 1
        }
        if j == i {
            if count == capacity { current = current.grown(keeping: count, capacity: &capacity, needed: count + 1) }
            var k = count
            while k > i { current[k] = current[k - 1]; k -= 1 }
            current[i] = lo..<hi
            count += 1
        } else {
            current[i] = lo..<hi
            let removed = j - i - 1
            if removed > 0 {
                for k in (i + 1)..<(count - removed) { current[k] = current[k + removed] }
                count -= removed
            }
        }
    }

    /// True when `range` lies inside one interval of the current set.
    @inline(__always)
    func contains(_ range: Range<Int>) -> Bool {
        // The intervals are sorted and apart: only the first one reaching the range's end
        // can hold it.
        var k = 0
        while k < count && current[k].upperBound < range.upperBound { k += 1 }
        return k < count && current[k].lowerBound <= range.lowerBound
    }

    /// Calls `body` with each part of `range` not covered by layer `i`'s occluders.
    @inline(__always)
    func forEachGap(in range: Range<Int>, layer i: Int, _ body: (Range<Int>) -> Void) {
        var x = range.lowerBound
        for k in slices[i] {
            let interval = stored[k]
            if interval.upperBound <= x { continue }
            if interval.lowerBound >= range.upperBound { break }
            if interval.lowerBound > x { body(x..<interval.lowerBound) }
            x = Swift.max(x, interval.upperBound)
            if x >= range.upperBound { return }
        }
        if x < range.upperBound { body(x..<range.upperBound) }
    }
}
