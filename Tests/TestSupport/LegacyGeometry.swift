#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NotchwaveRaster

// PRE-OPTIMISATION REFERENCE, kept only to check the optimised geometry against it.
//
// A verbatim copy (renamed, nothing else changed) of how `NotchwaveRaster` turned paths
// into shapes before the decomposition was reorganised for speed: flattening
// (`Path+Flattening.swift`), stroke polygons (`Path+Stroke.swift`) and the polygon
// decomposition (`Path+Bands.swift`) as of commit 39328c2. The optimised code must give
// exactly equal `Shape`s (same bands, pieces, Float bits and order) for every input;
// `LegacyGeometryEquivalenceTests` and the LiquidSwipe pose test compare the two. Do not
// edit or "improve" this file: its whole value is being the old arithmetic. It lives in
// TestSupport (not in one test target) so that the scene tests, which can build the
// LiquidSwipe poses, can use it too; it uses only the raster module's public API.

/// The pre-optimisation reference implementation (see the note at the top of the file).
public enum LegacyGeometry {
    /// `path.shape(fillRule:tolerance:)` as it was computed before the optimisation.
    public static func shape(_ path: Path, fillRule: FillRule = .nonZero, tolerance: Double = Path.defaultTolerance) -> Shape {
        shape(polygons: path.legacyPolylines(tolerance: tolerance).map(\.points), fillRule: fillRule)
    }

    /// `path.strokedShape(style, tolerance:)` as it was computed before the optimisation.
    public static func strokedShape(_ path: Path, _ style: StrokeStyle, tolerance: Double = Path.defaultTolerance) -> Shape {
        shape(polygons: path.legacyStrokePolygons(style, tolerance: tolerance), fillRule: .nonZero)
    }

    /// Every stored value of a shape, as bits, in order: what "identical" means when the
    /// two are compared (`==` on `Float` would call -0 and 0 equal and NaN unequal).
    public static func bits(_ shape: Shape) -> [UInt32] {
        var out: [UInt32] = []
        func boundary(_ b: Boundary) {
            out.append(UInt32(b.pieces.count))
            for piece in b.pieces {
                out += [piece.y0.bitPattern, piece.y1.bitPattern]
                switch piece.curve {
                case let .line(xTop, xBottom): out += [1, xTop.bitPattern, xBottom.bitPattern]
                case let .arc(cx, cy, r, side): out += [2, cx.bitPattern, cy.bitPattern, r.bitPattern, side.bitPattern]
                }
            }
        }
        out.append(UInt32(shape.bands.count))
        for band in shape.bands {
            out += [band.y0.bitPattern, band.y1.bitPattern]
            boundary(band.left)
            boundary(band.right)
        }
        return out
    }

    /// `Shape(polygons:fillRule:)` as it was computed before the optimisation.
    public static func shape(polygons: [[PathPoint]], fillRule: FillRule) -> Shape {
        LegacyPolygonDecomposition(polygons: polygons).shape(fillRule: fillRule)
    }
}

/// `FillRule.contains(winding:)` (internal to the raster module), verbatim.
private func legacyContains(_ rule: FillRule, winding: Int) -> Bool {
    switch rule {
    case .nonZero: return winding != 0
    case .evenOdd: return winding & 1 != 0
    }
}

// MARK: - Path+Flattening.swift

/// One subpath as straight segments.
private struct LegacyPolyline: Sendable, Equatable {
    /// The vertices; a closed polyline does not repeat its first point at the end.
    var points: [PathPoint]
    /// Whether the subpath was closed (`close`); filling closes every subpath anyway.
    var closed: Bool
}

/// The most segments one curve or arc is cut into, whatever its size: a bound on work
/// for absurd coordinates, far beyond any screen (a 1/32 px tolerance reaches it only for
/// curves thousands of screens long).
private let legacyMaximumSegmentsPerCurve = 65_536

extension Path {
    // Verbatim copy of `polylines(tolerance:)` and `sweep(from:to:clockwise:)`.
    /// The subpaths flattened into polylines whose segments lie within `tolerance` pixels
    /// of the curves and arcs they replace.
    ///
    /// Bézier curves are sampled at `n` uniform parameter steps, with `n` from Wang's
    /// formula: for a curve of degree `d` whose control points' second differences are at
    /// most `M` long, the polyline through `n` uniform samples is within
    /// `d(d-1)/8 · M / n²` of the curve, so `n = ⌈√(d(d-1)M / (8·tolerance))⌉`. An arc of
    /// radius `r` is cut into equal angles `θ` whose sagitta `r(1 - cos(θ/2))` is at most
    /// `tolerance`. Elements with a coordinate that is not finite are left out (a scene
    /// never makes one; a path must not crash the renderer).
    fileprivate func legacyPolylines(tolerance: Double) -> [LegacyPolyline] {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 1.0 / 32
        var result: [LegacyPolyline] = []
        var current: [PathPoint] = []
        var start = PathPoint(x: 0, y: 0)
        var last = start

        func finish(closed: Bool) {
            if current.count > 1 || (current.count == 1 && closed) {
                var points = current
                if closed, points.count > 1, points.first == points.last { points.removeLast() }
                result.append(LegacyPolyline(points: points, closed: closed))
            } else if current.count == 1 {
                result.append(LegacyPolyline(points: current, closed: false))
            }
            current = []
        }
        func append(_ p: PathPoint) {
            if current.isEmpty { current.append(last) }
            if current.last != p { current.append(p) }
            last = p
        }
        func segments(_ secondDifference: Double, degreeFactor: Double) -> Int {
            let n = (degreeFactor * secondDifference / tolerance).squareRoot().rounded(.up)
            guard n.isFinite else { return 1 }
            return Swift.min(Swift.max(Int(n), 1), legacyMaximumSegmentsPerCurve)
        }
        func finite(_ points: PathPoint...) -> Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }

