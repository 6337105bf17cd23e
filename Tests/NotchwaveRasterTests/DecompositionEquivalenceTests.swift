import Testing
import NotchwaveRaster
import TestSupport

/// The optimised path-to-shape code (flattening, strokes, polygon decomposition) gives
/// exactly the shapes the pre-optimisation code gave: the same bands and pieces in the same
/// order, every `Float` with the same bits (NaN and -0 included, which `==` would blur).
/// The reference is `LegacyGeometry` (TestSupport), a verbatim copy of the old code. The
/// inputs are seeded random polygons and paths of every kind the decomposition has to
/// survive: self-intersections, both fill rules, horizontal edges, repeated and collinear
/// vertices, coordinates on a coarse grid (many exact ties), NaN, infinities, huge values
/// and -0; curves, arcs and circles; strokes with every cap and join.
/// Counts the cases whose shapes differ in any bit, recording the first few.
private struct Mismatches {
    private(set) var count = 0

    mutating func check(_ optimised: Shape, _ reference: Shape, _ what: @autoclosure () -> String) {
        guard LegacyGeometry.bits(optimised) != LegacyGeometry.bits(reference) else { return }
        count += 1
        if count <= 3 { Issue.record(Comment(rawValue: what())) }
    }
}

@Suite("Decomposition against the pre-optimisation reference")
struct DecompositionEquivalenceTests {
    /// A coordinate: mostly ordinary (on a coarse grid for ties, or anywhere), sometimes
    /// hostile.
    static func coordinate(_ rng: inout SplitMix64, hostile: Bool, unusable: Bool = false) -> Double {
        switch Int.random(in: 0..<16, using: &rng) {
        case 0..<6: return Double(Int.random(in: 0...6, using: &rng)) * 4
        case 6..<8: return Double(Int.random(in: -2...34, using: &rng)) * 0.5
        case 15 where hostile:
            return [Double.nan, .infinity, -.infinity, 1e17, -1e17, 1e300, -1.7e308, -0.0, 3e38, 16_777_217,
                    .leastNonzeroMagnitude, 1e-300].randomElement(using: &rng) ?? 0
        case 15 where unusable:
            // Paths get only values that leave an element out or change nothing: a curve
            // from a huge point is cut into the most segments there are (slow), or, past
            // about 1e40, traps converting its segment count (both old and new code).
            return [Double.nan, .infinity, -.infinity, -0.0].randomElement(using: &rng) ?? 0
        default: return Double.random(in: -3..<27, using: &rng)
        }
    }

    static func point(_ rng: inout SplitMix64, hostile: Bool, unusable: Bool = false) -> PathPoint {
        PathPoint(x: coordinate(&rng, hostile: hostile, unusable: unusable), y: coordinate(&rng, hostile: hostile, unusable: unusable))
    }

