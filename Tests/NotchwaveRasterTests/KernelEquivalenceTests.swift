import Testing
import NotchwaveRaster
import TestSupport

/// A random colour, opaque or of any alpha but zero.
func randomColor(_ rng: inout SplitMix64, opaque: Bool) -> RGBA8 {
    RGBA8(r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng), b: .random(in: 0...255, using: &rng),
          a: opaque ? 255 : .random(in: 1...255, using: &rng))
}

/// A random paint of every kind, with 2 to 4 stops, random interpolation and alpha.
func randomPaint(_ rng: inout SplitMix64, size: Float) -> Paint {
    func r(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo..<hi, using: &rng) }
    func color() -> RGBA8 {
        RGBA8(r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng), b: .random(in: 0...255, using: &rng),
              a: Bool.random(using: &rng) ? 255 : .random(in: 0...255, using: &rng))
    }
    let stops = (0..<Int.random(in: 2...4, using: &rng)).map { _ in GradientStop(color(), at: r(0, 1)) }
    let space = GradientInterpolation.allCases.randomElement(using: &rng) ?? .srgb
    func point() -> PixelPoint { PixelPoint(x: r(-4, size + 4), y: r(-4, size + 4)) }
    var paint: Paint
    switch Int.random(in: 0..<6, using: &rng) {
    case 5:
        // Regions: two bands split along x into parts of other kinds.
        let split = r(0, size)
        func part() -> Paint {
            Bool.random(using: &rng) ? .solid(color())
                : .linear(start: point(), end: point(), stops: stops, interpolation: space)
        }
        let x0 = r(0, size / 2), x1 = x0 + r(0, size / 2)
        paint = .regions([PaintBand(y0: -1000, y1: split, breaks: [x0], paints: [part(), part()]),
                          PaintBand(y0: split, y1: 1000, breaks: [x0, x1], paints: [part(), part(), part()])])
    case 0: paint = .solid(color())
    case 1: paint = .linear(start: point(), end: point(), stops: stops, interpolation: space)
    case 2: paint = .radial(center: point(), startRadius: r(0, 4), endRadius: r(4, size), stops: stops, interpolation: space)
    case 3: paint = .conic(center: point(), startAngle: r(-7, 7), endAngle: r(-7, 14), stops: stops, interpolation: space)
    default:
        // A horizontal linear gradient (the closing wave's kind), where clamped parts
        // become solid runs.
        let y = r(0, size)
        paint = .linear(start: PixelPoint(x: r(0, size), y: y), end: PixelPoint(x: r(0, size), y: y), stops: stops, interpolation: space)
    }
    return Bool.random(using: &rng) ? .mirrored(paint, axis: r(0, size)) : paint
}

@Suite("SIMD kernel against the scalar reference")
struct KernelEquivalenceTests {
    /// Renders `list` with both kernels and returns (simd, scalar) bytes.
    func both(_ list: DrawList, width: Int, height: Int) -> ([UInt8], [UInt8]) {
        let a = Canvas(width: width, height: height), b = Canvas(width: width, height: height)
        Rasterizer(kernel: .simd).render(list, into: a, rows: 0..<height)
        Rasterizer(kernel: .scalar).render(list, into: b, rows: 0..<height)
        return (Array(UnsafeBufferPointer(start: a.pixels, count: a.byteCount)), Array(UnsafeBufferPointer(start: b.pixels, count: b.byteCount)))
    }

    /// Renders `list` into a `width` × `height` canvas with `rasterizer` (the SIMD kernel,
    /// whatever it keeps from earlier calls; the rows in two calls split at `split` when
    /// given) and with a fresh reference, and expects the same bytes.
    func expectReference(_ list: DrawList, with rasterizer: Rasterizer, width: Int, height: Int, split: Int? = nil, _ label: String) {
        let simd = Canvas(width: width, height: height), scalar = Canvas(width: width, height: height)
        if let split {
            rasterizer.render(list, into: simd, rows: 0..<split)
            rasterizer.render(list, into: simd, rows: split..<height)
        } else {
            rasterizer.render(list, into: simd, rows: 0..<height)
        }
        Rasterizer(kernel: .scalar).render(list, into: scalar, rows: 0..<height)
        let a = Array(UnsafeBufferPointer(start: simd.pixels, count: simd.byteCount))
        let b = Array(UnsafeBufferPointer(start: scalar.pixels, count: scalar.byteCount))
        #expect(a == b, "\(label): \(ImageCompare.differingPixels(a, b)) pixels differ")
    }

