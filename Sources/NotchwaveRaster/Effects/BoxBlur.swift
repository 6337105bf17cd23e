/// A Gaussian blur approximated by successive box blurs (three by default), the way
/// browsers implement SVG's `feGaussianBlur` and Core Image approximates large radii: each
/// pass replaces a pixel by the rounded mean of the `w` pixels centred on it, first along
/// rows, then along columns. Box widths follow Kovesi's "fast almost-Gaussian filtering"
/// (2010): odd widths `w_l` and `w_l + 2` chosen so that the passes' variances
/// `(w² − 1) / 12` add up to σ² as nearly as integers allow.
///
/// The pixels are premultiplied, so colour and alpha blur alike (no dark fringes). The
/// blur reads beyond the region it returns (up to `reach` pixels), and beyond the canvas
/// the edge pixels repeat.
public struct BoxBlur: Sendable, Equatable {
    /// The standard deviation approximated (pixels).
    public let sigma: Double
    /// Each pass's box width (odd), in order.
    public let widths: [Int]

    /// The largest standard deviation taken (pixels): larger values clamp. A box of 1,024
    /// pixels keeps every sum well within 32 bits.
    public static let maxSigma = 256.0

    /// Boxes approximating a Gaussian of standard deviation `sigma` pixels in `passes`
    /// passes.
    public init(sigma: Double, passes: Int = 3) {
        let sigma = Swift.min(Swift.max(sigma.isFinite ? sigma : 0, 0), BoxBlur.maxSigma)
        self.sigma = sigma
        let n = Double(Swift.max(passes, 1))
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = Swift.max(lower, 1)
        let l = Double(lower)
        let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        widths = (0..<Int(n)).map { $0 < m ? lower : lower + 2 }
    }

    /// How far (pixels) a result reaches out on each side: the sum of the half widths.
    public var reach: Int { widths.reduce(0) { $0 + ($1 - 1) / 2 } }

    /// The variance the boxes actually have (pixels²): `Σ (w² − 1) / 12`.
    public var variance: Double { widths.reduce(0) { $0 + Double($1 * $1 - 1) / 12 } }
}

