import NotchwaveModel
import NotchwaveRaster

/// Builds the smooth style's gradient-rimmed wave layers (seed-systems.md section 2.2)
/// as one shape with one composite paint each, in both mirrored halves.
///
/// A layer of width `w` starting at `left` (points from the centre gap, `u`) is the notch
/// outline with `cw = left + w` (or, on an island device, the pill's cap); its body is
/// the `end` colour and a band of `gradientLength` along its leading rim fades from
/// `start` through `middle` (their mean, at stop `m`) to `end`: a radial gradient around
/// the top arc, a linear band along the vertical edge, a radial gradient around the bottom
/// arc and, along the bottom edge, a conic gradient whose wedge of `start` tapers to a
/// tail. On an island the rim is a radial band around the cap with such a tail along
/// both the top and the bottom edge. The parts are regions of one paint, chosen by pixel
/// centre, so no seam shows.
public struct SmoothWaveBuilder: Sendable {
    public let geometry: SceneGeometry
    let shapes: WaveShapes
    /// The rim band's length `gL`, points.
    public let gradientLength: Double
    /// Where the middle colour sits in the rim band (`m`).
    public let middleStop: Double
    /// The space gradients interpolate in.
    public let interpolation: GradientInterpolation

    /// A builder for `geometry`.
    public init(geometry: SceneGeometry, gradientLength: Double = 8, middleStop: Double = 0.2, interpolation: GradientInterpolation = .srgb) {
        self.geometry = geometry
        shapes = WaveShapes(geometry: geometry)
        self.gradientLength = gradientLength
        self.middleStop = middleStop
        self.interpolation = interpolation
    }

    /// The layer's travel distance `o` (`rt + rb`; the cap radius on an island): the
    /// same length as the sharp style's closing gradient.
    public var travel: Double { geometry.closingGradientLength }

    /// `x` of a point `u` from the centre gap, in pixels.
    public func x(_ u: Double) -> Float { geometry.px(geometry.rightStart + u) }
    /// `y` of a point `v` from the top, in pixels.
    public func y(_ v: Double) -> Float { geometry.px(v) }

    /// The per-channel mean of two colours (the seed's `Color(averageOf:)`).
    public static func mean(_ a: Color, _ b: Color) -> RGBA8 {
        func m(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8((Int(p) + Int(q) + 1) / 2) }
        return RGBA8(r: m(a.red, b.red), g: m(a.green, b.green), b: m(a.blue, b.blue), a: m(a.alpha, b.alpha))
    }

    /// A part painted before the layer's own parts (the closing curtain's fade).
    public struct Lead: Sendable {
        public var width: Double
        public var paint: Paint
        /// A lead part.
        public init(width: Double, paint: Paint) { self.width = width; self.paint = paint }
    }

    /// The layer `[left, left + w]` with rim colour `start` and body `end`, clipped to
    /// `clip` (points, within the half), in both halves; nil when nothing is visible.
    public func layer(left: Double, width w: Double, start: Color, end: Color, clip: ClosedRange<Double>, lead: Lead? = nil) -> DrawCommand? {
        let g = geometry
        let lo = max(clip.lowerBound, 0), hi = min(clip.upperBound, g.halfWidth + travel)
        guard hi > lo, w > 0 else { return nil }
        let top = y(g.bandTop), bottom = y(g.bandBottom)
        let leadWidth = lead?.width ?? 0
        let edge: Boundary
        if case .island = g.cutout {
            edge = shapes.islandEdge(leadingWidth: left + w - travel)
        } else {
            edge = shapes.notchEdge(leadingWidth: left + w)
        }
        let right = Band(y0: top, y1: bottom, left: .vertical(x: x(left - leadWidth), from: top, to: bottom), right: edge)
        let clipped = Shape(bands: [right]).clipped(toX: x(lo), x(hi))
        guard let band = clipped.bands.first else { return nil }
        let shape = Shape(bands: [band.mirrored(about: g.mirrorAxis), band])
        var bands = rimPaint(left: left, width: w, start: start, end: end)
        if let lead {
            for i in bands.indices {
                bands[i] = PaintBand(y0: bands[i].y0, y1: bands[i].y1, breaks: [x(left)] + bands[i].breaks,
                                     paints: [lead.paint] + bands[i].paints)
            }
        }
        return DrawCommand(shape: shape, paint: .mirrored(.regions(bands), axis: g.mirrorAxis))
    }

    /// The regions of the rim paint of a layer (right half, pixels).
    func rimPaint(left: Double, width w: Double, start: Color, end: Color) -> [PaintBand] {
        let g = geometry
        let gL = gradientLength, m = Float(middleStop)
        let s = start.rgba8, e = end.rgba8, mid = SmoothWaveBuilder.mean(start, end)
        let inward = [GradientStop(e, at: 0), GradientStop(mid, at: 1 - m), GradientStop(s, at: 1)]
        let outward = [GradientStop(s, at: 0), GradientStop(mid, at: m), GradientStop(e, at: 1)]
        let body = Paint.solid(e)
        if case .island = g.cutout {
            return islandRimPaint(left: left, width: w, inward: inward, body: body, mid: mid, s: s, e: e)
        }
        let b = g.bar
        let cw = left + w
        // Top row: around the concave ear, from the rim inwards.
        let topRow = PaintBand(y0: -.greatestFiniteMagnitude, y1: y(b.rt), paints: [
            .radial(center: PixelPoint(x: x(cw), y: y(b.rt)), startRadius: g.px(b.rt), endRadius: g.px(b.rt + gL),
                    stops: outward, interpolation: interpolation),
        ])
        // Middle row: body, then the band along the vertical edge.
        let middleRow = PaintBand(y0: y(b.rt), y1: y(b.h - b.rb), breaks: [x(cw - b.rt - gL)], paints: [
            body,
            .linear(start: PixelPoint(x: x(cw - b.rt - gL), y: 0), end: PixelPoint(x: x(cw - b.rt), y: 0),
                    stops: inward, interpolation: interpolation),
        ])
        // Bottom row: body, the conic tail, the rim around the convex corner.
        let a = (w - b.rt - b.rb) / 2
        let corner = Paint.radial(center: PixelPoint(x: x(left + 2 * a), y: y(b.h - b.rb)), startRadius: g.px(max(b.rb - gL, 0)),
                                  endRadius: g.px(b.rb), stops: inward, interpolation: interpolation)
        let bottomRow: PaintBand
        if a > 0 {
            let tail = tails(apex: left + a, run: a, top: 0, bottom: b.h, mid: mid, s: s, e: e).bottom
            bottomRow = PaintBand(y0: y(b.h - b.rb), y1: .greatestFiniteMagnitude, breaks: [x(left + a), x(left + 2 * a)],
                                  paints: [body, tail, corner])
        } else {
            bottomRow = PaintBand(y0: y(b.h - b.rb), y1: .greatestFiniteMagnitude, paints: [corner])
        }
        return [topRow, middleRow, bottomRow]
    }

