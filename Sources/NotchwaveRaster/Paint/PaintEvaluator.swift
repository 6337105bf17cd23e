/// A paint prepared for evaluation: geometry reduced to a few constants and stops
/// converted to premultiplied components of the interpolation space.
struct PaintEvaluator {
    enum Kind { case solid, linear, radial, conic, regions }

    /// One band of a regions paint, prepared.
    struct Band {
        var y0: Float
        var y1: Float
        var breaks: [Float]
        var parts: [PaintEvaluator]
    }

    let kind: Kind
    private(set) var interpolation = GradientInterpolation.srgb
    /// The colour of a solid paint (a gradient's first stop).
    private(set) var solid = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
    /// True when every pixel is opaque.
    let isOpaque: Bool
    // Geometry.
    private var originX: Float = 0, originY: Float = 0
    private var dirX: Float = 0, dirY: Float = 0          // linear: direction / length^2
    private var startRadius: Float = 0, inverseSpan: Float = 0 // radial
    private var startAngle: Float = 0, sweep: Float = 0, inverseSweep: Float = 0, gapHalf: Float = 0 // conic
    private var mirrorAxis: Float = 0
    private var mirrors = false
    // Stops: locations and premultiplied components c0, c1, c2, alpha.
    private var locations: [Float] = []
    private var inverseGaps: [Float] = []
    private var components: [(Float, Float, Float, Float)] = []
    /// The bands of a regions paint.
    private(set) var bands: [Band] = []

    /// True for a gradient whose colours depend on x only (a linear gradient along x,
    /// mirrored or not): every row shows the same colours (`RowShadings`).
    var isRowInvariant: Bool { kind == .linear && dirY == 0 }

    init(_ paint: Paint, mirrorAxis axis: Float? = nil) {
        var paint = paint
        if let axis {
            mirrors = true
            mirrorAxis = axis
        }
        while case let .mirrored(inner, axis) = paint {
            mirrors = true
            mirrorAxis = axis
            paint = inner
        }
        isOpaque = paint.isOpaque
        switch paint {
        case let .solid(color):
            kind = .solid
            solid = color.premultiplied
            return
        case let .linear(start, end, stops, space):
            kind = .linear
            originX = start.x; originY = start.y
            let dx = end.x - start.x, dy = end.y - start.y
            let lengthSquared = dx * dx + dy * dy
            if lengthSquared > 0 { dirX = dx / lengthSquared; dirY = dy / lengthSquared }
            prepare(stops, space)
        case let .radial(center, r0, r1, stops, space):
            kind = .radial
            originX = center.x; originY = center.y
            startRadius = r0
            inverseSpan = r1 != r0 ? 1 / (r1 - r0) : 0
            prepare(stops, space)
        case let .conic(center, a0, a1, stops, space):
            kind = .conic
            originX = center.x; originY = center.y
            let twoPi = 2 * Float.pi
            startAngle = a0 - twoPi * (a0 / twoPi).rounded(.down)
            sweep = Swift.min(a1 - a0, twoPi)
            inverseSweep = sweep > 0 ? 1 / sweep : 0
            gapHalf = (twoPi - sweep) * 0.5
            prepare(stops, space)
        case let .regions(paintBands):
            kind = .regions
            let axis: Float? = mirrors ? mirrorAxis : nil
            bands = paintBands.map { band in
                Band(y0: band.y0, y1: band.y1, breaks: band.breaks, parts: band.paints.map { PaintEvaluator($0, mirrorAxis: axis) })
            }
        case .mirrored:
            preconditionFailure("unreachable: mirrored paints are unwrapped above")
        }
    }

