import NotchwaveModel
import NotchwaveRaster

/// The spec's shapes (section 1) in pixels: waves at a phase, the cutout, the closing
/// wave's band and the screen's corner mask.
public struct WaveShapes: Sendable {
    public let geometry: SceneGeometry

    /// Shapes for `geometry`.
    public init(geometry: SceneGeometry) { self.geometry = geometry }

    /// The right boundary of a notch (or no-cutout) wave whose leading width is `cw`
    /// points: the concave top arc of radius `rt`, the vertical edge, the convex bottom
    /// arc of radius `rb` (the seed's `NotchWave` path).
    public func notchEdge(leadingWidth cw: Double) -> Boundary {
        let g = geometry, b = g.bar
        let x0 = g.rightStart
        var edge = Boundary()
        edge.addArc(centerX: g.px(x0 + cw), centerY: g.px(b.rt), radius: g.px(b.rt), side: -1, from: 0, to: g.px(b.rt))
        edge.addLine(fromX: g.px(x0 + cw - b.rt), y0: g.px(b.rt), toX: g.px(x0 + cw - b.rt), y1: g.px(b.h - b.rb))
        edge.addArc(centerX: g.px(x0 + cw - b.rt - b.rb), centerY: g.px(b.h - b.rb), radius: g.px(b.rb), side: 1,
                    from: g.px(b.h - b.rb), to: g.px(b.h))
        return edge
    }

    /// The right boundary of an island wave whose straight part reaches `cw` points past
    /// the island's right cap centre: a semicircle of radius `ih / 2`.
    public func islandEdge(leadingWidth cw: Double) -> Boundary {
        let g = geometry
        let r = g.islandHeight / 2
        var edge = Boundary()
        edge.addArc(centerX: g.px(g.rightStart + cw), centerY: g.px(g.bandTop + r), radius: g.px(r), side: 1,
                    from: g.px(g.bandTop), to: g.px(g.bandBottom))
        return edge
    }

    /// The right half's band between the centre gap and `edge`, plus its mirror image:
    /// one shape, so that halves meeting inside a pixel are covered once.
    func mirroredHalves(rightEdge edge: Boundary) -> Shape {
        let g = geometry
        let top = g.px(g.bandTop), bottom = g.px(g.bandBottom)
        let right = Band(y0: top, y1: bottom, left: .vertical(x: g.px(g.rightStart), from: top, to: bottom), right: edge)
        return Shape(bands: [right.mirrored(about: g.mirrorAxis), right])
    }

    /// The wave at phase `p` (spec: "The wave shape"): both halves.
    public func wave(phase p: Double) -> Shape {
        let g = geometry
        if case .island = g.cutout {
            return mirroredHalves(rightEdge: islandEdge(leadingWidth: g.halfWidth * p))
        }
        let b = g.bar
        return mirroredHalves(rightEdge: notchEdge(leadingWidth: 2 * (b.rt + b.rb) + g.halfWidth * p))
    }

    /// The cutout (nil without one): for a notch the centre gap joined with both waves at
    /// phase 0, as one band; for an island the stadium.
    public func cutout() -> Shape? {
        let g = geometry
        let top = g.px(g.bandTop), bottom = g.px(g.bandBottom)
        switch g.cutout {
        case .none:
            return nil
        case .notch:
            let b = g.bar
            let right = notchEdge(leadingWidth: 2 * (b.rt + b.rb))
            return Shape(bands: [Band(y0: top, y1: bottom, left: right.mirrored(about: g.mirrorAxis), right: right)])
        case .island:
            let right = islandEdge(leadingWidth: 0)
            return Shape(bands: [Band(y0: top, y1: bottom, left: right.mirrored(about: g.mirrorAxis), right: right)])
        }
    }

    /// The closing wave's region at phase `p`: the full-height band over
    /// `u in [0, (hw + m) p + m]` in both halves.
    public func closingBand(phase p: Double) -> Shape {
        let g = geometry
        let m = g.closingGradientLength
        let reach = (g.halfWidth + m) * p + m
        let top = g.px(g.bandTop), bottom = g.px(g.bandBottom)
        let right = Band(y0: top, y1: bottom, left: .vertical(x: g.px(g.rightStart), from: top, to: bottom),
                         right: .vertical(x: g.px(g.rightStart + reach), from: top, to: bottom))
        return Shape(bands: [right.mirrored(about: g.mirrorAxis), right])
    }

    /// The closing wave's paint at phase `p`: `background` up to `(hw + m) p`, a linear
    /// gradient to `front` over the next `m`, evaluated at pixel centres, mirrored onto
    /// the left half.
    public func closingPaint(phase p: Double, background: RGBA8, front: RGBA8) -> Paint {
        let g = geometry
        let m = g.closingGradientLength
        let x0 = g.px(g.rightStart + (g.halfWidth + m) * p)
        let x1 = g.px(g.rightStart + (g.halfWidth + m) * p + m)
        let y = g.px(g.bandTop)
        let gradient = Paint.linear(start: PixelPoint(x: x0, y: y), end: PixelPoint(x: x1, y: y),
                                    stops: [GradientStop(background, at: 0), GradientStop(front, at: 1)], interpolation: .srgb)
        return .mirrored(gradient, axis: g.mirrorAxis)
    }

    /// The area outside the screen's rounded corners (radius `cornerRadius`), in a
    /// `width` x `height` pixel frame whose top-left is the screen's; nil without corners.
    public func cornerMask(frameHeight: Int) -> Shape? {
        let g = geometry
        let r = g.px(g.cornerRadius)
        guard r > 0 else { return nil }
        let w = g.px(g.screenWidth), h = g.px(g.screenHeight)
        var bands: [Band] = []
        func corner(top: Bool) {
            let cy = top ? r : h - r
            let y0 = top ? 0 : h - r, y1 = top ? r : h
            var leftArc = Boundary()
            leftArc.addArc(centerX: r, centerY: cy, radius: r, side: -1, from: y0, to: y1)
            var rightArc = Boundary()
            rightArc.addArc(centerX: w - r, centerY: cy, radius: r, side: 1, from: y0, to: y1)
            bands.append(Band(y0: y0, y1: y1, left: .vertical(x: 0, from: y0, to: y1), right: leftArc))
            bands.append(Band(y0: y0, y1: y1, left: rightArc, right: .vertical(x: w, from: y0, to: y1)))
        }
        corner(top: true)
        if h - r < Float(frameHeight) { corner(top: false) }
        return Shape(bands: bands)
    }
}

extension Color {
    /// The colour as the rasterizer's straight RGBA8.
    public var rgba8: RGBA8 { RGBA8(r: red, g: green, b: blue, a: alpha) }
}
