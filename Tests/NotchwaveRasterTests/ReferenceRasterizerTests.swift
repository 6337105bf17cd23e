import Foundation
import Testing
import NotchwaveRaster
import TestSupport

/// The rasterizer (both kernels) against `ReferenceRasterizer`, which shares only the
/// input types: its own exact area integrals, paint evaluation and blending, all in
/// `Double`. The tolerances follow from where the rasterizer rounds on purpose (the
/// 8-bit canvas), not from what it happens to produce; see each test.
@Suite("Rasterizer against the independent reference rasterizer")
struct ReferenceRasterizerTests {
    static let size = 32

    /// The canvas bytes of `list` rendered by `kernel`.
    func render(_ list: DrawList, kernel: RasterKernel, width: Int = size, height: Int = size) -> [UInt8] {
        let canvas = Canvas(width: width, height: height)
        Rasterizer(kernel: kernel).render(list, into: canvas, rows: 0..<height)
        return Array(UnsafeBufferPointer(start: canvas.pixels, count: canvas.byteCount))
    }

    /// Largest `|byte - reference|` over the alpha channel of a white-on-transparent
    /// render, i.e. between the quantized coverage `C` and `255 c` of the exact area `c`.
    func coverageError(_ shape: Shape, exact: [Double], kernel: RasterKernel) -> Double {
        let bytes = render(DrawList(base: .transparent, commands: [DrawCommand(shape: shape, paint: .solid(.white))]), kernel: kernel)
        var worst = 0.0
        for i in exact.indices { worst = max(worst, abs(Double(bytes[4 * i + 3]) - 255 * exact[i])) }
        return worst
    }

    // Coverage: opaque white over transparent makes each pixel's alpha the coverage
    // quantized to 8 bits, `C = round(255 c)` (`div255(255 C) = C` in the blend). So
    // `|C - 255 c_exact|` is at most 0.5 (the rounding) plus the rasterizer's `Float`
    // error: its coordinates and areas are `Float` (24-bit mantissa, relative error about
    // 6e-8; a 32 px area sum carries about 1e-5 of a pixel, 0.003 of a level). 0.52 leaves
    // room for that and nothing more: a wrong area anywhere shows.
    static let coverageTolerance = 0.52

