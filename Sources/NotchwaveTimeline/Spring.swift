import Foundation

/// SwiftUI's `spring(response:dampingFraction:)` as the damped harmonic oscillator it
/// describes (unit mass): stiffness `k = ω0²` with `ω0 = 2π / response`, damping
/// `c = 2ζω0` with `ζ = dampingFraction` (spec `seed-systems.md` 0.3).
///
/// The displacement `x = value − target` obeys `x'' + 2ζω0 x' + ω0² x = 0`, solved in
/// closed form for all three regimes, from any start value and start velocity:
/// - under-damped (`ζ < 1`), with `ωd = ω0 √(1 − ζ²)`:
///   `x(t) = e^(−ζω0 t) (x0 cos ωd t + (v0 + ζω0 x0)/ωd · sin ωd t)`;
/// - critically damped (`ζ = 1`): `x(t) = e^(−ω0 t) (x0 + (v0 + ω0 x0) t)`;
/// - over-damped (`ζ > 1`), with roots `r1,2 = −ω0 (ζ ∓ √(ζ² − 1))`:
///   `x(t) = A e^(r1 t) + B e^(r2 t)`, `A + B = x0`, `r1 A + r2 B = v0`.
/// It never ends exactly; `settlingTime` is when the envelope `e^(−ζω0 t)` (for `ζ ≤ 1`)
/// falls below a fraction, the figure the spec quotes.
public struct Spring: Sendable, Equatable {
    /// How long one undamped oscillation takes, in seconds.
    public var response: Double
    /// ζ: 0 never stops, 1 is critically damped, above 1 creeps in without overshoot.
    public var dampingFraction: Double

    /// A spring; `response` must be positive and `dampingFraction` not negative.
    public init(response: Double = 0.55, dampingFraction: Double = 0.825) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// `.spring()` as iOS 13 defines it (LiquidSwipe's article-era animations).
    public static let swiftUIDefault = Spring(response: 0.55, dampingFraction: 0.825)
    /// `.spring(dampingFraction: 0.5)` (LiquidSwipe's current animations).
    public static let bouncy = Spring(response: 0.55, dampingFraction: 0.5)

    /// ω0 = 2π / response.
    public var angularFrequency: Double { 2 * Double.pi / response }
    /// k = ω0².
    public var stiffness: Double { angularFrequency * angularFrequency }
    /// c = 2ζω0.
    public var damping: Double { 2 * dampingFraction * angularFrequency }
    /// ωd = ω0 √(1 − ζ²) for an under-damped spring, 0 otherwise.
    public var dampedFrequency: Double {
        dampingFraction < 1 ? angularFrequency * (1 - dampingFraction * dampingFraction).squareRoot() : 0
    }

    /// The displacement from the target and its rate, `t` seconds after the spring
    /// started from displacement `x0` with velocity `v0`.
    public func displacement(at t: Double, from x0: Double, velocity v0: Double = 0) -> (x: Double, v: Double) {
        let t = Swift.max(t, 0)
        let w0 = angularFrequency, z = dampingFraction
        if z < 1 {
            let wd = dampedFrequency, decay = exp(-z * w0 * t)
            let a = x0, b = (v0 + z * w0 * x0) / wd
            let c = cos(wd * t), s = sin(wd * t)
            let x = decay * (a * c + b * s)
            let v = decay * ((b * wd - z * w0 * a) * c - (a * wd + z * w0 * b) * s)
            return (x, v)
        } else if z == 1 {
            let decay = exp(-w0 * t), b = v0 + w0 * x0
            return (decay * (x0 + b * t), decay * (b - w0 * (x0 + b * t)))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
            let a = (v0 - r2 * x0) / (r1 - r2), b = x0 - a
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
        }
    }

    /// The animated value `t` seconds after a spring animation from `from` to `to`
    /// started with velocity `velocity` (value units per second).
    public func value(at t: Double, from: Double, to: Double, velocity: Double = 0) -> Double {
        to + displacement(at: t, from: from - to, velocity: velocity).x
    }

    /// The time after which the oscillation's envelope stays below `fraction` of the
    /// start displacement: `ln(1/fraction) / (ζω0)` for `ζ ≤ 1`; for an over-damped spring
    /// the slower exponential's time.
    public func settlingTime(fraction: Double = 0.001) -> Double {
        let w0 = angularFrequency, z = dampingFraction
        let rate = z <= 1 ? z * w0 : w0 * (z - (z * z - 1).squareRoot())
        return log(1 / fraction) / rate
    }
}
