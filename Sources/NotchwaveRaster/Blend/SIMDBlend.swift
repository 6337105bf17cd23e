/// The SIMD blend: eight pixels at a time on 16-bit lanes, the same integer formulas as
/// `ScalarBlend`, so the results are identical.
enum SIMDBlend {
    @inline(__always) static func widen(_ p: PackedLanes) -> WidePixelLanes {
        WidePixelLanes(truncatingIfNeeded: unsafeBitCast(p, to: PixelLanes.self))
    }

    @inline(__always) static func narrow(_ w: WidePixelLanes) -> PackedLanes {
        unsafeBitCast(PixelLanes(truncatingIfNeeded: w), to: PackedLanes.self)
    }

    @inline(__always) static func div255(_ x: WidePixelLanes) -> WidePixelLanes {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Each pixel's byte `value` (0...255 in a 32-bit lane) copied into its four channels.
    @inline(__always) static func spread(_ value: PackedLanes) -> WidePixelLanes {
        widen(value &* 0x0101_0101)
    }

    /// Blends eight source pixels with per-pixel 8-bit coverage onto eight destination pixels.
    @inline(__always)
    static func blend(_ dst: PackedLanes, _ src: PackedLanes, coverage cov: PackedLanes, mode: BlendMode) -> PackedLanes {
        let covWide = spread(cov)
        let d = widen(dst)
        let full = WidePixelLanes(repeating: 255)
        switch mode {
        case .sourceOver:
            let s = div255(widen(src) &* covWide)
            let srcA = narrow(s) &>> 24
            return narrow(s &+ div255(d &* (full &- spread(srcA))))
        case .copy:
            let s = div255(widen(src) &* covWide)
            return narrow(s &+ div255(d &* (full &- covWide)))
        case .destinationOut:
            let srcA = narrow(div255(spread(src &>> 24) &* covWide)) & 0xFF
            return narrow(div255(d &* (full &- spread(srcA))))
        }
    }

    /// Blends one constant, already coverage-scaled source onto eight pixels:
    /// `d = s + d * inverse / 255` per channel (source-over and copy with constant coverage).
    @inline(__always)
    static func blendConstant(_ dst: PackedLanes, source: WidePixelLanes, inverse: WidePixelLanes) -> PackedLanes {
        narrow(source &+ div255(widen(dst) &* inverse))
    }
}
