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
        Shape(polygons: polylines(tolerance: tolerance).map(\.points), fillRule: fillRule)
    }
}

extension Shape {
    /// The region enclosed by closed polygons (each implicitly closed) under `fillRule`.
    /// Vertices that are not finite are left out.
    public init(polygons: [[PathPoint]], fillRule: FillRule) {
        self = PolygonDecomposition(polygons: polygons).shape(fillRule: fillRule)
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

private struct PolygonDecomposition {
    var edges: [Edge] = []

    init(polygons: [[PathPoint]]) {
        for polygon in polygons {
            let points = polygon.filter { $0.x.isFinite && $0.y.isFinite }
            guard points.count > 2 else { continue }
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                if a.y < b.y {
                    edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, winding: 1))
                } else if a.y > b.y {
                    edges.append(Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, winding: -1))
                }
            }
        }
        edges.sort { $0.y0 < $1.y0 }
    }

    /// Every row where the order of the edges may change: vertices and crossings.
    private func cutRows() -> [Double] {
        var rows: [Double] = []
        rows.reserveCapacity(edges.count * 2)
        var active: [Int] = []
        for (index, edge) in edges.enumerated() {
            rows.append(edge.y0)
            rows.append(edge.y1)
            active.removeAll(endingAtOrAbove: edge.y0, in: edges)
            for other in active {
                let o = edges[other]
                let top = edge.y0, bottom = Swift.min(edge.y1, o.y1)
                guard bottom > top else { continue }
                let dTop = edge.x(at: top) - o.x(at: top), dBottom = edge.x(at: bottom) - o.x(at: bottom)
                if (dTop < 0 && dBottom > 0) || (dTop > 0 && dBottom < 0) {
                    let y = top + (bottom - top) * (dTop / (dTop - dBottom))
                    if y > top && y < bottom { rows.append(y) }
                }
            }
            active.append(index)
        }
        rows.sort()
        var unique: [Double] = []
        unique.reserveCapacity(rows.count)
        for y in rows where unique.last != y { unique.append(y) }
        return unique
    }

    /// A band under construction: its pieces so far and where they end.
    private struct OpenBand {
        var y0: Float
        var left: Boundary
        var right: Boundary
        var bottom: Float
        var leftX: Float
        var rightX: Float
    }

    func shape(fillRule: FillRule) -> Shape {
        guard !edges.isEmpty else { return .empty }
        let rows = cutRows()
        var bands: [Band] = []
        var open: [OpenBand] = []
        var next: [OpenBand] = []
        var active: [Int] = []
        var nextEdge = 0
        var order: [(mid: Double, top: Double, bottom: Double, winding: Int)] = []

        func close(_ band: OpenBand) {
            bands.append(Band(y0: band.y0, y1: band.bottom, left: band.left, right: band.right))
        }

        for k in 0..<(rows.count - 1) {
            let ya = rows[k], yb = rows[k + 1]
            let fa = Float(ya), fb = Float(yb)
            while nextEdge < edges.count && edges[nextEdge].y0 <= ya {
                active.append(nextEdge)
                nextEdge += 1
            }
            active.removeAll(endingAtOrAbove: ya, in: edges)
            guard fb > fa else { continue }
            order.removeAll(keepingCapacity: true)
            for index in active where edges[index].y1 >= yb {
                let e = edges[index]
                let top = e.x(at: ya), bottom = e.x(at: yb)
                let crossing = (mid: (top + bottom) * 0.5, top: top, bottom: bottom, winding: e.winding)
                // Insertion into the sorted slab (a handful of edges): stable, so edges that
                // compare equal keep their order, as a stable sort would leave them.
                var at = order.count
                while at > 0 && (crossing.mid, crossing.top) < (order[at - 1].mid, order[at - 1].top) { at -= 1 }
                if at == order.count { order.append(crossing) } else { order.insert(crossing, at: at) }
            }

            // The filled intervals: from the edge where the winding enters the filled set to
            // the edge where it leaves it.
            var winding = 0
            var entered: Int? = nil
            for (i, edge) in order.enumerated() {
                let wasInside = fillRule.contains(winding: winding)
                winding += edge.winding
                let isInside = fillRule.contains(winding: winding)
                if !wasInside && isInside {
                    entered = i
                } else if wasInside && !isInside, let start = entered {
                    let l = order[start], r = edge
                    var lt = Float(l.top), lb = Float(l.bottom), rt = Float(r.top), rb = Float(r.bottom)
                    if rt < lt { let m = (lt + rt) * 0.5; lt = m; rt = m }
                    if rb < lb { let m = (lb + rb) * 0.5; lb = m; rb = m }
                    entered = nil
                    if let j = open.firstIndex(where: { $0.bottom == fa && $0.leftX == lt && $0.rightX == rt }) {
                        var band = open.remove(at: j)
                        band.left.addLine(fromX: lt, y0: fa, toX: lb, y1: fb)
                        band.right.addLine(fromX: rt, y0: fa, toX: rb, y1: fb)
                        band.bottom = fb
                        band.leftX = lb
                        band.rightX = rb
                        next.append(band)
                    } else {
                        var left = Boundary(), right = Boundary()
                        left.addLine(fromX: lt, y0: fa, toX: lb, y1: fb)
                        right.addLine(fromX: rt, y0: fa, toX: rb, y1: fb)
                        next.append(OpenBand(y0: fa, left: left, right: right, bottom: fb, leftX: lb, rightX: rb))
                    }
                }
            }
            // Bands that did not continue into this slab are finished.
            for band in open { close(band) }
            swap(&open, &next)
            next.removeAll(keepingCapacity: true)
        }
        for band in open { close(band) }
        return Shape(bands: bands)
    }
}

extension Array where Element == Int {
    /// Drops the edges (indices into `edges`) that end at or above `y`, keeping the order
    /// of the others: `removeAll(where:)` without a closure call per element.
    fileprivate mutating func removeAll(endingAtOrAbove y: Double, in edges: [Edge]) {
        var kept = 0
        for i in indices where edges[self[i]].y1 > y {
            self[kept] = self[i]
            kept += 1
        }
        if kept < count { removeLast(count - kept) }
    }
}
