/// A point of a path, in pixels (y down). Paths keep `Double` coordinates: curves are
/// flattened and outlines decomposed in `Double`, and only the finished bands are `Float`.
public struct PathPoint: Sendable, Hashable {
    /// x in pixels.
    public var x: Double
    /// y in pixels, growing downwards.
    public var y: Double
    /// A point.
    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
}

/// Which points a path's outline encloses.
public enum FillRule: Sendable, Equatable {
    /// Points around which the outline winds a non-zero number of times (SwiftUI's default).
    case nonZero
    /// Points around which the outline winds an odd number of times.
    case evenOdd

    /// Whether a point of winding number `winding` is inside.
    @inline(__always)
    func contains(winding: Int) -> Bool {
        switch self {
        case .nonZero: return winding != 0
        case .evenOdd: return winding & 1 != 0
        }
    }
}

/// A vector outline as SwiftUI and Core Graphics describe one: subpaths of straight
/// segments, quadratic and cubic Bézier curves and circular arcs.
///
/// Filling a path (`shape(fillRule:tolerance:)`) closes every subpath with a straight
/// line, as SwiftUI does. Curves and arcs are flattened into straight segments no farther
/// than `tolerance` pixels from the true curve, and the polygon is then covered exactly
/// (see `Path+Bands.swift`), so the coverage error is bounded by the tolerance alone.
public struct Path: Sendable, Hashable {
    /// One drawing instruction.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at the point.
        case move(PathPoint)
        /// A straight segment to the point.
        case line(PathPoint)
        /// A quadratic Bézier curve to `to` with one control point.
        case quad(control: PathPoint, to: PathPoint)
        /// A cubic Bézier curve to `to` with two control points.
        case cubic(control1: PathPoint, control2: PathPoint, to: PathPoint)
        /// A circular arc around `center` from angle `start` to `end` (radians; 0 is +x,
        /// π/2 is down). `clockwise` as in Core Graphics: true sweeps with decreasing angle.
        /// A straight segment joins the current point to the arc's start.
        case arc(center: PathPoint, radius: Double, start: Double, end: Double, clockwise: Bool)
        /// Closes the subpath with a straight segment to its start.
        case close
    }

    /// How far (pixels) flattened curves and arcs may stray from the true ones: 1/64 px, half
    /// the 1/32 px the renderer promises, which keeps the area a circle of 8 px radius loses
    /// to its inscribed polygon under 0.3 % (about ⅔ · tolerance · perimeter).
    public static let defaultTolerance = 1.0 / 64

    /// The instructions, in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// Starts a new subpath at `(x, y)`.
    public mutating func move(to x: Double, _ y: Double) { elements.append(.move(PathPoint(x: x, y: y))) }

    /// A straight segment to `(x, y)`.
    public mutating func line(to x: Double, _ y: Double) { elements.append(.line(PathPoint(x: x, y: y))) }

    /// A quadratic Bézier curve to `to` with control point `control`.
    public mutating func quadCurve(to: PathPoint, control: PathPoint) { elements.append(.quad(control: control, to: to)) }

    /// A cubic Bézier curve to `to` with control points `control1` and `control2`.
    public mutating func curve(to: PathPoint, control1: PathPoint, control2: PathPoint) {
        elements.append(.cubic(control1: control1, control2: control2, to: to))
    }

    /// A circular arc (see `Element.arc`).
    public mutating func addArc(center: PathPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
    }

    /// A whole circle as its own closed subpath.
    public mutating func addCircle(center: PathPoint, radius: Double) {
        elements.append(.move(PathPoint(x: center.x + radius, y: center.y)))
        elements.append(.arc(center: center, radius: radius, start: 0, end: 2 * .pi, clockwise: false))
        elements.append(.close)
    }

    /// The axis-aligned rectangle `[x0, x1] × [y0, y1]` as its own closed subpath.
    public mutating func addRect(x0: Double, y0: Double, x1: Double, y1: Double) {
        move(to: x0, y0)
        line(to: x1, y0)
        line(to: x1, y1)
        line(to: x0, y1)
        closeSubpath()
    }

    /// Closes the current subpath.
    public mutating func closeSubpath() { elements.append(.close) }

    /// Appends another path's subpaths.
    public mutating func addPath(_ other: Path) { elements.append(contentsOf: other.elements) }

    /// The path scaled by `scale` about the origin, then moved by `(dx, dy)`: how a scene
    /// maps points to pixels. Arcs stay circular (one scale for both axes; a negative
    /// scale turns the path half way round).
    public func transformed(scale: Double, dx: Double = 0, dy: Double = 0) -> Path {
        func t(_ p: PathPoint) -> PathPoint { PathPoint(x: p.x * scale + dx, y: p.y * scale + dy) }
        var result = Path()
        result.elements = elements.map { element in
            switch element {
            case let .move(p): return .move(t(p))
            case let .line(p): return .line(t(p))
            case let .quad(c, p): return .quad(control: t(c), to: t(p))
            case let .cubic(c1, c2, p): return .cubic(control1: t(c1), control2: t(c2), to: t(p))
            case let .arc(c, r, s, e, cw):
                let turn = scale < 0 ? Double.pi : 0
                return .arc(center: t(c), radius: r * abs(scale), start: s + turn, end: e + turn, clockwise: cw)
            case .close: return .close
            }
        }
        return result
    }
}
