/// Polygons to bands: how a path becomes a `Shape` the coverage scanner covers exactly.
///
/// The flattened outline's edges are cut at every vertex and every crossing of two edges.
/// Between two consecutive cut rows (a slab) no edges cross, so they are ordered left to
/// right; walking them with the winding number (+1 for an edge going down, -1 going up)
/// gives the slab's filled intervals under the fill rule, each a trapezoid bounded by two
/// edges. Trapezoids that continue one another in the next slab (the same x at the shared
/// row on both sides) are chained into one band, so a smooth outline stays a few bands of
/// many pieces. The bands never overlap, and the coverage of a pixel is the exact area of
/// the filled polygon inside it. All of it runs in `Double`; only the finished pieces are
/// rounded to `Float`.
extension Path {
    /// The region the path encloses under `fillRule`, with curves and arcs flattened to
    /// within `tolerance` pixels (`defaultTolerance`, 1/64).
    public func shape(fillRule: FillRule = .nonZero, tolerance: Double = Path.defaultTolerance) -> Shape {
        var decomposition = PolygonDecomposition()
        flatten(tolerance: tolerance, into: &decomposition)
        return decomposition.shape(fillRule: fillRule)
    }
}

extension Shape {
    /// The region enclosed by closed polygons (each implicitly closed) under `fillRule`.
    /// Vertices that are not finite are left out.
    public init(polygons: [[PathPoint]], fillRule: FillRule) {
        var decomposition = PolygonDecomposition()
        decomposition.reserveEdges(polygons.reduce(0) { $0 + $1.count })
        for polygon in polygons { polygon.withUnsafeBufferPointer { decomposition.add(polygon: $0) } }
        self = decomposition.shape(fillRule: fillRule)
    }
}

/// One non-horizontal edge of a polygon, stored top to bottom.
private struct Edge {
    var x0: Double, y0: Double, x1: Double, y1: Double
    /// +1 if the outline runs down along it, -1 if up.
    var winding: Int

    /// x at `y` (the exact end points at the ends, so edges meeting at a vertex agree).
    @inline(__always)
    func x(at y: Double) -> Double {
        if y <= y0 { return x0 }
        if y >= y1 { return x1 }
        return x0 + (x1 - x0) * ((y - y0) / (y1 - y0))
    }
}

/// The decomposition itself. It runs once per filled path and frame (two waves of a few
/// hundred edges each in every LiquidSwipe pose), so it works in scratch buffers allocated
/// once per shape and moves plain values, not arrays: the open bands are small records, and
/// a band's pieces are kept as a chain of trapezoids that becomes its two boundaries only
/// when the band closes. Every value it stores is computed by the same operations, in the
/// same order, as the straightforward version (kept in the tests as the reference), so the
/// shapes are identical to the bit.
private struct PolygonDecomposition: PolylineSink {
    /// The edges, in outline order until `shape` sorts them by their tops.
    private var edges: [Edge] = []

    /// Room for `count` more edges (one per vertex at most).
    mutating func reserveEdges(_ count: Int) { edges.reserveCapacity(edges.count + count) }

    /// Adds a closed polygon's edges in outline order; vertices that are not finite are
    /// left out, and a polygon with fewer than three finite vertices adds nothing.
    mutating func add(polygon points: UnsafeBufferPointer<PathPoint>) {
        let firstEdge = edges.count
        if edges.capacity - firstEdge < points.count {
            edges.reserveCapacity(Swift.max(firstEdge + points.count, 2 * edges.capacity))
        }
        var first = PathPoint(x: 0, y: 0), previous = first
        var finite = 0
        for p in points where p.x.isFinite && p.y.isFinite {
            if finite == 0 { first = p } else { addEdge(from: previous, to: p) }
            previous = p
            finite += 1
        }
        if finite > 2 {
            addEdge(from: previous, to: first)
        } else {
            edges.removeSubrange(firstEdge...)
        }
    }

