import Foundation
import Testing
import NotchwaveRaster

/// A canvas of `width` x `height` filled with premultiplied pixels from a fixed-seed
/// generator (alpha first, channels at most alpha).
private func noise(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Canvas {
    let canvas = Canvas(width: width, height: height)
    var state = seed
    func next() -> UInt8 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
    for y in 0..<height {
        let row = canvas.row(y)
        for x in 0..<width {
            let a = opaque ? 255 : next()
            for c in 0..<3 { row[x * 4 + c] = a == 0 ? 0 : next() % (a &+ 1 == 0 ? 255 : a + 1) }
            row[x * 4 + 3] = a
        }
    }
    return canvas
}

private func bytes(_ canvas: Canvas) -> [UInt8] { Array(UnsafeBufferPointer(start: canvas.pixels, count: canvas.byteCount)) }

/// One opaque or translucent premultiplied pixel through `filters`.
private func filtered(_ pixel: PremultipliedRGBA8, _ filters: [ColorFilter], kernel: RasterKernel) -> PremultipliedRGBA8 {
    let canvas = Canvas(width: 9, height: 1)  // a lane group of eight and a tail of one
    canvas.fill(pixel, rows: 0..<1)
    canvas.apply(filters, kernel: kernel)
    #expect(canvas.pixel(x: 0, y: 0) == canvas.pixel(x: 8, y: 0), "the lane group and the tail differ")
    return canvas.pixel(x: 8, y: 0)
}

/// Colour filters pinned to bytes computed by hand from their documented arithmetic.
@Suite("Colour filters byte for byte")
struct ColorFilterByteTests {
    static let opaque = PremultipliedRGBA8(r: 200, g: 100, b: 50, a: 255)

    @Test("saturation 0 is the Rec. 709 luma: 0.213·200 + 0.715·100 + 0.072·50 = 117.7 -> 118", arguments: RasterKernel.allCases)
    func grey(kernel: RasterKernel) {
        #expect(filtered(Self.opaque, [.saturation(0)], kernel: kernel) == PremultipliedRGBA8(r: 118, g: 118, b: 118, a: 255))
    }

    @Test("saturation 1 is the identity on any pixel", arguments: RasterKernel.allCases)
    func identity(kernel: RasterKernel) {
        let canvas = noise(width: 37, height: 5, seed: 3)
        let before = bytes(canvas)
        canvas.apply([.saturation(1)], kernel: kernel)
        #expect(bytes(canvas) == before)
    }

    @Test("brightness −0.2 subtracts 51 from each opaque channel, clamped at 0: (149, 49, 0)", arguments: RasterKernel.allCases)
    func darker(kernel: RasterKernel) {
        #expect(filtered(Self.opaque, [.brightness(-0.2)], kernel: kernel) == PremultipliedRGBA8(r: 149, g: 49, b: 0, a: 255))
    }

    @Test("brightness +0.2 on alpha 128 adds round(51·128/255) = round(25.6) = 26 per channel", arguments: RasterKernel.allCases)
    func brighterTranslucent(kernel: RasterKernel) {
        #expect(filtered(PremultipliedRGBA8(r: 100, g: 50, b: 0, a: 128), [.brightness(0.2)], kernel: kernel)
                == PremultipliedRGBA8(r: 126, g: 76, b: 26, a: 128))
        // Clamped to alpha: a premultiplied channel never exceeds it.
        #expect(filtered(PremultipliedRGBA8(r: 120, g: 50, b: 0, a: 128), [.brightness(0.2)], kernel: kernel).r == 128)
    }

    @Test("opacity 0.5 is alpha 128: 200·128/255 = 100.4 -> 100, 50.2 -> 50, 25.1 -> 25, 128", arguments: RasterKernel.allCases)
    func half(kernel: RasterKernel) {
        #expect(filtered(Self.opaque, [.opacity(0.5)], kernel: kernel) == PremultipliedRGBA8(r: 100, g: 50, b: 25, a: 128))
    }

    @Test("the disabled look of spec 5 item 2 (saturation 0, then brightness −0.2): 118 − 51 = 67", arguments: RasterKernel.allCases)
    func disabled(kernel: RasterKernel) {
        #expect(filtered(Self.opaque, [.saturation(0), .brightness(-0.2)], kernel: kernel) == PremultipliedRGBA8(r: 67, g: 67, b: 67, a: 255))
        // systemYellow (255, 204, 0): luma 54.3 + 145.9 + 0 = 200.2 -> 200, less 51: 149.
        #expect(filtered(PremultipliedRGBA8(r: 255, g: 204, b: 0, a: 255), [.saturation(0), .brightness(-0.2)], kernel: kernel)
                == PremultipliedRGBA8(r: 149, g: 149, b: 149, a: 255))
    }

    @Test("colour multiply: each byte times the tint's over 255 (200·128/255 -> 100, 100·255/255, 50·0)", arguments: RasterKernel.allCases)
    func multiply(kernel: RasterKernel) {
        #expect(filtered(Self.opaque, [.colorMultiply(RGBA8(r: 128, g: 255, b: 0))], kernel: kernel) == PremultipliedRGBA8(r: 100, g: 100, b: 0, a: 255))
    }

    @Test("SIMD and reference filters give the same bytes on noise, every filter and a chain")
    func kernelsAgree() {
        let chains: [[ColorFilter]] = [[.saturation(0)], [.saturation(2.5)], [.saturation(0.3)], [.brightness(0.37)], [.brightness(-0.61)],
                                       [.opacity(0.3)], [.colorMultiply(RGBA8(r: 10, g: 200, b: 255, a: 90))],
                                       [.saturation(1.8), .brightness(-0.1), .opacity(0.7)]]
        for chain in chains {
            let a = noise(width: 53, height: 7, seed: 11), b = noise(width: 53, height: 7, seed: 11)
            a.apply(chain, kernel: .scalar)
            b.apply(chain, kernel: .simd)
            #expect(bytes(a) == bytes(b), "\(chain)")
            // Still premultiplied: no channel above its alpha.
            let out = bytes(b)
            #expect(stride(from: 0, to: out.count, by: 4).allSatisfy { i in (0..<3).allSatisfy { out[i + $0] <= out[i + 3] } }, "\(chain)")
        }
    }
}

