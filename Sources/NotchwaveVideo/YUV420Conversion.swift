internal import CPixelKernels

/// RGBA8 rows into 8-bit 4:2:0 YUV planes (`yuv420p`): BT.709, full-range RGB into
/// limited-range YUV, in one pass over the pixels, eight at a time (sixteen in the AVX2
/// kernel).
///
/// `PixelConverter` uses it for `yuv420p`, the format of H.264 and VP9 outputs (and for
/// `yuva420p`, VP9 with alpha, with `copyAlpha` for the fourth plane): the
/// whole-screen scenes convert every row of every frame, and libswscale's converter for
/// this pair (bicubic, accurate rounding, full chroma input) spends about 1.5 ns a pixel
/// where this one spends about 0.5 on a picture of noise and less than half that on
/// flat colour (`notchwave bench`).
///
/// With `Kr = 0.2126`, `Kb = 0.0722`, `Kg = 1 - Kr - Kb` and `Y' = Kr R + Kg G + Kb B`
/// (R, G, B in 0...255):
///
///     Y  =  16 + 219/255 · Y'
///     Cb = 128 + 224/255 · (B - Y') / (2 (1 - Kb))
///     Cr = 128 + 224/255 · (R - Y') / (2 (1 - Kr))
///
/// each rounded to the nearest whole number (ties to even). A chroma sample is the value of the mean of the 2×2 pixels it
/// covers (the formulas are linear, so this is the mean of the four pixels' chroma): the
/// sample sits at the centre of its four pixels (the MPEG-1 and JPEG siting; H.264 puts it
/// a quarter pixel left of that, well under what the eye or the tests can tell apart).
/// Every value is computed in `Float` with the same operations in every lane, so the
/// output depends on the pixels alone. The alpha byte is ignored here (the pixels are
/// straight); `yuva420p`'s alpha plane is written by `copyAlpha`.
///
/// Where the CPU has AVX2, whole groups of sixteen columns go through `nw_yuv420_avx2`
/// (`CPixelKernels`): the same float operations, in the same order, on the same factors
/// (passed from here), eight lanes wide instead of four, so the bytes are the same with
/// or without it. The kernel also stores again the bytes of the last flat block (16 x 2
/// pixels of one colour) for the blocks of that colour that follow, which the arithmetic
/// would give again: most blocks of a whole-screen scene are flat. The Swift loop below,
/// built for baseline x86-64 (SSE2) or NEON, converts the columns left over and
/// everything on other CPUs. It does not reuse flat groups: on its groups of eight the
/// test costs more than it saves on a picture without them (it takes a third to a half
/// off the baseline kernel's rate on `notchwave bench`'s frame of noise), where the AVX2
/// kernel's costs under 1 %.
enum YUV420Conversion {
    private static let kr: Float = 0.2126, kb: Float = 0.0722
    private static let kg: Float = 1 - kr - kb
    private static let lumaScale: Float = 219 / 255
    private static let blueScale: Float = 224 / 255 / (2 * (1 - kb))
    private static let redScale: Float = 224 / 255 / (2 * (1 - kr))
    // Per channel: Y from one pixel; Cb and Cr from the sum of four (hence the quarter).
    private static let yR = kr * lumaScale, yG = kg * lumaScale, yB = kb * lumaScale
    private static let uR = -kr * blueScale / 4, uG = -kg * blueScale / 4, uB = (1 - kb) * blueScale / 4
    private static let vR = (1 - kr) * redScale / 4, vG = -kg * redScale / 4, vB = -kb * redScale / 4
    private static let factors = nw_yuv420_factors(yR: yR, yG: yG, yB: yB, uR: uR, uG: uG, uB: uB, vR: vR, vG: vG, vB: vB)
    /// Whether `nw_yuv420_avx2` can run on this CPU.
    static let hasAVX2 = nw_yuv420_avx2_available() != 0

