import NotchwaveRaster

/// An independent, slow coverage reference: the pixel's area inside a shape, integrated
/// numerically over y (many samples per pixel row) with the exact length of each band's
/// x-interval inside the pixel, all in Double.
public enum ReferenceCoverage {
    /// x of a boundary piece at `y`, in Double.
    static func x(_ piece: BoundaryPiece, _ y: Double) -> Double {
        let yc = min(max(y, Double(piece.y0)), Double(piece.y1))
        switch piece.curve {
        case let .line(xTop, xBottom):
            let span = Double(piece.y1) - Double(piece.y0)
            if span <= 0 { return Double(xTop) }
            return Double(xTop) + (Double(xBottom) - Double(xTop)) * (yc - Double(piece.y0)) / span
        case let .arc(cx, cy, r, side):
            let dy = yc - Double(cy)
            return Double(cx) + Double(side) * max(Double(r) * Double(r) - dy * dy, 0).squareRoot()
        }
    }

    static func x(_ boundary: Boundary, _ y: Double) -> Double? {
        for piece in boundary.pieces where y >= Double(piece.y0) && y <= Double(piece.y1) {
            return x(piece, y)
        }
        return nil
    }

    /// Coverage (0...1) of pixel `(px, py)` by `shape`, with `samples` rows per pixel.
    public static func coverage(of shape: Shape, x px: Int, y py: Int, samples: Int = 2048) -> Double {
        var total = 0.0
        for s in 0..<samples {
            let y = Double(py) + (Double(s) + 0.5) / Double(samples)
            for band in shape.bands where y >= Double(band.y0) && y < Double(band.y1) {
                guard let l = x(band.left, y), let r = x(band.right, y) else { continue }
                let lo = max(l, Double(px)), hi = min(r, Double(px + 1))
                if hi > lo { total += hi - lo }
            }
        }
        return total / Double(samples)
    }
}

/// A small deterministic random generator (SplitMix64) for reproducible random tests.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    /// A generator from a seed.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
