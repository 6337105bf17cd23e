/// Timing curves solved the plain way, independent of `CubicBezierEasing`'s Newton solver:
/// bisection on the Bézier's x(s), then y(s) (spec `seed-systems.md` 0.3's method).
public enum ReferenceEasing {
    /// y of cubic-bezier(x1, y1, x2, y2) at `x` (clamped to 0...1).
    public static func cubicBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, y1, y2)
    }

    /// SwiftUI's easeOut, cubic-bezier(0, 0, 0.58, 1).
    public static func easeOut(_ x: Double) -> Double { cubicBezier(x, 0, 0, 0.58, 1) }
}
