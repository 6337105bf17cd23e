internal import CLaneIntrinsics

/// The lane width of every SIMD kernel in the rasterizer: pixels processed together.
///
/// The coverage integrals and the paints run on `SIMD8<Float>` (one lane per pixel or per
/// cell boundary; an edge that crosses at most four cell boundaries of a row on
/// `SIMD4<Float>`), the blend kernels on eight packed RGBA pixels at a time
/// (`SIMD8<UInt32>`, multiplied as `SIMD16<UInt16>` byte pairs). The last partial group of a span goes through a tail
/// variant of the load and the store (a copy through a lane-sized buffer), so that the hot
/// loop itself never branches on a remainder.
public enum Lanes {
    /// Pixels per lane group.
    public static let width = FloatLanes.scalarCount
}

/// Eight `Float` lanes: the vector type of the coverage and paint arithmetic.
public typealias FloatLanes = SIMD8<Float>
/// Eight packed RGBA8 pixels as 32-bit words (little endian: r | g << 8 | b << 16 | a << 24).
typealias PackedLanes = SIMD8<UInt32>

extension Float {
    /// `Swift.max(a, b)` as one comparison (the generic `max` goes through `Comparable`
    /// and is not always inlined in the row loop), with its rule for ties: `b` when equal,
    /// so the same result for signed zeros as before. (`laneMax` keeps `a` on a tie;
    /// `laneMin` already is `Swift.min`.)
    @inline(__always) static func greater(_ a: Float, _ b: Float) -> Float { b >= a ? b : a }

    /// `rounded(.down).clampedPixelIndex` without the C library's `floorf` (the Swift code
    /// is built for baseline x86-64, which has no rounding instruction) and without the
    /// range checks of Swift's conversion (the clamp to +-2^30 comes first): see
    /// `nw_floor_index`.
    @inline(__always) var floorPixelIndex: Int { Int(nw_floor_index(self)) }

    /// `rounded(.up).clampedPixelIndex` the same way: ceil(x) = -floor(-x), exactly (the
    /// clamp is symmetric).
    @inline(__always) var ceilPixelIndex: Int { Int(nw_ceil_index(self)) }

    /// The value as an `Int` pixel index, clamped to ±2^30 (NaN gives 0): a conversion
    /// that never traps, whatever coordinate reaches it.
    @inline(__always) var clampedPixelIndex: Int {
        guard !isNaN else { return 0 }
        return Int(Swift.min(Swift.max(self, -1_073_741_824), 1_073_741_824))
    }
}