    /// A gradient's colour table in `space`, and its first stop as the solid colour.
    private mutating func prepare(_ stops: [GradientStop], _ space: GradientInterpolation) {
        interpolation = space
        solid = stops.first?.color.premultiplied ?? PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
        let sorted = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        for stop in sorted {
            locations.append(Swift.min(Swift.max(stop.location, 0), 1))
            let alpha = Double(stop.color.a) / 255
            let r = Double(stop.color.r) / 255, g = Double(stop.color.g) / 255, b = Double(stop.color.b) / 255
            switch interpolation {
            case .srgb:
                components.append((Float(r * alpha * 255), Float(g * alpha * 255), Float(b * alpha * 255), Float(alpha * 255)))
            case .linear:
                components.append((Float(ColorSpaces.decode(r) * alpha), Float(ColorSpaces.decode(g) * alpha),
                                   Float(ColorSpaces.decode(b) * alpha), Float(alpha)))
            case .oklab:
                let lab = ColorSpaces.oklab(linear: ColorSpaces.decode(r), ColorSpaces.decode(g), ColorSpaces.decode(b))
                components.append((Float(lab.0 * alpha), Float(lab.1 * alpha), Float(lab.2 * alpha), Float(alpha)))
            }
        }
        if components.isEmpty {
            locations = [0]
            components = [(0, 0, 0, 0)]
        }
        // A zero-length segment (two stops at one location) is a step: its scale is
        // infinite, so any location at or past it takes the later stop's colour.
        for i in 0..<(locations.count - 1) {
            let gap = locations[i + 1] - locations[i]
            inverseGaps.append(gap > 0 ? 1 / gap : Float.infinity)
        }
    }

    /// The gradient location (clamped to 0...1) at pixel centres `(x, y)`.
    @inline(__always)
    func location<V: LaneGather>(x: V, y: V) -> V {
        let zero = V(broadcast: 0), one = V(broadcast: 1)
        var px = x
        if mirrors {
            let axis = V(broadcast: mirrorAxis)
            px = axis + (px - axis).laneAbs()
        }
        let dx = px - V(broadcast: originX)
        let dy = y - V(broadcast: originY)
        var t: V
        switch kind {
        case .solid, .regions:
            t = zero
        case .linear:
            t = dx * V(broadcast: dirX) + dy * V(broadcast: dirY)
        case .radial:
            let distance = (dx * dx + dy * dy).laneSquareRoot()
            t = (distance - V(broadcast: startRadius)) * V(broadcast: inverseSpan)
        case .conic:
            let twoPi = V(broadcast: 2 * Float.pi)
            let theta = V.direction(dx: dx, dy: dy)
            var relative = theta - V(broadcast: startAngle)
            relative = V.laneSelect(V.laneLess(relative, zero), relative + twoPi, relative)
            let s = V(broadcast: sweep)
            let inGap = V.laneLess(s, relative)
            let nearEnd = V.laneLess(relative - s, V(broadcast: gapHalf))
            t = V.laneSelect(inGap, V.laneSelect(nearEnd, one, zero), relative * V(broadcast: inverseSweep))
        }
        return V.laneMin(V.laneMax(t, zero), one)
    }

    /// Premultiplied sRGB-encoded colour (0...255 per channel, unrounded) at pixel
    /// centres `(x, y)`.
    @inline(__always)
    func shade<V: LaneGather>(x: V, y: V) -> (V, V, V, V) {
        let t = location(x: x, y: y)
        let zero = V(broadcast: 0), one = V(broadcast: 1)
        let first = components[0]
        var c0 = V(broadcast: first.0), c1 = V(broadcast: first.1), c2 = V(broadcast: first.2), ca = V(broadcast: first.3)
        for i in 0..<inverseGaps.count {
            let a = components[i], b = components[i + 1]
            let start = V(broadcast: locations[i])
            // (t - start) * inf is inf past a step and NaN exactly on it; both select 1.
            let scaled = (t - start) * V(broadcast: inverseGaps[i])
            let local = V.laneSelect(V.laneLess(scaled, one), V.laneMax(scaled, zero), one)
            // Segments from the first to the last whose start is at or before t: the
            // last such segment decides the colour.
            let before = V.laneLess(t, start)
            c0 = V.laneSelect(before, c0, V(broadcast: a.0) + (V(broadcast: b.0) - V(broadcast: a.0)) * local)
            c1 = V.laneSelect(before, c1, V(broadcast: a.1) + (V(broadcast: b.1) - V(broadcast: a.1)) * local)
            c2 = V.laneSelect(before, c2, V(broadcast: a.2) + (V(broadcast: b.2) - V(broadcast: a.2)) * local)
            ca = V.laneSelect(before, ca, V(broadcast: a.3) + (V(broadcast: b.3) - V(broadcast: a.3)) * local)
        }
        switch interpolation {
        case .srgb:
            return (c0, c1, c2, ca)
        case .linear, .oklab:
            // Un-premultiply, convert to sRGB-encoded, premultiply again on 0...255.
            let safeAlpha = V.laneMax(ca, V(broadcast: 1e-6))
            var r = c0 / safeAlpha, g = c1 / safeAlpha, b = c2 / safeAlpha
            if interpolation == .oklab { (r, g, b) = V.linearFromOklab(r, g, b) }
            let scale = ca * V(broadcast: 255)
            return (V.srgbEncode(r) * scale, V.srgbEncode(g) * scale, V.srgbEncode(b) * scale, scale)
        }
    }