extension Canvas {
    /// The pixels of columns `columns` and rows `rows` of this canvas blurred by `blur`, as
    /// a canvas of that size. `kernel` picks the implementation: `.scalar` sums each box
    /// anew and divides (the reference); `.simd` keeps running sums, four channels or
    /// eight columns at a time, and divides by a reciprocal multiply that is exact for
    /// these sums. Both give the same bytes.
    ///
    /// With `downscale` k above 1 the blur runs at 1/k of the resolution, as Core
    /// Animation blurs a material's backdrop (its recipes' `backdropScale` of 0.25): the
    /// area is averaged in k × k blocks (rounded means), blurred with `blur` (whose σ is
    /// then in those coarse pixels), and sampled back bilinearly at each pixel's centre
    /// (weights in 256ths, rounded). k² times fewer pixels to blur; for a σ of several
    /// coarse pixels the result differs from the full-resolution blur by about a level.
    public func blurred(columns: Range<Int>, rows: Range<Int>, by blur: BoxBlur, downscale: Int = 1,
                        kernel: RasterKernel = .simd) throws(OutOfMemory) -> Canvas {
        let columns = columns.clamped(to: 0..<width), rows = rows.clamped(to: 0..<height)
        let result = try Canvas.allocate(width: Swift.max(columns.count, 1), height: Swift.max(rows.count, 1))
        guard !columns.isEmpty, !rows.isEmpty else { return result }
        let k = Swift.max(1, Swift.min(downscale, 64))
        // The work area in coarse pixels: the region grown by the reach (and one coarse
        // pixel for the bilinear samples), edge pixels repeated beyond the canvas.
        let reach = blur.reach + (k > 1 ? 1 : 0)
        let originX = columns.lowerBound - reach * k, originY = rows.lowerBound - reach * k
        let areaWidth = (columns.count + k - 1) / k + 2 * reach, areaHeight = (rows.count + k - 1) / k + 2 * reach
        var area = BlurArea(width: areaWidth, height: areaHeight)
        func source(_ x: Int, _ y: Int) -> UInt32 {
            let row = UnsafeRawPointer(self.row(Swift.min(Swift.max(y, 0), height - 1))).assumingMemoryBound(to: UInt32.self)
            return row[Swift.min(Swift.max(x, 0), width - 1)]
        }
        let blockHalf = UInt32(k * k / 2), blockCount = UInt32(k * k)
        for r in 0..<areaHeight {
            for c in 0..<areaWidth {
                if k == 1 { area[c, r] = source(originX + c, originY + r); continue }
                var sum = SIMD4<UInt32>(repeating: 0)
                for dy in 0..<k { for dx in 0..<k { sum &+= BlurArea.channels(source(originX + c * k + dx, originY + r * k + dy)) } }
                area[c, r] = BlurArea.pack((sum &+ blockHalf) / blockCount)
            }
        }
        // Each pass leaves its half width at each end undefined: the valid part shrinks.
        var valid = (x: 0..<areaWidth, y: 0..<areaHeight)
        for w in blur.widths where w > 1 {
            let h = (w - 1) / 2
            area.boxRows(width: w, rows: valid.y, from: valid.x, kernel: kernel)
            valid.x = (valid.x.lowerBound + h)..<(valid.x.upperBound - h)
        }
        for w in blur.widths where w > 1 {
            let h = (w - 1) / 2
            area.boxColumns(width: w, columns: valid.x, from: valid.y, kernel: kernel)
            valid.y = (valid.y.lowerBound + h)..<(valid.y.upperBound - h)
        }
        guard k > 1 else {
            for r in 0..<rows.count {
                let target = UnsafeMutableRawPointer(result.row(r)).assumingMemoryBound(to: UInt32.self)
                for c in 0..<columns.count { target[c] = area[reach + c, reach + r] }
            }
            return result
        }
        // Back to full resolution: pixel centre x + 0.5 lies at coarse coordinate
        // (x + 0.5) / k − 0.5 from the first coarse centre.
        func coordinate(_ i: Int) -> (Int, UInt32) {
            let fixed = ((2 * i + 1) * 256 - k * 256) / (2 * k)  // in 256ths, ≥ −128
            let floor = fixed >= 0 ? fixed / 256 : -((-fixed + 255) / 256)
            return (floor, UInt32(fixed - floor * 256))
        }
        let xs = (0..<columns.count).map { coordinate($0 + reach * k) }
        for r in 0..<rows.count {
            let (cy, fy) = coordinate(r + reach * k)
            let target = UnsafeMutableRawPointer(result.row(r)).assumingMemoryBound(to: UInt32.self)
            for c in 0..<columns.count {
                let (cx, fx) = xs[c]
                let a = BlurArea.channels(area[cx, cy]), b = BlurArea.channels(area[cx + 1, cy])
                let d = BlurArea.channels(area[cx, cy + 1]), e = BlurArea.channels(area[cx + 1, cy + 1])
                let top = a &* (256 - fx) &+ b &* fx, bottom = d &* (256 - fx) &+ e &* fx
                target[c] = BlurArea.pack((top &* (256 - fy) &+ bottom &* fy &+ 32768) &>> 16)
            }
        }
        return result
    }
}

