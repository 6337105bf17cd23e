import Foundation
import NotchwaveRaster

/// A second rasterizer that shares only the input types with `NotchwaveRaster` (the
/// Blend2D lesson: a slow generic reference pipeline beside the optimized one). Nothing
/// here calls the rasterizer's coverage scanner, paint evaluator, blender or quantizer;
/// every number is computed again, in `Double`, from the draw list's public description:
///
/// - **Coverage**: the exact area of the pixel square inside the shape, as closed-form
///   integrals. A band covers `left(y) <= x <= right(y)`, so the area in the pixel
///   `[px, px+1] x [py, py+1]` is `∫ clamp(right(y), px, px+1) - clamp(left(y), px, px+1) dy`
///   over the band's rows in the pixel. Each boundary piece is cut where it crosses
///   `x = px` and `x = px+1`; between the cuts the clamped function is a constant, a line
///   (trapezoid rule, exact) or a circular arc, integrated with the antiderivative
///   `∫ sqrt(r² - t²) dt = (t sqrt(r² - t²) + r² asin(t / r)) / 2`.
///   `coverage(polygons:fillRule:)` covers polygons straight from their vertices the same
///   way, after its own slab decomposition (vertices and crossings) per pixel row.
/// - **Paint**: evaluated at the pixel centre from the `Paint` value's documentation
///   (locations, stops in order, premultiplied interpolation in sRGB-encoded, linear or
///   OKLab space, with the transfer function and the OKLab matrices' inverse computed
///   here, not read from tables).
/// - **Blending**: the three modes' formulas on real premultiplied sRGB-encoded values,
///   `d = s c + d (1 - s.a c)` and the others, with the coverage unquantized.
/// - **Quantization**: none until the caller rounds the result (`bytes`).
public enum ReferenceRasterizer {
    /// A premultiplied sRGB-encoded colour with real channels in 0...255.
    public typealias Color = (r: Double, g: Double, b: Double, a: Double)

    /// The draw list rendered into `width` x `height` pixels: premultiplied sRGB-encoded
    /// channels in 0...255, unrounded, 4 per pixel (r, g, b, a), row by row.
    public static func render(_ list: DrawList, width: Int, height: Int) -> [Double] {
        let base = straightToPremultiplied(list.base)
        var image = [Double](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            image[4 * i] = base.r; image[4 * i + 1] = base.g; image[4 * i + 2] = base.b; image[4 * i + 3] = base.a
        }
        for command in list.commands {
            let coverage = coverage(of: command.shape, width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let c = coverage[y * width + x]
                    guard c > 0 else { continue }
                    let s = color(of: command.paint, x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let i = (y * width + x) * 4
                    let keep: Double
                    switch command.blend {
                    case .sourceOver: keep = 1 - s.a / 255 * c
                    case .copy: keep = 1 - c
                    case .destinationOut: keep = 1 - s.a / 255 * c
                    }
                    let add = command.blend == .destinationOut ? 0 : c
                    image[i] = s.r * add + image[i] * keep
                    image[i + 1] = s.g * add + image[i + 1] * keep
                    image[i + 2] = s.b * add + image[i + 2] * keep
                    image[i + 3] = s.a * add + image[i + 3] * keep
                }
            }
        }
        return image
    }

    /// Real channels rounded to bytes (half away from zero), clamped to 0...255.
    public static func bytes(_ image: [Double]) -> [UInt8] {
        image.map { UInt8(min(max($0, 0), 255).rounded()) }
    }

    // MARK: - Coverage of bands

