/// Computes the exact area coverage of shapes, one pixel row at a time.
///
/// For each band crossing a row the scanner evaluates the left and the right boundary:
/// `F(a)`, the area of pixel `a` left of the boundary, is the row height for pixels left
/// of the boundary's x-range, 0 right of it, and `I(a) - I(a+1)` in between (see
/// `PieceRow`). The pixel's coverage is `F_right(a) - F_left(a)`. Pixels between the two
/// edge spans form one run; only edge pixels are computed, in lanes.
final class CoverageScanner {
    /// The kernel that evaluates the integrals.
    let kernel: RasterKernel
    /// Clip range of x (the canvas width).
    private(set) var clipWidth: Int
    /// `I(c)` values of one piece at consecutive cell boundaries.
    private var integrals: UnsafeMutablePointer<Float>
    /// `F` values of the left and the right boundary of the current band.
    private var leftF: UnsafeMutablePointer<Float>
    private var rightF: UnsafeMutablePointer<Float>
    private var capacity: Int
    private var pieces: [PieceRow] = []
    private var bandScratch = RowCoverage()

    init(kernel: RasterKernel, width: Int) {
        self.kernel = kernel
        clipWidth = width
        capacity = width + 2 * Lanes.width + 2
        integrals = .allocate(capacity: capacity)
        leftF = .allocate(capacity: capacity)
        rightF = .allocate(capacity: capacity)
        pieces.reserveCapacity(8)
    }

    deinit {
        integrals.deallocate()
        leftF.deallocate()
        rightF.deallocate()
    }

    /// Fits the clip to a canvas width.
    func resize(width: Int) {
        guard width != clipWidth else { return }
        clipWidth = width
        let needed = width + 2 * Lanes.width + 2
        if needed > capacity {
            integrals.deallocate(); leftF.deallocate(); rightF.deallocate()
            capacity = needed
            integrals = .allocate(capacity: capacity)
            leftF = .allocate(capacity: capacity)
            rightF = .allocate(capacity: capacity)
        }
    }

    /// The cheap horizontal extent `[x0, x1)` of `shape` in `row` (clipped), without
    /// computing any coverage; nil when the shape misses the row.
    func extent(of shape: Shape, row: Int) -> (Int, Int)? {
        let top = Float(row), bottom = Float(row + 1)
        var lo = Int.max, hi = Int.min
        for band in shape.bands where band.y0 < bottom && band.y1 > top {
            let ya = Swift.max(band.y0, top), yb = Swift.min(band.y1, bottom)
            guard yb > ya else { continue }
            if let (l, _) = xRange(of: band.left, ya, yb) { lo = Swift.min(lo, Int(l.rounded(.down))) }
            if let (_, r) = xRange(of: band.right, ya, yb) { hi = Swift.max(hi, Int(r.rounded(.up))) }
        }
        lo = Swift.max(lo, 0)
        hi = Swift.min(hi, clipWidth)
        return lo < hi ? (lo, hi) : nil
    }

    /// Writes the coverage of `shape` in `row` into `out` (cleared first).
    func scan(_ shape: Shape, row: Int, into out: inout RowCoverage) {
        out.removeAll()
        let top = Float(row), bottom = Float(row + 1)
        var bandsInRow = 0
        for band in shape.bands where band.y0 < bottom && band.y1 > top {
            let ya = Swift.max(band.y0, top), yb = Swift.min(band.y1, bottom)
            guard yb > ya else { continue }
            bandsInRow += 1
            if bandsInRow == 1 {
                scanBand(band, ya, yb, into: &out)
            } else {
                bandScratch.removeAll()
                scanBand(band, ya, yb, into: &bandScratch)
                merge(bandScratch, into: &out)
            }
        }
    }

    // MARK: - One band

