/// The left or right boundary of a band: pieces that follow each other downwards.
public struct Boundary: Sendable, Equatable {
    /// The pieces, ordered by y; each starts where the previous one ends.
    public internal(set) var pieces: [BoundaryPiece]

    /// An empty boundary; add pieces with the `add` methods.
    public init() { pieces = [] }

    /// A boundary made of the given pieces (ordered by y).
    public init(pieces: [BoundaryPiece]) { self.pieces = pieces }

    /// A vertical line at `x` from `y0` to `y1`.
    public static func vertical(x: Float, from y0: Float, to y1: Float) -> Boundary {
        var b = Boundary()
        b.addLine(fromX: x, y0: y0, toX: x, y1: y1)
        return b
    }

    /// Appends the straight segment from `(x0, y0)` to `(x1, y1)`; nothing if `y1 <= y0`.
    public mutating func addLine(fromX x0: Float, y0: Float, toX x1: Float, y1: Float) {
        guard y1 > y0 else { return }
        pieces.append(BoundaryPiece(y0: y0, y1: y1, curve: .line(xTop: x0, xBottom: x1)))
    }

    /// Appends the part of a circle's side between `y0` and `y1`, split into quarter pieces
    /// at the centre's row so that every piece is monotone. `side` is +1 for the circle's
    /// right-hand side, -1 for its left-hand side. Nothing if `y1 <= y0` or `radius <= 0`.
    public mutating func addArc(centerX: Float, centerY: Float, radius: Float, side: Float, from y0: Float, to y1: Float) {
        let top = Swift.max(y0, centerY - radius)
        let bottom = Swift.min(y1, centerY + radius)
        guard bottom > top, radius > 0 else { return }
        let curve = BoundaryPiece.Curve.arc(centerX: centerX, centerY: centerY, radius: radius, side: side)
        if top < centerY && bottom > centerY {
            pieces.append(BoundaryPiece(y0: top, y1: centerY, curve: curve))
            pieces.append(BoundaryPiece(y0: centerY, y1: bottom, curve: curve))
        } else {
            pieces.append(BoundaryPiece(y0: top, y1: bottom, curve: curve))
        }
    }

    /// The boundary reflected about the vertical line `x = axis`.
    public func mirrored(about axis: Float) -> Boundary {
        Boundary(pieces: pieces.map { $0.mirrored(about: axis) })
    }

    /// The boundary's x at `y`, or nil outside its pieces.
    public func x(at y: Float) -> Float? {
        for piece in pieces where y >= piece.y0 && y <= piece.y1 {
            return piece.x(at: y)
        }
        return nil
    }
}
