import NotchwaveModel

/// A CSS / Core Animation timing curve: the cubic Bézier from (0, 0) to (1, 1) with
/// control points (x1, y1) and (x2, y2). `callAsFunction(x)` solves `x(s) = x` for the
/// curve parameter `s` (Newton's method, bisection when it stalls) to within 1e-12 —
/// far inside the spec's 1e-6 — and returns `y(s)`.
public struct CubicBezierEasing: Sendable, Equatable, CustomStringConvertible {
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double

    /// A curve; `x1` and `x2` must lie in 0...1 so that x is monotone.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// SwiftUI's `easeIn`: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = CubicBezierEasing(EasingCurve.easeIn)
    /// SwiftUI's `easeOut`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = CubicBezierEasing(EasingCurve.easeOut)
    /// SwiftUI's `easeInOut`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezierEasing(EasingCurve.easeInOut)
    /// `linear`: y = x.
    public static let linear = CubicBezierEasing(EasingCurve.linear)
    /// The smooth-gradient rainbow's superEaseIn: cubic-bezier(0.2, 0, 1, 0.7).
    public static let superEaseIn = CubicBezierEasing(EasingCurve.superEaseIn)

    /// The curve's name, or `cubic-bezier(x1,y1,x2,y2)`.
    public var description: String { EasingCurve(x1: x1, y1: y1, x2: x2, y2: y2).description }

    /// The solver of `curve`.
    public init(_ curve: EasingCurve) {
        self.init(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2)
    }

    @inline(__always) private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    @inline(__always) private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter `s` with `x(s) = x`, to within 1e-12.
    public func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let error = CubicBezierEasing.bezier(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let slope = CubicBezierEasing.derivative(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            let next = s - error / slope
            if next < 0 || next > 1 { break }
            s = next
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<100 {
            let value = CubicBezierEasing.bezier(s, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// The eased value at normalised time `x` (clamped to 0...1).
    public func callAsFunction(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return CubicBezierEasing.bezier(parameter(forX: x), y1, y2)
    }
}