    /// Converts `rows` rows (even) of `width` pixels (even) from `source` (`sourceStride`
    /// bytes between rows, RGBA8 pixels) into the planes: `rows` luma rows at `y`, and
    /// `rows / 2` rows of `width / 2` samples at `u` and `v`; `wide` lets the AVX2
    /// kernel take the columns it can (false: the Swift loop converts every column).
    static func convert(rows: Int, width: Int, source: UnsafePointer<UInt8>, sourceStride: Int,
                        y: UnsafeMutablePointer<UInt8>, yStride: Int, u: UnsafeMutablePointer<UInt8>, uStride: Int,
                        v: UnsafeMutablePointer<UInt8>, vStride: Int, wide: Bool = true) {
        precondition(rows % 2 == 0 && width % 2 == 0, "4:2:0 needs an even size")
        let whole = width - width % 8
        var first = 0
        if wide && hasAVX2 && width >= 16 {
            first = width - width % 16
            withUnsafePointer(to: factors) { factors in
                nw_yuv420_avx2(factors, Int32(rows), Int32(first), source, sourceStride, y, yStride, u, uStride, v, vStride)
            }
            if first == width { return }
        }
        for pair in 0..<(rows / 2) {
            let top = UnsafeRawPointer(source + 2 * pair * sourceStride)
            let bottom = top + sourceStride
            let yTop = y + 2 * pair * yStride, yBottom = yTop + yStride
            let uRow = u + pair * uStride, vRow = v + pair * vStride
            var x = first
            while x < whole {
                let a = top.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                let b = bottom.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                let out = group(a, b)
                UnsafeMutableRawPointer(yTop + x).storeBytes(of: out.yTop, as: SIMD8<UInt8>.self)
                UnsafeMutableRawPointer(yBottom + x).storeBytes(of: out.yBottom, as: SIMD8<UInt8>.self)
                UnsafeMutableRawPointer(uRow + x / 2).storeBytes(of: out.u, as: SIMD4<UInt8>.self)
                UnsafeMutableRawPointer(vRow + x / 2).storeBytes(of: out.v, as: SIMD4<UInt8>.self)
                x += 8
            }
            if x < width {
                // The last two, four or six pixels: through a group padded with black, so
                // they go through the same arithmetic as the others.
                let rest = width - x
                var a = SIMD8<UInt32>(repeating: 0), b = SIMD8<UInt32>(repeating: 0)
                for k in 0..<rest {
                    a[k] = top.loadUnaligned(fromByteOffset: 4 * (x + k), as: UInt32.self)
                    b[k] = bottom.loadUnaligned(fromByteOffset: 4 * (x + k), as: UInt32.self)
                }
                let out = group(a, b)
                for k in 0..<rest {
                    yTop[x + k] = out.yTop[k]
                    yBottom[x + k] = out.yBottom[k]
                }
                for k in 0..<(rest / 2) {
                    uRow[x / 2 + k] = out.u[k]
                    vRow[x / 2 + k] = out.v[k]
                }
            }
        }
    }

    /// Copies the alpha byte of `rows` rows of `width` RGBA8 pixels from `source`
    /// (`sourceStride` bytes between rows) into the alpha plane at `a`: `yuva420p`'s alpha
    /// is full range and full resolution, the straight alpha as it is.
    static func copyAlpha(rows: Int, width: Int, source: UnsafePointer<UInt8>, sourceStride: Int,
                          a: UnsafeMutablePointer<UInt8>, aStride: Int) {
        for row in 0..<rows {
            let pixels = source + row * sourceStride, alpha = a + row * aStride
            for x in 0..<width { alpha[x] = pixels[4 * x + 3] }
        }
    }

    /// Eight pixels of two rows: their sixteen luma samples and their four chroma pairs.
    /// (Integers and floats are converted through their bit patterns, `2^23 + n` being the
    /// float whose low mantissa bits are `n`: Swift's generic SIMD conversions go lane by
    /// lane through library calls.)
    @inline(__always)
    private static func group(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>) -> (yTop: SIMD8<UInt8>, yBottom: SIMD8<UInt8>, u: SIMD4<UInt8>, v: SIMD4<UInt8>) {
        let mask = SIMD8<UInt32>(repeating: 0xFF)
        let exponent = SIMD8<UInt32>(repeating: 0x4B00_0000)
        let magic = SIMD8<Float>(repeating: 8_388_608)
        @inline(__always) func channel(_ p: SIMD8<UInt32>, _ shift: UInt32) -> SIMD8<Float> {
            unsafeBitCast(((p &>> SIMD8(repeating: shift)) & mask) | exponent, to: SIMD8<Float>.self) - magic
        }
        let r0 = channel(a, 0), g0 = channel(a, 8), b0 = channel(a, 16)
        let r1 = channel(b, 0), g1 = channel(b, 8), b1 = channel(b, 16)
        // A value within 0...255 plus 2^23 is rounded to a whole number (ties to even),
        // which its pattern's low byte holds.
        @inline(__always) func luma(_ r: SIMD8<Float>, _ g: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<UInt8> {
            let value = r * yR + g * yG + b * yB + 16
            return SIMD8<UInt8>(truncatingIfNeeded: unsafeBitCast(value + magic, to: SIMD8<UInt32>.self))
        }
        // Sums of each 2×2 block: whole numbers up to 1020, exact in Float.
        let r = (r0.evenHalf + r0.oddHalf) + (r1.evenHalf + r1.oddHalf)
        let g = (g0.evenHalf + g0.oddHalf) + (g1.evenHalf + g1.oddHalf)
        let b = (b0.evenHalf + b0.oddHalf) + (b1.evenHalf + b1.oddHalf)
        let quarterMagic = SIMD4<Float>(repeating: 8_388_608)
        let cb = r * uR + g * uG + b * uB + 128 + quarterMagic
        let cr = r * vR + g * vG + b * vB + 128 + quarterMagic
        return (luma(r0, g0, b0), luma(r1, g1, b1),
                SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(cb, to: SIMD4<UInt32>.self)),
                SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(cr, to: SIMD4<UInt32>.self)))
    }
}
