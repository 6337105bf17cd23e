/// A span of pixels `[x0, x1)` of one layer in one row: a run of one coverage value, or
/// explicit per-pixel coverage (edge cells) stored in the span buffer's cell table.
struct CoverageSpan {
    var x0: Int32
    var x1: Int32
    /// Coverage of every pixel of a run.
    var value: Float
    /// Index of the first cell value, or -1 for a run.
    var cellOffset: Int32

    @inline(__always) var isRun: Bool { cellOffset < 0 }

    /// Coverage of pixel `x` (inside the span), reading edge cells from `cells`.
    @inline(__always) func coverage(at x: Int, cells: UnsafePointer<Float>) -> Float {
        isRun ? value : cells[Int(cellOffset) + x - Int(x0)]
    }
}

/// Flat, growable storage for the spans and cells of every layer of one row, reused from
/// row to row and frame to frame (no allocation in the steady state).
final class SpanBuffer {
    @exclusivity(unchecked) private(set) var spans: UnsafeMutablePointer<CoverageSpan>
    @exclusivity(unchecked) private(set) var spanCapacity: Int
    @exclusivity(unchecked) var spanCount = 0
    @exclusivity(unchecked) private(set) var cells: UnsafeMutablePointer<Float>
    @exclusivity(unchecked) private(set) var cellCapacity: Int
    @exclusivity(unchecked) var cellCount = 0

    init() {
        spanCapacity = 256
        spans = .allocate(capacity: spanCapacity)
        cellCapacity = 4096
        cells = .allocate(capacity: cellCapacity)
    }

    deinit {
        spans.deallocate()
        cells.deallocate()
    }

    func reset() {
        spanCount = 0
        cellCount = 0
    }

    /// Makes room for `count` more spans.
    @inline(__always) func reserveSpans(_ count: Int) {
        if spanCount + count > spanCapacity { growSpans(spanCount + count) }
    }

    private func growSpans(_ needed: Int) {
        spans = spans.grown(keeping: spanCount, capacity: &spanCapacity, needed: needed)
    }

    /// Makes room for `count` more cells (plus a lane group of slack for vector loads).
    @inline(__always) func reserveCells(_ count: Int) {
        if cellCount + count + Lanes.width > cellCapacity { growCells(cellCount + count + Lanes.width) }
    }

    private func growCells(_ needed: Int) {
        cells = cells.grown(keeping: cellCount, capacity: &cellCapacity, needed: needed)
    }

    /// Appends a run (dropping empty ones).
    @inline(__always) func appendRun(_ x0: Int, _ x1: Int, value: Float) {
        guard x1 > x0, value > 0 else { return }
        reserveSpans(1)
        spans[spanCount] = CoverageSpan(x0: Int32(x0), x1: Int32(x1), value: value, cellOffset: -1)
        spanCount += 1
    }

    /// Appends a cell span `[x0, x1)`; returns where to write its `x1 - x0` values.
    @inline(__always) func appendCells(_ x0: Int, _ x1: Int) -> UnsafeMutablePointer<Float> {
        reserveSpans(1)
        reserveCells(x1 - x0)
        spans[spanCount] = CoverageSpan(x0: Int32(x0), x1: Int32(x1), value: 0, cellOffset: Int32(cellCount))
        spanCount += 1
        let start = cells + cellCount
        cellCount += x1 - x0
        return start
    }

    /// Appends a copy of `span`; a cell span's values are read from `source` (at the
    /// span's own cell offset there).
    @inline(__always) func append(_ span: CoverageSpan, cellsFrom source: UnsafePointer<Float>) {
        guard !span.isRun else {
            reserveSpans(1)
            spans[spanCount] = span
            spanCount += 1
            return
        }
        appendCells(Int(span.x0), Int(span.x1)).update(from: source + Int(span.cellOffset), count: Int(span.x1 - span.x0))
    }

    /// Sorts the spans `range` by x and turns any overlapping ones into one explicit cell
    /// span with the summed coverage (halves of a shape that meet inside a pixel, stacked
    /// bands that share a row). Returns the new end of the range.
    func normalize(_ range: Range<Int>) -> Int {
        guard range.count > 1 else { return range.upperBound }
        // Insertion sort: a handful of spans.
        for i in (range.lowerBound + 1)..<range.upperBound {
            let span = spans[i]
            var j = i - 1
            while j >= range.lowerBound && spans[j].x0 > span.x0 {
                spans[j + 1] = spans[j]
                j -= 1
            }
            spans[j + 1] = span
        }
        var overlapping = false
        for i in (range.lowerBound + 1)..<range.upperBound where spans[i].x0 < spans[i - 1].x1 {
            overlapping = true
            break
        }
        guard overlapping else { return range.upperBound }
        // Rebuild: copy the spans out, then write groups back, merged where they overlap.
        let copy = Array(UnsafeBufferPointer(start: spans + range.lowerBound, count: range.count))
        spanCount = range.lowerBound
        var i = 0
        while i < copy.count {
            var end = Int(copy[i].x1)
            var j = i + 1
            while j < copy.count && Int(copy[j].x0) < end {
                end = Swift.max(end, Int(copy[j].x1))
                j += 1
            }
            if j == i + 1 {
                spans[spanCount] = copy[i]
                spanCount += 1
            } else {
                let start = Int(copy[i].x0)
                let out = appendCells(start, end)
                for x in start..<end { out[x - start] = 0 }
                for k in i..<j {
                    let span = copy[k]
                    for x in Int(span.x0)..<Int(span.x1) {
                        out[x - start] += span.coverage(at: x, cells: cells)
                    }
                }
            }
            i = j
        }
        return spanCount
    }
}