        for element in elements {
            switch element {
            case let .move(p):
                guard finite(p) else { continue }
                finish(closed: false)
                start = p
                last = p
                current = [p]
            case let .line(p):
                guard finite(p) else { continue }
                append(p)
            case let .quad(c, p):
                guard finite(c, p) else { continue }
                let p0 = last
                let m = legacyLength(p0.x - 2 * c.x + p.x, p0.y - 2 * c.y + p.y)
                let n = segments(m, degreeFactor: 2.0 / 8)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    append(i == n ? p : PathPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                                  y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case let .cubic(c1, c2, p):
                guard finite(c1, c2, p) else { continue }
                let p0 = last
                let m = Swift.max(legacyLength(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y),
                                  legacyLength(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
                let n = segments(m, degreeFactor: 6.0 / 8)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    append(i == n ? p : PathPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                                  y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case let .arc(center, radius, startAngle, endAngle, clockwise):
                guard finite(center), radius.isFinite, startAngle.isFinite, endAngle.isFinite, radius >= 0 else { continue }
                let sweep = Path.legacySweep(from: startAngle, to: endAngle, clockwise: clockwise)
                let first = PathPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
                // With no current point the arc starts the subpath; otherwise a straight
                // segment joins the current point to the arc's start.
                if current.isEmpty { start = first; last = first; current = [first] } else { append(first) }
                guard radius > 0, sweep != 0 else { continue }
                let step = 2 * acos(Swift.max(1 - tolerance / radius, -1))
                let n = Swift.min(Swift.max(Int((abs(sweep) / step).rounded(.up)), 1), legacyMaximumSegmentsPerCurve)
                for i in 1...n {
                    let angle = startAngle + sweep * Double(i) / Double(n)
                    append(PathPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
                }
            case .close:
                if !current.isEmpty { finish(closed: true) }
                last = start
            }
        }
        finish(closed: false)
        return result
    }

    /// The signed angle an arc sweeps, as Core Graphics draws it: with increasing angle
    /// (`clockwise` false) the sweep is in `(0, 2π]` unless the angles are equal, with
    /// decreasing angle in `[-2π, 0)`.
    fileprivate static func legacySweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let full = 2 * Double.pi
        var sweep = end - start
        if sweep == 0 { return 0 }
        if clockwise {
            if sweep <= -full { return -full }
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            return sweep == -full ? -full : sweep
        } else {
            if sweep >= full { return full }
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            return sweep
        }
    }
}

@inline(__always)
private func legacyLength(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }

// MARK: - Path+Stroke.swift

extension Path {
    /// The stroke's pieces as polygons of one orientation.
    fileprivate func legacyStrokePolygons(_ style: StrokeStyle, tolerance: Double) -> [[PathPoint]] {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return [] }
        var pieces: [[PathPoint]] = []
        func add(_ polygon: [PathPoint]) {
            guard polygon.count > 2 else { return }
            pieces.append(legacySignedArea(polygon) < 0 ? polygon.reversed() : polygon)
        }
        func disc(_ c: PathPoint) {
            let step = 2 * acos(Swift.max(1 - tolerance / hw, -1))
            let n = Swift.min(Swift.max(Int((2 * Double.pi / step).rounded(.up)), 8), legacyMaximumSegmentsPerCurve)
            add((0..<n).map { i in
                let a = 2 * Double.pi * Double(i) / Double(n)
                return PathPoint(x: c.x + hw * cos(a), y: c.y + hw * sin(a))
            })
        }

        for polyline in legacyPolylines(tolerance: tolerance) {
            var points = polyline.points
            if polyline.closed, points.count > 1, points.first == points.last { points.removeLast() }
            if points.count == 1 {
                // A lone point: only round and square caps show it (as Core Graphics does).
                let p = points[0]
                switch style.cap {
                case .butt: break
                case .round: disc(p)
                case .square: add([PathPoint(x: p.x - hw, y: p.y - hw), PathPoint(x: p.x + hw, y: p.y - hw),
                                   PathPoint(x: p.x + hw, y: p.y + hw), PathPoint(x: p.x - hw, y: p.y + hw)])
                }
                continue
            }
            let count = polyline.closed ? points.count : points.count - 1
            // Unit directions and left normals of the segments.
            var directions: [PathPoint] = []
            for i in 0..<count {
                let a = points[i], b = points[(i + 1) % points.count]
                let l = legacyLength(b.x - a.x, b.y - a.y)
                directions.append(PathPoint(x: (b.x - a.x) / l, y: (b.y - a.y) / l))
                let n = PathPoint(x: -directions[i].y * hw, y: directions[i].x * hw)
                add([PathPoint(x: a.x + n.x, y: a.y + n.y), PathPoint(x: b.x + n.x, y: b.y + n.y),
                     PathPoint(x: b.x - n.x, y: b.y - n.y), PathPoint(x: a.x - n.x, y: a.y - n.y)])
            }
            // Joins: at every inner vertex, and at the start of a closed polyline.
            let joins = polyline.closed ? Array(0..<count) : Array(1..<count)
            for i in joins {
                let v = points[i]
                let d0 = directions[(i - 1 + count) % count], d1 = directions[i]
                let n0 = PathPoint(x: -d0.y, y: d0.x), n1 = PathPoint(x: -d1.y, y: d1.x)
                let turn = d0.x * d1.y - d0.y * d1.x
                let straight = d0.x * d1.x + d0.y * d1.y
                if abs(turn) < 1e-12 && straight > 0 { continue }
                if style.join == .round { disc(v); continue }
                // The outer side is the one the path turns away from.
                let s: Double = (d1.x * n0.x + d1.y * n0.y) > 0 ? -1 : 1
                let a = PathPoint(x: v.x + s * hw * n0.x, y: v.y + s * hw * n0.y)
                let b = PathPoint(x: v.x + s * hw * n1.x, y: v.y + s * hw * n1.y)
                let cosine = n0.x * n1.x + n0.y * n1.y          // cos of the angle between the normals
                let ratio = 1 / ((1 + cosine) / 2).squareRoot() // miter length / width = 1/cos(φ/2)
                if style.join == .miter, cosine > -1, ratio <= style.miterLimit {
                    let k = s * hw / (1 + cosine)
                    let m = PathPoint(x: v.x + k * (n0.x + n1.x), y: v.y + k * (n0.y + n1.y))
                    add([v, a, m, b])
                } else {
                    add([v, a, b])
                }
            }
            // Caps of open polylines.
            if !polyline.closed && style.cap != .butt {
                for (p, d) in [(points[0], PathPoint(x: -directions[0].x, y: -directions[0].y)),
                               (points[points.count - 1], directions[count - 1])] {
                    if style.cap == .round { disc(p); continue }
                    let n = PathPoint(x: -d.y * hw, y: d.x * hw)
                    let q = PathPoint(x: p.x + d.x * hw, y: p.y + d.y * hw)
                    add([PathPoint(x: p.x + n.x, y: p.y + n.y), PathPoint(x: q.x + n.x, y: q.y + n.y),
                         PathPoint(x: q.x - n.x, y: q.y - n.y), PathPoint(x: p.x - n.x, y: p.y - n.y)])
                }
            }
        }
        return pieces
    }
}

/// Twice the signed area of a polygon (shoelace; positive when it runs clockwise on a
/// y-down screen).
private func legacySignedArea(_ polygon: [PathPoint]) -> Double {
    var sum = 0.0
    for i in polygon.indices {
        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
        sum += a.x * b.y - b.x * a.y
    }
    return sum
}

// MARK: - Path+Bands.swift

/// One non-horizontal edge of a polygon, stored top to bottom.
private struct LegacyEdge {
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

private struct LegacyPolygonDecomposition {
    var edges: [LegacyEdge] = []

    init(polygons: [[PathPoint]]) {
        for polygon in polygons {
            let points = polygon.filter { $0.x.isFinite && $0.y.isFinite }
            guard points.count > 2 else { continue }
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                if a.y < b.y {
                    edges.append(LegacyEdge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, winding: 1))
                } else if a.y > b.y {
                    edges.append(LegacyEdge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, winding: -1))
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
            active.legacyRemoveAll(endingAtOrAbove: edge.y0, in: edges)
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
            active.legacyRemoveAll(endingAtOrAbove: ya, in: edges)
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
                let wasInside = legacyContains(fillRule, winding: winding)
                winding += edge.winding
                let isInside = legacyContains(fillRule, winding: winding)
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
    fileprivate mutating func legacyRemoveAll(endingAtOrAbove y: Double, in edges: [LegacyEdge]) {
        var kept = 0
        for i in indices where edges[self[i]].y1 > y {
            self[kept] = self[i]
            kept += 1
        }
        if kept < count { removeLast(count - kept) }
    }
}