    /// The edge from `a` to `b`, unless it is horizontal.
    @inline(__always)
    private mutating func addEdge(from a: PathPoint, to b: PathPoint) {
        if a.y < b.y {
            edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, winding: 1))
        } else if a.y > b.y {
            edges.append(Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, winding: -1))
        }
    }

    /// A flattened subpath: filling closes it.
    mutating func polyline(_ points: UnsafeBufferPointer<PathPoint>, closed: Bool) { add(polygon: points) }

    /// The bands of the polygons added so far under `fillRule`.
    mutating func shape(fillRule: FillRule) -> Shape {
        guard !edges.isEmpty else { return .empty }
        // Stable: edges with the same top keep their outline order, on which the order of
        // equal crossings in a slab (and so the bands' order) depends.
        edges.sortStably { $0.y0 < $1.y0 }
        return edges.withUnsafeBufferPointer { edges in
            let rows = Self.cutRows(edges)
            return rows.withUnsafeBufferPointer { Self.bands(edges: edges, rows: $0, fillRule: fillRule) }
        }
    }

    /// The bound on x within which `cutRows` takes edges apart in x for not crossing, and
    /// the gap it asks between them.
    private static let moderate = Double(1 << 20), gap = 1.0 / Double(1 << 20)

    /// Up to how many active edges a slab is ordered by inserting its edges by index
    /// (`bands`); above, from the previous slab's order.
    private static let fewEdges = 12

    /// Every row where the order of the edges (sorted by top) may change: vertices and
    /// crossings, sorted, each once.
    private static func cutRows(_ edges: UnsafeBufferPointer<Edge>) -> [Double] {
        var rows: [Double] = []
        rows.reserveCapacity(edges.count * 2)
        let active = UnsafeMutablePointer<Int>.allocate(capacity: edges.count)
        defer { active.deallocate() }
        var activeCount = 0
        for index in edges.indices {
            let edge = edges[index]
            rows.append(edge.y0)
            rows.append(edge.y1)
            // The edges that end at or above this one's top leave the active list (the others
            // keep their order) in the same pass that tests the others for crossings.
            var kept = 0
            // (Among a handful of edges the test below costs more than it saves.)
            let far = activeCount > fewEdges
            for i in 0..<activeCount {
                let o = edges[active[i]]
                guard o.y1 > edge.y0 else { continue }
                active[kept] = active[i]
                kept += 1
                let top = edge.y0, bottom = Swift.min(edge.y1, o.y1)
                guard bottom > top else { continue }
                // Edges whose x-ranges lie apart do not cross: where every x is within
                // ±2^20, `x(at:)` stays within an edge's x-range to a few ulps of 2^21
                // (under 1e-8), so a gap of 2^-20 leaves both differences below with one
                // sign and adds no row, whatever `x(at:)` rounds to; where it is NaN (huge y),
                // both sign tests fail and no row is added either. (Outlines of many parts,
                // such as a line of text, have most of their active edges far apart.)
                let eLo = Swift.min(edge.x0, edge.x1), eHi = Swift.max(edge.x0, edge.x1)
                let oLo = Swift.min(o.x0, o.x1), oHi = Swift.max(o.x0, o.x1)
                if far && Swift.max(eHi, oHi) < Self.moderate && Swift.min(eLo, oLo) > -Self.moderate
                    && (eHi + Self.gap < oLo || oHi + Self.gap < eLo) {
                    continue
                }
                // `edge.x(at: top)` is `edge.x0`: `top` is the edge's own top.
                let dTop = edge.x0 - o.x(at: top), dBottom = edge.x(at: bottom) - o.x(at: bottom)
                if (dTop < 0 && dBottom > 0) || (dTop > 0 && dBottom < 0) {
                    let y = top + (bottom - top) * (dTop / (dTop - dBottom))
                    if y > top && y < bottom { rows.append(y) }
                }
            }
            activeCount = kept
            active[activeCount] = index
            activeCount += 1
        }
        // Stably, as `sort()` does: of 0 and -0 the one added first stays first.
        rows.sortStably(by: <)
        // Duplicates out, in place; of equal rows the first stays (0 and -0 are equal).
        var unique = 0
        rows.withUnsafeMutableBufferPointer { rows in
            var kept = 0.0
            for i in rows.indices where unique == 0 || kept != rows[i] {
                kept = rows[i]
                rows[unique] = kept
                unique += 1
            }
        }
        rows.removeLast(rows.count - unique)
        return rows
    }

    /// A band under construction: where it starts and ends, and its latest trapezoid.
    private struct OpenBand {
        var y0: Float
        var bottom: Float
        var leftX: Float
        var rightX: Float
        /// Index in the trapezoid list of the band's lowest trapezoid.
        var last: Int
        /// How many trapezoids the band has.
        var count: Int
    }

    /// One slab's filled interval: a left and a right piece from `y0` to `y1`, and the
    /// band's trapezoid above it (-1 for none).
    private struct Trapezoid {
        var y0: Float, y1: Float
        var leftTop: Float, leftBottom: Float, rightTop: Float, rightBottom: Float
        var previous: Int
    }

    /// The slabs between consecutive rows, their filled intervals chained into bands.
    private static func bands(edges: UnsafeBufferPointer<Edge>, rows: UnsafeBufferPointer<Double>, fillRule: FillRule) -> Shape {
        // No slab holds more than every edge, nor more filled intervals than edges.
        let capacity = edges.count
        // All scratch arrays in one allocation: a shape of a dozen edges (a stroke's pieces)
        // would otherwise spend more time allocating them than decomposing.
        var scratch = Scratch(bytes: capacity * (11 * 8 + 2 * MemoryLayout<OpenBand>.stride) + 13 * 16)
        defer { scratch.deallocate() }
        let active = scratch.take(Int.self, count: capacity)
        // The slab's edges left to right: x at the middle, top and bottom of the slab, and
        // winding. Kept as four arrays, not one of records: the insertion below reads a
        // record's first two fields together right after writing them one by one, which
        // the processor cannot forward from its store buffer and stalls on.
        let mids = scratch.take(Double.self, count: capacity)
        let tops = scratch.take(Double.self, count: capacity)
        let bottoms = scratch.take(Double.self, count: capacity)
        let windings = scratch.take(Int.self, count: capacity)
        let slabEdges = SlabEdges(mids: mids, tops: tops, bottoms: bottoms, windings: windings,
                                  indices: scratch.take(Int.self, count: capacity))
        var open = scratch.take(OpenBand.self, count: capacity)
        var next = scratch.take(OpenBand.self, count: capacity)
        // Each edge's x at the bottom of the last slab it was in: the top of the next one,
        // the same `x(at:)` of the same row.
        let bottomX = scratch.take(Double.self, count: capacity)
        let bottomRow = scratch.take(Int.self, count: capacity)
        bottomRow.initialize(repeating: -1, count: capacity)
        var many = SlabOrder(capacity: capacity, order: scratch.take(Int.self, count: capacity),
                             slab: scratch.take(Int.self, count: capacity), placed: scratch.take(Int.self, count: capacity))
        var bands: [Band] = []
        var trapezoids: [Trapezoid] = []
        trapezoids.reserveCapacity(rows.count)
        var activeCount = 0, openStart = 0, openCount = 0, nextCount = 0, nextEdge = 0

        for k in 0..<(rows.count - 1) {
            let ya = rows[k], yb = rows[k + 1]
            let fa = Float(ya), fb = Float(yb)
            while nextEdge < edges.count && edges[nextEdge].y0 <= ya {
                active[activeCount] = nextEdge
                activeCount += 1
                nextEdge += 1
            }
            // Edges that end at or above `ya` leave the active list in the pass below; in a
            // slab too thin to keep they stay a little longer, which changes nothing (they
            // would go in the next pass anyway, and the order of the others is kept).
            guard fb > fa else { continue }
            var orderCount = 0
            if activeCount <= Self.fewEdges {
                // A handful of edges: each inserted by index into the sorted ones, stably,
                // so that edges that compare equal keep their order by index.
                sweep(active, &activeCount, edges, ya: ya, yb: yb) { index, e in
                    let top = bottomRow[index] == k ? bottomX[index] : e.x(at: ya), bottom = e.x(at: yb)
                    bottomX[index] = bottom
                    bottomRow[index] = k + 1
                    slabEdges.insert(index, mid: (top + bottom) * 0.5, top: top, bottom: bottom, winding: e.winding, count: &orderCount)
                }
                many.ordered = 0
            } else {
                orderCount = many.order(slab: k, ya: ya, yb: yb, edges: edges, active: active, activeCount: &activeCount,
                                        bottomX: bottomX, bottomRow: bottomRow, into: slabEdges)
            }

            // The filled intervals: from the edge where the winding enters the filled set to
            // the edge where it leaves it.
            var winding = 0
            var entered = -1
            for i in 0..<orderCount {
                let wasInside = fillRule.contains(winding: winding)
                winding += windings[i]
                let isInside = fillRule.contains(winding: winding)
                if !wasInside && isInside {
                    entered = i
                } else if wasInside && !isInside && entered >= 0 {
                    var lt = Float(tops[entered]), lb = Float(bottoms[entered]), rt = Float(tops[i]), rb = Float(bottoms[i])
                    if rt < lt { let m = (lt + rt) * 0.5; lt = m; rt = m }
                    if rb < lb { let m = (lb + rb) * 0.5; lb = m; rb = m }
                    entered = -1
                    // The first open band this trapezoid continues, if any, leaves the open
                    // list (the others keep their order) and goes on in this slab. The list
                    // is `open[openStart..<openCount]`: trapezoids come left to right, as the
                    // open bands do, so the one continued is most often the list's first,
                    // which leaves it by moving its start.
                    var j = openStart
                    while j < openCount && !(open[j].bottom == fa && open[j].leftX == lt && open[j].rightX == rt) { j += 1 }
                    var band: OpenBand
                    if j < openCount {
                        band = open[j]
                        if j == openStart {
                            openStart += 1
                        } else {
                            for m in j..<(openCount - 1) { open[m] = open[m + 1] }
                            openCount -= 1
                        }
                        band.count += 1
                    } else {
                        band = OpenBand(y0: fa, bottom: fb, leftX: lb, rightX: rb, last: -1, count: 1)
                    }
                    trapezoids.append(Trapezoid(y0: fa, y1: fb, leftTop: lt, leftBottom: lb, rightTop: rt, rightBottom: rb,
                                                previous: band.last))
                    band.last = trapezoids.count - 1
                    band.bottom = fb
                    band.leftX = lb
                    band.rightX = rb
                    next[nextCount] = band
                    nextCount += 1
                }
            }
            // Bands that did not continue into this slab are finished.
            for j in openStart..<openCount { bands.append(finished(open[j], trapezoids)) }
            swap(&open, &next)
            openStart = 0
            openCount = nextCount
            nextCount = 0
        }
        for j in openStart..<openCount { bands.append(finished(open[j], trapezoids)) }
        return Shape(bands: bands)
    }

    /// A closed band: its trapezoids, followed up the chain, as a left and a right boundary
    /// of one straight piece each per slab.
    private static func finished(_ band: OpenBand, _ trapezoids: [Trapezoid]) -> Band {
        var right: [BoundaryPiece] = []
        let left = [BoundaryPiece](unsafeUninitializedCapacity: band.count) { left, leftCount in
            right = [BoundaryPiece](unsafeUninitializedCapacity: band.count) { right, rightCount in
                var index = band.last
                for i in stride(from: band.count - 1, through: 0, by: -1) {
                    let t = trapezoids[index]
                    left.initializeElement(at: i, to: BoundaryPiece(y0: t.y0, y1: t.y1, curve: .line(xTop: t.leftTop, xBottom: t.leftBottom)))
                    right.initializeElement(at: i, to: BoundaryPiece(y0: t.y0, y1: t.y1, curve: .line(xTop: t.rightTop, xBottom: t.rightBottom)))
                    index = t.previous
                }
                rightCount = band.count
            }
            leftCount = band.count
        }
        return Band(y0: band.y0, y1: band.bottom, left: Boundary(pieces: left), right: Boundary(pieces: right))
    }
}

