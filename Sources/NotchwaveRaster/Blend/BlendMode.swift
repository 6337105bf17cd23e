/// How a shape's paint combines with the pixels below, per pixel with coverage `c`
/// (0...1) and premultiplied source `s`:
public enum BlendMode: String, Sendable, CaseIterable {
    /// `d = s c + d (1 - s.a c)`: Porter-Duff source-over, the spec's compositing rule.
    case sourceOver
    /// `d = s c + d (1 - c)`: the shape replaces what is below (anti-aliased at its edge).
    case copy
    /// `d = d (1 - s.a c)`: the shape erases what is below (a mask).
    case destinationOut
}

/// Exact 8-bit arithmetic shared by the scalar and the SIMD kernels.
enum Blend {
    /// `round(x / 255)` for `x` in 0...65025, exactly.
    @inline(__always) static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// `round(a * b / 255)`.
    @inline(__always) static func mulDiv255(_ a: UInt8, _ b: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: div255(UInt32(a) * UInt32(b)))
    }

    /// Coverage 0...1 as 0...255, rounded to nearest even; out-of-range values clamp.
    ///
    /// Adding 2^23 to a Float in [0, 255] rounds it to an integer in the low mantissa bits
    /// (ties to even), so the scalar and the SIMD kernels quantize identically.
    @inline(__always) static func quantize(_ coverage: Float) -> UInt32 {
        let v = Swift.min(Swift.max(coverage * 255, 0), 255)
        return (v + 8_388_608).bitPattern & 0xFF
    }

    /// Lane version of `quantize`.
    @inline(__always) static func quantize(_ coverage: FloatLanes) -> PackedLanes {
        let scaled = coverage * 255
        let v = FloatLanes.laneMin(FloatLanes.laneMax(scaled, FloatLanes(repeating: 0)), FloatLanes(repeating: 255))
        return (v + FloatLanes(repeating: 8_388_608)).bitPattern & PackedLanes(repeating: 0xFF)
    }

    /// A colour channel 0...255 (already within range) rounded to an integer.
    @inline(__always) static func channel(_ value: Float) -> UInt32 {
        (value + 8_388_608).bitPattern & 0xFF
    }

    /// Lane version of `channel`.
    @inline(__always) static func channel(_ value: FloatLanes) -> PackedLanes {
        (value + FloatLanes(repeating: 8_388_608)).bitPattern & PackedLanes(repeating: 0xFF)
    }
}