    /// Eight packed premultiplied pixels of row `y` starting at pixel `x0`.
    @inline(__always)
    func packedLanes(x0: Int, y: Int) -> PackedLanes {
        let ramp = FloatLanes(0, 1, 2, 3, 4, 5, 6, 7)
        let x = FloatLanes(repeating: Float(x0) + 0.5) + ramp
        let (r, g, b, a) = shade(x: x, y: FloatLanes(repeating: Float(y) + 0.5))
        let alpha = FloatLanes.laneMin(FloatLanes.laneMax(a, FloatLanes(repeating: 0)), FloatLanes(repeating: 255))
        func channel(_ c: FloatLanes) -> PackedLanes {
            Blend.channel(FloatLanes.laneMin(FloatLanes.laneMax(c, FloatLanes(repeating: 0)), alpha))
        }
        return channel(r) | channel(g) &<< 8 | channel(b) &<< 16 | Blend.channel(alpha) &<< 24
    }

    /// `packedLanes` of the lane groups from `x0` on covering `count` pixels, stored at
    /// `out` (room for `count` rounded up to whole lane groups): the rasterizer shades a
    /// gradient run with one call here instead of one per lane group, each of which
    /// copied the evaluator (a method called through a pointer works on a copy).
    func shadeRow(x0: Int, count: Int, y: Int, into out: UnsafeMutablePointer<UInt32>) {
        var i = 0
        while i < count {
            UnsafeMutableRawPointer(out + i).storeBytes(of: packedLanes(x0: x0 + i, y: y), as: PackedLanes.self)
            i += Lanes.width
        }
    }

    /// The packed premultiplied pixel at `(x, y)`, computed one pixel at a time.
    @inline(__always)
    func packedScalar(x: Int, y: Int) -> UInt32 {
        switch kind {
        case .solid: return solid.packed
        case .regions: return regionPaint(x: x, y: y).packedScalar(x: x, y: y)
        default: break
        }
        let (r, g, b, a) = shade(x: Float(x) + 0.5, y: Float(y) + 0.5)
        let alpha = Float.laneMin(Float.laneMax(a, 0), 255)
        func channel(_ c: Float) -> UInt32 { Blend.channel(Float.laneMin(Float.laneMax(c, 0), alpha)) }
        return channel(r) | channel(g) << 8 | channel(b) << 16 | Blend.channel(alpha) << 24
    }

    /// Splits `part` of row `y` into consecutive pieces and calls `body` with each, and
    /// with the packed colour when the paint is one constant colour over the piece (a
    /// linear gradient clamped before its start or after its end), nil otherwise.
    ///
    /// The pieces are found with the same `location` function the lanes use, and the
    /// constant is the colour the lanes compute there, so both ways give identical pixels.
    func forEachConstantPart(in part: Range<Int>, y: Int, _ body: (Range<Int>, UInt32?) -> Void) {
        guard kind == .linear, dirX != 0, part.count > 2 * Lanes.width else {
            body(part, nil)
            return
        }
        forEachMirrorHalf(part) { splitMonotone($0, y: y, body) }
    }

    /// Calls `body` with the parts of `range` left and right of the mirror axis (pixel
    /// centres left of it see the reflected paint; either part may be empty), or with the
    /// whole range when the paint is not mirrored.
    @inline(__always) private func forEachMirrorHalf(_ range: Range<Int>, _ body: (Range<Int>) -> Void) {
        guard mirrors else {
            body(range)
            return
        }
        let split = Swift.min(Swift.max((mirrorAxis - 0.5).rounded(.up).clampedPixelIndex, range.lowerBound), range.upperBound)
        body(range.lowerBound..<split)
        body(split..<range.upperBound)
    }