/// Drops from the `count` active edges those that end at or above `ya` (the others keep
/// their order) and calls `member` with each one that reaches down to `yb`, in order.
@inline(__always)
private func sweep(_ active: UnsafeMutablePointer<Int>, _ count: inout Int, _ edges: UnsafeBufferPointer<Edge>,
                   ya: Double, yb: Double, _ member: (Int, Edge) -> Void) {
    var kept = 0
    for i in 0..<count {
        let index = active[i], e = edges[index]
        guard e.y1 > ya else { continue }
        active[kept] = index
        kept += 1
        guard e.y1 >= yb else { continue }
        member(index, e)
    }
    count = kept
}

/// A slab's edges left to right, as `PolygonDecomposition.bands` walks them: x at the
/// middle, top and bottom of the slab, and winding.
private struct SlabEdges {
    let mids: UnsafeMutablePointer<Double>
    let tops: UnsafeMutablePointer<Double>
    let bottoms: UnsafeMutablePointer<Double>
    let windings: UnsafeMutablePointer<Int>

    /// The edges' indices.
    let indices: UnsafeMutablePointer<Int>

    /// Inserts edge `index` into the `count` sorted ones by (mid, top), after those that
    /// compare equal to it and come before it by index. Inserted in increasing index order
    /// the index never decides, and the edges end up as the tuple `<` inserting them one by
    /// one leaves them, NaN included (a NaN compares as nothing); where no value is NaN, in
    /// the one order by (mid, top, index), whatever order they are inserted in.
    @inline(__always)
    func insert(_ index: Int, mid: Double, top: Double, bottom: Double, winding: Int, count: inout Int) {
        var at = count
        while at > 0 {
            let otherMid = mids[at - 1], otherTop = tops[at - 1]
            guard mid < otherMid || (mid == otherMid && (top < otherTop || (top == otherTop && index < indices[at - 1]))) else { break }
            mids[at] = otherMid
            tops[at] = otherTop
            bottoms[at] = bottoms[at - 1]
            windings[at] = windings[at - 1]
            indices[at] = indices[at - 1]
            at -= 1
        }
        mids[at] = mid
        tops[at] = top
        bottoms[at] = bottom
        windings[at] = winding
        indices[at] = index
        count += 1
    }
}