    /// The exact coverage (0...1) of every pixel of a `width` x `height` grid by `shape`,
    /// row by row.
    public static func coverage(of shape: Shape, width: Int, height: Int) -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        for band in shape.bands {
            let y0 = Double(band.y0), y1 = Double(band.y1)
            guard y1 > y0 else { continue }
            let firstRow = max(Int(y0.rounded(.down)), 0), lastRow = min(Int(y1.rounded(.up)), height)
            guard firstRow < lastRow else { continue }
            for py in firstRow..<lastRow {
                let ya = max(y0, Double(py)), yb = min(y1, Double(py + 1))
                guard yb > ya else { continue }
                for px in 0..<width {
                    let lo = Double(px), hi = Double(px + 1)
                    let area = integral(of: band.right, from: ya, to: yb, lo: lo, hi: hi)
                        - integral(of: band.left, from: ya, to: yb, lo: lo, hi: hi)
                    result[py * width + px] += area
                }
            }
        }
        return result.map { min(max($0, 0), 1) }
    }

    /// `∫ clamp(x(y), lo, hi) dy` over `[ya, yb]` for the boundary's pieces there.
    static func integral(of boundary: Boundary, from ya: Double, to yb: Double, lo: Double, hi: Double) -> Double {
        var total = 0.0
        for piece in boundary.pieces {
            let a = max(ya, Double(piece.y0)), b = min(yb, Double(piece.y1))
            guard b > a else { continue }
            total += integral(of: piece, from: a, to: b, lo: lo, hi: hi)
        }
        return total
    }

    /// The piece's curve in Double: x at y, the ys where x equals `c`, and `∫ x dy`.
    struct Curve {
        enum Kind { case line(x0: Double, y0: Double, slope: Double), arc(cx: Double, cy: Double, r: Double, side: Double) }
        let kind: Kind

        init(_ piece: BoundaryPiece) {
            switch piece.curve {
            case let .line(xTop, xBottom):
                let span = Double(piece.y1) - Double(piece.y0)
                kind = .line(x0: Double(xTop), y0: Double(piece.y0), slope: span > 0 ? (Double(xBottom) - Double(xTop)) / span : 0)
            case let .arc(cx, cy, r, side):
                kind = .arc(cx: Double(cx), cy: Double(cy), r: Double(r), side: Double(side) < 0 ? -1 : 1)
            }
        }

        func x(_ y: Double) -> Double {
            switch kind {
            case let .line(x0, y0, slope): return x0 + slope * (y - y0)
            case let .arc(cx, cy, r, side): return cx + side * max(r * r - (y - cy) * (y - cy), 0).squareRoot()
            }
        }

        /// Every y (possibly outside the piece) where the curve meets the vertical line `x = c`.
        func crossings(_ c: Double) -> [Double] {
            switch kind {
            case let .line(x0, y0, slope):
                return slope != 0 ? [y0 + (c - x0) / slope] : []
            case let .arc(cx, cy, r, side):
                let u = (c - cx) * side
                guard u >= 0, u <= r else { return [] }
                let h = (r * r - u * u).squareRoot()
                return [cy - h, cy + h]
            }
        }

        /// `∫ x(y) dy` over `[a, b]`, in closed form.
        func integral(_ a: Double, _ b: Double) -> Double {
            switch kind {
            case .line:
                return (x(a) + x(b)) * 0.5 * (b - a)
            case let .arc(cx, cy, r, side):
                func antiderivative(_ y: Double) -> Double {
                    let t = min(max(y - cy, -r), r)
                    return (t * max(r * r - t * t, 0).squareRoot() + r * r * asin(t / r)) / 2
                }
                return cx * (b - a) + side * (antiderivative(b) - antiderivative(a))
            }
        }
    }

    static func integral(of piece: BoundaryPiece, from a: Double, to b: Double, lo: Double, hi: Double) -> Double {
        let curve = Curve(piece)
        var cuts = [a, b]
        for c in [lo, hi] {
            for y in curve.crossings(c) where y > a && y < b { cuts.append(y) }
        }
        cuts.sort()
        var total = 0.0
        for k in 0..<(cuts.count - 1) {
            let ya = cuts[k], yb = cuts[k + 1]
            guard yb > ya else { continue }
            let middle = curve.x((ya + yb) * 0.5)
            if middle <= lo {
                total += lo * (yb - ya)
            } else if middle >= hi {
                total += hi * (yb - ya)
            } else {
                total += curve.integral(ya, yb)
            }
        }
        return total
    }

    // MARK: - Coverage of polygons

    /// The exact coverage (0...1) of every pixel by the region that closed polygons
    /// enclose under `fillRule`, computed from the vertices: per pixel row, the row is cut
    /// into slabs at every vertex and every crossing of two edges; in a slab the edges
    /// keep their order, the winding number along it gives the filled intervals, and each
    /// interval's two straight edges are integrated clamped to each pixel column.
    public static func coverage(polygons: [[PathPoint]], fillRule: FillRule, width: Int, height: Int) -> [Double] {
        struct Edge { var xa: Double, ya: Double, xb: Double, yb: Double, winding: Int
            func x(_ y: Double) -> Double { xa + (xb - xa) * ((y - ya) / (yb - ya)) }
        }
        var edges: [Edge] = []
        for polygon in polygons where polygon.count > 2 {
            for i in polygon.indices {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                if p.y < q.y { edges.append(Edge(xa: p.x, ya: p.y, xb: q.x, yb: q.y, winding: 1)) }
                if p.y > q.y { edges.append(Edge(xa: q.x, ya: q.y, xb: p.x, yb: p.y, winding: -1)) }
            }
        }
        func inside(_ w: Int) -> Bool { fillRule == .nonZero ? w != 0 : w % 2 != 0 }
        var result = [Double](repeating: 0, count: width * height)
        for py in 0..<height {
            let top = Double(py), bottom = Double(py + 1)
            let row = edges.filter { $0.yb > top && $0.ya < bottom }
            var cuts = [top, bottom]
            for e in row {
                if e.ya > top { cuts.append(e.ya) }
                if e.yb < bottom { cuts.append(e.yb) }
            }
            for i in row.indices {
                for j in row.indices where j > i {
                    let a = row[i], b = row[j]
                    let lo = max(a.ya, b.ya, top), hi = min(a.yb, b.yb, bottom)
                    guard hi > lo else { continue }
                    let d0 = a.x(lo) - b.x(lo), d1 = a.x(hi) - b.x(hi)
                    if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) { cuts.append(lo + (hi - lo) * d0 / (d0 - d1)) }
                }
            }
            cuts.sort()
            for k in 0..<(cuts.count - 1) {
                let ya = cuts[k], yb = cuts[k + 1]
                guard yb > ya else { continue }
                let mid = (ya + yb) * 0.5
                let slab = row.filter { $0.ya <= ya && $0.yb >= yb }
                    .map { (mid: $0.x(mid), top: $0.x(ya), bottom: $0.x(yb), winding: $0.winding) }
                    .sorted { $0.mid < $1.mid }
                var winding = 0
                var start: (top: Double, bottom: Double)? = nil
                for e in slab {
                    let was = inside(winding)
                    winding += e.winding
                    let now = inside(winding)
                    if !was && now { start = (e.top, e.bottom) }
                    if was && !now, let l = start {
                        addTrapezoid(left: l, right: (e.top, e.bottom), from: ya, to: yb, row: py, width: width, into: &result)
                        start = nil
                    }
                }
            }
        }
        return result.map { min(max($0, 0), 1) }
    }

    /// Adds the area of the trapezoid between two straight edges over `[ya, yb]` to each
    /// pixel of row `py` it overlaps.
    private static func addTrapezoid(left: (top: Double, bottom: Double), right: (top: Double, bottom: Double),
                                     from ya: Double, to yb: Double, row py: Int, width: Int, into result: inout [Double]) {
        let minX = min(left.top, left.bottom), maxX = max(right.top, right.bottom)
        let first = max(Int(minX.rounded(.down)), 0), last = min(Int(maxX.rounded(.up)), width)
        guard first < last else { return }
        for px in first..<last {
            let lo = Double(px), hi = Double(px + 1)
            let area = clampedLineIntegral(right.top, right.bottom, lo: lo, hi: hi) - clampedLineIntegral(left.top, left.bottom, lo: lo, hi: hi)
            result[py * width + px] += area * (yb - ya)
        }
    }

    /// `∫₀¹ clamp(x0 + (x1 - x0) t, lo, hi) dt`, exactly.
    static func clampedLineIntegral(_ x0: Double, _ x1: Double, lo: Double, hi: Double) -> Double {
        var cuts = [0.0, 1.0]
        if x1 != x0 {
            for c in [lo, hi] {
                let t = (c - x0) / (x1 - x0)
                if t > 0 && t < 1 { cuts.append(t) }
            }
        }
        cuts.sort()
        var total = 0.0
        for k in 0..<(cuts.count - 1) {
            let a = cuts[k], b = cuts[k + 1]
            let xa = min(max(x0 + (x1 - x0) * a, lo), hi), xb = min(max(x0 + (x1 - x0) * b, lo), hi)
            total += (xa + xb) * 0.5 * (b - a)
        }
        return total
    }

    // MARK: - Paint

    /// The straight colour premultiplied, in real 0...255 channels.
    public static func straightToPremultiplied(_ c: RGBA8) -> Color {
        let a = Double(c.a) / 255
        return (Double(c.r) * a, Double(c.g) * a, Double(c.b) * a, Double(c.a))
    }

    /// The paint's premultiplied colour at `(x, y)` (a pixel centre).
    public static func color(of paint: Paint, x: Double, y: Double) -> Color {
        switch paint {
        case let .solid(c):
            return straightToPremultiplied(c)
        case let .mirrored(inner, axis):
            let a = Double(axis)
            return color(of: inner, x: a + abs(x - a), y: y)
        case let .regions(bands):
            guard !bands.isEmpty else { return (0, 0, 0, 0) }
            var band = bands[0]
            for (i, b) in bands.enumerated() where i > 0 && y >= Double(bands[i - 1].y1) { band = b }
            var part = 0
            while part < band.breaks.count && x >= Double(band.breaks[part]) { part += 1 }
            return color(of: band.paints[part], x: x, y: y)
        case let .linear(start, end, stops, space):
            let dx = Double(end.x) - Double(start.x), dy = Double(end.y) - Double(start.y)
            let l2 = dx * dx + dy * dy
            let t = l2 > 0 ? ((x - Double(start.x)) * dx + (y - Double(start.y)) * dy) / l2 : 0
            return gradient(stops, at: t, space: space)
        case let .radial(center, r0, r1, stops, space):
            let d = ((x - Double(center.x)) * (x - Double(center.x)) + (y - Double(center.y)) * (y - Double(center.y))).squareRoot()
            let t = r1 != r0 ? (d - Double(r0)) / (Double(r1) - Double(r0)) : 0
            return gradient(stops, at: t, space: space)
        case let .conic(center, a0, a1, stops, space):
            let twoPi = 2 * Double.pi
            var theta = atan2(y - Double(center.y), x - Double(center.x))
            if theta < 0 { theta += twoPi }
            let start = Double(a0) - twoPi * (Double(a0) / twoPi).rounded(.down)
            let sweep = min(Double(a1) - Double(a0), twoPi)
            var relative = theta - start
            if relative < 0 { relative += twoPi }
            let t: Double
            if relative <= sweep {
                t = sweep > 0 ? relative / sweep : 0
            } else {
                // In the gap: the nearer end's colour.
                t = relative - sweep < (twoPi - sweep) / 2 ? 1 : 0
            }
            return gradient(stops, at: t, space: space)
        }
    }

    /// The gradient's colour at location `t` (clamped to 0...1).
    static func gradient(_ stops: [GradientStop], at location: Double, space: GradientInterpolation) -> Color {
        guard !stops.isEmpty else { return (0, 0, 0, 0) }
        let t = min(max(location, 0), 1)
        // Stops in order of location (a stable sort), locations clamped to 0...1.
        let sorted = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map { (location: min(max(Double($0.element.location), 0), 1), color: $0.element.color) }
        // Premultiplied components in the interpolation space.
        func components(_ c: RGBA8) -> (Double, Double, Double, Double) {
            let a = Double(c.a) / 255
            let r = Double(c.r) / 255, g = Double(c.g) / 255, b = Double(c.b) / 255
            switch space {
            case .srgb: return (r * a, g * a, b * a, a)
            case .linear: return (srgbToLinear(r) * a, srgbToLinear(g) * a, srgbToLinear(b) * a, a)
            case .oklab:
                let lab = OKLab.fromLinear(srgbToLinear(r), srgbToLinear(g), srgbToLinear(b))
                return (lab.0 * a, lab.1 * a, lab.2 * a, a)
            }
        }
        // The last stop at or before t, and the one after it.
        var i = -1
        for (k, stop) in sorted.enumerated() where stop.location <= t { i = k }
        let mixed: (Double, Double, Double, Double)
        if i < 0 {
            mixed = components(sorted[0].color)
        } else if i == sorted.count - 1 {
            mixed = components(sorted[i].color)
        } else {
            let a = components(sorted[i].color), b = components(sorted[i + 1].color)
            let f = (t - sorted[i].location) / (sorted[i + 1].location - sorted[i].location)
            mixed = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f, a.3 + (b.3 - a.3) * f)
        }
        let alpha = mixed.3
        guard alpha > 0 else { return (0, 0, 0, 0) }
        var rgb = (mixed.0 / alpha, mixed.1 / alpha, mixed.2 / alpha)
        switch space {
        case .srgb: break
        case .linear: rgb = (linearToSRGB(rgb.0), linearToSRGB(rgb.1), linearToSRGB(rgb.2))
        case .oklab:
            let linear = OKLab.toLinear(rgb.0, rgb.1, rgb.2)
            rgb = (linearToSRGB(linear.0), linearToSRGB(linear.1), linearToSRGB(linear.2))
        }
        func channel(_ v: Double) -> Double { min(max(v, 0), 1) * alpha * 255 }
        return (channel(rgb.0), channel(rgb.1), channel(rgb.2), alpha * 255)
    }

    /// IEC 61966-2-1: sRGB-encoded 0...1 to linear light.
    static func srgbToLinear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// IEC 61966-2-1: linear light to sRGB-encoded, clamped to 0...1.
    static func linearToSRGB(_ v: Double) -> Double {
        let c = min(max(v, 0), 1)
        return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    /// Björn Ottosson's OKLab (2020): linear sRGB → LMS (M1), cube root, → Lab (M2); the way
    /// back inverts both matrices here (Gauss-Jordan) rather than using published inverses.
    enum OKLab {
        static let m1: [[Double]] = [[0.4122214708, 0.5363325363, 0.0514459929],
                                     [0.2119034982, 0.6806995451, 0.1073969566],
                                     [0.0883024619, 0.2817188376, 0.6299787005]]
        static let m2: [[Double]] = [[0.2104542553, 0.7936177850, -0.0040720468],
                                     [1.9779984951, -2.4285922050, 0.4505937099],
                                     [0.0259040371, 0.7827717662, -0.8086757660]]
        static let m1Inverse = invert(m1)
        static let m2Inverse = invert(m2)

        static func apply(_ m: [[Double]], _ v: (Double, Double, Double)) -> (Double, Double, Double) {
            (m[0][0] * v.0 + m[0][1] * v.1 + m[0][2] * v.2,
             m[1][0] * v.0 + m[1][1] * v.1 + m[1][2] * v.2,
             m[2][0] * v.0 + m[2][1] * v.1 + m[2][2] * v.2)
        }

        static func fromLinear(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
            let lms = apply(m1, (r, g, b))
            return apply(m2, (cbrt(lms.0), cbrt(lms.1), cbrt(lms.2)))
        }

        static func toLinear(_ l: Double, _ a: Double, _ b: Double) -> (Double, Double, Double) {
            let root = apply(m2Inverse, (l, a, b))
            return apply(m1Inverse, (root.0 * root.0 * root.0, root.1 * root.1 * root.1, root.2 * root.2 * root.2))
        }

        static func invert(_ m: [[Double]]) -> [[Double]] {
            var a = m.enumerated().map { i, row in row + (0..<3).map { $0 == i ? 1.0 : 0.0 } }
            for col in 0..<3 {
                let pivot = (col..<3).max { abs(a[$0][col]) < abs(a[$1][col]) } ?? col
                a.swapAt(col, pivot)
                let p = a[col][col]
                a[col] = a[col].map { $0 / p }
                for r in 0..<3 where r != col {
                    let f = a[r][col]
                    a[r] = zip(a[r], a[col]).map { $0 - f * $1 }
                }
            }
            return a.map { Array($0[3...]) }
        }
    }
}
