/// The lane width of every SIMD kernel in the rasterizer: pixels processed together.
///
/// The coverage integrals and the paints run on `SIMD8<Float>` (one lane per pixel or per
/// cell boundary), the blend kernels on eight RGBA pixels at a time (`SIMD32<UInt8>`,
/// widened to `SIMD32<UInt16>`). The last partial group of a span goes through a tail
/// variant of the load and the store (a copy through a lane-sized buffer), so that the hot
/// loop itself never branches on a remainder.
public enum Lanes {
    /// Pixels per lane group.
    public static let width = 8
}

/// Eight `Float` lanes: the vector type of the coverage and paint arithmetic.
public typealias FloatLanes = SIMD8<Float>
/// Eight RGBA8 pixels.
typealias PixelLanes = SIMD32<UInt8>
/// Eight RGBA8 pixels widened to 16 bits a channel for multiplication.
typealias WidePixelLanes = SIMD32<UInt16>
/// Eight packed RGBA8 pixels as 32-bit words (little endian: r | g << 8 | b << 16 | a << 24).
typealias PackedLanes = SIMD8<UInt32>
