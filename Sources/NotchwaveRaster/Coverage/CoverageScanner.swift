/// Computes the exact area coverage of compiled shapes, one pixel row at a time.
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
    @exclusivity(unchecked) private(set) var clipWidth = 0
    /// `I(c)` values of one piece at consecutive cell boundaries.
    @exclusivity(unchecked) private var integrals: UnsafeMutablePointer<Float>
    /// `F` values of the left and the right boundary of the current band.
    @exclusivity(unchecked) private var leftF: UnsafeMutablePointer<Float>
    @exclusivity(unchecked) private var rightF: UnsafeMutablePointer<Float>
    private var capacity = 0
    @exclusivity(unchecked) private var pieceRows: UnsafeMutablePointer<PieceRow>
    @exclusivity(unchecked) private var pieceRowCapacity = 64

    init(kernel: RasterKernel) {
        self.kernel = kernel
        integrals = .allocate(capacity: 1)
        leftF = .allocate(capacity: 1)
        rightF = .allocate(capacity: 1)
        pieceRows = .allocate(capacity: pieceRowCapacity)
        bandRows = .allocate(capacity: bandRowCapacity)
        cursors = .allocate(capacity: cursorCapacity)
        memos = .allocate(capacity: cursorCapacity)
    }

    deinit {
        integrals.deallocate()
        leftF.deallocate()
        rightF.deallocate()
        pieceRows.deallocate()
        bandRows.deallocate()
        cursors.deallocate()
        memos.deallocate()
        arcs.deallocate()
    }

    /// Whether the row being scanned repeats: every band crossing it spans the whole row
    /// and every piece crossing it is a vertical line through the whole row, so the rows
    /// below compute exactly the same coverage until `repeatLimit` (the first y where a
    /// piece, a band or a layer starts or ends). Maintained by `collect` and `scan` for
    /// the rasterizer between `beginRow` and the end of the row.
    @exclusivity(unchecked) private(set) var rowRepeats = true
    @exclusivity(unchecked) private(set) var repeatLimit = Float.infinity
    /// Whether the last scan left edge cells out as hidden under the layers above.
    @exclusivity(unchecked) private var skippedHidden = false
    /// The SIMD kernel's scans that hold in the rows below, kept within a render call.
    private let repeating = RepeatingScans()

    /// Starts tracking whether the coming row repeats.
    @inline(__always) func beginRow() {
        rowRepeats = true
        repeatLimit = .infinity
    }

    /// Marks the row as not repeating (a paint that changes from row to row).
    @inline(__always) func rowChanges() { rowRepeats = false }

    /// Something starts at `y` below the row: the repeat ends there at the latest.
    @inline(__always) func repeatEnds(at y: Float) {
        if y < repeatLimit { repeatLimit = y }
    }

    /// What a row's scans so far said about repeating (`rowRepeats`, `repeatLimit`): a
    /// scan can only clear the one and lower the other, so effects combine in any order.
    struct RepeatEffect {
        var repeats: Bool
        var limit: Float
    }

    /// Sets the row's state so far aside and starts afresh, so that what follows (one
    /// layer's scan) shows its own effect; `merge` puts the two together again.
    @inline(__always) func setRepeatsAside() -> RepeatEffect {
        defer { beginRow() }
        return RepeatEffect(repeats: rowRepeats, limit: repeatLimit)
    }

    /// The effect since `setRepeatsAside` (or since `beginRow`).
    @inline(__always) var repeatEffect: RepeatEffect { RepeatEffect(repeats: rowRepeats, limit: repeatLimit) }

    /// Combines `effect` into the row's state.
    @inline(__always) func merge(_ effect: RepeatEffect) {
        if !effect.repeats { rowRepeats = false }
        repeatEnds(at: effect.limit)
    }

    /// Fits the clip to a canvas width.
    func resize(width: Int) {
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

    /// One band's part of the current row: its pieces' rows and clipped edge spans.
    private struct BandRow {
        var h: Float
        var leftPieces: Range<Int>
        var rightPieces: Range<Int>
        var left: (start: Int, end: Int)
        var right: (start: Int, end: Int)
        /// When the edge spans do not overlap: whether opaque layers above hide each edge
        /// span entirely (its cells then join the run uncomputed).
        var leftHidden = false
        var rightHidden = false
        /// Whether each boundary has arcs (`CompiledBand.leftArcs`): only then are its
        /// pieces looked through for arcs to gather.
        var leftArcs: Bool
        var rightArcs: Bool
    }

    /// The band rows of the layer being scanned (flat storage reused from row to row).
    @exclusivity(unchecked) private var bandRows: UnsafeMutablePointer<BandRow>
    @exclusivity(unchecked) private var bandRowCapacity = 16
    /// Per boundary of every band of the draw list being rendered (left, right): the first
    /// piece that may still cross a row, or -1 before the boundary's first row. Rows are
    /// scanned top to bottom within one render call, so each boundary's pieces are taken
    /// up where the previous row left them instead of walked or searched again
    /// (`resetCursors` at the start of each call).
    @exclusivity(unchecked) private var cursors: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var cursorCapacity = 32
    /// Per boundary, beside its cursor: the last x computed (at the bottom of the row
    /// above), which the next row starts from.
    struct XMemo {
        var piece: Int32
        var y: Float
        var x: Float
    }
    @exclusivity(unchecked) private var memos: UnsafeMutablePointer<XMemo>

    /// The SIMD kernel's arc integrals of one layer row, gathered before any is computed
    /// (one lane per cell boundary of every visible arc piece, structure of arrays) and
    /// then evaluated eight lanes at a time (the last four or fewer in four,
    /// `evaluateArcs`): the arcs of a row cross a few cell boundaries each, so evaluating
    /// them piece by piece left most lanes idle and each piece waiting on its own chain of
    /// square roots and divisions.
    private struct ArcLanes {
        var c: UnsafeMutablePointer<Float>
        var centerX: UnsafeMutablePointer<Float>
        var radius: UnsafeMutablePointer<Float>
        var side: UnsafeMutablePointer<Float>
        var yTop: UnsafeMutablePointer<Float>
        var yBottom: UnsafeMutablePointer<Float>
        /// 1 for a piece that clips its strip from below (`PieceRow.arcIntegral`: above its
        /// circle's centre on the right side, below it on the left), 0 otherwise.
        var clipsLower: UnsafeMutablePointer<Float>
        /// `I(c)` of each lane, once evaluated.
        var result: UnsafeMutablePointer<Float>
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            func buffer() -> UnsafeMutablePointer<Float> {
                let b = UnsafeMutablePointer<Float>.allocate(capacity: capacity + Lanes.width)
                b.initialize(repeating: 0, count: capacity + Lanes.width)
                return b
            }
            c = buffer(); centerX = buffer(); radius = buffer(); side = buffer()
            yTop = buffer(); yBottom = buffer(); clipsLower = buffer(); result = buffer()
        }

        func deallocate() {
            for b in [c, centerX, radius, side, yTop, yBottom, clipsLower, result] { b.deallocate() }
        }
    }
    @exclusivity(unchecked) private var arcs = ArcLanes(capacity: 256)
    /// Lanes gathered for the current layer row, and the next one to be consumed.
    @exclusivity(unchecked) private var arcCount = 0
    @exclusivity(unchecked) private var arcCursor = 0

    /// Unsets every boundary's cursor (a new render call, whose rows may start anywhere):
    /// a boundary's first row in the call binary-searches its pieces, later rows resume.
    func resetCursors(bands: UnsafeBufferPointer<CompiledBand>) {
        if 2 * bands.count > cursorCapacity {
            cursors.deallocate()
            memos.deallocate()
            cursorCapacity = 2 * bands.count
            cursors = .allocate(capacity: cursorCapacity)
            memos = .allocate(capacity: cursorCapacity)
        }
        cursors.update(repeating: -1, count: 2 * bands.count)
        if kernel == .simd { repeating.begin(layers: bands.count) }
        memos.initialize(repeating: XMemo(piece: -1, y: 0, x: 0), count: 2 * bands.count)
    }

    /// Collects the piece rows of pieces `[start, end)` crossing `[ya, yb]` into
    /// `pieceRows`, returning their range and the clipped edge span `[floor(min x),
    /// ceil(max x))`.
    @inline(__always)
    private func collect(_ pieces: UnsafePointer<BoundaryPiece>, _ start: Int32, _ end: Int32, _ ya: Float, _ yb: Float,
                         cursor: UnsafeMutablePointer<Int32>, memo: UnsafeMutablePointer<XMemo>,
                         count: inout Int) -> (Range<Int>, (start: Int, end: Int)) {
        let first = count
        var spanStart = Int.max, spanEnd = Int.min
        var i = Int(start)
        // The boundary's pieces follow each other downwards (`Boundary`), and rows come
        // top to bottom within a call: the pieces that may cross this row start where the
        // previous row's did (the cursor), past those ending above the row, and end at the
        // first one starting below it. Only a boundary's first row in the call looks for
        // its place: by bisection when it is long (a flattened curve), else from its start.
        if cursor.pointee < 0 {
            if Int(end) - i > 8 {
                var hi = Int(end)
                while i < hi {
                    let mid = (i + hi) >> 1
                    if pieces[mid].y1 <= ya { i = mid + 1 } else { hi = mid }
                }
            }
        } else {
            i = Swift.min(Swift.max(Int(cursor.pointee), i), Int(end))
        }
        while i < Int(end) && pieces[i].y1 <= ya { i += 1 }
        cursor.pointee = Int32(i)
        while i < Int(end) {
            let index = i
            let piece = pieces[i]
            i += 1
            if piece.y0 >= yb { break }
            guard piece.y0 < yb && piece.y1 > ya else { continue }
            let pa = Float.greater(ya, piece.y0), pb = Float.laneMin(yb, piece.y1)
            guard pb > pa else { continue }
            if count == pieceRowCapacity { pieceRows = pieceRows.grown(keeping: count, capacity: &pieceRowCapacity, needed: count + 1) }
            // A piece's x where the row above ended is where this row starts: reuse it
            // (the same value x(at:) gives; half the square roots and divisions).
            // (pa and pb lie within the piece, whose height is positive: pb > pa.)
            let xa = memo.pointee.piece == Int32(index) && memo.pointee.y == pa ? memo.pointee.x : piece.x(inside: pa)
            let xb = piece.x(inside: pb)
            memo.pointee = XMemo(piece: Int32(index), y: pb, x: xb)
            var row = PieceRow(piece: piece, ya: pa, yb: pb, xa: xa, xb: xb)
            row.cellStart = row.xMin.floorPixelIndex
            row.cellEnd = row.xMax.ceilPixelIndex
            if rowRepeats {
                // A vertical piece through the whole row: its x is xTop in every row. (Not
                // `xa == xb`: a piece a few ulps off vertical can round to one x at a
                // row's top and bottom and to another further down.)
                if piece.isVerticalLine && pa == ya && pb == yb {
                    repeatEnds(at: piece.y1)
                } else {
                    rowRepeats = false
                }
            }
            pieceRows[count] = row
            count += 1
            spanStart = Swift.min(spanStart, row.cellStart)
            spanEnd = Swift.max(spanEnd, row.cellEnd)
        }
        if count == first {
            rowRepeats = false
            return (first..<first, (0, 0))
        }
        return (first..<count, (Swift.min(Swift.max(spanStart, 0), clipWidth), Swift.min(Swift.max(spanEnd, 0), clipWidth)))
    }

    /// Appends the coverage spans of a layer's bands in `row` to `out` and returns their
    /// range (sorted, disjoint), or nil when the layer's whole extent in the row is
    /// covered from above. Edge cells that the layers above cover need not be computed:
    /// they may join the neighbouring run (their value is never painted).
    /// `firstBand` is the index of `bands`' first band in the draw list (its cursors),
    /// and rows must come top to bottom between two `resetCursors` calls.
    /// With the SIMD kernel, a scan that holds in the rows below (`RepeatingScans`) is
    /// kept and replayed there (spans computed under the layers above in that row are
    /// then kept as they are).
    func scan(bands: UnsafeBufferPointer<CompiledBand>, firstBand: Int, pieces: UnsafePointer<BoundaryPiece>, row: Int,
              occluders: IntervalStack, culling: Bool, into out: SpanBuffer) -> Range<Int>? {
        guard culling else {
            return scanRow(bands: bands, firstBand: firstBand, pieces: pieces, row: row, occluders: occluders, culling: false, into: out)
        }
        if let kept = repeating.replay(layer: firstBand, row: row, into: out) {
            repeatEnds(at: kept.limit)
            return kept.spans
        }
        let before = setRepeatsAside()
        let range = scanRow(bands: bands, firstBand: firstBand, pieces: pieces, row: row, occluders: occluders, culling: true, into: out)
        let effect = repeatEffect
        merge(before)
        if effect.repeats && !skippedHidden && Float(row + 2) <= effect.limit, let range {
            repeating.keep(layer: firstBand, row: row, spans: range, from: out, limit: effect.limit)
        }
        return range
    }

    /// `scan` without what `RepeatingScans` keeps.
    private func scanRow(bands: UnsafeBufferPointer<CompiledBand>, firstBand: Int, pieces: UnsafePointer<BoundaryPiece>, row: Int,
                         occluders: IntervalStack, culling: Bool, into out: SpanBuffer) -> Range<Int>? {
        // (The occluders are passed with a flag rather than as an optional: wrapping the
        // object in an optional costs a retain and a release per layer and row.)
        @inline(__always) func occluded(_ range: Range<Int>) -> Bool { culling && occluders.contains(range) }
        let top = Float(row), bottom = Float(row + 1)
        let skipsOffCanvas = kernel == .simd
        var bandRowCount = 0
        var pieceCount = 0
        var lo = Int.max, hi = Int.min
        skippedHidden = false
        for (b, band) in bands.enumerated() {
            guard band.y0 < bottom && band.y1 > top else {
                if band.y0 >= bottom { repeatEnds(at: band.y0) }
                continue
            }
            if band.y0 <= top && band.y1 >= bottom { repeatEnds(at: band.y1) } else { rowRepeats = false }
            let ya = Float.greater(band.y0, top), yb = Float.laneMin(band.y1, bottom)
            guard yb > ya else { continue }
            let cursor = cursors + 2 * (firstBand + b)
            let memo = memos + 2 * (firstBand + b)
            // A boundary more than a pixel left (right) of the canvas over the whole band has
            // an empty clipped edge span in every row, whatever its pieces compute there (a
            // rounding error stays far below the pixel of margin): the SIMD kernel does not
            // look for its pieces (the reference does, which checks this). Nor does such a
            // boundary stop rows from repeating: it changes no pixel.
            // A boundary whose cells over the whole band (`CompiledBand.leftCells`) the layers
            // above cover in this row is hidden here: the SIMD kernel takes those cells as
            // its edge span (joined to the run, never painted) without finding its pieces.
            // (Its cursor and x memo stay where they were: a later row that needs the
            // pieces resumes from there and computes x afresh, the same values.)
            let leftPieces: Range<Int>, left: (start: Int, end: Int)
            var leftHidden = false, rightHidden = false
            if skipsOffCanvas && band.leftMaxX < -1 {
                (leftPieces, left) = (pieceCount..<pieceCount, (0, 0))
            } else if culling, let cells = hiddenCells(band.leftCells, occluders) {
                (leftPieces, left) = (pieceCount..<pieceCount, cells)
                leftHidden = true
                hiddenBoundary(vertical: band.leftVertical, pieces[Int(band.leftStart)])
            } else {
                (leftPieces, left) = collect(pieces, band.leftStart, band.leftEnd, ya, yb, cursor: cursor, memo: memo, count: &pieceCount)
            }
            let rightPieces: Range<Int>, right: (start: Int, end: Int)
            if skipsOffCanvas && band.rightMinX > Float(clipWidth + 1) {
                (rightPieces, right) = (pieceCount..<pieceCount, (clipWidth, clipWidth))
            } else if culling, let cells = hiddenCells(band.rightCells, occluders) {
                (rightPieces, right) = (pieceCount..<pieceCount, cells)
                rightHidden = true
                hiddenBoundary(vertical: band.rightVertical, pieces[Int(band.rightStart)])
            } else {
                (rightPieces, right) = collect(pieces, band.rightStart, band.rightEnd, ya, yb, cursor: cursor + 1, memo: memo + 1,
                                               count: &pieceCount)
            }
            if bandRowCount == bandRowCapacity {
                bandRows = bandRows.grown(keeping: bandRowCount, capacity: &bandRowCapacity, needed: bandRowCount + 1)
            }
            bandRows[bandRowCount] = BandRow(h: yb - ya, leftPieces: leftPieces, rightPieces: rightPieces, left: left, right: right,
                                             leftHidden: leftHidden, rightHidden: rightHidden, leftArcs: band.leftArcs, rightArcs: band.rightArcs)
            bandRowCount += 1
            lo = Swift.min(lo, left.start)
            hi = Swift.max(hi, right.end)
        }
        guard lo < hi, !occluded(lo..<hi) else { return nil }
        let batched = kernel == .simd
        arcCount = 0
        arcCursor = 0
        for b in 0..<bandRowCount {
            let (ls, le) = bandRows[b].left, (rs, re) = bandRows[b].right
            if le <= rs {
                // Edge cells hidden under opaque layers above join the run uncomputed.
                if !bandRows[b].leftHidden { bandRows[b].leftHidden = le > ls && occluded(ls..<le) }
                if !bandRows[b].rightHidden { bandRows[b].rightHidden = re > rs && occluded(rs..<re) }
            }
            if bandRows[b].leftHidden || bandRows[b].rightHidden { skippedHidden = true }
            guard batched else { continue }
            // Gather the visible arcs' lanes in the order scanBand consumes them (fields
            // read one by one: a copy of the band row would wait on the stores above).
            let band = bandRows + b
            if le <= rs {
                if band.pointee.leftArcs && le > ls && !band.pointee.leftHidden { gatherArcs(band.pointee.leftPieces, span: (ls, le)) }
                if band.pointee.rightArcs && re > rs && !band.pointee.rightHidden { gatherArcs(band.pointee.rightPieces, span: (rs, re)) }
            } else {
                if band.pointee.leftArcs { gatherArcs(band.pointee.leftPieces, span: (ls, le)) }
                if band.pointee.rightArcs { gatherArcs(band.pointee.rightPieces, span: (rs, re)) }
            }
        }
        if arcCount > 0 { evaluateArcs() }
        let first = out.spanCount
        // Each band row's spans lie within [its left span's start, its right span's end),
        // in order: band rows that follow each other left to right without overlapping
        // (a shape's halves either side of the notch) give sorted, disjoint spans, which
        // `normalize` would leave as they are.
        var ordered = true
        for b in 0..<bandRowCount {
            if b > 0 && bandRows[b].left.start < bandRows[b - 1].right.end { ordered = false }
            scanBand(bandRows + b, batched: batched, into: out)
        }
        if !ordered { return first..<out.normalize(first..<out.spanCount) }
        return first..<out.spanCount
    }

    /// `cells` clipped to the canvas, when that is not empty and `occluders` cover it
    /// (a boundary hidden in the row whatever its pieces compute there); nil otherwise.
    /// Both boundaries of a band are never hidden this way unless their cells are apart
    /// (`CompiledBand.leftCells`), so the band row's edge spans keep their order.
    @inline(__always)
    private func hiddenCells(_ cells: Range<Int>, _ occluders: IntervalStack) -> (start: Int, end: Int)? {
        let start = Swift.max(cells.lowerBound, 0), end = Swift.min(cells.upperBound, clipWidth)
        guard start < end, occluders.contains(start..<end) else { return nil }
        return (start, end)
    }

    /// What a hidden boundary does to the row's repeat (`hiddenCells`), as `collect`
    /// would have said: a vertical segment over the whole band repeats until it ends,
    /// anything else is taken as changing (a row computed afresh gives the same bytes).
    @inline(__always)
    private func hiddenBoundary(vertical: Bool, _ first: BoundaryPiece) {
        if vertical { repeatEnds(at: first.y1) } else { rowRepeats = false }
    }

    /// Evaluates `F` of a boundary's piece rows over its clipped edge span into `f`;
    /// cells left of the span have `F = height`, right of it `F = 0`.
    private func evaluate(_ pieces: Range<Int>, span: (start: Int, end: Int), batched: Bool, into f: UnsafeMutablePointer<Float>) {
        let (clippedStart, clippedEnd) = span
        guard clippedEnd > clippedStart else { return }
        let cells = clippedEnd - clippedStart
        if cells <= Lanes.width {
            // Most edge spans are a cell or two: one vector store (the buffers have a lane
            // group of slack) instead of a call to memset.
            UnsafeMutableRawPointer(f).storeBytes(of: FloatLanes(repeating: 0), as: FloatLanes.self)
        } else {
            f.update(repeating: 0, count: cells)
        }
        for p in pieces {
            let piece = pieceRows[p]
            let pStart = piece.cellStart, pEnd = piece.cellEnd
            // Cells left of the piece's own span lie fully left of it over its height.
            let fullEnd = Swift.min(Swift.max(pStart, clippedStart), clippedEnd)
            var x = clippedStart
            while x < fullEnd { f[x - clippedStart] += piece.height; x += 1 }
            let cStart = Swift.max(pStart, clippedStart), cEnd = Swift.min(pEnd, clippedEnd)
            guard cEnd > cStart else { continue }
            let target = f + (cStart - clippedStart)
            if piece.kind == .line && piece.xMin == piece.xMax {
                // A vertical edge crosses one cell: the part of it left of the edge.
                target[0] += piece.height * (piece.xMin - Float(cStart))
                continue
            }
            // I at the cell boundaries cStart ... cEnd, then F(a) = I(a) - I(a + 1). Where
            // the piece ends inside the span (cEnd = ceil of its largest x over the row
            // part), I(cEnd) is 0 exactly (nothing of the piece lies right of it) and is
            // not computed: F of the last cell is I there.
            let cells = cEnd - cStart
            let lastIsZero = cEnd == pEnd
            let boundaries = lastIsZero ? cells : cells + 1
            if piece.kind == .line && boundaries == 1 && cStart == pStart {
                // A line within one cell, not cut by the span: F is I(cStart), and cStart
                // lies left of the whole piece, where I is the trapezoid (`lineIntegral`'s
                // `whole`, the same operations on one value).
                let c = Float(cStart)
                target[0] += ((piece.xTop - c) + (piece.xBottom - c)) * 0.5 * piece.height
                continue
            }
            let values: UnsafeMutablePointer<Float>
            if batched && piece.kind != .line {
                // Evaluated with the layer row's other arcs (gatherArcs, evaluateArcs).
                values = arcs.result + arcCursor
                arcCursor += boundaries
            } else {
                switch kernel {
                case .simd: integralsSIMD(piece, first: cStart, count: boundaries)
                case .scalar: integralsScalar(piece, first: cStart, count: boundaries)
                }
                values = integrals
            }
            for a in 0..<(cells - 1) { target[a] += values[a] - values[a + 1] }
            target[cells - 1] += lastIsZero ? values[cells - 1] : values[cells - 1] - values[cells]
        }
    }

    /// Appends the lanes of the arc pieces among `pieces` that `evaluate` will integrate
    /// over `span`: the same pieces and cell boundaries, in the same order.
    private func gatherArcs(_ pieces: Range<Int>, span: (start: Int, end: Int)) {
        let (clippedStart, clippedEnd) = span
        guard clippedEnd > clippedStart else { return }
        for p in pieces where pieceRows[p].kind != .line {
            let piece = pieceRows[p]
            let cStart = Swift.max(piece.cellStart, clippedStart), cEnd = Swift.min(piece.cellEnd, clippedEnd)
            guard cEnd > cStart else { continue }
            // The boundaries cStart ... cEnd, without cEnd where it is 0 (`evaluate`).
            let boundaries = cEnd == piece.cellEnd ? cEnd - cStart : cEnd - cStart + 1
            if arcCount + boundaries > arcs.capacity {
                let bigger = ArcLanes(capacity: Swift.max(2 * arcs.capacity, arcCount + boundaries))
                for (from, to) in [(arcs.c, bigger.c), (arcs.centerX, bigger.centerX), (arcs.radius, bigger.radius), (arcs.side, bigger.side),
                                   (arcs.yTop, bigger.yTop), (arcs.yBottom, bigger.yBottom), (arcs.clipsLower, bigger.clipsLower)] {
                    to.update(from: from, count: arcCount)
                }
                arcs.deallocate()
                arcs = bigger
            }
            // A lane group at a time (the buffers have a group of slack past the capacity,
            // and lanes past the count are never read back): the piece's values broadcast,
            // the cell boundaries counted up from cStart (small whole numbers, so
            // Float(cStart + g) + k is Float(cStart + g + k) exactly).
            @inline(__always) func put(_ b: UnsafeMutablePointer<Float>, _ i: Int, _ v: FloatLanes) {
                UnsafeMutableRawPointer(b + i).storeBytes(of: v, as: FloatLanes.self)
            }
            // (`0 < side` as `arcIntegral` tests it, so a NaN side clips as it did there.)
            let clipsLower = FloatLanes(repeating: (0 < piece.side) == (piece.kind == .arcUpper) ? 1 : 0)
            let centerX = FloatLanes(repeating: piece.centerX), radius = FloatLanes(repeating: piece.radius)
            let side = FloatLanes(repeating: piece.side)
            let yTop = FloatLanes(repeating: piece.yTop), yBottom = FloatLanes(repeating: piece.yBottom)
            let ramp = FloatLanes(0, 1, 2, 3, 4, 5, 6, 7)
            var g = 0
            while g < boundaries {
                let i = arcCount + g
                put(arcs.c, i, FloatLanes(repeating: Float(cStart + g)) + ramp)
                put(arcs.centerX, i, centerX)
                put(arcs.radius, i, radius)
                put(arcs.side, i, side)
                put(arcs.yTop, i, yTop)
                put(arcs.yBottom, i, yBottom)
                put(arcs.clipsLower, i, clipsLower)
                g += Lanes.width
            }
            arcCount += boundaries
        }
    }

    /// `I(c)` of every gathered lane, eight at a time, and the last four or fewer four at
    /// a time (half the work where they would leave half a group idle; lane by lane the
    /// same operations). The buffers have a lane group of slack, so no group needs a tail.
    private func evaluateArcs() {
        @inline(__always) func group<V: LaneArithmetic>(_ i: Int, as: V.Type) {
            @inline(__always) func load(_ b: UnsafeMutablePointer<Float>) -> V { UnsafeRawPointer(b + i).loadUnaligned(as: V.self) }
            let v = PieceRow.arcIntegral(load(arcs.c), centerX: load(arcs.centerX), radius: load(arcs.radius), side: load(arcs.side),
                                         yTop: load(arcs.yTop), yBottom: load(arcs.yBottom),
                                         clipsLower: V.laneLess(V(broadcast: 0), load(arcs.clipsLower)))
            UnsafeMutableRawPointer(arcs.result + i).storeBytes(of: v, as: V.self)
        }
        var i = 0
        while arcCount - i > 4 {
            group(i, as: FloatLanes.self)
            i += Lanes.width
        }
        if i < arcCount { group(i, as: SIMD4<Float>.self) }
    }

    private func integralsSIMD(_ piece: PieceRow, first: Int, count: Int) {
        let base = Float(first)
        if count <= 4 {
            // Most pieces cross a row over a cell or two: half a lane group does.
            let v: SIMD4<Float> = piece.integral(SIMD4(repeating: base) + SIMD4(0, 1, 2, 3))
            UnsafeMutableRawPointer(integrals).storeBytes(of: v, as: SIMD4<Float>.self)
            return
        }
        let ramp = FloatLanes(0, 1, 2, 3, 4, 5, 6, 7)
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

    /// The spans of the band row at `band`, read field by field where it lies (a copy of
    /// the whole row, just written field by field, stalled on its stores: 9 % of
    /// LiquidSwipe's scanning samples).
    private func scanBand(_ band: UnsafePointer<BandRow>, batched: Bool, into out: SpanBuffer) {
        let h = band.pointee.h
        let (ls, le) = band.pointee.left, (rs, re) = band.pointee.right
        let leftPieces = band.pointee.leftPieces, rightPieces = band.pointee.rightPieces
        let leftF = self.leftF, rightF = self.rightF
        if le <= rs {
            let leftHidden = band.pointee.leftHidden, rightHidden = band.pointee.rightHidden
            if le > ls && !leftHidden {
                evaluate(leftPieces, span: (ls, le), batched: batched, into: leftF)
                let cells = out.appendCells(ls, le)
                for a in 0..<(le - ls) { cells[a] = h - leftF[a] }
            }
            out.appendRun(leftHidden ? ls : le, rightHidden ? re : rs, value: h)
            if re > rs && !rightHidden {
                // The right edge's F is its coverage: straight into the cell table.
                evaluate(rightPieces, span: (rs, re), batched: batched, into: out.appendCells(rs, re))
            }
        } else {
            // The edge spans overlap (a thin shape): F of each boundary by the span rule.
            evaluate(leftPieces, span: (ls, le), batched: batched, into: leftF)
            evaluate(rightPieces, span: (rs, re), batched: batched, into: rightF)
            let cells = out.appendCells(ls, re)
            for a in ls..<re {
                let fl: Float = a < ls ? h : (a >= le ? 0 : leftF[a - ls])
                let fr: Float = a < rs ? h : (a >= re ? 0 : rightF[a - rs])
                cells[a - ls] = fr - fl
            }
        }
    }
}