/// The box-approximated Gaussian blur against its reference and against a Gaussian's
/// closed-form response.
@Suite("Blur")
struct BlurTests {
    @Test("the boxes' variances add up to σ² (Kovesi's widths), all odd", arguments: [0.8, 2.0, 6.0, 15.0, 45.0, 90.0])
    func boxes(sigma: Double) {
        let blur = BoxBlur(sigma: sigma)
        #expect(blur.widths.count == 3 && blur.widths.allSatisfy { $0 % 2 == 1 })
        // Integer widths miss σ² by at most one step of the box variance, (w+2)² − w² over 12.
        let step = Double(4 * (blur.widths.max() ?? 1) + 4) / 12
        #expect(abs(blur.variance - sigma * sigma) <= step / 2 + 1e-9, "variance \(blur.variance) for σ² \(sigma * sigma)")
    }

    @Test("SIMD (running sums) and reference (direct sums) blurs give the same bytes", arguments: [1.5, 4.0, 12.0])
    func kernelsAgree(sigma: Double) throws {
        let canvas = noise(width: 71, height: 45, seed: 5)
        let blur = BoxBlur(sigma: sigma)
        // Regions inside, at the edges (the edge pixels repeat) and the whole canvas.
        for (columns, rows) in [(10..<40, 5..<30), (0..<71, 0..<45), (60..<71, 0..<9), (0..<3, 40..<45)] {
            let a = try canvas.blurred(columns: columns, rows: rows, by: blur, kernel: .scalar)
            let b = try canvas.blurred(columns: columns, rows: rows, by: blur, kernel: .simd)
            #expect(bytes(a) == bytes(b), "σ \(sigma), region \(columns) x \(rows)")
        }
    }