    @Test("bit-identical for every tail length 0 ..< lane width", arguments: 0..<8)
    func tails(tail: Int) {
        // Spans whose lengths end on every remainder, for runs, edges and gradients.
        let width = 5 * Lanes.width + tail
        var rng = SplitMix64(seed: UInt64(tail) + 11)
        for _ in 0..<20 {
            let x0 = Float.random(in: 0..<3, using: &rng)
            let shape = Shape.rectangle(x0: x0, y0: 0.3, x1: Float(width) - Float.random(in: 0..<3, using: &rng), y1: 5.7)
            let list = DrawList(base: RGBA8(r: 10, g: 200, b: 30, a: 255),
                                commands: [DrawCommand(shape: shape, paint: randomPaint(&rng, size: Float(width)),
                                                       blend: BlendMode.allCases.randomElement(using: &rng) ?? .sourceOver),
                                           DrawCommand(shape: randomShape(&rng, size: Float(width)), paint: randomPaint(&rng, size: Float(width)))])
            let (simd, scalar) = both(list, width: width, height: 6)
            #expect(simd == scalar, "tail \(tail): \(ImageCompare.differingPixels(simd, scalar)) pixels differ")
        }
    }

    @Test("bit-identical for shapes whose sides lie just outside the canvas (the SIMD kernel skips a boundary more than a pixel out)")
    func sidesJustOutside() {
        // Circles (exact arcs), slanted and vertical polygons and flattened curves whose
        // left or right side reaches from well outside the canvas to just inside it,
        // around the skip's margin of one pixel: every offset must give the reference's
        // pixels.
        let width = 24, height = 16
        let offsets: [Float] = [-3, -2, -1.5, -1.0001, -1, -0.9999, -0.5, 0, 0.5]
        for d in offsets {
            var commands: [DrawCommand] = []
            let red = Paint.solid(RGBA8(r: 250, g: 40, b: 30, a: 255)), blue = Paint.solid(RGBA8(r: 20, g: 60, b: 240, a: 200))
            // Left side at x = d (a circle's leftmost point, a vertical and a slanted edge).
            commands.append(DrawCommand(shape: .circle(centerX: d + 7, centerY: 8, radius: 7), paint: red))
            commands.append(DrawCommand(shape: Shape(polygons: [[PathPoint(x: Double(d), y: 1), PathPoint(x: 10, y: 1),
                                                                 PathPoint(x: 10, y: 6), PathPoint(x: Double(d), y: 6)]], fillRule: .nonZero), paint: blue))
            commands.append(DrawCommand(shape: Shape(polygons: [[PathPoint(x: Double(d) - 3, y: 9), PathPoint(x: 12, y: 9),
                                                                 PathPoint(x: 12, y: 15), PathPoint(x: Double(d), y: 15)]], fillRule: .nonZero), paint: blue))
            // Right side at x = width - d, mirrored.
            let right = Float(width) - d
            commands.append(DrawCommand(shape: .circle(centerX: right - 7, centerY: 8, radius: 7), paint: blue))
            commands.append(DrawCommand(shape: Shape(polygons: [[PathPoint(x: 14, y: 2), PathPoint(x: Double(right) + 3, y: 2),
                                                                 PathPoint(x: Double(right), y: 7), PathPoint(x: 14, y: 7)]], fillRule: .nonZero), paint: red))
            var curve = Path()
            curve.move(to: 13, 9)
            curve.curve(to: PathPoint(x: 13, y: 15), control1: PathPoint(x: Double(right) + 1.4, y: 8), control2: PathPoint(x: Double(right) + 1.4, y: 16))
            curve.closeSubpath()
            commands.append(DrawCommand(shape: curve.shape(), paint: red, blend: .copy))
            let (simd, scalar) = both(DrawList(base: RGBA8(r: 255, g: 255, b: 255), commands: commands), width: width, height: height)
            #expect(simd == scalar, "offset \(d): \(ImageCompare.differingPixels(simd, scalar)) pixels differ")
        }
    }

