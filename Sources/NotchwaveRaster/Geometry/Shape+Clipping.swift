extension BoundaryPiece {
    /// The y in `(y0, y1)` where the piece crosses `x = c`, if it does.
    func crossing(x c: Float) -> Float? {
        let a = x(at: y0), b = x(at: y1)
        guard (a - c) * (b - c) < 0 else { return nil }
        switch curve {
        case let .line(xTop, xBottom):
            return y0 + (c - xTop) / (xBottom - xTop) * (y1 - y0)
        case let .arc(cx, cy, r, _):
            let root = Swift.max((r - (c - cx)) * (r + (c - cx)), 0).squareRoot()
            let upper = (y0 + y1) * 0.5 < cy
            let y = upper ? cy - root : cy + root
            return Swift.min(Swift.max(y, y0), y1)
        }
    }
}

extension Boundary {
    /// The boundary with x clamped to `[low, high]`: pieces beyond a limit become the
    /// vertical line at it, pieces crossing a limit are split where they cross.
    public func clamped(low: Float, high: Float) -> Boundary {
        var result = Boundary()
        for piece in pieces {
            // Split at the crossings with both limits, in y order.
            var cuts = [piece.y0]
            for limit in [low, high] {
                if let y = piece.crossing(x: limit), y > piece.y0, y < piece.y1 { cuts.append(y) }
            }
            cuts.append(piece.y1)
            cuts.sort()
            for k in 0..<(cuts.count - 1) where cuts[k + 1] > cuts[k] {
                let ya = cuts[k], yb = cuts[k + 1]
                let middle = piece.x(at: (ya + yb) * 0.5)
                if middle <= low {
                    result.addLine(fromX: low, y0: ya, toX: low, y1: yb)
                } else if middle >= high {
                    result.addLine(fromX: high, y0: ya, toX: high, y1: yb)
                } else {
                    var part = piece
                    part.y0 = ya
                    part.y1 = yb
                    result.append(part)
                }
            }
        }
        return result
    }

    /// Appends one piece (which must follow the last one).
    public mutating func append(_ piece: BoundaryPiece) {
        guard piece.y1 > piece.y0 else { return }
        pieces.append(piece)
    }
}

extension Shape {
    /// The part of the shape between the vertical lines `x = low` and `x = high`.
    public func clipped(toX low: Float, _ high: Float) -> Shape {
        guard high > low else { return .empty }
        return Shape(bands: bands.map { band in
            Band(y0: band.y0, y1: band.y1, left: band.left.clamped(low: low, high: high), right: band.right.clamped(low: low, high: high))
        })
    }
}