/// The blur's work area: packed premultiplied pixels, with a second buffer each pass
/// writes into.
private struct BlurArea {
    let width: Int, height: Int
    private var pixels: [UInt32]
    private var scratch: [UInt32]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
        scratch = pixels
    }

    subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// `floor(x / w)` as a multiply by `floor(2³² / w) + 1` and a shift: exact for
    /// `x < 2²⁰` and `w < 2¹¹` (the error `x / 2³²` stays below `1 / w`).
    @inline(__always) static func reciprocal(_ w: Int) -> UInt64 { (UInt64(1) << 32) / UInt64(w) + 1 }

    /// One horizontal box pass over `rows`: each pixel in `from` shrunk by the half width
    /// becomes the rounded mean of the `width` pixels around it.
    mutating func boxRows(width w: Int, rows: Range<Int>, from span: Range<Int>, kernel: RasterKernel) {
        let h = (w - 1) / 2, stride = width
        let outputs = (span.lowerBound + h)..<(span.upperBound - h)
        guard !outputs.isEmpty else { return }
        let half = UInt32(w / 2), inverse = Self.reciprocal(w)
        pixels.withUnsafeBufferPointer { source in
            scratch.withUnsafeMutableBufferPointer { target in
                for y in rows {
                    let row = y * stride
                    if kernel == .scalar {
                        for x in outputs {
                            var sum = SIMD4<UInt32>(repeating: 0)
                            for k in (x - h)...(x + h) { sum &+= Self.channels(source[row + k]) }
                            target[row + x] = Self.pack((sum &+ half) / UInt32(w))
                        }
                        continue
                    }
                    var sum = SIMD4<UInt32>(repeating: 0)
                    for k in (outputs.lowerBound - h)...(outputs.lowerBound + h) { sum &+= Self.channels(source[row + k]) }
                    var x = outputs.lowerBound
                    while true {
                        target[row + x] = Self.pack(Self.divide(sum &+ half, inverse))
                        x += 1
                        guard x < outputs.upperBound else { break }
                        sum &+= Self.channels(source[row + x + h])
                        sum &-= Self.channels(source[row + x - h - 1])
                    }
                }
            }
        }
        for y in rows { copyBack(from: y * stride + outputs.lowerBound, count: outputs.count) }
    }

    /// One vertical box pass over `columns`, like `boxRows` along the other axis.
    mutating func boxColumns(width w: Int, columns: Range<Int>, from span: Range<Int>, kernel: RasterKernel) {
        let h = (w - 1) / 2, stride = width
        let outputs = (span.lowerBound + h)..<(span.upperBound - h)
        guard !outputs.isEmpty, !columns.isEmpty else { return }
        let half = UInt32(w / 2), inverse = Self.reciprocal(w)
        let count = columns.count
        pixels.withUnsafeBufferPointer { source in
            scratch.withUnsafeMutableBufferPointer { target in
                if kernel == .scalar {
                    for y in outputs {
                        for x in columns {
                            var sum = SIMD4<UInt32>(repeating: 0)
                            for k in (y - h)...(y + h) { sum &+= Self.channels(source[k * stride + x]) }
                            target[y * stride + x] = Self.pack((sum &+ half) / UInt32(w))
                        }
                    }
                    return
                }
                // Running sums of each channel of each column, eight values at a time.
                var sums = [UInt32](repeating: 0, count: count * 4)
                sums.withUnsafeMutableBufferPointer { sums in
                    func add(row y: Int, sign: Bool) {
                        let base = y * stride + columns.lowerBound
                        for i in 0..<count {
                            let c = Self.channels(source[base + i])
                            let s = SIMD4<UInt32>(sums[4 * i], sums[4 * i + 1], sums[4 * i + 2], sums[4 * i + 3])
                            let n = sign ? s &+ c : s &- c
                            sums[4 * i] = n[0]; sums[4 * i + 1] = n[1]; sums[4 * i + 2] = n[2]; sums[4 * i + 3] = n[3]
                        }
                    }
                    for k in (outputs.lowerBound - h)...(outputs.lowerBound + h) { add(row: k, sign: true) }
                    var y = outputs.lowerBound
                    let raw = UnsafeMutableRawPointer(sums.baseAddress!)
                    while true {
                        let base = y * stride + columns.lowerBound
                        var i = 0
                        while i + 2 <= count {
                            // Two pixels: eight channel sums.
                            let s = raw.loadUnaligned(fromByteOffset: i * 16, as: SIMD8<UInt32>.self) &+ UInt32(half)
                            let q = Self.divide(s, inverse)
                            target[base + i] = Self.pack(SIMD4(q[0], q[1], q[2], q[3]))
                            target[base + i + 1] = Self.pack(SIMD4(q[4], q[5], q[6], q[7]))
                            i += 2
                        }
                        if i < count {
                            let s = SIMD4<UInt32>(sums[4 * i], sums[4 * i + 1], sums[4 * i + 2], sums[4 * i + 3]) &+ half
                            target[base + i] = Self.pack(Self.divide(s, inverse))
                        }
                        y += 1
                        guard y < outputs.upperBound else { break }
                        add(row: y + h, sign: true)
                        add(row: y - h - 1, sign: false)
                    }
                }
            }
        }
        for y in outputs { copyBack(from: y * stride + columns.lowerBound, count: count) }
    }

    /// Copies a pass's results back into the pixels.
    private mutating func copyBack(from start: Int, count: Int) {
        scratch.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                (target.baseAddress! + start).update(from: source.baseAddress! + start, count: count)
            }
        }
    }

    @inline(__always) static func channels(_ word: UInt32) -> SIMD4<UInt32> {
        SIMD4(word & 0xFF, (word >> 8) & 0xFF, (word >> 16) & 0xFF, word >> 24)
    }

    @inline(__always) static func pack(_ c: SIMD4<UInt32>) -> UInt32 { c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24 }

    @inline(__always) static func divide(_ x: SIMD4<UInt32>, _ inverse: UInt64) -> SIMD4<UInt32> {
        SIMD4<UInt32>(truncatingIfNeeded: (SIMD4<UInt64>(truncatingIfNeeded: x) &* inverse) &>> 32)
    }

    @inline(__always) static func divide(_ x: SIMD8<UInt32>, _ inverse: UInt64) -> SIMD8<UInt32> {
        SIMD8<UInt32>(truncatingIfNeeded: (SIMD8<UInt64>(truncatingIfNeeded: x) &* inverse) &>> 32)
    }
}