    /// 0 where the location clamps to 0, 2 where it clamps to 1, 1 in between.
    @inline(__always) private func band(_ x: Int, _ y: Int) -> Int {
        let t: Float = location(x: Float(x) + 0.5, y: Float(y) + 0.5)
        return t <= 0 ? 0 : (t >= 1 ? 2 : 1)
    }

    private func splitMonotone(_ part: Range<Int>, y: Int, _ body: (Range<Int>, UInt32?) -> Void) {
        guard !part.isEmpty else { return }
        let first = band(part.lowerBound, y), last = band(part.upperBound - 1, y)
        if first == last {
            body(part, first == 1 ? nil : packedScalar(x: part.lowerBound, y: y))
            return
        }
        // The band index is monotone along the piece: find where it changes.
        let increasing = first < last
        func boundary(_ value: Int) -> Int {
            // First x whose band is past `value` in the direction of travel.
            var lo = part.lowerBound, hi = part.upperBound
            while lo < hi {
                let mid = (lo + hi) / 2
                let b = band(mid, y)
                if increasing ? b > value : b < value { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        let firstEnd = boundary(first)
        let middleEnd = boundary(1)
        if firstEnd > part.lowerBound {
            body(part.lowerBound..<firstEnd, first == 1 ? nil : packedScalar(x: part.lowerBound, y: y))
        }
        if middleEnd > firstEnd && first != 1 {
            body(firstEnd..<middleEnd, nil)
        }
        let tailStart = first == 1 ? firstEnd : middleEnd
        if tailStart < part.upperBound {
            body(tailStart..<part.upperBound, last == 1 ? nil : packedScalar(x: tailStart, y: y))
        }
    }

    // MARK: - Regions

    /// The band of a regions paint for row `y`.
    @inline(__always) private func band(forRow y: Int) -> Int {
        let py = Float(y) + 0.5
        var index = 0
        while index + 1 < bands.count && py >= bands[index].y1 { index += 1 }
        return index
    }

    /// The part of a band with `breaks` that pixel `x` belongs to (by its centre,
    /// reflected when mirrored).
    @inline(__always) private func part(x: Int, breaks: UnsafeBufferPointer<Float>) -> Int {
        var q = Float(x) + 0.5
        if mirrors { q = mirrorAxis + (q - mirrorAxis).magnitude }
        var index = 0
        while index < breaks.count && q >= breaks[index] { index += 1 }
        return index
    }

    /// The evaluator of a regions paint at pixel `(x, y)`.
    func regionPaint(x: Int, y: Int) -> PaintEvaluator {
        let regions = bands[band(forRow: y)]
        return regions.parts[regions.breaks.withUnsafeBufferPointer { part(x: x, breaks: $0) }]
    }

    /// Splits `part` of row `y` of a regions paint into runs of one sub-paint each and calls
    /// `body` with each run and its paint, in order. The runs are found with the same
    /// per-pixel rule as `regionPaint` (the part index is monotone on each side of the
    /// mirror axis, so binary searches find where it changes).
    func forEachRegionPart(in span: Range<Int>, y: Int, _ body: (Range<Int>, UnsafePointer<PaintEvaluator>) -> Void) {
        let regions = bands[band(forRow: y)]
        regions.breaks.withUnsafeBufferPointer { breaks in
            regions.parts.withUnsafeBufferPointer { parts in
                forEachMirrorHalf(span) { piece in
                    var start = piece.lowerBound
                    while start < piece.upperBound {
                        let index = part(x: start, breaks: breaks)
                        // The first pixel after `start` whose part differs (monotone).
                        var lo = start + 1, hi = piece.upperBound
                        while lo < hi {
                            let mid = (lo + hi) / 2
                            if part(x: mid, breaks: breaks) == index { lo = mid + 1 } else { hi = mid }
                        }
                        body(start..<lo, parts.baseAddress! + index)
                        start = lo
                    }
                }
            }
        }
    }
}
