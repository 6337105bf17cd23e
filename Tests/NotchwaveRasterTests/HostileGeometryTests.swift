import Testing
import NotchwaveRaster

/// Coordinates no scene should produce, but that extreme input once did (an easing with a
/// control point of 1e17 moved waves to 1e17 px): the rasterizer draws nothing for such a
/// shape instead of trapping, and still draws everything else exactly.
@Suite("Hostile geometry")
struct HostileGeometryTests {
    static let hostile: [Float] = [.nan, .infinity, -.infinity, 1e17, -1e17, 3e38, 16_777_217 * 4]

    @Test("a shape with a NaN, infinite or enormous coordinate is left out; the others still draw", arguments: hostile)
    func leftOut(value: Float) {
        let shapes: [Shape] = [
            .rectangle(x0: value, y0: 0, x1: 4, y1: 4),
            .rectangle(x0: 0, y0: 0, x1: value, y1: 4),
            .rectangle(x0: 0, y0: value, x1: 4, y1: 4),
            .circle(centerX: value, centerY: 4, radius: 3),
            .circle(centerX: 4, centerY: 4, radius: value),
        ]
        for (kernel, hostileShape) in [RasterKernel.simd, .scalar].flatMap({ k in shapes.map { (k, $0) } }) {
            let canvas = Canvas(width: 8, height: 8)
            // A 2x2 square, exactly on pixels 5...6 x 5...6: alpha 255 there, 0 elsewhere.
            let good = DrawCommand(shape: .rectangle(x0: 5, y0: 5, x1: 7, y1: 7), paint: .solid(.white))
            let list = DrawList(base: .transparent, commands: [DrawCommand(shape: hostileShape, paint: .solid(.white)), good])
            Rasterizer(kernel: kernel).render(list, into: canvas, rows: 0..<8)
            for y in 0..<8 {
                for x in 0..<8 {
                    let expected: UInt8 = (5...6).contains(x) && (5...6).contains(y) ? 255 : 0
                    #expect(canvas.pixel(x: x, y: y).a == expected, "\(kernel) \(hostileShape) at (\(x), \(y))")
                }
            }
        }
    }

    @Test("arcs, curves and round strokes of enormous size are flattened and filled without trapping",
          arguments: [1e40, 1e300, Double.greatestFiniteMagnitude])
    func enormousPaths(value: Double) {
        // An arc or a round cap this large has an angular step that rounds to 0 (an
        // infinite segment count), a curve this large a segment count beyond Int: both are
        // clamped before the conversion that would trap, and the rasterizer then leaves
        // the shapes out (their coordinates are beyond what it draws).
        var arcs = Path()
        arcs.addArc(center: PathPoint(x: 4, y: 4), radius: value, startAngle: 0, endAngle: 3, clockwise: false)
        arcs.addCircle(center: PathPoint(x: 1, y: 1), radius: value)
        var arch = Path()
        arch.move(to: 0, 0)
        arch.curve(to: PathPoint(x: 0, y: value), control1: PathPoint(x: value, y: 0), control2: PathPoint(x: value, y: value))
        arch.closeSubpath()
        var line = Path()
        line.move(to: 0, 0)
        line.line(to: 3, 3)
        let shapes = [arcs.shape(), arch.shape(), line.strokedShape(StrokeStyle(width: value, cap: .round, join: .round))]
        let good = DrawCommand(shape: .rectangle(x0: 5, y0: 5, x1: 7, y1: 7), paint: .solid(.white))
        for shape in shapes {
            let canvas = Canvas(width: 8, height: 8)
            Rasterizer().render(DrawList(base: .transparent, commands: [DrawCommand(shape: shape, paint: .solid(.white)), good]),
                                into: canvas, rows: 0..<8)
            #expect(canvas.pixel(x: 5, y: 5).a == 255)
        }
    }
}
