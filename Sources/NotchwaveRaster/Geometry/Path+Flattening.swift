#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One subpath as straight segments.
struct Polyline: Sendable, Equatable {
    /// The vertices; a closed polyline does not repeat its first point at the end.
    var points: [PathPoint]
    /// Whether the subpath was closed (`close`); filling closes every subpath anyway.
    var closed: Bool
}

/// The most segments one curve or arc is cut into, whatever its size: a bound on work
/// for absurd coordinates, far beyond any screen (a 1/32 px tolerance reaches it only for
/// curves thousands of screens long).
let maximumSegmentsPerCurve = 65_536

/// Receives a path's subpaths as they are flattened, one at a time.
protocol PolylineSink {
    /// One subpath's vertices (a closed one does not repeat its first point at the end;
    /// valid only during the call) and whether it was closed.
    mutating func polyline(_ points: UnsafeBufferPointer<PathPoint>, closed: Bool)
}

/// Collects the subpaths as `Polyline`s.
private struct PolylineCollector: PolylineSink {
    var polylines: [Polyline] = []

    mutating func polyline(_ points: UnsafeBufferPointer<PathPoint>, closed: Bool) {
        polylines.append(Polyline(points: Array(points), closed: closed))
    }
}

extension Path {
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
    func polylines(tolerance: Double) -> [Polyline] {
        var collector = PolylineCollector()
        flatten(tolerance: tolerance, into: &collector)
        return collector.polylines
    }

    /// The subpaths of `polylines(tolerance:)`, handed to `sink` one by one from a buffer
    /// that is reused: filling a path needs its vertices only once, not kept in arrays.
    func flatten<Sink: PolylineSink>(tolerance: Double, into sink: inout Sink) {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 1.0 / 32
        var flattener = Flattener(tolerance: tolerance)
        for element in elements {
            switch element {
            case let .move(p):
                guard finite(p) else { continue }
                flattener.finish(closed: false, into: &sink)
                flattener.begin(at: p)
            case let .line(p):
                guard finite(p) else { continue }
                flattener.append(p)
            case let .quad(c, p):
                guard finite(c), finite(p) else { continue }
                let p0 = flattener.last
                let m = length(p0.x - 2 * c.x + p.x, p0.y - 2 * c.y + p.y)
                let n = flattener.segments(m, degreeFactor: 2.0 / 8)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    flattener.append(i == n ? p : PathPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                                            y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case let .cubic(c1, c2, p):
                guard finite(c1), finite(c2), finite(p) else { continue }
                let p0 = flattener.last
                let m = Swift.max(length(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y),
                                  length(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
                let n = flattener.segments(m, degreeFactor: 6.0 / 8)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    flattener.append(i == n ? p : PathPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                                            y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case let .arc(center, radius, startAngle, endAngle, clockwise):
                guard finite(center), radius.isFinite, startAngle.isFinite, endAngle.isFinite, radius >= 0 else { continue }
                let sweep = Path.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
                let first = PathPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
                // With no current point the arc starts the subpath; otherwise a straight
                // segment joins the current point to the arc's start.
                if flattener.current.isEmpty { flattener.begin(at: first) } else { flattener.append(first) }
                guard radius > 0, sweep != 0 else { continue }
                let step = 2 * acos(Swift.max(1 - tolerance / radius, -1))
                let n = segmentCount((abs(sweep) / step).rounded(.up), minimum: 1)
                for i in 1...n {
                    let angle = startAngle + sweep * Double(i) / Double(n)
                    flattener.append(PathPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
                }
            case .close:
                if !flattener.current.isEmpty { flattener.finish(closed: true, into: &sink) }
                flattener.last = flattener.start
            }
        }
        flattener.finish(closed: false, into: &sink)
    }

    /// The signed angle an arc sweeps, as Core Graphics draws it: with increasing angle
    /// (`clockwise` false) the sweep is in `(0, 2π]` unless the angles are equal, with
    /// decreasing angle in `[-2π, 0)`.
    static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
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
func length(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }

@inline(__always)
private func finite(_ p: PathPoint) -> Bool { p.x.isFinite && p.y.isFinite }

/// The state of flattening one path: the subpath being built and its points.
private struct Flattener {
    let tolerance: Double
    /// The current subpath's vertices, reused from one subpath to the next.
    var current: [PathPoint] = []
    var start = PathPoint(x: 0, y: 0)
    var last = PathPoint(x: 0, y: 0)

    init(tolerance: Double) {
        self.tolerance = tolerance
        // Room for a few curves' worth of vertices without growing step by step.
        current.reserveCapacity(64)
    }

    /// Hands the current subpath to `sink` (a closed one without a repeated first point)
    /// and starts an empty one.
    mutating func finish<Sink: PolylineSink>(closed: Bool, into sink: inout Sink) {
        guard !current.isEmpty else { return }
        var count = current.count
        if closed, count > 1, current[0] == current[count - 1] { count -= 1 }
        current.withUnsafeBufferPointer { sink.polyline(UnsafeBufferPointer(rebasing: $0[..<count]), closed: closed) }
        current.removeAll(keepingCapacity: true)
    }

    /// Starts the (empty) subpath at `p`.
    mutating func begin(at p: PathPoint) {
        start = p
        last = p
        current.append(p)
    }

    /// A vertex, unless it repeats the previous one (the subpath starts at the current
    /// point if it is empty).
    ///
    /// The subpath's last vertex is `last` whenever the subpath is not empty (up to the
    /// sign of a zero, which `!=` does not see), so `last` is compared, not read back from
    /// the buffer just written.
    @inline(__always)
    mutating func append(_ p: PathPoint) {
        if current.isEmpty { current.append(last) }
        if last != p { current.append(p) }
        last = p
    }

    func segments(_ secondDifference: Double, degreeFactor: Double) -> Int {
        segmentCount((degreeFactor * secondDifference / tolerance).squareRoot().rounded(.up), minimum: 1)
    }
}

/// A number of segments from a computed count: at least `minimum`, at most
/// `maximumSegmentsPerCurve`, and `minimum` when the count is not finite. Clamped before
/// the conversion to `Int`, which would trap on an infinite count (an arc so large that
/// its angular step rounds to 0) or on one beyond `Int.max` (a curve with coordinates of
/// 1e40 at a fine tolerance).
func segmentCount(_ count: Double, minimum: Int) -> Int {
    guard count.isFinite, count >= Double(minimum) else { return minimum }
    return Int(Swift.min(count, Double(maximumSegmentsPerCurve)))
}
