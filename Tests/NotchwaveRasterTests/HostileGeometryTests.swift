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
}
