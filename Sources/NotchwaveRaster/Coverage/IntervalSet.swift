/// Sorted, disjoint integer intervals: the x-ranges of a row already covered by opaque
/// paint above the layer being drawn.
enum IntervalSet {
    /// Adds `range` to `set`, merging overlapping and touching intervals.
    static func insert(_ range: Range<Int>, into set: inout [Range<Int>]) {
        guard !range.isEmpty else { return }
        var lo = range.lowerBound, hi = range.upperBound
        var i = 0
        while i < set.count && set[i].upperBound < lo { i += 1 }
        var j = i
        while j < set.count && set[j].lowerBound <= hi {
            lo = Swift.min(lo, set[j].lowerBound)
            hi = Swift.max(hi, set[j].upperBound)
            j += 1
        }
        set.replaceSubrange(i..<j, with: [lo..<hi])
    }

    /// True when `range` lies inside one interval of `set`.
    static func contains(_ set: [Range<Int>], _ range: Range<Int>) -> Bool {
        for interval in set where interval.lowerBound <= range.lowerBound {
            if interval.upperBound >= range.upperBound { return true }
        }
        return false
    }

    /// Calls `body` with each part of `range` not inside `set`.
    @inline(__always)
    static func forEachGap(in range: Range<Int>, excluding set: [Range<Int>], _ body: (Range<Int>) -> Void) {
        var x = range.lowerBound
        for interval in set {
            if interval.upperBound <= x { continue }
            if interval.lowerBound >= range.upperBound { break }
            if interval.lowerBound > x { body(x..<interval.lowerBound) }
            x = Swift.max(x, interval.upperBound)
            if x >= range.upperBound { return }
        }
        if x < range.upperBound { body(x..<range.upperBound) }
    }
}
