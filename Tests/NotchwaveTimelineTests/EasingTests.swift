import Testing
import NotchwaveTimeline
import NotchwaveModel

@Suite("Cubic Bézier easing")
struct EasingTests {
    /// Values of cubic-bezier(0.42, 0, 1, 1) and (0.2, 0, 1, 0.7) from the seed reference's
    /// table (seed-systems.md section 0.3, computed there by bisection).
    @Test("easeIn and superEaseIn match the reference table", arguments: [
        (0.1, 0.0170, 0.0305), (0.2, 0.0623, 0.0872), (0.3, 0.1296, 0.1562), (1.0 / 3, 0.1562, 0.1812),
        (0.5, 0.3154, 0.3189), (2.0 / 3, 0.5117, 0.4777), (0.8, 0.6916, 0.6250), (0.9, 0.8394, 0.7575),
    ])
    func referenceValues(x: Double, easeIn: Double, superEaseIn: Double) {
        #expect(abs(CubicBezierEasing.easeIn(x) - easeIn) < 5e-5)
        #expect(abs(CubicBezierEasing.superEaseIn(x) - superEaseIn) < 5e-5)
    }

    @Test("easeOut and easeInOut match the reference table", arguments: [
        (0.1, 0.1606, 0.0197), (0.3, 0.4452, 0.1874), (0.5, 0.6846, 0.5), (0.9, 0.9830, 0.9803),
    ])
    func otherCurves(x: Double, easeOut: Double, easeInOut: Double) {
        #expect(abs(CubicBezierEasing.easeOut(x) - easeOut) < 5e-5)
        #expect(abs(CubicBezierEasing.easeInOut(x) - easeInOut) < 5e-5)
    }

    @Test("the solved parameter reproduces x to within 1e-6")
    func solverPrecision() {
        let curve = CubicBezierEasing.easeIn
        for i in 0...1000 {
            let x = Double(i) / 1000
            let s = curve.parameter(forX: x)
            let u = 1 - s
            let bx = 3 * u * u * s * curve.x1 + 3 * u * s * s * curve.x2 + s * s * s
            #expect(abs(bx - x) < 1e-6)
        }
    }

    @Test("ends and clamping")
    func ends() {
        #expect(CubicBezierEasing.easeIn(0) == 0)
        #expect(CubicBezierEasing.easeIn(1) == 1)
        #expect(CubicBezierEasing.easeIn(-3) == 0)
        #expect(CubicBezierEasing.easeIn(7) == 1)
        #expect(CubicBezierEasing.linear(0.37) == 0.37 || abs(CubicBezierEasing.linear(0.37) - 0.37) < 1e-9)
    }

    @Test("parsing names and cubic-bezier()")
    func parsing() throws {
        #expect(try EasingCurve.parse("ease-in") == .easeIn)
        #expect(try EasingCurve.parse("super-ease-in") == .superEaseIn)
        #expect(try EasingCurve.parse("cubic-bezier(0.2, 0, 1, 0.7)") == .superEaseIn)
        #expect(throws: ParameterProblem.self) { try EasingCurve.parse("bouncy") }
        #expect(throws: ParameterProblem.self) { try EasingCurve.parse("cubic-bezier(1.5,0,1,1)") }
        #expect(throws: ParameterProblem.self) { try EasingCurve.parse("cubic-bezier(0,0,1)") }
    }
}
