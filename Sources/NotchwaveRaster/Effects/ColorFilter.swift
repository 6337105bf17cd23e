/// A colour effect applied to a layer's rendered pixels (SwiftUI's view modifiers of the
/// same names), on premultiplied bytes, with integer arithmetic that the reference and
/// the SIMD kernels share exactly.
///
/// For a premultiplied pixel `(r, g, b, a)`:
/// - `opacity(o)`: every byte `c` becomes `round(c · k / 255)`, `k = round(o · 255)`
///   (what `Canvas.fade` does to a whole layer).
/// - `saturation(s)`: the W3C Filter Effects `saturate` matrix (the one SVG's
///   `feColorMatrix type="saturate"` and CSS's `saturate()` use, Rec. 709 luma weights
///   0.213, 0.715, 0.072) on the colour channels; alpha stays. `s = 0` is grey (the luma),
///   `s = 1` the identity. The matrix is linear, so premultiplied and straight colours give
///   the same result; each coefficient is taken in 1/4096ths, rounded, and each result
///   `floor((Σ m·c + 2048) / 4096)` clamped to `0...a`.
/// - `brightness(b)`: `b · 255` (rounded, `B`) added to each straight colour channel, as
///   SwiftUI's `.brightness` (Core Image's `CIColorControls` brightness) adds: on
///   premultiplied bytes `c + sign(B) · round(|B| · a / 255)`, clamped to `0...a`.
///   `brightness(-0.2)` darkens an opaque pixel by 51 per channel (the disabled look of
///   the seed's custom button style).
/// - `colorMultiply(t)`: each straight colour multiplied by the tint's, alpha by the tint's
///   alpha (SwiftUI's `.colorMultiply`, the "tint" of a layer): on premultiplied bytes
///   `round(c · p / 255)` with `p` the premultiplied tint's byte.
public enum ColorFilter: Sendable, Equatable {
    case opacity(Double)
    case saturation(Double)
    case brightness(Double)
    case colorMultiply(RGBA8)

    /// The largest saturation factor taken (larger ones clamp): keeps the fixed-point sums
    /// within 32 bits.
    public static let maxSaturation = 100.0

    /// The filter as integer coefficients: what both kernels run.
    var program: FilterProgram {
        switch self {
        case let .opacity(o):
            let k = Int32((Swift.min(Swift.max(o, 0), 1) * 255).rounded())
            return .scale(SIMD4(k, k, k, k))
        case let .colorMultiply(t):
            // Straight colours times the tint's, alpha times its alpha: on premultiplied
            // bytes, times the premultiplied tint.
            let p = t.premultiplied
            return .scale(SIMD4(Int32(p.r), Int32(p.g), Int32(p.b), Int32(p.a)))
        case let .brightness(b):
            return .offset(Int32((Swift.min(Swift.max(b, -1), 1) * 255).rounded()))
        case let .saturation(s):
            let s = Swift.min(Swift.max(s, 0), ColorFilter.maxSaturation)
            let luma = (0.213, 0.715, 0.072)
            func row(_ own: Int) -> SIMD3<Int32> {
                let weights = [luma.0, luma.1, luma.2]
                return SIMD3((0..<3).map { j in Int32((((Double(j == own ? 1 : 0) - weights[j]) * s + weights[j]) * 4096).rounded()) })
            }
            return .matrix(row(0), row(1), row(2))
        }
    }
}

/// A colour filter's integer form.
enum FilterProgram {
    /// Each byte times its factor, divided by 255 and rounded.
    case scale(SIMD4<Int32>)
    /// `B` added to each straight colour channel (scaled by alpha on premultiplied bytes).
    case offset(Int32)
    /// A 3x3 matrix on the colour channels in 1/4096ths.
    case matrix(SIMD3<Int32>, SIMD3<Int32>, SIMD3<Int32>)

