#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sRGB transfer function and the OKLab matrices used by gradient interpolation.
enum ColorSpaces {
    /// sRGB-encoded 0...1 to linear light.
    static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light 0...1 to sRGB-encoded.
    static func encode(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// Entries of the encoding table, sampled uniformly in sqrt(linear).
    static let encodeTableSize = 4096

    /// `encode(u^2)` for `u = i / 4096`, `i = 0 ... 4097` (one spare entry for interpolation).
    /// Sampling in sqrt keeps the steep dark end accurate to far below one 8-bit step.
    nonisolated(unsafe) static let encodeTable: UnsafeMutablePointer<Float> = {
        let table = UnsafeMutablePointer<Float>.allocate(capacity: encodeTableSize + 2)
        for i in 0...(encodeTableSize + 1) {
            let u = min(Double(i) / Double(encodeTableSize), 1)
            table[i] = Float(encode(u * u))
        }
        return table
    }()

    /// Linear sRGB to OKLab (Björn Ottosson's published matrices).
    static func oklab(linear r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
        let m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
        let s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
        let l3 = cbrt(l), m3 = cbrt(m), s3 = cbrt(s)
        return (0.2104542553 * l3 + 0.7936177850 * m3 - 0.0040720468 * s3,
                1.9779984951 * l3 - 2.4285922050 * m3 + 0.4505937099 * s3,
                0.0259040371 * l3 + 0.7827717662 * m3 - 0.8086757660 * s3)
    }
}

extension LaneGather {
    /// Linear light 0...1 (clamped) to sRGB-encoded 0...1 through the table, with linear
    /// interpolation between entries.
    @inline(__always) static func srgbEncode(_ linear: Self) -> Self {
        let zero = Self(broadcast: 0), one = Self(broadcast: 1)
        let v = laneMin(laneMax(linear, zero), one)
        let position = v.laneSquareRoot() * Self(broadcast: Float(ColorSpaces.encodeTableSize))
        let index = position.laneFloor()
        let fraction = position - index
        let table = UnsafePointer(ColorSpaces.encodeTable)
        let lo = index.laneGather(table)
        let hi = (index + one).laneGather(table)
        return lo + (hi - lo) * fraction
    }

    /// OKLab to linear sRGB (inverse matrices), unclamped.
    @inline(__always) static func linearFromOklab(_ l: Self, _ a: Self, _ b: Self) -> (Self, Self, Self) {
        func k(_ v: Float) -> Self { Self(broadcast: v) }
        let l1 = l + k(0.3963377774) * a + k(0.2158037573) * b
        let m1 = l - k(0.1055613458) * a - k(0.0638541728) * b
        let s1 = l - k(0.0894841775) * a - k(1.2914855480) * b
        let l3 = l1 * l1 * l1, m3 = m1 * m1 * m1, s3 = s1 * s1 * s1
        return (k(4.0767416621) * l3 - k(3.3077115913) * m3 + k(0.2309699292) * s3,
                k(-1.2684380046) * l3 + k(2.6097574011) * m3 - k(0.3413193965) * s3,
                k(-0.0041960863) * l3 - k(0.7034186147) * m3 + k(1.7076147010) * s3)
    }
}
