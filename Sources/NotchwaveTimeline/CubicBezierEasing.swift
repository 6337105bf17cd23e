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
    public static let easeIn = CubicBezierEasing(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// SwiftUI's `easeOut`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = CubicBezierEasing(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// SwiftUI's `easeInOut`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezierEasing(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// `linear`: y = x.
    public static let linear = CubicBezierEasing(x1: 0, y1: 0, x2: 1, y2: 1)
    /// The smooth-gradient rainbow's superEaseIn: cubic-bezier(0.2, 0, 1, 0.7).
    public static let superEaseIn = CubicBezierEasing(x1: 0.2, y1: 0, x2: 1, y2: 0.7)

    /// The named curves `--easing` accepts.
    public static let named: [(String, CubicBezierEasing)] = [
        ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
        ("linear", .linear), ("super-ease-in", .superEaseIn),
    ]

    /// `cubic-bezier(x1, y1, x2, y2)`.
    public var description: String {
        "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
    }

    /// The range `cubic-bezier` accepts for y1 and y2: overshoot up to ten times the
    /// travel either way, which keeps every wave position finite and bounded.
    public static let yRange = -10.0...10.0

    /// Parses a name (`ease-in`, `ease-out`, `ease-in-out`, `linear`, `super-ease-in`) or
    /// `cubic-bezier(x1,y1,x2,y2)` with x1 and x2 in 0...1 and y1 and y2 in `yRange`.
    public static func parse(_ text: String) throws(EasingError) -> CubicBezierEasing {
        let lowered = text.lowercased().filter { $0 != " " }
        if let match = named.first(where: { $0.0 == lowered }) { return match.1 }
        guard lowered.hasPrefix("cubic-bezier("), lowered.hasSuffix(")") else {
            throw EasingError(text: text, reason: "expected one of \(named.map(\.0).joined(separator: ", ")) or cubic-bezier(x1,y1,x2,y2)")
        }
        let inner = lowered.dropFirst("cubic-bezier(".count).dropLast()
        let numbers = inner.split(separator: ",", omittingEmptySubsequences: false).map { TextInput.decimal($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0 != nil }) else {
            throw EasingError(text: text, reason: "cubic-bezier needs four numbers")
        }
        let v = numbers.map { $0 ?? 0 }
        guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
            throw EasingError(text: text, reason: "x1 and x2 must lie between 0 and 1")
        }
        guard yRange.contains(v[1]), yRange.contains(v[3]) else {
            throw EasingError(text: text, reason: "y1 and y2 must lie between \(Int(yRange.lowerBound)) and \(Int(yRange.upperBound))")
        }
        return CubicBezierEasing(x1: v[0], y1: v[1], x2: v[2], y2: v[3])
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

/// A timing curve that could not be parsed.
public struct EasingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String
    public var reason: String
    public var description: String { "invalid easing \"\(text)\": \(reason)" }
}