/// Orders the edges of slabs of many edges (a line of text crosses dozens in every slab)
/// from the previous slab's order.
///
/// The slab's edges are sorted by (mid, top), stably, so that edges that compare equal keep
/// their order by index (by top, then outline order). Where no value is NaN, (mid, top,
/// index) orders them totally and that stable sort is the one order by it, whatever order
/// the edges are inserted in: they are inserted in the previous slab's order, then the new
/// ones by index, so that an insertion moves an edge only past those it crossed, where
/// inserting them all by index moves each past half the slab.
private struct SlabOrder {
    /// The previous slab's edges left to right, when it was ordered here (`ordered` of
    /// them; 0 when it was not).
    let order: UnsafeMutablePointer<Int>
    var ordered = 0
    /// Per edge, among the slabs ordered here: the last one it was in, and the last one
    /// where it was put in order from the previous slab's order (both -1 before; set when
    /// the first slab of many edges comes).
    let slab: UnsafeMutablePointer<Int>
    let placed: UnsafeMutablePointer<Int>
    private let capacity: Int
    private var stamped = false

    init(capacity: Int, order: UnsafeMutablePointer<Int>, slab: UnsafeMutablePointer<Int>, placed: UnsafeMutablePointer<Int>) {
        self.capacity = capacity
        self.order = order
        self.slab = slab
        self.placed = placed
    }

