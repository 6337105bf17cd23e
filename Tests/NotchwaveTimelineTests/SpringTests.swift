import Foundation
import Testing
import NotchwaveTimeline

/// The same oscillator integrated numerically (classical Runge–Kutta, 1 µs steps):
/// independent of the closed forms.
private func integrate(_ spring: Spring, x0: Double, v0: Double, until t: Double) -> (x: Double, v: Double) {
    let k = spring.stiffness, c = spring.damping
    var x = x0, v = v0
    let steps = Int((t / 1e-5).rounded())
    let h = t / Double(steps)
    func a(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
    for _ in 0..<steps {
        let k1x = v, k1v = a(x, v)
        let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

@Suite("Springs")
struct SpringTests {
    @Test("stiffness, damping and damped frequency of the spec's table (0.3)", arguments: [
        (0.55, 0.825, 130.51, 18.85, 6.456), (0.55, 0.5, 130.51, 11.42, 9.893), (0.5, 0.825, 157.91, 20.73, 7.102),
    ])
    func constants(response: Double, zeta: Double, k: Double, c: Double, wd: Double) {
        let spring = Spring(response: response, dampingFraction: zeta)
        #expect(abs(spring.stiffness - k) < 0.01)
        #expect(abs(spring.damping - c) < 0.01)
        #expect(abs(spring.dampedFrequency - wd) < 0.001)
    }

    @Test("overshoot, first peak and settling of the spec's table (0.3, 3.6)", arguments: [
        (0.55, 0.825, 0.010, 0.487, 0.73), (0.55, 0.5, 0.163, 0.318, 1.21), (0.5, 0.825, 0.010, 0.442, 0.67),
    ])
    func figures(response: Double, zeta: Double, overshoot: Double, peak: Double, settle: Double) {
        let spring = Spring(response: response, dampingFraction: zeta)
        // Scan 0 → 1 for the first maximum above the target.
        var best = (t: 0.0, value: -Double.infinity)
        var t = 0.0
        while t < 2 {
            let value = spring.value(at: t, from: 0, to: 1)
            if value > best.value { best = (t, value) } else if value < best.value - 1e-9 && best.value > 1 { break }
            t += 1e-4
        }
        #expect(abs((best.value - 1) - overshoot) < 0.0006, "overshoot \(best.value - 1)")
        #expect(abs(best.t - peak) < 0.0006, "first peak at \(best.t)")
        #expect(abs(spring.settlingTime(fraction: 0.001) - settle) < 0.006, "settles at \(spring.settlingTime())")
    }

    @Test("closed forms match a numerical integration: under-, critically and over-damped, with a start velocity",
          arguments: [0.3, 0.5, 0.825, 1.0, 1.7])
    func againstIntegration(zeta: Double) {
        let spring = Spring(response: 0.55, dampingFraction: zeta)
        for t in [0.05, 0.2, 0.45, 0.9] {
            let closed = spring.displacement(at: t, from: -1.25, velocity: 3.5)
            let numeric = integrate(spring, x0: -1.25, v0: 3.5, until: t)
            #expect(abs(closed.x - numeric.x) < 1e-7, "x at \(t): \(closed.x) vs \(numeric.x)")
            #expect(abs(closed.v - numeric.v) < 1e-6, "v at \(t): \(closed.v) vs \(numeric.v)")
        }
    }

    @Test("the value starts where it starts, with the velocity it is given, and reaches the target")
    func endpoints() {
        for zeta in [0.5, 1.0, 2.0] {
            let spring = Spring(response: 0.4, dampingFraction: zeta)
            #expect(abs(spring.value(at: 0, from: 3, to: 7, velocity: 2) - 3) < 1e-12)
            #expect(abs(spring.displacement(at: 0, from: -4, velocity: 2).v - 2) < 1e-12)
            #expect(abs(spring.value(at: 20, from: 3, to: 7) - 7) < 1e-9)
        }
    }
}
