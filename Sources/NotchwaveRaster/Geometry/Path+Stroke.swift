#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a path's outline is drawn as a line (SwiftUI's `StrokeStyle`; the defaults are
/// SwiftUI's: width 1, butt caps, miter joins, miter limit 10).
public struct StrokeStyle: Sendable, Equatable {
    /// The ends of open subpaths.
    public enum Cap: Sendable, Equatable {
        /// The line stops at the end point.
        case butt
        /// A half disc of the line's width around the end point.
        case round
        /// The line goes on for half its width past the end point.
        case square
    }
    /// Where two segments meet.
    public enum Join: Sendable, Equatable {
        /// The outer edges extended until they meet, unless that point is farther than
        /// `miterLimit × width / 2` from the vertex; then bevelled.
        case miter
        /// A disc of the line's width around the vertex.
        case round
        /// The outer corners joined by a straight line.
        case bevel
    }

    /// The line's width (pixels, once the path is in pixels).
    public var width: Double
    /// The caps of open subpaths.
    public var cap: Cap
    /// The joins.
    public var join: Join
    /// The longest miter, as a multiple of the width: the ratio 1 / sin(θ/2) for segments
    /// meeting at angle θ (Core Graphics' definition).
    public var miterLimit: Double

    /// A stroke style.
    public init(width: Double = 1, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }
}

extension Path {
    /// The region the stroke of this path covers, flattened to within `tolerance`.
    ///
    /// The stroke is the union of simple convex pieces, each oriented the same way: a
    /// rectangle per segment, a join piece per vertex (a disc, a bevel triangle or a miter
    /// quadrilateral on the outer side), and caps at the ends of open subpaths. Their
    /// union is filled with the non-zero rule, which `Shape(polygons:fillRule:)` covers
    /// exactly, so overlaps count once.
    public func strokedShape(_ style: StrokeStyle, tolerance: Double = Path.defaultTolerance) -> Shape {
        Shape(polygons: strokePolygons(style, tolerance: tolerance), fillRule: .nonZero)
    }

    /// The stroke's pieces as polygons of one orientation.
    func strokePolygons(_ style: StrokeStyle, tolerance: Double) -> [[PathPoint]] {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return [] }
        var pieces: [[PathPoint]] = []
        func add(_ polygon: [PathPoint]) {
            guard polygon.count > 2 else { return }
            pieces.append(signedArea(polygon) < 0 ? polygon.reversed() : polygon)
        }
        func disc(_ c: PathPoint) {
            let step = 2 * acos(Swift.max(1 - tolerance / hw, -1))
            let n = segmentCount((2 * Double.pi / step).rounded(.up), minimum: 8)
            add((0..<n).map { i in
                let a = 2 * Double.pi * Double(i) / Double(n)
                return PathPoint(x: c.x + hw * cos(a), y: c.y + hw * sin(a))
            })
        }

        for polyline in polylines(tolerance: tolerance) {
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
                let l = length(b.x - a.x, b.y - a.y)
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
func signedArea(_ polygon: [PathPoint]) -> Double {
    var sum = 0.0
    for i in polygon.indices {
        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
        sum += a.x * b.y - b.x * a.y
    }
    return sum
}