    /// Drops the active edges that end at or above `ya` (keeping the others' order), puts
    /// the edges of slab `k` from `ya` to `yb` in order into `out`, and returns how many.
    /// `bottomX` and `bottomRow` are each edge's x at the bottom of the last slab it was in.
    @inline(never)
    mutating func order(slab k: Int, ya: Double, yb: Double, edges: UnsafeBufferPointer<Edge>,
                        active: UnsafeMutablePointer<Int>, activeCount: inout Int,
                        bottomX: UnsafeMutablePointer<Double>, bottomRow: UnsafeMutablePointer<Int>,
                        into out: SlabEdges) -> Int {
        if !stamped {
            slab.initialize(repeating: -1, count: capacity)
            placed.initialize(repeating: -1, count: capacity)
            stamped = true
        }
        var members = 0
        sweep(active, &activeCount, edges, ya: ya, yb: yb) { index, _ in
            slab[index] = k
            members += 1
        }
        var count = 0
        var unordered = false
        @inline(__always) func insert(_ index: Int) {
            let e = edges[index]
            let top = bottomRow[index] == k ? bottomX[index] : e.x(at: ya), bottom = e.x(at: yb)
            bottomX[index] = bottom
            bottomRow[index] = k + 1
            let mid = (top + bottom) * 0.5
            if mid.isNaN || top.isNaN { unordered = true }
            out.insert(index, mid: mid, top: top, bottom: bottom, winding: e.winding, count: &count)
        }
        for j in 0..<ordered where slab[order[j]] == k {
            placed[order[j]] = k
            insert(order[j])
        }
        if count < members {
            for i in 0..<activeCount where slab[active[i]] == k && placed[active[i]] != k { insert(active[i]) }
        }
        guard unordered else {
            order.update(from: out.indices, count: count)
            ordered = count
            return count
        }
        // A NaN compares as nothing, so where it stands depends on the order the edges
        // come in: inserted again by index, from the values in hand.
        var byIndex: [(index: Int, mid: Double, top: Double, bottom: Double, winding: Int)] = []
        byIndex.reserveCapacity(count)
        for j in 0..<count { byIndex.append((out.indices[j], out.mids[j], out.tops[j], out.bottoms[j], out.windings[j])) }
        byIndex.sort { $0.index < $1.index }
        count = 0
        for v in byIndex { out.insert(v.index, mid: v.mid, top: v.top, bottom: v.bottom, winding: v.winding, count: &count) }
        ordered = 0
        return count
    }
}