    /// The regions of an island layer's rim paint. The seed draws the notch only; on an
    /// island the layer is a band of the island's height ending in one cap of radius `R`
    /// (the pill's), and its rim follows that whole outline as it does beside the notch
    /// (this project's choice): a radial band around the cap, and left of the cap's centre
    /// two conic tails along the band's top and bottom edges, the notch's bottom-edge tail
    /// and its mirror image. At the cap's centre the tails and the radial band give the
    /// same colour on every row (both are the rim colour at the edge and the body colour
    /// `gL` inside it), so no column shows a jump; the tails taper to the body colour at
    /// the middle of the layer's straight part.
    func islandRimPaint(left: Double, width w: Double, inward: [GradientStop], body: Paint, mid: RGBA8, s: RGBA8, e: RGBA8) -> [PaintBand] {
        let g = geometry
        let r = g.islandHeight / 2
        let centre = left + w - r
        let centreY = y(g.bandTop + r)
        let rim = Paint.radial(center: PixelPoint(x: x(centre), y: centreY), startRadius: g.px(max(r - gradientLength, 0)),
                               endRadius: g.px(r), stops: inward, interpolation: interpolation)
        let a = (w - r) / 2
        guard a > 0 else {
            return [PaintBand(y0: -.greatestFiniteMagnitude, y1: .greatestFiniteMagnitude, paints: [rim])]
        }
        let (bottomTail, topTail) = tails(apex: left + a, run: a, top: g.bandTop, bottom: g.bandBottom, mid: mid, s: s, e: e)
        let breaks = [x(left + a), x(centre)]
        return [
            PaintBand(y0: -.greatestFiniteMagnitude, y1: centreY, breaks: breaks, paints: [body, topTail, rim]),
            PaintBand(y0: centreY, y1: .greatestFiniteMagnitude, breaks: breaks, paints: [body, bottomTail, rim]),
        ]
    }

    /// The conic tails along a bottom edge at `bottom` and a top edge at `top` (points):
    /// centred on the edge at `apex` (points from the centre gap), `run` points before the
    /// corner or cap centre they lead to; the rim colour `s` along the edge fades to the
    /// body `e` at the direction that reaches `gL` inside the edge at the corner. The top
    /// tail is the bottom one mirrored (angles negated, so its stops run backwards).
    func tails(apex: Double, run a: Double, top: Double, bottom: Double, mid: RGBA8, s: RGBA8, e: RGBA8) -> (bottom: Paint, top: Paint) {
        let gL = gradientLength
        let degrees = Double.pi / 180
        let thetaS = 270 * degrees + atan(a / gL)
        let thetaM = 270 * degrees + atan(a / (gL * (1 - middleStop)))
        let thetaE = 360 * degrees
        let midLocation = Float(1 - (thetaM - thetaS) / (thetaE - thetaS))
        let bottomTail = Paint.conic(center: PixelPoint(x: x(apex), y: y(bottom)), startAngle: Float(thetaS), endAngle: Float(thetaE),
                                     stops: [GradientStop(e, at: 0), GradientStop(mid, at: midLocation), GradientStop(s, at: 1)],
                                     interpolation: interpolation)
        let topTail = Paint.conic(center: PixelPoint(x: x(apex), y: y(top)), startAngle: 0, endAngle: Float(thetaE - thetaS),
                                  stops: [GradientStop(s, at: 0), GradientStop(mid, at: 1 - midLocation), GradientStop(e, at: 1)],
                                  interpolation: interpolation)
        return (bottomTail, topTail)
    }

    /// `atan` for the conic's angles, from basic operations only (set-up, Double), so
    /// that every machine computes the same angles.
    func atan(_ v: Double) -> Double {
        var x = v, sign = 1.0
        if x < 0 { x = -x; sign = -1 }
        var invert = false
        if x > 1 { x = 1 / x; invert = true }
        // atan(x) = 2 atan(x / (1 + sqrt(1 + x^2))) halves the argument; two halvings
        // bring it under 0.25, where the series converges fast.
        let h1 = x / (1 + (1 + x * x).squareRoot())
        let h2 = h1 / (1 + (1 + h1 * h1).squareRoot())
        var term = h2, sum = 0.0, k = 1.0
        let h22 = h2 * h2
        for _ in 0..<30 {
            sum += term / k
            term *= -h22
            k += 2
        }
        var result = 4 * sum
        if invert { result = Double.pi / 2 - result }
        return sign * result
    }
}