    @Test("blurred at a quarter of the resolution (as materials are): kernels agree, and a step edge still follows 255·Φ(x/σ) within 2 %")
    func downscaled() throws {
        let canvas = noise(width: 90, height: 50, seed: 21)
        for (columns, rows) in [(10..<70, 5..<40), (0..<90, 0..<50), (85..<90, 0..<7)] {
            let a = try canvas.blurred(columns: columns, rows: rows, by: BoxBlur(sigma: 3), downscale: 4, kernel: .scalar)
            let b = try canvas.blurred(columns: columns, rows: rows, by: BoxBlur(sigma: 3), downscale: 4, kernel: .simd)
            #expect(bytes(a) == bytes(b), "\(columns) x \(rows)")
        }
        let width = 600, edge = 300, k = 4
        let step = Canvas(width: width, height: 8)
        for y in 0..<8 {
            for x in 0..<width {
                let v: UInt8 = x < edge ? 0 : 255
                for c in 0..<3 { step.row(y)[x * 4 + c] = v }
                step.row(y)[x * 4 + 3] = 255
            }
        }
        // σ = 10 coarse pixels = 40 full ones.
        let out = try step.blurred(columns: 0..<width, rows: 0..<8, by: BoxBlur(sigma: 10), downscale: k, kernel: .simd)
        var worst = 0.0
        for x in 0..<width {
            let expected = 255 * 0.5 * erfc(-((Double(x) + 0.5 - Double(edge)) / 40) / 2.0.squareRoot())
            worst = max(worst, abs(Double(out.pixels[(4 * width + x) * 4]) - expected))
        }
        #expect(worst <= 5.1, "worst difference \(worst) levels")
    }

    @Test("a flat colour stays flat (the means are exact)")
    func flat() throws {
        let canvas = Canvas(width: 40, height: 30)
        canvas.fill(PremultipliedRGBA8(r: 90, g: 13, b: 200, a: 230), rows: 0..<30)
        let out = try canvas.blurred(columns: 0..<40, rows: 0..<30, by: BoxBlur(sigma: 7), kernel: .simd)
        #expect(Set(stride(from: 0, to: out.byteCount, by: 4).map { out.pixels[$0 + 2] }) == [200])
    }

    @Test("a step edge blurs into 255·Φ(x/σ), the Gaussian's closed-form step response, within 1.5 % of full scale", arguments: [3.0, 8.0, 20.0])
    func stepEdge(sigma: Double) throws {
        let width = 400, edge = 200
        let canvas = Canvas(width: width, height: 4)
        for y in 0..<4 {
            let row = canvas.row(y)
            for x in 0..<width {
                let v: UInt8 = x < edge ? 0 : 255
                row[x * 4] = v; row[x * 4 + 1] = v; row[x * 4 + 2] = v; row[x * 4 + 3] = 255
            }
        }
        let out = try canvas.blurred(columns: 0..<width, rows: 0..<4, by: BoxBlur(sigma: sigma), kernel: .simd)
        var worst = 0.0
        for x in 0..<width {
            // Pixel x holds the unit step sampled at its centre, x + 0.5, against the edge at 200.
            let expected = 255 * 0.5 * erfc(-((Double(x) + 0.5 - Double(edge)) / sigma) / 2.0.squareRoot())
            worst = max(worst, abs(Double(out.pixels[x * 4]) - expected))
        }
        #expect(worst <= 3.8, "worst difference \(worst) levels")
    }
}

/// Rounded rectangles against closed forms of their areas.
@Suite("Rounded rectangles")
struct RoundedRectangleTests {
    /// The covered area (pixels²) of `path` filled on a canvas of its size.
    func coveredArea(_ path: Path, width: Int, height: Int) -> Double {
        let canvas = Canvas(width: width, height: height)
        Rasterizer().render(DrawList(base: .transparent, commands: [DrawCommand(shape: path.shape(), paint: .solid(.white))]), into: canvas, rows: 0..<height)
        var sum = 0.0
        for i in stride(from: 3, to: canvas.byteCount, by: 4) { sum += Double(canvas.pixels[i]) / 255 }
        return sum
    }

