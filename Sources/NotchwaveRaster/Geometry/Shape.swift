/// A horizontal slice of a shape: for every y in `[y0, y1]` it covers the x-interval
/// between its left and right boundary.
public struct Band: Sendable, Equatable {
    /// Top of the band (pixels).
    public var y0: Float
    /// Bottom of the band (pixels).
    public var y1: Float
    /// The band's left edge; must span `[y0, y1]`.
    public var left: Boundary
    /// The band's right edge; must span `[y0, y1]` and never lie left of `left`.
    public var right: Boundary

    /// A band between two boundaries.
    public init(y0: Float, y1: Float, left: Boundary, right: Boundary) { (self.y0, self.y1, self.left, self.right) = (y0, y1, left, right) }

    /// The band reflected about the vertical line `x = axis` (its edges swap sides).
    public func mirrored(about axis: Float) -> Band {
        Band(y0: y0, y1: y1, left: right.mirrored(about: axis), right: left.mirrored(about: axis))
    }
}

/// A region bounded by straight segments and circular arcs, as a set of bands.
///
/// Bands of one shape must not overlap (they may touch): the coverage of a pixel is the
/// sum of the areas of the bands inside it, i.e. the area of their union. Two halves of
/// one wave that meet inside a pixel are therefore one shape, never two.
public struct Shape: Sendable, Equatable {
    /// The bands.
    public var bands: [Band]

    /// A shape made of the given bands.
    public init(bands: [Band]) { self.bands = bands }

    /// The empty shape.
    public static let empty = Shape(bands: [])

    /// The axis-aligned rectangle `[x0, x1] x [y0, y1]`.
    public static func rectangle(x0: Float, y0: Float, x1: Float, y1: Float) -> Shape {
        guard x1 > x0, y1 > y0 else { return .empty }
        return Shape(bands: [Band(y0: y0, y1: y1,
                                  left: .vertical(x: x0, from: y0, to: y1),
                                  right: .vertical(x: x1, from: y0, to: y1))])
    }

    /// The circle (disc) of `radius` around `(centerX, centerY)`.
    public static func circle(centerX: Float, centerY: Float, radius: Float) -> Shape {
        guard radius > 0 else { return .empty }
        var left = Boundary()
        left.addArc(centerX: centerX, centerY: centerY, radius: radius, side: -1, from: centerY - radius, to: centerY + radius)
        var right = Boundary()
        right.addArc(centerX: centerX, centerY: centerY, radius: radius, side: 1, from: centerY - radius, to: centerY + radius)
        return Shape(bands: [Band(y0: centerY - radius, y1: centerY + radius, left: left, right: right)])
    }

    /// The ring between two concentric circles (a stroked circle: radii `radius ± width/2`),
    /// bounded by exact arcs: the cap above the inner circle, its left and right sides
    /// beside it, and the cap below.
    public static func ring(centerX: Float, centerY: Float, inner: Float, outer: Float) -> Shape {
        guard outer > 0 else { return .empty }
        guard inner > 0, inner < outer else { return circle(centerX: centerX, centerY: centerY, radius: outer) }
        func arc(_ radius: Float, _ side: Float, _ y0: Float, _ y1: Float) -> Boundary {
            var b = Boundary()
            b.addArc(centerX: centerX, centerY: centerY, radius: radius, side: side, from: y0, to: y1)
            return b
        }
        let top = centerY - outer, innerTop = centerY - inner, innerBottom = centerY + inner, bottom = centerY + outer
        return Shape(bands: [
            Band(y0: top, y1: innerTop, left: arc(outer, -1, top, innerTop), right: arc(outer, 1, top, innerTop)),
            Band(y0: innerTop, y1: innerBottom, left: arc(outer, -1, innerTop, innerBottom), right: arc(inner, -1, innerTop, innerBottom)),
            Band(y0: innerTop, y1: innerBottom, left: arc(inner, 1, innerTop, innerBottom), right: arc(outer, 1, innerTop, innerBottom)),
            Band(y0: innerBottom, y1: bottom, left: arc(outer, -1, innerBottom, bottom), right: arc(outer, 1, innerBottom, bottom)),
        ])
    }
}
