/// One boundary piece restricted to the part of one pixel row it crosses, with the values
/// the area integrals need precomputed.
///
/// For a cell boundary `c` (an integer x) the piece's integral is
/// `I(c) = ∫ max(x(y) - c, 0) dy` over the piece's part of the row. The area of the
/// pixel `[a, a+1]` lying left of the boundary in that part is then `I(a) - I(a+1)`:
/// the exact area coverage the spec asks for.
struct PieceRow {
    enum Kind { case line, arcUpper, arcLower }

    var kind: Kind
    /// Height of the row part the piece crosses (0..1].
    var height: Float
    /// Smallest and largest x of the piece within the row part.
    var xMin: Float
    var xMax: Float
    /// The cells the piece touches: `floor(xMin) ..< ceil(xMax)` as pixel indices
    /// (computed once, where the scanner collects the piece).
    var cellStart = 0
    var cellEnd = 0
    // Line: x at the top and the bottom of the row part.
    var xTop: Float = 0
    var xBottom: Float = 0
    // Arc: centre x, radius, side (+1/-1) and the row part's y-range relative to the centre.
    var centerX: Float = 0
    var radius: Float = 0
    var side: Float = 1
    var yTop: Float = 0
    var yBottom: Float = 0

    /// The piece `piece` between rows `ya` and `yb` (already clipped to the piece's range),
    /// given its x there (`piece.x(at:)`, perhaps kept from the row above).
    @inline(__always)
    init(piece: BoundaryPiece, ya: Float, yb: Float, xa: Float, xb: Float) {
        height = yb - ya
        xMin = Float.laneMin(xa, xb)
        xMax = Float.greater(xa, xb)
        switch piece.curve {
        case .line:
            kind = .line
            xTop = xa
            xBottom = xb
        case let .arc(cx, cy, r, side):
            // A piece never crosses its centre row (Boundary.addArc splits there).
            kind = (piece.y0 + piece.y1) * 0.5 < cy ? .arcUpper : .arcLower
            centerX = cx
            radius = r
            self.side = side
            yTop = Float.greater(ya - cy, -r)
            yBottom = Float.laneMin(yb - cy, r)
        }
    }

    /// `I(c)` for a lane group (or a single value) of cell boundaries `c`.
    @inline(__always)
    func integral<V: LaneArithmetic>(_ c: V) -> V {
        switch kind {
        case .line: return lineIntegral(c)
        case .arcUpper: return arcIntegral(c, upper: true)
        case .arcLower: return arcIntegral(c, upper: false)
        }
    }

    /// `∫ max(x(y) - c, 0) dy` for a straight piece: the whole trapezoid when the piece is
    /// right of `c`, nothing when left, and the triangle beyond `c` when it crosses.
    @inline(__always)
    private func lineIntegral<V: LaneArithmetic>(_ c: V) -> V {
        let zero = V(broadcast: 0)
        let h = V(broadcast: height)
        let dA = V(broadcast: xTop) - c
        let dB = V(broadcast: xBottom) - c
        let lo = V.laneMin(dA, dB)
        let hi = V.laneMax(dA, dB)
        let whole = (dA + dB) * V(broadcast: 0.5) * h
        let spread = V.laneMax(hi - lo, V(broadcast: Float.leastNormalMagnitude))
        let triangle = hi * hi / (spread + spread) * h
        let crossing = V.laneSelect(V.laneLess(zero, hi), triangle, zero)
        return V.laneSelect(V.laneLess(lo, zero), crossing, whole)
    }

