/// A point in pixel coordinates.
public struct PixelPoint: Sendable, Equatable {
    public var x: Float
    public var y: Float
    /// A point.
    public init(x: Float, y: Float) { self.x = x; self.y = y }
}

/// A colour at a position along a gradient (`location` in 0...1).
public struct GradientStop: Sendable, Equatable {
    public var location: Float
    public var color: RGBA8
    /// A stop.
    public init(_ color: RGBA8, at location: Float) {
        self.color = color
        self.location = location
    }
}

/// The space in which a gradient interpolates between its stops.
public enum GradientInterpolation: String, Sendable, CaseIterable {
    /// sRGB-encoded components, as SwiftUI's default `.device` space and the spec do.
    case srgb
    /// Linear-light sRGB components.
    case linear
    /// The OKLab perceptual space.
    case oklab
}

/// What fills a shape: a solid colour or a gradient, evaluated at pixel centres.
///
/// Gradients interpolate premultiplied components (so a stop that fades to transparent
/// does not darken), clamp outside their range, and take stops in order of location.
public indirect enum Paint: Sendable, Equatable {
    /// One colour.
    case solid(RGBA8)
    /// Along the line from `start` to `end`: location 0 at `start`, 1 at `end`, constant
    /// across it (like SwiftUI's `LinearGradient`).
    case linear(start: PixelPoint, end: PixelPoint, stops: [GradientStop], interpolation: GradientInterpolation)
    /// By distance from `center`: location 0 at `startRadius`, 1 at `endRadius` (like
    /// SwiftUI's `RadialGradient`).
    case radial(center: PixelPoint, startRadius: Float, endRadius: Float, stops: [GradientStop], interpolation: GradientInterpolation)
    /// By direction around `center` (radians, 0 = +x, growing clockwise on screen as y
    /// points down): location 0 at `startAngle`, 1 at `endAngle` (like SwiftUI's
    /// `AngularGradient`). Directions are taken modulo 2 pi from `startAngle`; in the gap
    /// between `endAngle` and `startAngle + 2 pi` each half takes the nearer end's colour.
    case conic(center: PixelPoint, startAngle: Float, endAngle: Float, stops: [GradientStop], interpolation: GradientInterpolation)
    /// `paint` evaluated at `x` reflected onto the right of the vertical line `x = axis`
    /// (`axis + |x - axis|`): one paint for both mirrored halves of a shape.
    case mirrored(Paint, axis: Float)
    /// Different paints in different places: each pixel takes the paint of the band and
    /// the part of it its centre lies in (see `PaintBand`). One shape can so carry a
    /// composite fill without seams where the parts meet (no edge is anti-aliased twice).
    case regions([PaintBand])

    /// True when every pixel the paint produces is opaque.
    public var isOpaque: Bool {
        switch self {
        case let .solid(c): return c.isOpaque
        case let .linear(_, _, stops, _), let .radial(_, _, _, stops, _), let .conic(_, _, _, stops, _):
            return !stops.isEmpty && stops.allSatisfy { $0.color.isOpaque }
        case let .mirrored(p, _): return p.isOpaque
        case let .regions(bands): return bands.allSatisfy { $0.paints.allSatisfy(\.isOpaque) }
        }
    }
}

/// A horizontal band of a `.regions` paint: the rows whose pixel centres lie in
/// `[y0, y1)`, split along x at `breaks` (ascending): `paints[0]` left of `breaks[0]`,
/// `paints[i]` in `[breaks[i-1], breaks[i])`, the last one from the last break on. Rows
/// above the first band use the first band, rows below the last band the last one.
public struct PaintBand: Sendable, Equatable {
    public var y0: Float
    public var y1: Float
    public var breaks: [Float]
    public var paints: [Paint]

    /// A band; `paints.count` must be `breaks.count + 1`.
    public init(y0: Float, y1: Float, breaks: [Float] = [], paints: [Paint]) {
        precondition(paints.count == breaks.count + 1, "a paint band needs one paint more than breaks")
        self.y0 = y0
        self.y1 = y1
        self.breaks = breaks
        self.paints = paints
    }
}
