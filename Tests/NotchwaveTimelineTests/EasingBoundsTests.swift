import Testing
import NotchwaveTimeline
import NotchwaveModel

@Suite("Easing bounds")
struct EasingBoundsTests {
    @Test("control points beyond the y range, in hex or not numbers are refused with the range", arguments: [
        "cubic-bezier(0.5,1e17,0.5,0)", "cubic-bezier(0.5,0,0.5,-10.5)", "cubic-bezier(0x1,0,0.5,1)", "cubic-bezier(0.5,inf,0.5,1)",
    ])
    func refused(text: String) {
        do {
            _ = try EasingCurve.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message.contains("between") || error.message.contains("four numbers"), "\(error)")
        }
    }

    @Test("the extremes of the range give bounded values: y(x) stays within the control hull")
    func extremes() throws {
        let curve = CubicBezierEasing(try EasingCurve.parse("cubic-bezier(0.5,10,0.5,-10)"))
        for i in 0...100 {
            let y = curve(Double(i) / 100)
            // A Bézier lies in the convex hull of its control points' y: 0, 10, -10, 1.
            #expect(y.isFinite && y >= -10 && y <= 10)
        }
    }
}