    @Test("exact area coverage of bands: rectangles, circles, rings, waves, trapezoids, clipped shapes, both kernels",
          arguments: 1...4)
    func bandCoverage(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) * 0x9E37)
        let size = Float(Self.size)
        for _ in 0..<40 {
            var shape = randomShape(&rng, size: size)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let cx = Float.random(in: 8..<24, using: &rng), cy = Float.random(in: 8..<24, using: &rng)
                let inner = Float.random(in: 0.3..<6, using: &rng)
                shape = .ring(centerX: cx, centerY: cy, inner: inner, outer: inner + Float.random(in: 0.2..<6, using: &rng))
            case 1:
                let lo = Float.random(in: 0..<16, using: &rng)
                shape = shape.clipped(toX: lo, lo + Float.random(in: 0.3..<16, using: &rng))
            default: break
            }
            let exact = ReferenceRasterizer.coverage(of: shape, width: Self.size, height: Self.size)
            for kernel in RasterKernel.allCases {
                let error = coverageError(shape, exact: exact, kernel: kernel)
                #expect(error <= Self.coverageTolerance, "\(kernel): \(error) levels off the exact area for \(shape)")
            }
        }
    }

    /// A random path with straight segments, quadratic and cubic curves and arcs, and the
    /// same outline flattened here (uniformly, finely: 2048 pieces per curve, so its
    /// distance from the curves is under 1e-5 px for these sizes), independently of the
    /// rasterizer's flattening.
    static func randomPath(_ rng: inout SplitMix64, size: Double) -> (Path, [[PathPoint]]) {
        func r(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &rng) }
        func point() -> PathPoint { PathPoint(x: r(2, size - 2), y: r(2, size - 2)) }
        var path = Path()
        var polygons: [[PathPoint]] = []
        let n = 2048
        for _ in 0..<Int.random(in: 1...2, using: &rng) {
            let start = point()
            path.move(to: start.x, start.y)
            var polygon = [start]
            var last = start
            for _ in 0..<Int.random(in: 2...5, using: &rng) {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    let p = point()
                    path.line(to: p.x, p.y)
                    polygon.append(p)
                    last = p
                case 1:
                    let c = point(), p = point()
                    path.quadCurve(to: p, control: c)
                    for i in 1...n {
                        let t = Double(i) / Double(n), u = 1 - t
                        polygon.append(PathPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * p.x, y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                    }
                    last = p
                case 2:
                    let c1 = point(), c2 = point(), p = point()
                    path.curve(to: p, control1: c1, control2: c2)
                    for i in 1...n {
                        let t = Double(i) / Double(n), u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                        polygon.append(PathPoint(x: a * last.x + b * c1.x + c * c2.x + d * p.x, y: a * last.y + b * c1.y + c * c2.y + d * p.y))
                    }
                    last = p
                default:
                    // An arc of sweep under a full turn, its direction given by the sign.
                    let radius = r(1, size / 3)
                    let center = PathPoint(x: r(radius, size - radius), y: r(radius, size - radius))
                    let from = r(-7, 7), sweep = r(-6, 6)
                    path.addArc(center: center, radius: radius, startAngle: from, endAngle: from + sweep, clockwise: sweep < 0)
                    for i in 0...n {
                        let angle = from + sweep * Double(i) / Double(n)
                        polygon.append(PathPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
                    }
                    last = polygon[polygon.count - 1]
                }
            }
            path.closeSubpath()
            polygons.append(polygon)
        }
        return (path, polygons)
    }

    @Test("polygons and curved paths: the rasterizer's decomposition and coverage against areas computed from the outline, both fill rules",
          arguments: 1...3)
    func pathCoverage(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) * 0xC0FFEE)
        let size = Double(Self.size)
        for round in 0..<24 {
            let rule: FillRule = Bool.random(using: &rng) ? .nonZero : .evenOdd
            let shape: Shape, polygons: [[PathPoint]]
            if round % 2 == 0 {
                // Random (self-intersecting) polygons, 1 to 3 of them, 3 to 9 vertices each.
                polygons = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    (0..<Int.random(in: 3...9, using: &rng)).map { _ in
                        PathPoint(x: Double.random(in: -2..<(size + 2), using: &rng), y: Double.random(in: -2..<(size + 2), using: &rng))
                    }
                }
                shape = Shape(polygons: polygons, fillRule: rule)
            } else {
                let (path, flattened) = Self.randomPath(&rng, size: size)
                polygons = flattened
                // Flattened by the rasterizer to 1e-4 px: its area differs from the exact
                // one by under 1e-4 x 1.5 px of outline per pixel, 0.04 of a level.
                shape = path.shape(fillRule: rule, tolerance: 1e-4)
            }
            let exact = ReferenceRasterizer.coverage(polygons: polygons, fillRule: rule, width: Self.size, height: Self.size)
            for kernel in RasterKernel.allCases {
                let error = coverageError(shape, exact: exact, kernel: kernel)
                #expect(error <= Self.coverageTolerance + 0.05, "\(kernel), \(rule), round \(round): \(error) levels off the exact area")
            }
        }
    }

    // Paint: a rectangle beyond the canvas, painted with `copy`, makes every byte the
    // paint's own premultiplied byte (`div255(S · 255) + div255(D · 0) = S`). Against the
    // reference's real value the error is the rounding (0.5) plus the rasterizer's `Float`
    // evaluation: positions and locations in `Float`, its polynomial arctangent, and its
    // sRGB encoding by a table interpolated in sqrt(linear) (documented as far below one
    // 8-bit step). 0.6 allows 0.1 of a level for all of that.
    static let paintTolerance = 0.6

    @Test("paints: solid, linear, radial, conic, mirrored and regions paints in sRGB, linear and OKLab interpolation, both kernels",
          arguments: 1...4)
    func paints(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) * 0xABCD)
        let n = Self.size
        var discontinuities = 0
        for _ in 0..<40 {
            let paint = randomPaint(&rng, size: Float(n))
            let list = DrawList(base: RGBA8(r: 9, g: 99, b: 199, a: 255),
                                commands: [DrawCommand(shape: .rectangle(x0: -1, y0: -1, x1: Float(n) + 1, y1: Float(n) + 1), paint: paint, blend: .copy)])
            for kernel in RasterKernel.allCases {
                let bytes = render(list, kernel: kernel)
                for y in 0..<n {
                    for x in 0..<n {
                        func off(_ dx: Double, _ dy: Double) -> Double {
                            let c = ReferenceRasterizer.color(of: paint, x: Double(x) + 0.5 + dx, y: Double(y) + 0.5 + dy)
                            let i = (y * n + x) * 4
                            return [c.r, c.g, c.b, c.a].enumerated().map { abs(Double(bytes[i + $0.offset]) - $0.element) }.max() ?? 0
                        }
                        let error = off(0, 0)
                        if error <= Self.paintTolerance { continue }
                        // A pixel centre on a discontinuity (a step between stops, a
                        // region break, a conic gradient's seam, the mirror axis) may fall
                        // on either side in Float: it must then match the paint just beside it.
                        let d = 1e-3
                        let beside = [off(d, 0), off(-d, 0), off(0, d), off(0, -d)].min() ?? error
                        #expect(beside <= Self.paintTolerance, "\(kernel) (\(x), \(y)): \(error) levels off for \(paint)")
                        discontinuities += 1
                    }
                }
            }
        }
        // Discontinuities are lines: a few pixels of the 2 x 40 x 1024, not whole areas.
        #expect(discontinuities < 40, "\(discontinuities) pixels matched only beside their centre")
    }

    // Compositing: each command's result is stored in 8 bits. For one command over the
    // base the rasterizer rounds six things: the coverage `C`, the paint's premultiplied
    // channel `S` and alpha `A`, `A·C/255`, and the blend's two products. With real
    // coverage c, paint s, a and destination d, the error of `s c + d (1 - a c)` is
    //   (S - s) c  +  (C - 255c)(s - d a)/255  -  (A - 255a) c d/255
    //   - (round(A C/255) - A C/255) d/255  +  two product roundings,
    // each at most 0.5 level (|s - d a| <= 255): 3 levels if all six align, and the
    // base's own rounding (0.5) when it is translucent. They are independent and rarely
    // align: over 1200 random lists (seeds 1-4, 300 rounds each; 40 lists of one
    // command) the largest error was 1.37 levels for one command, 1.67 / 2.03 / 2.07 /
    // 2.14 for 2 / 3 / 4 / 5 (a later command keeps at most all of the error below it
    // and adds its own roundings). The test allows
    // 1.5 levels for one command and 0.5 more per further command. A wrong formula
    // (coverage applied twice, a missing alpha, a swapped operand) is tens of levels off
    // somewhere in these lists; the rounding itself is pinned byte for byte by
    // `BlendByteTests`.
    static func compositeTolerance(commands: Int) -> Double { 1.5 + 0.5 * Double(commands - 1) }

    @Test("every blend mode, opacity and paint over random shapes, 1 to 5 commands, both kernels", arguments: 1...4)
    func composite(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) * 0x5151)
        let n = Self.size
        var worstByCount = [Double](repeating: 0, count: 6)
        for round in 0..<30 {
            let count = round < 10 ? 1 : Int.random(in: 2...5, using: &rng)
            var commands: [DrawCommand] = []
            for _ in 0..<count {
                commands.append(DrawCommand(shape: randomShape(&rng, size: Float(n)), paint: randomPaint(&rng, size: Float(n)),
                                            blend: BlendMode.allCases.randomElement(using: &rng) ?? .sourceOver))
            }
            let base = [RGBA8.transparent, .white, RGBA8(r: 30, g: 160, b: 90, a: 140)].randomElement(using: &rng) ?? .white
            let list = DrawList(base: base, commands: commands)
            let reference = ReferenceRasterizer.render(list, width: n, height: n)
            for kernel in RasterKernel.allCases {
                let bytes = render(list, kernel: kernel)
                var worst = 0.0
                for i in reference.indices {
                    let error = abs(Double(bytes[i]) - reference[i])
                    worst = max(worst, error)
                }
                worstByCount[count] = max(worstByCount[count], worst)
                #expect(worst <= Self.compositeTolerance(commands: count), "\(kernel), \(count) command(s): \(worst) levels off")
            }
        }
        print("largest error by command count 1...5 (levels):", worstByCount.dropFirst().map { String(format: "%.2f", $0) })
    }
}

