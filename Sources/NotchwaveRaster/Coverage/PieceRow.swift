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
    /// `side * ∫ sqrt(r^2 - Y^2) dY - e * (U - L)`. The strip's end heights
    /// `sqrt(r^2 - L^2)` and `sqrt(r^2 - U^2)` are the row part's own where `L` or `U` is
    /// its edge, and `|e|` where it is the crossing `+-sqrt(r^2 - e^2)` (0 at `+-r`): no
    /// square root of a crossing waits on the crossing's (`PieceRow.crossingHeight`).
    @inline(__always)
    private func arcIntegral<V: LaneArithmetic>(_ c: V, upper: Bool) -> V {
        let zero = V(broadcast: 0)
        let r = V(broadcast: radius)
        let e = c - V(broadcast: centerX)
        let reach = V.laneMax((r - e) * (r + e), zero).laneSquareRoot()
        let ya = V(broadcast: yTop)
        let yb = V(broadcast: yBottom)
        let rootTop = PieceRow.stripHeight(at: ya, radius: r), rootBottom = PieceRow.stripHeight(at: yb, radius: r)
        let absE = PieceRow.crossingHeight(e, radius: r)
        var lower: V, upperBound: V, aL: V, aU: V
        if side > 0 {
            // Positive where sqrt(r^2 - Y^2) > e: everywhere if e < 0, else |Y| < reach.
            let eNegative = V.laneLess(e, zero)
            let ye = V.laneSelect(eNegative, r, reach), aYe = V.laneSelect(eNegative, zero, absE)
            if upper {
                let m = zero - ye
                lower = V.laneMax(ya, m); upperBound = yb
                aL = V.laneSelect(V.laneLess(ya, m), aYe, rootTop); aU = rootBottom
            } else {
                lower = ya; upperBound = V.laneMin(yb, ye)
                aL = rootTop; aU = V.laneSelect(V.laneLess(ye, yb), aYe, rootBottom)
            }
        } else {
            // Positive where sqrt(r^2 - Y^2) < -e: nowhere if e >= 0, else |Y| > reach.
            let eNegative = V.laneLess(e, zero)
            let ye = V.laneSelect(eNegative, reach, r), aYe = V.laneSelect(eNegative, absE, zero)
            if upper {
                let m = zero - ye
                lower = ya; upperBound = V.laneMin(yb, m)
                aL = rootTop; aU = V.laneSelect(V.laneLess(m, yb), aYe, rootBottom)
            } else {
                lower = V.laneMax(ya, ye); upperBound = yb
                aL = V.laneSelect(V.laneLess(ya, ye), aYe, rootTop); aU = rootBottom
            }
        }
        upperBound = V.laneMax(upperBound, lower)
        let g = PieceRow.circleStripArea(from: lower, to: upperBound, radius: r, heightFrom: aL, heightTo: aU)
        return V(broadcast: side) * g - e * (upperBound - lower)
    }

    /// `sqrt(r^2 - y^2)`, the circle's half-width at `y` (0 beyond `+-r`).
    @inline(__always)
    static func stripHeight<V: LaneArithmetic>(at y: V, radius r: V) -> V {
        V.laneMax((r - y) * (r + y), V(broadcast: 0)).laneSquareRoot()
    }

    /// The half-width at the crossing `Y = +-sqrt(r^2 - e^2)` of the boundary with the
    /// cell boundary `e` from the centre: `|e|` (at most `r`), exactly what `stripHeight`
    /// computes there in exact arithmetic, without a square root after the crossing's.
    @inline(__always)
    static func crossingHeight<V: LaneArithmetic>(_ e: V, radius r: V) -> V {
        V.laneMin(e.laneAbs(), r)
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
        let rootTop = stripHeight(at: ya, radius: r), rootBottom = stripHeight(at: yb, radius: r)
        let absE = crossingHeight(e, radius: r)
        let positive = V.laneLess(zero, side)
        let eNegative = V.laneLess(e, zero)
        let ye = V.laneSelect(positive, V.laneSelect(eNegative, r, reach), V.laneSelect(eNegative, reach, r))
        let aYe = V.laneSelect(positive, V.laneSelect(eNegative, zero, absE), V.laneSelect(eNegative, absE, zero))
        // side > 0, upper: max(ya, -ye) .. yb        side > 0, lower: ya .. min(yb, ye)
        // side < 0, upper: ya .. min(yb, -ye)        side < 0, lower: max(ya, ye) .. yb
        let minusYe = zero - ye
        let m = V.laneSelect(positive, minusYe, ye), mUpper = V.laneSelect(positive, ye, minusYe)
        let lowerClipped = V.laneMax(ya, m)
        let upperClipped = V.laneMin(yb, mUpper)
        let lower = V.laneSelect(clipsLower, lowerClipped, ya)
        var upperBound = V.laneSelect(clipsLower, yb, upperClipped)
        let aL = V.laneSelect(clipsLower, V.laneSelect(V.laneLess(ya, m), aYe, rootTop), rootTop)
        let aU = V.laneSelect(clipsLower, rootBottom, V.laneSelect(V.laneLess(mUpper, yb), aYe, rootBottom))
        upperBound = V.laneMax(upperBound, lower)
        let g = PieceRow.circleStripArea(from: lower, to: upperBound, radius: r, heightFrom: aL, heightTo: aU)
        return side * g - e * (upperBound - lower)
    }

    /// `∫_L^U sqrt(r^2 - Y^2) dY` for `L <= U` in `[-r, r]`, given `aL = sqrt(r^2 - L^2)`
    /// and `aU = sqrt(r^2 - U^2)`, in a form free of cancellation:
    /// `(U aU - L aL) / 2 + r^2 (asin(U/r) - asin(L/r)) / 2`, where the first difference is
    /// rewritten as `(U - L)(aU - L k)` and the angle difference comes from the chord
    /// between the two circle points.
    @inline(__always)
    static func circleStripArea<V: LaneArithmetic>(from l: V, to u: V, radius r: V, heightFrom aL: V, heightTo aU: V) -> V {
        let zero = V(broadcast: 0)
        let d = u - l
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