    /// The area inside a closed path of lines and cubics, by Green's theorem: each cubic's
    /// `∮ x dy` integrated by Gauss–Legendre quadrature (exact for its degree-5 integrand).
    func greenArea(_ path: Path) -> Double {
        var area = 0.0, current = PathPoint(x: 0, y: 0), start = current
        let nodes = [(-0.7745966692414834, 5.0 / 9), (0.0, 8.0 / 9), (0.7745966692414834, 5.0 / 9)]
        for element in path.elements {
            switch element {
            case let .move(p): current = p; start = p
            case let .line(p):
                area += (current.x + p.x) / 2 * (p.y - current.y); current = p
            case let .cubic(c1, c2, p):
                for (node, weight) in nodes {
                    let t = (node + 1) / 2, u = 1 - t
                    let x = u * u * u * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let dy = 3 * u * u * (c1.y - current.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (p.y - c2.y)
                    area += weight / 2 * x * dy
                }
                current = p
            case .close:
                area += (current.x + start.x) / 2 * (start.y - current.y); current = start
            default: Issue.record("unexpected element \(element)")
            }
        }
        return abs(area)
    }

    @Test("circular corners: w·h − (4 − π) r²; a capsule likewise with r = h / 2")
    func circular() {
        var path = Path()
        path.addRoundedRect(x0: 10, y0: 12, x1: 190, y1: 92, radius: 24, style: .circular)
        let expected = 180.0 * 80 - (4 - Double.pi) * 24 * 24
        #expect(abs(coveredArea(path, width: 200, height: 100) - expected) < expected * 0.001)
        var capsule = Path()
        capsule.addCapsule(x0: 5, y0: 20, x1: 195, y1: 64)
        let capsuleArea = 190.0 * 44 - (4 - Double.pi) * 22 * 22
        #expect(abs(coveredArea(capsule, width: 200, height: 100) - capsuleArea) < capsuleArea * 0.001)
    }

    @Test("continuous corners: the covered area is the Bézier outline's (Green's theorem), and cuts deeper than a circular corner")
    func continuous() {
        var path = Path()
        path.addRoundedRect(x0: 10, y0: 12, x1: 190, y1: 92, radius: 24, style: .continuous)
        let exact = greenArea(path)
        #expect(abs(coveredArea(path, width: 200, height: 100) - exact) < exact * 0.001)
        let circular = 180.0 * 80 - (4 - Double.pi) * 24 * 24
        #expect(exact < circular && exact > 180.0 * 80 - 4 * 24 * 24 * 1.528665 * 1.528665)
        // The corner leaves the edge 1.528665 r from the corner and meets the side there.
        #expect(path.elements.contains(.line(PathPoint(x: 190 - 1.528665 * 24, y: 12))))
    }

    @Test("continuous corners cut 0.2250 r² each: the area of PaintCode's independent reconstruction of the same corner (to 0.3 %)")
    func continuousCutOut() {
        // PaintCode's 2013 points (a four-curve corner, different numbers), integrated
        // numerically outside this suite: each corner removes 0.225000 r² from the
        // rectangle (a quarter circle removes 1 − π/4 = 0.214602 r²).
        var path = Path()
        path.addRoundedRect(x0: 10, y0: 12, x1: 190, y1: 92, radius: 24, style: .continuous)
        let expected = 180.0 * 80 - 4 * 0.2250 * 24 * 24
        #expect(abs(coveredArea(path, width: 200, height: 100) - expected) < 4 * 0.2250 * 24 * 24 * 0.003 + 0.5)
    }

    @Test("a radius beyond half the shorter side is limited: continuous to (h / 2) / 1.528665, circular to h / 2")
    func limited() {
        var a = Path(), b = Path()
        a.addRoundedRect(x0: 0, y0: 0, x1: 100, y1: 40, radius: 500, style: .continuous)
        b.addRoundedRect(x0: 0, y0: 0, x1: 100, y1: 40, radius: 20 / 1.528665, style: .continuous)
        #expect(a == b)
        var c = Path(), d = Path()
        c.addRoundedRect(x0: 0, y0: 0, x1: 100, y1: 40, radius: 500, style: .circular)
        d.addCapsule(x0: 0, y0: 0, x1: 100, y1: 40)
        #expect(c == d)
    }
}

/// Compositions: a draw list as one step renders as the draw list; a material over a flat
/// colour is the tint over that colour.
@Suite("Compositions")
struct CompositionTests {
    @Test("a composition of one draw step renders exactly as its draw list", arguments: RasterKernel.allCases)
    func drawList(kernel: RasterKernel) throws {
        let list = DrawList(base: RGBA8(r: 10, g: 20, b: 30), commands: [
            DrawCommand(shape: .circle(centerX: 30, centerY: 20, radius: 14.3), paint: .solid(RGBA8(r: 200, g: 10, b: 90, a: 180))),
            DrawCommand(shape: .rectangle(x0: 5.5, y0: 7.25, x1: 50, y1: 22), paint: .solid(RGBA8(r: 0, g: 255, b: 0, a: 100))),
        ])
        let a = Canvas(width: 64, height: 40), b = Canvas(width: 64, height: 40)
        let rasterizer = Rasterizer(kernel: kernel)
        rasterizer.render(list, into: a, rows: 0..<40)
        try rasterizer.render(Composition(list), into: b, rows: 0..<40)
        #expect(bytes(a) == bytes(b))
    }