/// Scratch arrays of plain values carved one after the other out of one allocation of
/// `bytes` (which must cover every `take`, with up to 16 bytes of alignment padding each).
private struct Scratch {
    private let base: UnsafeMutableRawPointer
    private let bytes: Int
    private var used = 0

    init(bytes: Int) {
        self.bytes = Swift.max(bytes, 1)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.bytes, alignment: 16)
    }

    /// Room for `count` values of `type`, uninitialised.
    mutating func take<T: BitwiseCopyable>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let alignment = MemoryLayout<T>.alignment
        used = (used + alignment - 1) / alignment * alignment
        precondition(used + MemoryLayout<T>.stride * count <= bytes, "scratch too small")
        let pointer = (base + used).bindMemory(to: T.self, capacity: count)
        used += MemoryLayout<T>.stride * count
        return pointer
    }

    func deallocate() { base.deallocate() }
}

extension Array where Element: BitwiseCopyable {
    /// Sorts the array so that `areInIncreasingOrder` holds between neighbours, keeping
    /// equal elements in their order: the one order a stable sort can give, so the same as
    /// the standard library's (stable) `sort`. A natural merge sort: the runs already in
    /// order (or strictly reversed) are found and merged, which costs little for what the
    /// decomposition sorts, outlines whose edges come in long monotone chains.
    fileprivate mutating func sortStably(by areInIncreasingOrder: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        withUnsafeMutableBufferPointer { elements in
            let count = elements.count
            // The runs' bounds: each run is non-decreasing, or strictly decreasing and then
            // reversed (no two equal elements in it, so reversing keeps stability).
            var bounds = [0]
            var start = 0
            while start < count {
                var end = start + 1
                if end < count && areInIncreasingOrder(elements[end], elements[start]) {
                    while end + 1 < count && areInIncreasingOrder(elements[end + 1], elements[end]) { end += 1 }
                    end += 1
                    elements[start..<end].reverse()
                } else {
                    while end < count && !areInIncreasingOrder(elements[end], elements[end - 1]) { end += 1 }
                }
                bounds.append(end)
                start = end
            }
            guard bounds.count > 2 else { return }
            let scratch = UnsafeMutableBufferPointer<Element>.allocate(capacity: count)
            defer { scratch.deallocate() }
            _ = scratch.initialize(from: elements)
            var source = elements, target = scratch
            // Neighbouring runs merged pairwise until one is left; on a tie the left one's
            // element goes first.
            while bounds.count > 2 {
                var merged = [0]
                var r = 0
                while r + 1 < bounds.count {
                    let low = bounds[r], mid = bounds[r + 1]
                    let high = r + 2 < bounds.count ? bounds[r + 2] : mid
                    var i = low, j = mid, k = low
                    while i < mid && j < high {
                        if areInIncreasingOrder(source[j], source[i]) {
                            target[k] = source[j]
                            j += 1
                        } else {
                            target[k] = source[i]
                            i += 1
                        }
                        k += 1
                    }
                    while i < mid { target[k] = source[i]; i += 1; k += 1 }
                    while j < high { target[k] = source[j]; j += 1; k += 1 }
                    merged.append(high)
                    r += 2
                }
                bounds = merged
                swap(&source, &target)
            }
            if source.baseAddress != elements.baseAddress {
                _ = UnsafeMutableBufferPointer(rebasing: elements[...]).update(fromContentsOf: source)
            }
        }
    }
}
