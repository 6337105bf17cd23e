/// The SIMD blend: eight packed pixels at a time, the same integer formulas as
/// `ScalarBlend`, so the results are identical.
///
/// Pixels are split into their red/blue and green/alpha byte pairs, each widened in place
/// to 16-bit lanes (`SIMD16<UInt16>` over the same 32 bytes), so that multiplications by
/// a per-pixel factor and the exact division by 255 run on 16 lanes at once. Only
/// bit-casts, masks, shifts, adds and 16-bit multiplies are used: all of them map to
/// single SSE2 / NEON instructions.
enum SIMDBlend {
    typealias Halves = SIMD16<UInt16>

    @inline(__always) static func halves(_ p: PackedLanes) -> Halves { unsafeBitCast(p, to: Halves.self) }
    @inline(__always) static func packed(_ h: Halves) -> PackedLanes { unsafeBitCast(h, to: PackedLanes.self) }

    /// `round(x / 255)` in each 16-bit lane, for `x <= 65025`.
    @inline(__always) static func div255(_ x: Halves) -> Halves {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Each channel of each pixel multiplied by that pixel's `factor` (0...255) / 255,
    /// rounded to nearest.
    @inline(__always) static func scale(_ p: PackedLanes, by factor: PackedLanes) -> PackedLanes {
        let mask = PackedLanes(repeating: 0x00FF_00FF)
        let f = halves(factor | (factor &<< 16))
        let redBlue = div255(halves(p & mask) &* f)
        let greenAlpha = div255(halves((p &>> 8) & mask) &* f)
        return packed(redBlue) | (packed(greenAlpha) &<< 8)
    }

    /// Blends eight source pixels with per-pixel 8-bit coverage onto eight destination pixels.
    @inline(__always)
    static func blend(_ dst: PackedLanes, _ src: PackedLanes, coverage cov: PackedLanes, mode: BlendMode) -> PackedLanes {
        let full = PackedLanes(repeating: 255)
        let s = scale(src, by: cov)
        switch mode {
        case .sourceOver:
            return s &+ scale(dst, by: full &- (s &>> 24))
        case .copy:
            return s &+ scale(dst, by: full &- cov)
        case .destinationOut:
            return scale(dst, by: full &- (s &>> 24))
        }
    }

    /// `blend` for one pixel, its byte pairs side by side in one 32-bit word (two 16-bit
    /// lanes: red/blue, then green/alpha): the same multiplications and the same division
    /// by 255 as the lanes, so the same result as lane `i` of `blend` given the same
    /// inputs. For spans of edge cells shorter than a lane group (most often the one or two
    /// cells where an edge crosses a row), where a whole lane group and its tail copies
    /// cost several times more.
    @inline(__always)
    static func blendPixel(_ dst: UInt32, _ src: UInt32, coverage cov: UInt32, mode: BlendMode) -> UInt32 {
        @inline(__always) func div255(_ x: UInt32) -> UInt32 {
            let t = x &+ 0x0080_0080
            return ((t &+ ((t &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
        }
        @inline(__always) func scale(_ p: UInt32, by f: UInt32) -> UInt32 {
            div255((p & 0x00FF_00FF) &* f) | (div255(((p &>> 8) & 0x00FF_00FF) &* f) &<< 8)
        }
        let s = scale(src, by: cov)
        switch mode {
        case .sourceOver: return s &+ scale(dst, by: 255 &- (s &>> 24))
        case .copy: return s &+ scale(dst, by: 255 &- cov)
        case .destinationOut: return scale(dst, by: 255 &- (s &>> 24))
        }
    }

    /// Blends one constant, already coverage-scaled source onto eight pixels:
    /// `d = s + d * inverse / 255` per channel.
    @inline(__always)
    static func blendConstant(_ dst: PackedLanes, source: PackedLanes, inverse: PackedLanes) -> PackedLanes {
        source &+ scale(dst, by: inverse)
    }
}