    /// One premultiplied pixel (packed little-endian RGBA) through the program: the
    /// reference arithmetic.
    @inline(__always)
    func apply(_ word: UInt32) -> UInt32 {
        let r = Int32(word & 0xFF), g = Int32((word >> 8) & 0xFF), b = Int32((word >> 16) & 0xFF), a = Int32(word >> 24)
        var out = (r, g, b, a)
        switch self {
        case let .scale(k):
            out = (div255(r * k[0]), div255(g * k[1]), div255(b * k[2]), div255(a * k[3]))
        case let .offset(amount):
            let delta = amount >= 0 ? div255(amount * a) : -div255(-amount * a)
            out = (clamp(r + delta, a), clamp(g + delta, a), clamp(b + delta, a), a)
        case let .matrix(m0, m1, m2):
            func row(_ m: SIMD3<Int32>) -> Int32 { clamp((m[0] * r + m[1] * g + m[2] * b + 2048) >> 12, a) }
            out = (row(m0), row(m1), row(m2), a)
        }
        return UInt32(out.0) | UInt32(out.1) << 8 | UInt32(out.2) << 16 | UInt32(out.3) << 24
    }

    @inline(__always) private func div255(_ x: Int32) -> Int32 { Int32(Blend.div255(UInt32(x))) }
    @inline(__always) private func clamp(_ x: Int32, _ high: Int32) -> Int32 { Swift.min(Swift.max(x, 0), high) }

    /// `apply` on eight pixels at once: the same integer steps in lanes.
    @inline(__always)
    func apply(lanes words: PackedLanes) -> PackedLanes {
        let mask = PackedLanes(repeating: 0xFF)
        let r = SIMD8<Int32>(truncatingIfNeeded: words & mask), g = SIMD8<Int32>(truncatingIfNeeded: (words &>> 8) & mask)
        let b = SIMD8<Int32>(truncatingIfNeeded: (words &>> 16) & mask), a = SIMD8<Int32>(truncatingIfNeeded: words &>> 24)
        func div255(_ x: SIMD8<Int32>) -> SIMD8<Int32> {
            let t = x &+ 128
            return (t &+ (t &>> 8)) &>> 8
        }
        func clamp(_ x: SIMD8<Int32>, _ high: SIMD8<Int32>) -> SIMD8<Int32> {
            x.clamped(lowerBound: SIMD8(repeating: 0), upperBound: high)
        }
        var out: (SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>)
        switch self {
        case let .scale(k):
            out = (div255(r &* k[0]), div255(g &* k[1]), div255(b &* k[2]), div255(a &* k[3]))
        case let .offset(amount):
            let magnitude = div255(SIMD8(repeating: Swift.abs(amount)) &* a)
            let delta = amount >= 0 ? magnitude : 0 &- magnitude
            out = (clamp(r &+ delta, a), clamp(g &+ delta, a), clamp(b &+ delta, a), a)
        case let .matrix(m0, m1, m2):
            func row(_ m: SIMD3<Int32>) -> SIMD8<Int32> { clamp((m[0] &* r &+ m[1] &* g &+ m[2] &* b &+ 2048) &>> 12, a) }
            out = (row(m0), row(m1), row(m2), a)
        }
        return PackedLanes(truncatingIfNeeded: out.0) | PackedLanes(truncatingIfNeeded: out.1) &<< 8
            | PackedLanes(truncatingIfNeeded: out.2) &<< 16 | PackedLanes(truncatingIfNeeded: out.3) &<< 24
    }
}

extension Canvas {
    /// Runs `filters`, in order, over every pixel of the canvas (of its first `rows` rows
    /// when given), with `kernel`'s
    /// implementation (`.scalar`: one pixel at a time; `.simd`: eight, with the same
    /// integer arithmetic, so both give the same bytes).
    public func apply(_ filters: [ColorFilter], kernel: RasterKernel = .simd, rows: Int? = nil) {
        let programs = filters.map(\.program)
        guard !programs.isEmpty else { return }
        let count = width * Swift.min(rows ?? height, height)
        let words = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
        var i = 0
        if kernel == .simd {
            let raw = UnsafeMutableRawPointer(words)
            while i + Lanes.width <= count {
                var lanes = raw.loadUnaligned(fromByteOffset: i * 4, as: PackedLanes.self)
                for program in programs { lanes = program.apply(lanes: lanes) }
                raw.storeBytes(of: lanes, toByteOffset: i * 4, as: PackedLanes.self)
                i += Lanes.width
            }
        }
        while i < count {
            var word = words[i]
            for program in programs { word = program.apply(word) }
            words[i] = word
            i += 1
        }
    }
}
