/// One piece of a shape's left or right boundary: x as a function of y over `[y0, y1]`,
/// monotone in y. Coordinates are pixels, y pointing down.
public struct BoundaryPiece: Sendable, Equatable {
    /// The curve followed between `y0` and `y1`.
    public enum Curve: Sendable, Equatable {
        /// The straight segment from `(xTop, y0)` to `(xBottom, y1)`.
        case line(xTop: Float, xBottom: Float)
        /// `x = centerX + side * sqrt(radius^2 - (y - centerY)^2)` with `side` +1 (the
        /// right-hand side of the circle) or -1 (the left-hand side). The piece lies in one
        /// quarter: `[y0, y1]` is entirely above or entirely below `centerY`.
        case arc(centerX: Float, centerY: Float, radius: Float, side: Float)
    }

    /// First row coordinate of the piece.
    public var y0: Float
    /// Last row coordinate of the piece.
    public var y1: Float
    /// The curve.
    public var curve: Curve

    /// A piece; `y0 <= y1`.
    public init(y0: Float, y1: Float, curve: Curve) {
        self.y0 = y0
        self.y1 = y1
        self.curve = curve
    }

    /// The boundary's x at `y` (clamped to the piece's y-range).
    @inline(__always)
    public func x(at y: Float) -> Float {
        let yc = Float.laneMin(Float.greater(y, y0), y1)
        if case let .line(xTop, _) = curve, y1 - y0 <= 0 { return xTop }
        return x(inside: yc)
    }

    /// `x(at: y)` for `y` already within `[y0, y1]` of a piece with `y1 > y0` (the
    /// scanner's row bounds): the same arithmetic without the clamp and the degenerate
    /// case.
    @inline(__always)
    func x(inside y: Float) -> Float {
        switch curve {
        case let .line(xTop, xBottom):
            return xTop + (xBottom - xTop) * ((y - y0) / (y1 - y0))
        case let .arc(cx, cy, r, side):
            let dy = y - cy
            return cx + side * Float.greater((r - dy) * (r + dy), 0).squareRoot()
        }
    }

    /// True for a vertical segment (`xTop == xBottom`): its x is `xTop` in every row, as
    /// computed too.
    var isVerticalLine: Bool {
        if case let .line(xTop, xBottom) = curve { return xTop == xBottom }
        return false
    }

    /// The piece reflected about the vertical line `x = axis`.
    public func mirrored(about axis: Float) -> BoundaryPiece {
        switch curve {
        case let .line(xTop, xBottom):
            return BoundaryPiece(y0: y0, y1: y1, curve: .line(xTop: 2 * axis - xTop, xBottom: 2 * axis - xBottom))
        case let .arc(cx, cy, r, side):
            return BoundaryPiece(y0: y0, y1: y1, curve: .arc(centerX: 2 * axis - cx, centerY: cy, radius: r, side: -side))
        }
    }
}
