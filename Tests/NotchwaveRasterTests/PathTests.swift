import Foundation
import Testing
import NotchwaveRaster
import TestSupport

/// The area a canvas's alpha says is covered, in square pixels.
private func coveredArea(_ canvas: Canvas) -> Double {
    var sum = 0
    for y in 0..<canvas.height {
        for x in 0..<canvas.width { sum += Int(canvas.pixel(x: x, y: y).a) }
    }
    return Double(sum) / 255
}

/// ½∮(x dy − y dx) along a cubic Bézier, by composite Simpson's rule on its exact
/// derivative (the integrand is a polynomial of degree 5, so 200 intervals are exact to
/// rounding). Independent of the renderer's flattening.
private func greenIntegral(_ p0: PathPoint, _ c1: PathPoint, _ c2: PathPoint, _ p3: PathPoint) -> Double {
    func point(_ t: Double) -> (Double, Double, Double, Double) {
        let u = 1 - t
        let x = u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x
        let y = u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y
        let dx = 3 * u * u * (c1.x - p0.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (p3.x - c2.x)
        let dy = 3 * u * u * (c1.y - p0.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (p3.y - c2.y)
        return (x, y, dx, dy)
    }
    let n = 200
    var sum = 0.0
    for i in 0...n {
        let (x, y, dx, dy) = point(Double(i) / Double(n))
        let weight: Double = (i == 0 || i == n) ? 1 : (i % 2 == 1 ? 4 : 2)
        sum += weight * (x * dy - y * dx)
    }
    return 0.5 * sum / (3 * Double(n))
}

/// ½∮(x dy − y dx) along a straight segment.
private func greenLine(_ a: PathPoint, _ b: PathPoint) -> Double { 0.5 * (a.x * b.y - b.x * a.y) }

/// The exact area of a simple polygon inside the unit pixel at (px, py): the polygon
/// clipped to the pixel square (Sutherland–Hodgman), then the shoelace formula.
private func clippedArea(_ polygon: [PathPoint], px: Int, py: Int) -> Double {
    var poly = polygon
    let x0 = Double(px), x1 = Double(px + 1), y0 = Double(py), y1 = Double(py + 1)
    let planes: [(PathPoint) -> Double] = [{ $0.x - x0 }, { x1 - $0.x }, { $0.y - y0 }, { y1 - $0.y }]
    for inside in planes {
        var out: [PathPoint] = []
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let da = inside(a), db = inside(b)
            if da >= 0 { out.append(a) }
            if (da >= 0) != (db >= 0) {
                let t = da / (da - db)
                out.append(PathPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        poly = out
        if poly.isEmpty { return 0 }
    }
    var s = 0.0
    for i in poly.indices {
        let a = poly[i], b = poly[(i + 1) % poly.count]
        s += a.x * b.y - b.x * a.y
    }
    return abs(s) / 2
}

/// Distance from p to the segment ab.
private func distance(_ p: PathPoint, _ a: PathPoint, _ b: PathPoint) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
    let qx = a.x + t * dx - p.x, qy = a.y + t * dy - p.y
    return (qx * qx + qy * qy).squareRoot()
}

@Suite("Paths and strokes")
struct PathTests {
    @Test("a circle path covers π r² within 0.5 %", arguments: [8.3, 17.0, 40.7])
    func circleArea(radius: Double) {
        var path = Path()
        path.addCircle(center: PathPoint(x: 45.37, y: 46.81), radius: radius)
        let area = coveredArea(coverageCanvas(path.shape(), width: 92, height: 94))
        let exact = Double.pi * radius * radius
        #expect(abs(area - exact) / exact < 0.005, "\(area) vs \(exact)")
    }

    @Test("a cubic Bézier closed by its chord covers the area Green's theorem gives, within 0.5 %")
    func cubicArea() {
        let shapes: [[PathPoint]] = [
            [PathPoint(x: 5, y: 40), PathPoint(x: 10, y: 2), PathPoint(x: 50, y: 5), PathPoint(x: 58, y: 38)],
            [PathPoint(x: 3.3, y: 3.7), PathPoint(x: 60, y: 10), PathPoint(x: 55, y: 40), PathPoint(x: 8.5, y: 57.2)],
            [PathPoint(x: 20, y: 60), PathPoint(x: 0, y: 0), PathPoint(x: 64, y: 10), PathPoint(x: 30, y: 61)],
        ]
        for s in shapes {
            var path = Path()
            path.move(to: s[0].x, s[0].y)
            path.curve(to: s[3], control1: s[1], control2: s[2])
            path.closeSubpath()
            let exact = abs(greenIntegral(s[0], s[1], s[2], s[3]) + greenLine(s[3], s[0]))
            let area = coveredArea(coverageCanvas(path.shape(), width: 70, height: 70))
            #expect(abs(area - exact) / exact < 0.005, "\(s): \(area) vs \(exact)")
        }
    }

    @Test("LiquidSwipe's ten-segment bump covers its Green's-theorem area within 0.5 %")
    func waveBumpArea() {
        // Section 3.4's normalised bump, scaled to hr = 37, vr = 45, from (ledge, curveStartY).
        let data: [Double] = [
            0, 0.13461, 0.05341, 0.24127, 0.15615, 0.33223, 0.23616, 0.40308, 0.33052, 0.45611, 0.50124, 0.53505,
            0.51587, 0.54182, 0.56641, 0.56503, 0.57493, 0.56896, 0.72837, 0.63973, 0.80866, 0.68334, 0.87740, 0.73990,
            0.96534, 0.81226, 1, 0.89361, 1, 1, 1, 1.10014, 0.95957, 1.18879, 0.86084, 1.27048,
            0.78521, 1.33305, 0.70338, 1.37958, 0.52911, 1.46651, 0.52418, 1.46896, 0.50573, 1.47816, 0.50153, 1.48026,
            0.31874, 1.57142, 0.23320, 1.62041, 0.15411, 1.68740, 0.05099, 1.77475, 0, 1.87092, 0, 2,
        ]
        let ledge = 10.25, hr = 37.0, vr = 45.0, start = 95.5, height = 120.0
        func p(_ i: Int) -> PathPoint { PathPoint(x: ledge + hr * data[i], y: start - vr * data[i + 1]) }
        var path = Path()
        path.move(to: ledge, 0)
        path.line(to: 0, 0)
        path.line(to: 0, height)
        path.line(to: ledge, height)
        path.line(to: ledge, start)
        var exact = greenLine(PathPoint(x: ledge, y: 0), PathPoint(x: 0, y: 0)) + greenLine(PathPoint(x: 0, y: 0), PathPoint(x: 0, y: height))
            + greenLine(PathPoint(x: 0, y: height), PathPoint(x: ledge, y: height)) + greenLine(PathPoint(x: ledge, y: height), PathPoint(x: ledge, y: start))
        var current = PathPoint(x: ledge, y: start)
        for k in 0..<10 {
            let c1 = p(6 * k), c2 = p(6 * k + 2), end = p(6 * k + 4)
            path.curve(to: end, control1: c1, control2: c2)
            exact += greenIntegral(current, c1, c2, end)
            current = end
        }
        exact += greenLine(current, PathPoint(x: ledge, y: 0))
        path.closeSubpath()
        let area = coveredArea(coverageCanvas(path.shape(), width: 60, height: 124))
        #expect(abs(area - abs(exact)) / abs(exact) < 0.005, "\(area) vs \(exact)")
    }

    @Test("a quadratic segment and its chord enclose ⅔ of the control triangle (Archimedes)")
    func quadraticArea() {
        let a = PathPoint(x: 4.5, y: 50), c = PathPoint(x: 31, y: 2.25), b = PathPoint(x: 58, y: 47)
        var path = Path()
        path.move(to: a.x, a.y)
        path.quadCurve(to: b, control: c)
        path.closeSubpath()
        let triangle = abs((c.x - a.x) * (b.y - a.y) - (b.x - a.x) * (c.y - a.y)) / 2
        let area = coveredArea(coverageCanvas(path.shape(), width: 64, height: 64))
        #expect(abs(area - 2 * triangle / 3) / (2 * triangle / 3) < 0.005, "\(area) vs \(2 * triangle / 3)")
    }

    @Test("a pentagram: non-zero fills the middle pentagon, even-odd leaves it out (closed-form areas)")
    func pentagram() {
        let R = 30.0, cx = 32.3, cy = 33.1
        var path = Path()
        for i in 0..<5 {
            let angle = -Double.pi / 2 + Double(i * 2) * 2 * Double.pi / 5
            let x = cx + R * cos(angle), y = cy + R * sin(angle)
            if i == 0 { path.move(to: x, y) } else { path.line(to: x, y) }
        }
        path.closeSubpath()
        let ri = R * cos(2 * Double.pi / 5) / cos(Double.pi / 5)                 // inner pentagon's circumradius
        let pentagon = 2.5 * ri * ri * sin(2 * Double.pi / 5)
        let side = 2 * ri * sin(Double.pi / 5)
        let points = 5 * 0.5 * side * (R - ri * cos(Double.pi / 5))
        let nonZero = coverageCanvas(path.shape(fillRule: .nonZero), width: 66, height: 66)
        let evenOdd = coverageCanvas(path.shape(fillRule: .evenOdd), width: 66, height: 66)
        #expect(abs(coveredArea(nonZero) - (pentagon + points)) / (pentagon + points) < 0.005)
        #expect(abs(coveredArea(evenOdd) - points) / points < 0.005)
        #expect(nonZero.pixel(x: 32, y: 33).a == 255)
        #expect(evenOdd.pixel(x: 32, y: 33).a == 0)
    }

    @Test("two overlapping squares in one path: union under non-zero, union minus overlap under even-odd, pixel for pixel")
    func overlappingSquares() {
        var path = Path()
        path.addRect(x0: 5.5, y0: 5.5, x1: 35.5, y1: 35.5)
        path.addRect(x0: 20.25, y0: 18.75, x1: 50.25, y1: 48.75)
        // Per pixel: |A ∩ P| + |B ∩ P| − k |A ∩ B ∩ P|, k = 1 (union) or 2 (symmetric difference).
        func overlap(_ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
            (max(a.0, b.0), max(a.1, b.1), min(a.2, b.2), min(a.3, b.3))
        }
        func area(_ r: (Double, Double, Double, Double)) -> Double { max(0, r.2 - r.0) * max(0, r.3 - r.1) }
        let a = (5.5, 5.5, 35.5, 35.5), b = (20.25, 18.75, 50.25, 48.75), ab = overlap(a, b)
        for (rule, k) in [(FillRule.nonZero, 1.0), (.evenOdd, 2.0)] {
            let canvas = coverageCanvas(path.shape(fillRule: rule), width: 56, height: 56)
            for y in 0..<56 {
                for x in 0..<56 {
                    let pixel = (Double(x), Double(y), Double(x + 1), Double(y + 1))
                    let expected = area(overlap(a, pixel)) + area(overlap(b, pixel)) - k * area(overlap(ab, pixel))
                    let got = Double(canvas.pixel(x: x, y: y).a) / 255
                    #expect(abs(got - expected) <= 1.0 / 255, "\(rule) (\(x), \(y)): \(got) vs \(expected)")
                }
            }
        }
    }

    @Test("random simple polygons: every pixel's coverage equals the polygon clipped to the pixel")
    func polygonsAgainstClipping() {
        var rng = SplitMix64(seed: 0x5EED_0013)
        for _ in 0..<12 {
            // A star-shaped (hence simple) polygon around a centre, with random radii.
            let n = Int.random(in: 3...14, using: &rng)
            let cx = Double.random(in: 14...18, using: &rng), cy = Double.random(in: 14...18, using: &rng)
            var polygon: [PathPoint] = []
            for i in 0..<n {
                let angle = 2 * Double.pi * (Double(i) + Double.random(in: 0..<0.8, using: &rng)) / Double(n)
                let r = Double.random(in: 2...13, using: &rng)
                polygon.append(PathPoint(x: cx + r * cos(angle), y: cy + r * sin(angle)))
            }
            if Bool.random(using: &rng) { polygon.reverse() }
            var path = Path()
            path.move(to: polygon[0].x, polygon[0].y)
            for p in polygon.dropFirst() { path.line(to: p.x, p.y) }
            path.closeSubpath()
            let canvas = coverageCanvas(path.shape(fillRule: Bool.random(using: &rng) ? .nonZero : .evenOdd), width: 32, height: 32)
            for y in 0..<32 {
                for x in 0..<32 {
                    let expected = clippedArea(polygon, px: x, py: y)
                    let got = Double(canvas.pixel(x: x, y: y).a) / 255
                    #expect(abs(got - expected) <= 1.0 / 255 + 1e-3, "pixel (\(x), \(y)): \(got) vs \(expected)")
                }
            }
        }
    }

    @Test("round-joined, round-capped strokes match the points within half the width of the polyline (supersampled)")
    func roundStrokeAgainstDistance() {
        let points = [PathPoint(x: 6.3, y: 8.1), PathPoint(x: 40.2, y: 14.7), PathPoint(x: 12.5, y: 30.4), PathPoint(x: 44.9, y: 41.6)]
        let width = 5.5
        var path = Path()
        path.move(to: points[0].x, points[0].y)
        for p in points.dropFirst() { path.line(to: p.x, p.y) }
        let canvas = coverageCanvas(path.strokedShape(StrokeStyle(width: width, cap: .round, join: .round)), width: 52, height: 50)
        let n = 16
        var worst = 0.0, total = 0.0
        for y in 0..<50 {
            for x in 0..<52 {
                var inside = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let p = PathPoint(x: Double(x) + (Double(sx) + 0.5) / Double(n), y: Double(y) + (Double(sy) + 0.5) / Double(n))
                        let d = (0..<(points.count - 1)).map { distance(p, points[$0], points[$0 + 1]) }.min() ?? .infinity
                        if d <= width / 2 { inside += 1 }
                    }
                }
                let expected = Double(inside) / Double(n * n)
                let got = Double(canvas.pixel(x: x, y: y).a) / 255
                worst = max(worst, abs(got - expected))
                total += abs(got - expected)
            }
        }
        // 256 samples per pixel resolve coverage to about 1/16 along an edge.
        #expect(worst < 0.07, "worst pixel differs by \(worst)")
        #expect(total / Double(52 * 50) < 0.004, "mean difference \(total / Double(52 * 50))")
    }

    /// The L [10,43]×[7,13] ∪ [37,43]×[7,40] is 360 px²; a bevel cuts a 3×3 half square off
    /// its outer corner, a round join replaces that 3×3 square with a quarter disc.
    static let corners: [(StrokeStyle.Join, Double)] = [(.miter, 360), (.bevel, 355.5), (.round, 351 + 2.25 * Double.pi)]

    @Test("a right-angled corner: miter, bevel and round joins cover their closed-form areas", arguments: corners)
    func cornerJoins(join: StrokeStyle.Join, expected: Double) {
        // (10,10) → (40,10) → (40,40), width 6, butt caps: the L [10,43]×[7,13] ∪ [37,43]×[7,40].
        var path = Path()
        path.move(to: 10, 10)
        path.line(to: 40, 10)
        path.line(to: 40, 40)
        let area = coveredArea(coverageCanvas(path.strokedShape(StrokeStyle(width: 6, cap: .butt, join: join)), width: 50, height: 50))
        #expect(abs(area - expected) < 0.05, "\(area) vs \(expected)")
    }

    @Test("a square-capped segment is the rectangle it closes in on, pixel for pixel")
    func squareCaps() {
        var path = Path()
        path.move(to: 10.25, 20.5)
        path.line(to: 50.75, 20.5)
        let stroke = coverageCanvas(path.strokedShape(StrokeStyle(width: 4.5, cap: .square)), width: 60, height: 30)
        let rectangle = coverageCanvas(.rectangle(x0: 8, y0: 18.25, x1: 53, y1: 22.75), width: 60, height: 30)
        for y in 0..<30 {
            for x in 0..<60 {
                #expect(abs(Int(stroke.pixel(x: x, y: y).a) - Int(rectangle.pixel(x: x, y: y).a)) <= 1, "(\(x), \(y))")
            }
        }
    }

    @Test("the miter limit bevels sharp corners (Core Graphics' 1/sin(θ/2) rule)")
    func miterLimit() {
        // Segments meeting at 20°: miter ratio 1/sin(10°) ≈ 5.76; limit 10 keeps the miter,
        // limit 4 bevels it, and the miter tip adds the closed-form kite area.
        let theta = 20 * Double.pi / 180
        var path = Path()
        path.move(to: 5, 40)
        path.line(to: 60, 40)
        path.line(to: 60 - 55 * cos(theta), 40 - 55 * sin(theta))
        let hw = 2.0
        let mitered = coveredArea(coverageCanvas(path.strokedShape(StrokeStyle(width: 2 * hw, join: .miter, miterLimit: 10)), width: 80, height: 60))
        let bevelled = coveredArea(coverageCanvas(path.strokedShape(StrokeStyle(width: 2 * hw, join: .miter, miterLimit: 4)), width: 80, height: 60))
        let bevel = coveredArea(coverageCanvas(path.strokedShape(StrokeStyle(width: 2 * hw, join: .bevel)), width: 80, height: 60))
        // The miter beyond the bevel: a triangle with the bevel's chord as base.
        let phi = Double.pi - theta                                   // angle between the normals
        let chord = 2 * hw * sin(phi / 2)
        let tip = hw / cos(phi / 2) - hw * cos(phi / 2)
        #expect(abs(bevelled - bevel) < 0.01)
        #expect(abs((mitered - bevel) - chord * tip / 2) < 0.05, "\(mitered - bevel) vs \(chord * tip / 2)")
    }

    @Test("a ring of exact arcs covers π(R² − r²) and matches the general stroker's stroked circle")
    func ring() {
        let ring = Shape.ring(centerX: 30.3, centerY: 29.7, inner: 20.5, outer: 23.5)
        let area = coveredArea(coverageCanvas(ring, width: 60, height: 60))
        let exact = Double.pi * (23.5 * 23.5 - 20.5 * 20.5)
        #expect(abs(area - exact) / exact < 0.002, "\(area) vs \(exact)")
        var circle = Path()
        circle.addCircle(center: PathPoint(x: 30.3, y: 29.7), radius: 22)
        let stroked = coverageCanvas(circle.strokedShape(StrokeStyle(width: 3)), width: 60, height: 60)
        let exactRing = coverageCanvas(ring, width: 60, height: 60)
        for y in 0..<60 {
            for x in 0..<60 {
                // The stroker's flattened circle lies within 1/64 px of the true one.
                #expect(abs(Int(stroked.pixel(x: x, y: y).a) - Int(exactRing.pixel(x: x, y: y).a)) <= 9, "(\(x), \(y))")
            }
        }
    }

    @Test("paths and strokes: SIMD and scalar kernels agree bit for bit")
    func kernelsAgree() {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<20 {
            var path = Path()
            path.move(to: Double.random(in: 0..<40, using: &rng), Double.random(in: 0..<40, using: &rng))
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                func p() -> PathPoint { PathPoint(x: Double.random(in: -5..<45, using: &rng), y: Double.random(in: -5..<45, using: &rng)) }
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: let q = p(); path.line(to: q.x, q.y)
                case 1: path.quadCurve(to: p(), control: p())
                default: path.curve(to: p(), control1: p(), control2: p())
                }
            }
            let shapes = [path.shape(fillRule: .nonZero), path.shape(fillRule: .evenOdd),
                          path.strokedShape(StrokeStyle(width: Double.random(in: 0.3..<6, using: &rng), cap: .round, join: .miter))]
            for shape in shapes {
                let simd = coverageCanvas(shape, width: 40, height: 40, kernel: .simd)
                let scalar = coverageCanvas(shape, width: 40, height: 40, kernel: .scalar)
                #expect(simd.straightBytes() == scalar.straightBytes())
            }
        }
    }

    @Test("coordinates that are not finite or absurdly large are dropped or bounded, never a crash")
    func hostileCoordinates() {
        var path = Path()
        path.move(to: 1, 1)
        path.line(to: .nan, 5)
        path.line(to: 20, .infinity)
        path.curve(to: PathPoint(x: 1e300, y: -1e300), control1: PathPoint(x: 5, y: 1e17), control2: PathPoint(x: -1e17, y: 3))
        path.addArc(center: PathPoint(x: 10, y: 10), radius: 1e12, startAngle: 0, endAngle: 6, clockwise: false)
        path.line(to: 30, 30)
        path.closeSubpath()
        _ = coverageCanvas(path.shape(), width: 16, height: 16)
        _ = coverageCanvas(path.strokedShape(StrokeStyle(width: 3, cap: .round, join: .round)), width: 16, height: 16)
    }
}