    @Test("a material over a flat colour: inside, the tint over that colour (blur and saturation leave it); outside, unchanged")
    func material() throws {
        let canvas = Canvas(width: 60, height: 40)
        let background = RGBA8(r: 200, g: 100, b: 50)
        let tint = RGBA8(r: 243, g: 243, b: 243, a: 207)
        let composition = Composition(base: background, steps: [
            .material(Material(shape: .rectangle(x0: 10, y0: 10, x1: 50, y1: 30), blur: BoxBlur(sigma: 6), saturation: 1, tint: tint)),
        ])
        try Rasterizer().render(composition, into: canvas, rows: 0..<40)
        // tint over colour, straight and opaque: t·a + c·(1 − a), a = 207/255.
        let a = 207.0 / 255
        let inside = canvas.pixel(x: 30, y: 20)
        for (got, c) in [(inside.r, 200.0), (inside.g, 100.0), (inside.b, 50.0)] {
            #expect(abs(Double(got) - (243 * a + c * (1 - a))) <= 1, "\(inside)")
        }
        #expect(canvas.pixel(x: 5, y: 5) == background.premultiplied)
    }

    @Test("a material's pixels: the tint over the blurred backdrop where it covers whole, mixed with what is there by coverage at its edges", arguments: RasterKernel.allCases)
    func materialEdges(kernel: RasterKernel) throws {
        // Columns 10 and 49 are three quarters covered (x from 10.25 to 49.75), rows 10
        // to 29 whole: a run of 38 whole pixels (four lane groups and a tail) between.
        let canvas = noise(width: 70, height: 40, seed: 4, opaque: true)
        let below = bytes(canvas)
        let blur = BoxBlur(sigma: 6)
        let blurred = try canvas.blurred(columns: 10..<50, rows: 10..<30, by: blur, kernel: kernel)
        let tint = RGBA8(r: 243, g: 240, b: 230, a: 180)
        let composition = Composition(base: .transparent, steps: [
            .material(Material(shape: .rectangle(x0: 10.25, y0: 10, x1: 49.75, y1: 30), blur: blur, tint: tint)),
        ])
        try Rasterizer(kernel: kernel).render(composition, into: canvas, rows: 0..<40, over: true)
        let after = bytes(canvas)
        let t = tint.premultiplied
        let tintBytes = [Int(t.r), Int(t.g), Int(t.b), Int(t.a)]
        var wrong = 0
        for y in 0..<40 {
            for x in 0..<70 {
                let inside = (10..<30).contains(y) && (10..<50).contains(x)
                // Coverage in 255ths: round(255 · 0.75) = 191 at the two edge columns.
                let c = !inside ? 0 : (x == 10 || x == 49 ? 191 : 255)
                for k in 0..<4 {
                    let under = Int(below[(y * 70 + x) * 4 + k])
                    var expected = under
                    if c > 0 {
                        let b = Int(blurred.row(y - 10)[(x - 10) * 4 + k])
                        // Source-over, premultiplied: t + round(b · (255 − α_t) / 255).
                        let seen = min(255, tintBytes[k] + Int((Double(b * (255 - Int(t.a))) / 255).rounded()))
                        expected = Int((Double(seen * c + under * (255 - c)) / 255).rounded())
                    }
                    if Int(after[(y * 70 + x) * 4 + k]) != expected { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test("a material over detail: its pixels vary far less than the detail below them")
    func blursDetail() throws {
        let canvas = noise(width: 120, height: 80, seed: 9, opaque: true)
        func spread(_ c: Canvas) -> Double {
            var values: [Double] = []
            for y in 30..<50 { for x in 40..<80 { values.append(Double(c.pixel(x: x, y: y).g)) } }
            let mean = values.reduce(0, +) / Double(values.count)
            return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        }
        let before = spread(canvas)
        let composition = Composition(base: .transparent, steps: [
            .material(Material(shape: .rectangle(x0: 20, y0: 20, x1: 100, y1: 60), blur: BoxBlur(sigma: 8), saturation: 1.5, tint: RGBA8(r: 243, g: 243, b: 243, a: 100))),
        ])
        try Rasterizer().render(composition, into: canvas, rows: 0..<80, over: true)
        #expect(spread(canvas) < before / 10, "\(spread(canvas)) against \(before)")
    }
}
