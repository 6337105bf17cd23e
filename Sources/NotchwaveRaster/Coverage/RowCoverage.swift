/// The coverage of one shape in one pixel row, as sorted, disjoint spans: runs of one
/// coverage value (the interior, filled as a run) and explicit cells (edge pixels).
struct RowCoverage {
    /// A span of pixels `[x0, x1)`.
    struct Span {
        var x0: Int
        var x1: Int
        /// Coverage of every pixel of a run; unused for cells.
        var runValue: Float
        /// Index of the span's first value in `cells`, or -1 for a run.
        var cellOffset: Int

        var isRun: Bool { cellOffset < 0 }
    }

    /// The spans, sorted by x and disjoint.
    var spans: [Span] = []
    /// Per-pixel coverage values of the cell spans.
    var cells: [Float] = []

    init() {
        spans.reserveCapacity(16)
        cells.reserveCapacity(256)
    }

    mutating func removeAll() {
        spans.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
    }

    var isEmpty: Bool { spans.isEmpty }

    /// Appends a run, dropping empty ones.
    mutating func appendRun(_ x0: Int, _ x1: Int, value: Float) {
        guard x1 > x0, value > 0 else { return }
        spans.append(Span(x0: x0, x1: x1, runValue: value, cellOffset: -1))
    }

    /// Appends a cell span whose values the caller writes with `appendCell`.
    mutating func beginCells(_ x0: Int) -> Int {
        spans.append(Span(x0: x0, x1: x0, runValue: 0, cellOffset: cells.count))
        return spans.count - 1
    }

    /// Coverage of pixel `x` in this row (0 where no span lies); for tests and merging.
    func value(at x: Int) -> Float {
        for span in spans where x >= span.x0 && x < span.x1 {
            return span.isRun ? span.runValue : cells[span.cellOffset + (x - span.x0)]
        }
        return 0
    }

    /// The covered extent `[min x0, max x1)`, or nil when empty.
    var extent: (Int, Int)? {
        guard let first = spans.first, let last = spans.last else { return nil }
        return (first.x0, last.x1)
    }
}
