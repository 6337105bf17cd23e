/// How a rounded rectangle's corners are drawn (SwiftUI's `RoundedCornerStyle`).
public enum CornerStyle: String, Sendable, CaseIterable {
    /// Quarter circles of the radius.
    case circular
    /// Apple's smooth-curvature corner (`style: .continuous`, UIKit's rounded rectangles
    /// since iOS 7): the curve leaves each edge 1.528665 radii from the corner and bends
    /// gradually, three cubic Béziers per corner.
    case continuous
}

extension Path {
    /// The continuous corner's control points as multiples of the radius, for the top-right
    /// corner: `(x, y)` is the point `(maxX − x·r, minY + y·r)`. The curve starts on the top
    /// edge at `start`, and each triple is a cubic's two controls and its end. These are
    /// UIKit's own numbers as captured from `UIBezierPath(roundedRect:cornerRadius:)` on
    /// iOS 14 to 17 and published by ChouTiUI (`honghaoz/ChouTiUI`,
    /// `NSBezierPath+RoundedRect.swift`, `addRoundedRect1`); they refine PaintCode's 2013
    /// reconstruction ("Drawing Code for iOS 7 Rounded Rectangles"), which splits the first
    /// curve in two.
    static let continuousCorner: (start: Double, curves: [((Double, Double), (Double, Double), (Double, Double))]) = (
        1.528665,
        [((1.08849296, 0), (0.86840694, 0), (0.63149379, 0.07491139)),
         ((0.37282383, 0.16905956), (0.16905956, 0.37282383), (0.07491139, 0.63149379)),
         ((0, 0.86840694), (0, 1.08849296), (0, 1.528665))]
    )

    /// How far along each edge a continuous corner reaches, in radii.
    public static let continuousCornerExtent = 1.528665

    /// The rectangle `[x0, x1] × [y0, y1]` with corners of `radius` in `style`, as its own
    /// closed subpath, clockwise on screen from the top edge.
    ///
    /// The radius is limited as UIKit limits it: a circular corner to half the shorter
    /// side (a capsule at most); a continuous corner to half the shorter side divided by
    /// 1.528665, so that the corners' curves meet but never overlap. (UIKit draws other
    /// near-capsule outlines when a side is shorter than 3.0573 radii; notchwave keeps the
    /// continuous corner and limits its radius instead.)
    public mutating func addRoundedRect(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, style: CornerStyle = .circular) {
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0 else { return }
        let extent = style == .continuous ? Path.continuousCornerExtent : 1
        let r = Swift.min(Swift.max(radius, 0), Swift.min(w, h) / 2 / extent)
        guard r > 0 else { return addRect(x0: x0, y0: y0, x1: x1, y1: y1) }
        // Each corner: its point, the direction travelled into it and the one out of it.
        let corners: [(c: PathPoint, into: (Double, Double), out: (Double, Double))] = [
            (PathPoint(x: x1, y: y0), (1, 0), (0, 1)),
            (PathPoint(x: x1, y: y1), (0, 1), (-1, 0)),
            (PathPoint(x: x0, y: y1), (-1, 0), (0, -1)),
            (PathPoint(x: x0, y: y0), (0, -1), (1, 0)),
        ]
        // (x, y) in radii: x back along the incoming edge, y along the outgoing one.
        func point(_ corner: (c: PathPoint, into: (Double, Double), out: (Double, Double)), _ x: Double, _ y: Double) -> PathPoint {
            PathPoint(x: corner.c.x - x * r * corner.into.0 + y * r * corner.out.0, y: corner.c.y - x * r * corner.into.1 + y * r * corner.out.1)
        }
        let last = corners[3]
        let begin = point(last, 0, extent)
        move(to: begin.x, begin.y)
        for corner in corners {
            let start = point(corner, extent, 0)
            line(to: start.x, start.y)
            switch style {
            case .circular:
                let center = point(corner, 1, 1)
                let startAngle = Double.axisAngle(x: -corner.out.0, y: -corner.out.1)
                addArc(center: center, radius: r, startAngle: startAngle, endAngle: startAngle + .pi / 2, clockwise: false)
            case .continuous:
                for (c1, c2, to) in Path.continuousCorner.curves {
                    curve(to: point(corner, to.0, to.1), control1: point(corner, c1.0, c1.1), control2: point(corner, c2.0, c2.1))
                }
            }
        }
        closeSubpath()
    }

    /// The capsule filling `[x0, x1] × [y0, y1]`: its shorter side's ends are half circles.
    public mutating func addCapsule(x0: Double, y0: Double, x1: Double, y1: Double) {
        addRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: Swift.min(x1 - x0, y1 - y0) / 2, style: .circular)
    }
}

extension Double {
    /// The angle (radians, y down) of one of the four axis directions `(x, y)`.
    fileprivate static func axisAngle(x: Double, y: Double) -> Double {
        if x > 0 { return 0 }
        if y > 0 { return .pi / 2 }
        if x < 0 { return .pi }
        return -.pi / 2
    }
}