    @Test("bit-identical for random shapes, paints and blend modes", arguments: 1...6)
    func random(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) * 977)
        let size = 29
        for _ in 0..<25 {
            var commands: [DrawCommand] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                commands.append(DrawCommand(shape: randomShape(&rng, size: Float(size)), paint: randomPaint(&rng, size: Float(size)),
                                            blend: BlendMode.allCases.randomElement(using: &rng) ?? .sourceOver))
            }
            let base = Bool.random(using: &rng) ? RGBA8.transparent : RGBA8(r: 255, g: 255, b: 255)
            let (simd, scalar) = both(DrawList(base: base, commands: commands), width: size, height: size)
            #expect(simd == scalar, "\(ImageCompare.differingPixels(simd, scalar)) pixels differ")
        }
    }

    @Test("rows the SIMD kernel copies from the row above (vertical edges only) equal the reference's rows, rendered whole, as a slice and band by band", arguments: 1...4)
    func repeatedRows(seed: Int) {
        // Rectangles and vertical-sided polygons with fractional edges, starting and ending
        // inside rows and on row boundaries; a slanted or curved layer and a gradient in
        // some rows; bands of rows rendered into slices: every case where a row may or may
        // not repeat the one above.
        var rng = SplitMix64(seed: UInt64(seed) * 7919)
        func r(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo..<hi, using: &rng) }
        func y() -> Float { Bool.random(using: &rng) ? Float(Int.random(in: 0...40, using: &rng)) : r(0, 40) }
        func color() -> RGBA8 {
            RGBA8(r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng), b: .random(in: 0...255, using: &rng),
                  a: Bool.random(using: &rng) ? 255 : .random(in: 1...255, using: &rng))
        }
        let width = 37, height = 40
        for _ in 0..<30 {
            var commands: [DrawCommand] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let y0 = y(), y1 = y()
                var shape = Shape.rectangle(x0: r(-2, 20), y0: Swift.min(y0, y1), x1: r(15, 40), y1: Swift.max(y0, y1))
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    // Vertical sides with a step: a polygon of several bands.
                    var path = Path()
                    let a = r(0, 12), b = r(14, 30), top = r(0, 10), mid = y(), bottom = r(30, 40)
                    path.move(to: Double(a), Double(top))
                    path.line(to: Double(b), Double(top))
                    path.line(to: Double(b), Double(mid))
                    path.line(to: Double(b + 4.5), Double(mid))
                    path.line(to: Double(b + 4.5), Double(bottom))
                    path.line(to: Double(a), Double(bottom))
                    path.closeSubpath()
                    shape = path.shape()
                case 1:
                    // A slanted edge: never repeats.
                    var path = Path()
                    path.move(to: Double(r(0, 10)), Double(y()))
                    path.line(to: Double(r(20, 37)), Double(y()))
                    path.line(to: Double(r(0, 37)), Double(y()))
                    path.closeSubpath()
                    shape = path.shape()
                case 2:
                    shape = Shape.ring(centerX: r(5, 30), centerY: r(5, 35), inner: r(1, 4), outer: r(5, 9))
                default:
                    break
                }
                let paint: Paint = Int.random(in: 0..<5, using: &rng) == 0 ? randomPaint(&rng, size: Float(width)) : .solid(color())
                commands.append(DrawCommand(shape: shape, paint: paint, blend: BlendMode.allCases.randomElement(using: &rng) ?? .sourceOver))
            }
            let list = DrawList(base: color(), commands: commands)
            let (simd, scalar) = both(list, width: width, height: height)
            let differing = ImageCompare.differingPixels(simd, scalar)
            #expect(differing == 0, "\(differing) pixels differ")
            // A band of rows starting and ending anywhere: a repeat stops at its end.
            let from = Int.random(in: 0..<height, using: &rng), to = Int.random(in: from...height, using: &rng)
            let slice = Canvas(width: width, height: Swift.max(to - from, 1))
            Rasterizer().render(list, into: slice, rows: from..<to, originY: from)
            for row in from..<to {
                let expected = Array(scalar[(row * width * 4)..<((row + 1) * width * 4)])
                let got = Array(UnsafeBufferPointer(start: slice.pixels + (row - from) * slice.bytesPerRow, count: width * 4))
                let same = got == expected
                #expect(same, "row \(row) of \(from)..<\(to)")
            }
            // The same rows band by band (a canvas of a few rows whose row 0 moves to each
            // band's top, the list compiled once): each band as it is delivered, and the
            // bands one after another, covering the rows once.
            let band = Canvas(width: width, height: Int.random(in: 1...12, using: &rng))
            var next = from
            Rasterizer().render(list, rows: from..<to, inBandsOf: band) { part in
                #expect(part.lowerBound == next && part.count <= band.height && !part.isEmpty, "band \(part) after \(next)")
                next = part.upperBound
                for row in part {
                    let expected = Array(scalar[(row * width * 4)..<((row + 1) * width * 4)])
                    let got = Array(UnsafeBufferPointer(start: band.pixels + (row - part.lowerBound) * band.bytesPerRow, count: width * 4))
                    let same = got == expected
                    #expect(same, "row \(row) in band \(part) of \(from)..<\(to)")
                }
            }
            #expect(next == to || from == to, "bands end at \(next), not \(to)")
        }
    }

    @Test("boundaries under opaque layers above (the SIMD kernel does not look for the pieces of one hidden over its whole x-range) equal the reference", arguments: 1...4)
    func hiddenBoundaries(seed: Int) {
        // Shapes whose boundaries (slanted, vertical, arcs, a flattened curve of many
        // pieces) pass under opaque rectangles and circles above them: hidden in some rows
        // over their whole x-range, a pixel either side of it, or only in part; the
        // occluders start and end inside the shapes' bands, so a boundary skipped in the
        // rows above is looked for again below (its place among its pieces resumed). One
        // rasterizer draws frame after frame, the top layers unchanged in some (their
        // scans replayed), with rows rendered in bands.
        var rng = SplitMix64(seed: UInt64(seed) * 6151)
        func r(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo..<hi, using: &rng) }
        func color(opaque: Bool) -> RGBA8 { randomColor(&rng, opaque: opaque) }
        let width = 41, height = 36
        let rasterizer = Rasterizer(kernel: .simd)
        var occluders: [DrawCommand] = []
        for frame in 0..<24 {
            var below: [DrawCommand] = []
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let a = r(-3, 18), b = r(a + 1, 44), top = r(-2, 12), bottom = r(20, 38)
                var path = Path()
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    // Slanted sides.
                    path.move(to: Double(a), Double(top))
                    path.line(to: Double(b), Double(top))
                    path.line(to: Double(b + r(-4, 4)), Double(bottom))
                    path.line(to: Double(a + r(-4, 4)), Double(bottom))
                case 1:
                    // Vertical sides, at whole or fractional x.
                    let x0 = Bool.random(using: &rng) ? a.rounded() : a, x1 = Bool.random(using: &rng) ? b.rounded() : b
                    path.move(to: Double(x0), Double(top))
                    path.line(to: Double(x1), Double(top))
                    path.line(to: Double(x1), Double(bottom))
                    path.line(to: Double(x0), Double(bottom))
                case 2:
                    // A flattened curve of many pieces on the left.
                    path.move(to: Double(b), Double(top))
                    path.line(to: Double(b), Double(bottom))
                    path.line(to: Double(a), Double(bottom))
                    path.curve(to: PathPoint(x: Double(a), y: Double(top)), control1: PathPoint(x: Double(a + r(-6, 6)), y: Double(bottom) - 8),
                               control2: PathPoint(x: Double(a + r(-6, 6)), y: Double(top) + 8))
                default:
                    below.append(DrawCommand(shape: .circle(centerX: r(5, 36), centerY: r(5, 31), radius: r(3, 12)), paint: .solid(color(opaque: Bool.random(using: &rng)))))
                    continue
                }
                path.closeSubpath()
                below.append(DrawCommand(shape: path.shape(), paint: Int.random(in: 0..<4, using: &rng) == 0 ? randomPaint(&rng, size: Float(width)) : .solid(color(opaque: Bool.random(using: &rng))),
                                         blend: BlendMode.allCases.randomElement(using: &rng) ?? .sourceOver))
            }
            if frame % 3 == 0 {
                // New occluders: opaque rectangles starting and ending inside rows (some at
                // whole x, so that a vertical boundary's cells meet their edge) and a disc.
                occluders = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    let x0 = Bool.random(using: &rng) ? r(-2, 20).rounded() : r(-2, 20)
                    let y0 = r(-2, 20)
                    return DrawCommand(shape: .rectangle(x0: x0, y0: y0, x1: x0 + r(3, 30), y1: y0 + r(4, 30)), paint: .solid(color(opaque: true)))
                }
                if Bool.random(using: &rng) {
                    occluders.append(DrawCommand(shape: .circle(centerX: r(8, 32), centerY: r(8, 28), radius: r(6, 14)), paint: .solid(color(opaque: true))))
                }
            }
            let list = DrawList(base: color(opaque: Bool.random(using: &rng)), commands: below + occluders)
            let split = frame % 4 == 1 ? Int.random(in: 1..<height, using: &rng) : nil
            expectReference(list, with: rasterizer, width: width, height: height, split: split, "frame \(frame)")
        }
    }

    @Test("layers with straight vertical sides under changing layers above (their scans kept and replayed row after row) equal the reference", arguments: 1...4)
    func keptLayerScans(seed: Int) {
        // Tall layers whose sides are vertical over many rows (their scans hold from row
        // to row until a piece or band ends), some with a step or a slanted part, beneath
        // layers whose curved and slanted edges change every row and pass over the tall
        // layers' sides (hiding them in some rows and not in others) or end inside them;
        // translucent, erasing and gradient layers among them. Rows are rendered whole and
        // in bands, frame after frame by one rasterizer.
        var rng = SplitMix64(seed: UInt64(seed) * 3571)
        func r(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo..<hi, using: &rng) }
        func color(opaque: Bool) -> RGBA8 { randomColor(&rng, opaque: opaque) }
        let width = 43, height = 64
        let rasterizer = Rasterizer(kernel: .simd)
        for frame in 0..<16 {
            var commands: [DrawCommand] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let x0 = Bool.random(using: &rng) ? r(-3, 20).rounded() : r(-3, 20), x1 = x0 + r(2, 30)
                let y0 = r(-4, 20), y1 = r(30, 70)
                var path = Path()
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    // A step in the right side halfway down (two bands).
                    let mid = r(y0 + 1, y1 - 1)
                    path.move(to: Double(x0), Double(y0))
                    path.line(to: Double(x1), Double(y0))
                    path.line(to: Double(x1), Double(mid))
                    path.line(to: Double(x1 + r(-5, 5)), Double(mid))
                    path.line(to: Double(x1 + r(-5, 5)), Double(y1))
                    path.line(to: Double(x0), Double(y1))
                case 1:
                    // A slanted part at the bottom of the left side.
                    let mid = r(y0 + 1, y1 - 1)
                    path.move(to: Double(x0), Double(y0))
                    path.line(to: Double(x1), Double(y0))
                    path.line(to: Double(x1), Double(y1))
                    path.line(to: Double(x0 + r(-6, 6)), Double(y1))
                    path.line(to: Double(x0), Double(mid))
                default:
                    path.move(to: Double(x0), Double(y0))
                    path.line(to: Double(x1), Double(y0))
                    path.line(to: Double(x1), Double(y1))
                    path.line(to: Double(x0), Double(y1))
                }
                path.closeSubpath()
                let paint: Paint = Int.random(in: 0..<5, using: &rng) == 0 ? randomPaint(&rng, size: Float(width)) : .solid(color(opaque: Bool.random(using: &rng)))
                commands.append(DrawCommand(shape: path.shape(), paint: paint, blend: BlendMode.allCases.randomElement(using: &rng) ?? .sourceOver))
            }
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                // Above them: discs and slanted shapes, mostly opaque.
                let shape = Bool.random(using: &rng)
                    ? Shape.circle(centerX: r(0, Float(width)), centerY: r(0, Float(height)), radius: r(4, 20))
                    : randomShape(&rng, size: Float(width))
                commands.append(DrawCommand(shape: shape, paint: .solid(color(opaque: Int.random(in: 0..<4, using: &rng) > 0)),
                                            blend: Int.random(in: 0..<6, using: &rng) == 0 ? .destinationOut : .sourceOver))
            }
            let list = DrawList(base: color(opaque: Bool.random(using: &rng)), commands: commands)
            let split = frame % 3 == 1 ? Int.random(in: 1..<height, using: &rng) : nil
            expectReference(list, with: rasterizer, width: width, height: height, split: split, "frame \(frame)")
        }
    }

    @Test("frames drawn in many calls (compositions of several steps over several runs of rows, more kinds of call than the rasterizer keeps slots for) equal the reference", arguments: 1...3)
    func interleavedCalls(seed: Int) {
        // A frame is a composition of draw and layer steps (a layer step with an opacity
        // filter is drawn apart, over the rows its commands reach), rendered over four
        // runs of rows by one rasterizer, frame after frame: each step over each run is a
        // kind of call, with a slot of its own. Three steps make twelve kinds, each finding
        // its slot of the frame before; from frame 16 on, seven steps make twenty-eight and
        // more, past `CallSlots.limit`, so slots are taken over. From one frame to the
        // next a step stays as it was, changes its top or its bottom command, or loses
        // its bottom command (its top ones then equal its previous commands' top ones);
        // now and then a run of rows moves, or the runs come in the other order. Between
        // the frames, a draw list drawn on its own over each run.
        var rng = SplitMix64(seed: UInt64(seed) * 7919)
        func r(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo..<hi, using: &rng) }
        let width = 37, height = 48
        func command() -> DrawCommand {
            let shape = Bool.random(using: &rng) ? randomShape(&rng, size: Float(width))
                : .rectangle(x0: r(-2, 15).rounded(), y0: r(-2, 40), x1: r(18, 40).rounded(), y1: r(8, 50))
            let paint: Paint = Int.random(in: 0..<5, using: &rng) == 0 ? randomPaint(&rng, size: Float(width))
                : .solid(randomColor(&rng, opaque: Int.random(in: 0..<3, using: &rng) > 0))
            return DrawCommand(shape: shape, paint: paint, blend: Int.random(in: 0..<8, using: &rng) == 0 ? .destinationOut : .sourceOver)
        }
        var steps = (0..<7).map { _ in (0..<Int.random(in: 1...4, using: &rng)).map { _ in command() } }
        let layered = (0..<7).map { _ in Int.random(in: 0..<3, using: &rng) == 0 }
        let base = randomColor(&rng, opaque: true)
        var runs = [0..<7, 9..<20, 20..<31, 35..<48]
        let rasterizer = Rasterizer(kernel: .simd)
        for frame in 0..<24 {
            for k in steps.indices {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: steps[k][steps[k].count - 1] = command()
                case 1: steps[k][0] = command()
                case 2 where steps[k].count > 1: steps[k].removeFirst()
                case 3 where steps[k].count < 5: steps[k].insert(command(), at: 0)
                default: break
                }
            }
            if frame % 5 == 4 {
                let i = Int.random(in: 0..<runs.count, using: &rng)
                let start = Int.random(in: 0..<(height - 1), using: &rng)
                runs[i] = start..<Int.random(in: (start + 1)...height, using: &rng)
            }
            let count = frame < 16 ? 3 : 7
            let composition = Composition(base: base, steps: (0..<count).map { k in
                layered[k] && k > 0 ? .layer(steps[k], filters: [.opacity(0.5)]) : .draw(steps[k])
            })
            let simd = Canvas(width: width, height: height), scalar = Canvas(width: width, height: height)
            let order = frame % 3 == 2 ? Array(runs.reversed()) : runs
            let reference = Rasterizer(kernel: .scalar)
            for rows in order {
                #expect(throws: Never.self) {
                    try rasterizer.render(composition, into: simd, rows: rows)
                    try reference.render(composition, into: scalar, rows: rows)
                }
            }
            let a = Array(UnsafeBufferPointer(start: simd.pixels, count: simd.byteCount))
            let b = Array(UnsafeBufferPointer(start: scalar.pixels, count: scalar.byteCount))
            #expect(a == b, "frame \(frame): \(ImageCompare.differingPixels(a, b)) pixels differ")
            // A draw list on its own between the frames (its calls' place is 0).
            let list = DrawList(base: base, commands: steps[frame % count])
            for rows in runs { expectReference(list, with: rasterizer, width: width, height: height, split: rows.upperBound < height ? rows.upperBound : nil, "frame \(frame), list alone") }
        }
    }

    @Test("sides a few ulps off vertical, whose x rounds to the same value at a row's top and bottom, are not taken as repeating")
    func nearlyVerticalSides() {
        // A side from x = 10.5 to 10.5 + 2^-19 over 600 rows: in the first rows both ends
        // of a row round to 10.5, lower down x is 10.500001 and the edge pixel's coverage
        // quantizes to 127 instead of 128. Alone (rows copied down), under a layer whose
        // curve changes every row (the side's scan kept and replayed), and mirrored.
        let width = 40, height = 600
        let drift = Double(Float(10.5).nextUp.nextUp) - 10.5
        func side(_ x: Double, _ dx: Double, mirrored: Bool) -> Shape {
            let x0 = mirrored ? Double(width) - x : x, x1 = mirrored ? x0 - dx : x0 + dx, far = mirrored ? 2.0 : Double(width) - 2
            return Shape(polygons: [[PathPoint(x: x0, y: 0), PathPoint(x: far, y: 0), PathPoint(x: far, y: Double(height)), PathPoint(x: x1, y: Double(height))]],
                         fillRule: .nonZero)
        }
        for mirrored in [false, true] {
            for dx in [drift, -drift, 3 * drift] {
                let layer = DrawCommand(shape: side(10.5, dx, mirrored: mirrored), paint: .solid(RGBA8(r: 20, g: 90, b: 200)))
                let alone = DrawList(base: .white, commands: [layer])
                expectReference(alone, with: Rasterizer(kernel: .simd), width: width, height: height, "alone, dx \(dx), mirrored \(mirrored)")
                let curve = DrawCommand(shape: .circle(centerX: 20, centerY: 300, radius: 290), paint: .solid(RGBA8(r: 200, g: 40, b: 30, a: 120)))
                let under = DrawList(base: .white, commands: [layer, curve])
                expectReference(under, with: Rasterizer(kernel: .simd), width: width, height: height, "under a curve, dx \(dx), mirrored \(mirrored)")
            }
        }
    }

    @Test("hand-built arc pieces outside what an arc piece promises (across their centre row, side not ±1) are drawn as the reference draws them")
    func handBuiltArcs() {
        // A left side that is one arc across its centre row: its ends lie at the centre's
        // x, its middle 14 px away. Its ends off the canvas on the left (the middle
        // inside), or under an opaque rectangle (the middle outside it): neither skip may
        // take the ends' x for the side's range. And a quarter arc with side 3.
        let width = 48, height = 34
        func band(_ left: BoundaryPiece, rightX: Float) -> Shape {
            Shape(bands: [Band(y0: left.y0, y1: left.y1, left: Boundary(pieces: [left]),
                               right: Boundary(pieces: [BoundaryPiece(y0: left.y0, y1: left.y1, curve: .line(xTop: rightX, xBottom: rightX))]))])
        }
        let red = Paint.solid(RGBA8(r: 230, g: 40, b: 30)), black = Paint.solid(RGBA8(r: 0, g: 0, b: 0))
        let cases: [(String, Shape, Shape?)] = [
            ("ends off the canvas", band(BoundaryPiece(y0: 2, y1: 30, curve: .arc(centerX: -5, centerY: 16, radius: 14, side: 1)), rightX: 40), nil),
            ("ends under a rectangle", band(BoundaryPiece(y0: 2, y1: 30, curve: .arc(centerX: 20.5, centerY: 16, radius: 14, side: -1)), rightX: 44),
             .rectangle(x0: 17, y0: 0, x1: 24, y1: 34)),
            ("side 3", band(BoundaryPiece(y0: 2, y1: 16, curve: .arc(centerX: 3.25, centerY: 16, radius: 12, side: 3)), rightX: 46),
             .rectangle(x0: 0, y0: 0, x1: 6, y1: 34)),
        ]
        for (name, shape, cover) in cases {
            var commands = [DrawCommand(shape: shape, paint: red)]
            if let cover { commands.append(DrawCommand(shape: cover, paint: black)) }
            expectReference(DrawList(base: .white, commands: commands), with: Rasterizer(kernel: .simd), width: width, height: height, name)
        }
    }

    @Test("kept scans past their bound (every kept scan dropped, keeping started over) equal the reference")
    func keptScansPastTheirBound() {
        // Staircases with a vertical step every two rows: each step ends a band, so each
        // layer's scan is kept again every two rows and replayed in the next. 40 layers
        // over 2 000 rows keep 40 000 scans, about 70 000 spans: past the 65 536 spans kept
        // in one call, where what is kept is dropped and the keeping starts over.
        let width = 64, height = 2000
        var commands: [DrawCommand] = []
        for layer in 0..<40 {
            var points: [PathPoint] = []
            let x0 = Double(layer % 8) + 0.25 * Double(layer % 4)
            for step in 0..<(height / 2) {
                let x = x0 + Double((step + layer) % 5) * 0.5
                points.append(PathPoint(x: x, y: Double(2 * step)))
                points.append(PathPoint(x: x, y: Double(2 * step + 2)))
            }
            points.append(PathPoint(x: Double(width - 1 - layer % 8), y: Double(height)))
            points.append(PathPoint(x: Double(width - 1 - layer % 8), y: 0))
            let alpha = UInt8(60 + 4 * layer)
            commands.append(DrawCommand(shape: Shape(polygons: [points], fillRule: .nonZero),
                                        paint: .solid(RGBA8(r: UInt8(6 * layer), g: 90, b: UInt8(250 - 6 * layer), a: alpha))))
        }
        // A curve on top, so that rows do not repeat as a whole.
        commands.append(DrawCommand(shape: .circle(centerX: 32, centerY: 1000, radius: 990), paint: .solid(RGBA8(r: 0, g: 0, b: 0, a: 40))))
        expectReference(DrawList(base: .white, commands: commands), with: Rasterizer(kernel: .simd), width: width, height: height, "staircases")
    }

    @Test("a band of rows rendered into a slice equals the same rows of a whole frame")
    func slices() {
        var rng = SplitMix64(seed: 42)
        let size = 40
        let commands = (0..<5).map { _ in DrawCommand(shape: randomShape(&rng, size: Float(size)), paint: randomPaint(&rng, size: Float(size))) }
        let list = DrawList(base: .white, commands: commands)
        let whole = Canvas(width: size, height: size), slice = Canvas(width: size, height: 12)
        Rasterizer().render(list, into: whole, rows: 0..<size)
        Rasterizer().render(list, into: slice, rows: 14..<26, originY: 14)
        for y in 0..<12 {
            for x in 0..<size { #expect(slice.pixel(x: x, y: y) == whole.pixel(x: x, y: y + 14)) }
        }
    }

    @Test("one rasterizer rendering bands of rows in any order (long flattened boundaries resume row to row) equals a whole frame")
    func slicesInAnyOrder() {
        // Boundaries of hundreds of pieces: the scanner resumes each one from the previous
        // row within a call and must start over (search) in every new call.
        var path = Path()
        path.addCircle(center: PathPoint(x: 31.3, y: 29.6), radius: 24.2)
        path.move(to: 2, 58)
        path.curve(to: PathPoint(x: 60, y: 3), control1: PathPoint(x: 70, y: 60), control2: PathPoint(x: -10, y: 10))
        path.closeSubpath()
        let size = 62
        let list = DrawList(base: .white, commands: [
            DrawCommand(shape: path.shape(fillRule: .evenOdd), paint: .solid(RGBA8(r: 200, g: 30, b: 90, a: 200))),
            DrawCommand(shape: path.transformed(scale: 0.8, dx: 9, dy: 4).shape(), paint: .solid(RGBA8(r: 20, g: 90, b: 250))),
        ])
        let whole = Canvas(width: size, height: size)
        Rasterizer().render(list, into: whole, rows: 0..<size)
        let rasterizer = Rasterizer()
        for rows in [40..<size, 3..<17, 17..<40, 0..<3, 25..<31] {
            let slice = Canvas(width: size, height: rows.count)
            rasterizer.render(list, into: slice, rows: rows, originY: rows.lowerBound)
            for y in rows {
                for x in 0..<size { #expect(slice.pixel(x: x, y: y - rows.lowerBound) == whole.pixel(x: x, y: y), "row \(y) of \(rows)") }
            }
        }
    }

    @Test("a gradient along x is shaded once per call: one rasterizer drawing frame after frame of moving gradients equals the reference on each")
    func rowInvariantGradientsFromCallToCall() {
        // The closing wave's kind: a horizontal gradient, mirrored, under copy and
        // source-over, moving from frame to frame at the same layer index. A row of
        // colours kept from the previous call, or from another layer, shows up here.
        let width = 45, height = 11
        let rasterizer = Rasterizer(kernel: .simd)
        for frame in 0..<6 {
            let x = Float(frame) * 5.3
            let stops = [GradientStop(RGBA8(r: 250, g: 250, b: 250), at: 0), GradientStop(RGBA8(r: 255, g: 59, b: 48, a: frame % 2 == 0 ? 255 : 140), at: 1)]
            let closing = Paint.mirrored(.linear(start: PixelPoint(x: x, y: 3), end: PixelPoint(x: x + 9, y: 3), stops: stops, interpolation: .srgb), axis: 22.5)
            let other = Paint.linear(start: PixelPoint(x: 40 - x, y: 0), end: PixelPoint(x: 30 - x, y: 0), stops: stops.reversed(), interpolation: .oklab)
            let list = DrawList(base: .white, commands: [
                DrawCommand(shape: .circle(centerX: 22.5, centerY: 5.5, radius: 9.7), paint: other),
                DrawCommand(shape: .rectangle(x0: 0.4, y0: 1.25, x1: 44.2, y1: 9.5), paint: closing, blend: frame % 3 == 0 ? .sourceOver : .copy),
            ])
            expectReference(list, with: rasterizer, width: width, height: height, "frame \(frame)")
        }
    }

    @Test("one rasterizer drawing frame after frame under the same top layers (their scans recorded, then replayed) equals the reference on each frame", arguments: 1...3)
    func unchangedTopLayers(seed: Int) {
        // Top layers that stay while the layers below them move, as the notch waves'
        // cutout and corner mask do: an opaque rectangle (vertical edges only, so rows
        // below it may repeat), arcs that stop rows from repeating, translucent and
        // erasing layers. Now and then a top layer changes (what was recorded for it and
        // the layers below it is forgotten), or only its paint does (opaque or not: what
        // the layers below need not compute), the rows rendered or the canvas width
        // change, or the layers below are rectangles only (rows repeat unless a top
        // layer's replayed scan says they do not).
        var rng = SplitMix64(seed: UInt64(seed) * 131)
        let size = 31
        let rasterizer = Rasterizer(kernel: .simd)
        let black = Paint.solid(RGBA8(r: 0, g: 0, b: 0)), translucentBlack = Paint.solid(RGBA8(r: 0, g: 0, b: 0, a: 120))
        var top = [
            DrawCommand(shape: .circle(centerX: 15.5, centerY: 12.25, radius: 9.6), paint: .solid(RGBA8(r: 30, g: 40, b: 220, a: 170))),
            DrawCommand(shape: .rectangle(x0: 2.5, y0: 0, x1: 11.25, y1: 26.5), paint: black),
            DrawCommand(shape: waveShape(x0: 6, y0: 14.3, width: 20, height: 12, rt: 3.5, rb: 5), paint: .solid(RGBA8(r: 0, g: 0, b: 0)), blend: .destinationOut),
        ]
        for frame in 0..<30 {
            if frame % 9 == 8 {
                top[Int.random(in: 0..<top.count, using: &rng)] = DrawCommand(shape: randomShape(&rng, size: Float(size)), paint: randomPaint(&rng, size: Float(size)),
                                                                               blend: BlendMode.allCases.randomElement(using: &rng) ?? .sourceOver)
            }
            if frame % 6 == 2, top[1].paint == black || top[1].paint == translucentBlack {
                // The rectangle over the circle turns translucent or opaque again: the
                // circle's scan, same shape, must not be replayed.
                top[1].paint = top[1].paint == black ? translucentBlack : black
            }
            let rectanglesOnly = frame % 4 == 3
            let moving = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                let x0 = Float.random(in: 0..<20, using: &rng), y0 = Float.random(in: 0..<20, using: &rng)
                let shape = rectanglesOnly ? Shape.rectangle(x0: x0, y0: y0, x1: x0 + 9, y1: y0 + 10) : randomShape(&rng, size: Float(size))
                return DrawCommand(shape: shape, paint: rectanglesOnly ? .solid(RGBA8(r: 240, g: 90, b: 20)) : randomPaint(&rng, size: Float(size)))
            }
            let list = DrawList(base: RGBA8(r: 255, g: 255, b: 255), commands: moving + top)
            let rows = frame % 10 == 5 ? 4..<23 : 0..<size
            let width = frame % 7 == 3 ? size - 6 : size
            let simd = Canvas(width: width, height: size), scalar = Canvas(width: width, height: size)
            rasterizer.render(list, into: simd, rows: rows)
            Rasterizer(kernel: .scalar).render(list, into: scalar, rows: rows)
            let a = Array(UnsafeBufferPointer(start: simd.pixels, count: simd.byteCount))
            let b = Array(UnsafeBufferPointer(start: scalar.pixels, count: scalar.byteCount))
            #expect(a == b, "frame \(frame): \(ImageCompare.differingPixels(a, b)) pixels differ")
        }
    }
}