    private func xRange(of boundary: Boundary, _ ya: Float, _ yb: Float) -> (Float, Float)? {
        var lo = Float.infinity, hi = -Float.infinity
        for piece in boundary.pieces where piece.y0 < yb && piece.y1 > ya {
            let a = piece.x(at: Swift.max(ya, piece.y0)), b = piece.x(at: Swift.min(yb, piece.y1))
            lo = Swift.min(lo, Swift.min(a, b))
            hi = Swift.max(hi, Swift.max(a, b))
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// Evaluates `F` of `boundary` for the cells `[start, end)` into `f`, returning the
    /// clipped edge span; cells left of it have `F = height`, right of it `F = 0`.
    private func evaluate(_ boundary: Boundary, _ ya: Float, _ yb: Float, height: Float,
                          into f: UnsafeMutablePointer<Float>) -> (start: Int, end: Int) {
        pieces.removeAll(keepingCapacity: true)
        var spanStart = Int.max, spanEnd = Int.min
        for piece in boundary.pieces where piece.y0 < yb && piece.y1 > ya {
            let pa = Swift.max(ya, piece.y0), pb = Swift.min(yb, piece.y1)
            guard pb > pa else { continue }
            let row = PieceRow(piece: piece, ya: pa, yb: pb)
            pieces.append(row)
            spanStart = Swift.min(spanStart, Int(row.xMin.rounded(.down)))
            spanEnd = Swift.max(spanEnd, Int(row.xMax.rounded(.up)))
        }
        if pieces.isEmpty { return (0, 0) }
        let start = Swift.min(Swift.max(spanStart, 0), clipWidth)
        let end = Swift.min(Swift.max(spanEnd, 0), clipWidth)
        guard end > start else { return (start, end) }
        let count = end - start
        f.update(repeating: 0, count: count)
        for piece in pieces {
            let pStart = Int(piece.xMin.rounded(.down)), pEnd = Int(piece.xMax.rounded(.up))
            // Cells left of the piece's own span: fully left of it for its height.
            let fullEnd = Swift.min(Swift.max(pStart, start), end)
            var x = start
            while x < fullEnd { f[x - start] += piece.height; x += 1 }
            let cStart = Swift.max(pStart, start), cEnd = Swift.min(pEnd, end)
            guard cEnd > cStart else { continue }
            // I at the cell boundaries cStart ... cEnd, then F(a) = I(a) - I(a + 1).
            let boundaries = cEnd - cStart + 1
            switch kernel {
            case .simd: integralsSIMD(piece, first: cStart, count: boundaries)
            case .scalar: integralsScalar(piece, first: cStart, count: boundaries)
            }
            for a in cStart..<cEnd {
                let i = a - cStart
                f[a - start] += integrals[i] - integrals[i + 1]
            }
        }
        _ = height
        return (start, end)
    }

    private func integralsSIMD(_ piece: PieceRow, first: Int, count: Int) {
        let base = Float(first)
        var ramp = FloatLanes()
        for lane in 0..<Lanes.width { ramp[lane] = Float(lane) }
        var i = 0
        // The buffer has room for a whole last lane group, so no tail branch is needed.
        while i < count {
            let c = FloatLanes(repeating: base + Float(i)) + ramp
            let v: FloatLanes = piece.integral(c)
            UnsafeMutableRawPointer(integrals + i).storeBytes(of: v, as: FloatLanes.self)
            i += Lanes.width
        }
    }

    private func integralsScalar(_ piece: PieceRow, first: Int, count: Int) {
        let base = Float(first)
        for i in 0..<count {
            let c: Float = base + Float(i)
            integrals[i] = piece.integral(c)
        }
    }

    private func scanBand(_ band: Band, _ ya: Float, _ yb: Float, into out: inout RowCoverage) {
        let h = yb - ya
        let (ls, le) = evaluate(band.left, ya, yb, height: h, into: leftF)
        let (rs, re) = evaluate(band.right, ya, yb, height: h, into: rightF)
        // F of each boundary at any cell, by the span rule.
        @inline(__always) func fLeft(_ a: Int) -> Float { a < ls ? h : (a >= le ? 0 : leftF[a - ls]) }
        @inline(__always) func fRight(_ a: Int) -> Float { a < rs ? h : (a >= re ? 0 : rightF[a - rs]) }
        if le <= rs {
            if le > ls {
                let index = out.beginCells(ls)
                for a in ls..<le { out.cells.append(h - leftF[a - ls]) }
                out.spans[index].x1 = le
            }
            out.appendRun(le, rs, value: h)
            if re > rs {
                let index = out.beginCells(rs)
                for a in rs..<re { out.cells.append(rightF[a - rs]) }
                out.spans[index].x1 = re
            }
        } else {
            let index = out.beginCells(ls)
            for a in ls..<re { out.cells.append(fRight(a) - fLeft(a)) }
            out.spans[index].x1 = re
        }
    }

    /// Adds `other`'s coverage to `out`; overlapping parts become explicit cells.
    private func merge(_ other: RowCoverage, into out: inout RowCoverage) {
        guard let (ox0, ox1) = other.extent else { return }
        guard let (x0, x1) = out.extent else { out = other; return }
        if ox0 >= x1 || ox1 <= x0 {
            // Disjoint extents: concatenate in order.
            var merged = RowCoverage()
            let (first, second) = ox0 >= x1 ? (out, other) : (other, out)
            for source in [first, second] {
                for span in source.spans {
                    if span.isRun {
                        merged.appendRun(span.x0, span.x1, value: span.runValue)
                    } else {
                        let index = merged.beginCells(span.x0)
                        merged.cells.append(contentsOf: source.cells[span.cellOffset..<(span.cellOffset + span.x1 - span.x0)])
                        merged.spans[index].x1 = span.x1
                    }
                }
            }
            out = merged
            return
        }
        // Overlap: one explicit cell span over the union (rare: touching halves,
        // stacked bands sharing a row).
        let lo = Swift.min(x0, ox0), hi = Swift.max(x1, ox1)
        var merged = RowCoverage()
        let index = merged.beginCells(lo)
        for x in lo..<hi { merged.cells.append(out.value(at: x) + other.value(at: x)) }
        merged.spans[index].x1 = hi
        out = merged
    }
}