    /// `∫ max(x(y) - c, 0) dy` for a quarter arc `x = cx + side * sqrt(r^2 - Y^2)`.
    ///
    /// The integrand is positive on one sub-interval `[L, U]` of the row part, bounded by
    /// `Y = +-sqrt(r^2 - e^2)` with `e = c - cx`; on it the integral is
    /// `side * ∫ sqrt(r^2 - Y^2) dY - e * (U - L)`.
    @inline(__always)
    private func arcIntegral<V: LaneArithmetic>(_ c: V, upper: Bool) -> V {
        let zero = V(broadcast: 0)
        let r = V(broadcast: radius)
        let e = c - V(broadcast: centerX)
        let reach = V.laneMax((r - e) * (r + e), zero).laneSquareRoot()
        let ya = V(broadcast: yTop)
        let yb = V(broadcast: yBottom)
        var lower: V
        var upperBound: V
        if side > 0 {
            // Positive where sqrt(r^2 - Y^2) > e: everywhere if e < 0, else |Y| < reach.
            let ye = V.laneSelect(V.laneLess(e, zero), r, reach)
            if upper {
                lower = V.laneMax(ya, zero - ye); upperBound = yb
            } else {
                lower = ya; upperBound = V.laneMin(yb, ye)
            }
        } else {
            // Positive where sqrt(r^2 - Y^2) < -e: nowhere if e >= 0, else |Y| > reach.
            let ye = V.laneSelect(V.laneLess(e, zero), reach, r)
            if upper {
                lower = ya; upperBound = V.laneMin(yb, zero - ye)
            } else {
                lower = V.laneMax(ya, ye); upperBound = yb
            }
        }
        upperBound = V.laneMax(upperBound, lower)
        let g = PieceRow.circleStripArea(from: lower, to: upperBound, radius: r)
        return V(broadcast: side) * g - e * (upperBound - lower)
    }

    /// `arcIntegral` for lanes that each belong to their own arc piece (the SIMD kernel
    /// evaluates the arcs of a whole layer row together, so that the lanes are busy and
    /// the long dependency chains of different pieces overlap). Every lane goes through
    /// the same operations as `arcIntegral` with its own piece's values: the branches on
    /// `side` and on the quarter become selects, which pick what the branch would compute.
    /// `clipsLower` holds in the lanes whose piece clips its strip from below: an upper
    /// piece on the right side of its circle, or a lower one on the left (`side > 0` and
    /// `.arcUpper`, or neither). Eight lanes (`FloatLanes`) or four (the last few lanes
    /// of a layer row, in one register instead of two).
    @inline(__always)
    static func arcIntegral<V: LaneArithmetic>(_ c: V, centerX: V, radius r: V, side: V,
                                               yTop ya: V, yBottom yb: V, clipsLower: V.Predicate) -> V {
        let zero = V(broadcast: 0)
        let e = c - centerX
        let reach = V.laneMax((r - e) * (r + e), zero).laneSquareRoot()
        let positive = V.laneLess(zero, side)
        let eNegative = V.laneLess(e, zero)
        let ye = V.laneSelect(positive, V.laneSelect(eNegative, r, reach), V.laneSelect(eNegative, reach, r))
        // side > 0, upper: max(ya, -ye) .. yb        side > 0, lower: ya .. min(yb, ye)
        // side < 0, upper: ya .. min(yb, -ye)        side < 0, lower: max(ya, ye) .. yb
        let minusYe = zero - ye
        let lowerClipped = V.laneMax(ya, V.laneSelect(positive, minusYe, ye))
        let upperClipped = V.laneMin(yb, V.laneSelect(positive, ye, minusYe))
        let lower = V.laneSelect(clipsLower, lowerClipped, ya)
        var upperBound = V.laneSelect(clipsLower, yb, upperClipped)
        upperBound = V.laneMax(upperBound, lower)
        let g = PieceRow.circleStripArea(from: lower, to: upperBound, radius: r)
        return side * g - e * (upperBound - lower)
    }

    /// `∫_L^U sqrt(r^2 - Y^2) dY` for `L <= U` in `[-r, r]`, in a form free of
    /// cancellation: `(U aU - L aL) / 2 + r^2 (asin(U/r) - asin(L/r)) / 2`, where the
    /// first difference is rewritten as `(U - L)(aU - L k)` and the angle difference comes
    /// from the chord between the two circle points.
    @inline(__always)
    static func circleStripArea<V: LaneArithmetic>(from l: V, to u: V, radius r: V) -> V {
        let zero = V(broadcast: 0)
        let d = u - l
        let aL = V.laneMax((r - l) * (r + l), zero).laneSquareRoot()
        let aU = V.laneMax((r - u) * (r + u), zero).laneSquareRoot()
        let sum = V.laneMax(aU + aL, V(broadcast: Float.leastNormalMagnitude))
        let k = (u + l) / sum
        let chordTerm = d * (aU - l * k)
        let chord = d * (V(broadcast: 1) + k * k).laneSquareRoot()
        let z = V.laneMin(chord / (r + r), V(broadcast: 1))
        let angle = V.arcsineOfUnit(z)
        let area = V(broadcast: 0.5) * chordTerm + r * r * angle
        return V.laneSelect(V.laneLess(zero, d), area, zero)
    }
}