    /// 1 to 4 polygons of 0 to 12 vertices; now and then a vertex is repeated.
    static func randomPolygons(_ rng: inout SplitMix64, hostile: Bool) -> [[PathPoint]] {
        (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            var polygon: [PathPoint] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                if let last = polygon.last, Int.random(in: 0..<6, using: &rng) == 0 {
                    polygon.append(last)
                } else {
                    polygon.append(point(&rng, hostile: hostile))
                }
            }
            return polygon
        }
    }

    /// A path of random elements: moves, lines, quadratic and cubic curves, arcs (small
    /// radii, so flattening stays a few hundred segments), circles, rectangles and closes;
    /// with `unusable`, some points are NaN, infinite or -0.
    static func randomPath(_ rng: inout SplitMix64, unusable: Bool, elements: ClosedRange<Int> = 1...10) -> Path {
        var path = Path()
        for _ in 0..<Int.random(in: elements, using: &rng) {
            switch Int.random(in: 0..<9, using: &rng) {
            case 0: let p = point(&rng, hostile: false, unusable: unusable); path.move(to: p.x, p.y)
            case 1, 2: let p = point(&rng, hostile: false, unusable: unusable); path.line(to: p.x, p.y)
            case 3: path.quadCurve(to: point(&rng, hostile: false), control: point(&rng, hostile: false))
            case 4: path.curve(to: point(&rng, hostile: false), control1: point(&rng, hostile: false), control2: point(&rng, hostile: false))
            case 5:
                path.addArc(center: point(&rng, hostile: false), radius: Double.random(in: 0...12, using: &rng),
                            startAngle: Double.random(in: -7...7, using: &rng), endAngle: Double.random(in: -7...7, using: &rng),
                            clockwise: Bool.random(using: &rng))
            case 6: path.addCircle(center: point(&rng, hostile: false), radius: Double.random(in: 0...10, using: &rng))
            case 7:
                let a = point(&rng, hostile: false, unusable: unusable), b = point(&rng, hostile: false)
                path.addRect(x0: a.x, y0: a.y, x1: b.x, y1: b.y)
            default: path.closeSubpath()
            }
        }
        return path
    }

    @Test("random polygons, both fill rules, hostile vertices included", arguments: 1...4)
    func polygons(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9)
        var mismatches = Mismatches()
        for round in 0..<1_000 {
            let polygons = Self.randomPolygons(&rng, hostile: round % 3 == 2)
            for rule in [FillRule.nonZero, .evenOdd] {
                mismatches.check(Shape(polygons: polygons, fillRule: rule), LegacyGeometry.shape(polygons: polygons, fillRule: rule),
                                 "seed \(seed) round \(round) \(rule): \(polygons)")
            }
        }
        #expect(mismatches.count == 0)
    }

    @Test("random paths of lines, curves, arcs and circles, several tolerances", arguments: 1...3)
    func paths(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 0xB5AD_4ECE)
        var mismatches = Mismatches()
        for round in 0..<700 {
            let path = Self.randomPath(&rng, unusable: round % 4 == 3)
            let tolerance = [Path.defaultTolerance, 1e-3, 0.25, 2, 0, -1, .nan][round % 7]
            for rule in [FillRule.nonZero, .evenOdd] {
                mismatches.check(path.shape(fillRule: rule, tolerance: tolerance), LegacyGeometry.shape(path, fillRule: rule, tolerance: tolerance),
                                 "seed \(seed) round \(round) \(rule) tolerance \(tolerance): \(path)")
            }
        }
        #expect(mismatches.count == 0)
    }

    @Test("circles and arcs from tiny to large radii")
    func circles() {
        var rng = SplitMix64(seed: 0xC1C1E)
        for round in 0..<300 {
            var path = Path()
            let center = PathPoint(x: Double.random(in: -50...50, using: &rng), y: Double.random(in: -50...50, using: &rng))
            let radius = [0, 1e-9, 0.3, 1, 7.5, 40, 400][round % 7] * Double.random(in: 0.5...1.5, using: &rng)
            if round % 2 == 0 {
                path.addCircle(center: center, radius: radius)
            } else {
                path.move(to: center.x, center.y)
                path.addArc(center: center, radius: radius, startAngle: Double.random(in: -7...7, using: &rng),
                            endAngle: Double.random(in: -7...7, using: &rng), clockwise: Bool.random(using: &rng))
                path.closeSubpath()
            }
            let tolerance = [Path.defaultTolerance, 1e-3, 0.5][round % 3]
            #expect(LegacyGeometry.bits(path.shape(tolerance: tolerance)) == LegacyGeometry.bits(LegacyGeometry.shape(path, tolerance: tolerance)),
                    "round \(round): \(path)")
        }
    }

    @Test("strokes: every cap and join, open and closed, curves and lone points", arguments: 1...3)
    func strokes(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x5EED_57)
        var mismatches = Mismatches()
        let caps: [StrokeStyle.Cap] = [.butt, .round, .square], joins: [StrokeStyle.Join] = [.miter, .round, .bevel]
        for round in 0..<500 {
            // Short paths at a coarser tolerance: a stroke is a union of many overlapping
            // pieces, whose crossings grow with the square of the segments.
            let path = Self.randomPath(&rng, unusable: round % 5 == 4, elements: 1...5)
            let style = StrokeStyle(width: [0.5, 1, 2, 6, 0, -1][round % 6] * Double.random(in: 0.8...1.2, using: &rng),
                                    cap: caps[round % 3], join: joins[(round / 3) % 3], miterLimit: [1, 2, 10][(round / 9) % 3])
            let tolerance = round % 4 == 0 ? Path.defaultTolerance : 0.1
            mismatches.check(path.strokedShape(style, tolerance: tolerance), LegacyGeometry.strokedShape(path, style, tolerance: tolerance),
                             "seed \(seed) round \(round) \(style): \(path)")
        }
        #expect(mismatches.count == 0)
    }

    @Test("straight paths with hostile points (NaN, infinite, huge), filled and stroked")
    func hostileStraightPaths() {
        var rng = SplitMix64(seed: 0x4057_11E)
        var mismatches = Mismatches()
        for round in 0..<600 {
            var path = Path()
            for polygon in Self.randomPolygons(&rng, hostile: true) {
                for (i, p) in polygon.enumerated() {
                    if i == 0 { path.move(to: p.x, p.y) } else { path.line(to: p.x, p.y) }
                }
                if Bool.random(using: &rng) { path.closeSubpath() }
            }
            let style = StrokeStyle(width: 1.5, cap: round % 2 == 0 ? .square : .butt, join: round % 3 == 0 ? .bevel : .miter)
            let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
            mismatches.check(path.shape(fillRule: rule), LegacyGeometry.shape(path, fillRule: rule), "round \(round) \(rule): \(path)")
            mismatches.check(path.strokedShape(style), LegacyGeometry.strokedShape(path, style), "round \(round) \(style): \(path)")
        }
        #expect(mismatches.count == 0)
    }

    /// Outlines of many parts side by side, as a line of text is: slabs of dozens of edges,
    /// which are put in order from the previous slab's order rather than one by one. With
    /// repeated parts (edges that tie), parts that overlap and cross, and now and then an
    /// edge whose x is NaN inside the slab (huge x and y), whose place depends on the order
    /// of insertion.
    @Test("many parts side by side: slabs of many edges, ties, crossings and NaN", arguments: 1...3)
    func manyParts(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x7E47_11E5)
        var mismatches = Mismatches()
        for round in 0..<150 {
            var polygons: [[PathPoint]] = []
            let parts = Int.random(in: 8...30, using: &rng)
            for part in 0..<parts {
                let x = Double(part) * Double.random(in: 2...9, using: &rng)
                let grid = round % 2 == 0
                func p(_ dx: Double, _ y: Double) -> PathPoint {
                    PathPoint(x: grid ? (x + dx).rounded() : x + dx, y: grid ? y.rounded() : y)
                }
                let top = Double.random(in: -4...4, using: &rng), bottom = Double.random(in: 8...20, using: &rng)
                var polygon = [p(0, top), p(Double.random(in: 1...12, using: &rng), top + Double.random(in: 0...6, using: &rng)),
                               p(Double.random(in: 1...12, using: &rng), bottom), p(Double.random(in: -3...3, using: &rng), bottom - 2)]
                if Bool.random(using: &rng) { polygon.reverse() }
                polygons.append(polygon)
                if Int.random(in: 0..<5, using: &rng) == 0 { polygons.append(polygon) }
            }
            if round % 3 == 2 {
                polygons.append([PathPoint(x: -1.7e308, y: -1.7e308), PathPoint(x: 1.7e308, y: 1.7e308), PathPoint(x: 1e300, y: 9)])
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                mismatches.check(Shape(polygons: polygons, fillRule: rule), LegacyGeometry.shape(polygons: polygons, fillRule: rule),
                                 "seed \(seed) round \(round) \(rule): \(polygons)")
            }
        }
        #expect(mismatches.count == 0)
    }
}
