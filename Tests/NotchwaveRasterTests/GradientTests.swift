import Foundation
import Testing
import NotchwaveRaster

/// Renders `paint` over a full rectangle and returns the canvas.
func paintCanvas(_ paint: Paint, width: Int = 64, height: Int = 64, kernel: RasterKernel = .simd) -> Canvas {
    let canvas = Canvas(width: width, height: height)
    let shape = Shape.rectangle(x0: 0, y0: 0, x1: Float(width), y1: Float(height))
    Rasterizer(kernel: kernel).render(DrawList(base: .transparent, commands: [DrawCommand(shape: shape, paint: paint)]),
                                      into: canvas, rows: 0..<height)
    return canvas
}

let black = RGBA8(r: 0, g: 0, b: 0), white = RGBA8.white
let red = RGBA8(r: 255, g: 0, b: 0), blue = RGBA8(r: 0, g: 0, b: 255)

/// The expected 8-bit value of `a + (b - a) t`, rounded.
func lerp8(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }

@Suite("Gradient paints against closed forms")
struct GradientTests {
    @Test("linear: stop colours at their positions, interpolation between, clamping outside", arguments: RasterKernel.allCases)
    func linear(kernel: RasterKernel) {
        // From x = 8 to x = 56 (pixel centres x + 0.5): t = (x + 0.5 - 8) / 48.
        let paint = Paint.linear(start: PixelPoint(x: 8, y: 0), end: PixelPoint(x: 56, y: 0),
                                 stops: [GradientStop(black, at: 0), GradientStop(red, at: 0.5), GradientStop(white, at: 1)],
                                 interpolation: .srgb)
        let canvas = paintCanvas(paint, kernel: kernel)
        for x in 0..<64 {
            let t = min(max((Double(x) + 0.5 - 8) / 48, 0), 1)
            let p = canvas.pixel(x: x, y: 10)
            let expected: (UInt8, UInt8, UInt8) = t < 0.5
                ? (lerp8(0, 255, t * 2), 0, 0)
                : (255, lerp8(0, 255, (t - 0.5) * 2), lerp8(0, 255, (t - 0.5) * 2))
            #expect(abs(Int(p.r) - Int(expected.0)) <= 1 && abs(Int(p.g) - Int(expected.1)) <= 1 && abs(Int(p.b) - Int(expected.2)) <= 1,
                    "x \(x): \(p) vs \(expected)")
            #expect(p.a == 255)
        }
        #expect(canvas.pixel(x: 0, y: 0) == black.premultiplied)      // clamped before the start
        #expect(canvas.pixel(x: 63, y: 63) == white.premultiplied)    // clamped after the end
    }

    @Test("radial: location by distance between the two radii")
    func radial() {
        let paint = Paint.radial(center: PixelPoint(x: 32, y: 32), startRadius: 4, endRadius: 20,
                                 stops: [GradientStop(red, at: 0), GradientStop(blue, at: 1)], interpolation: .srgb)
        let canvas = paintCanvas(paint)
        for (x, y) in [(32, 32), (40, 32), (32, 45), (50, 50), (0, 0), (36, 35)] {
            let d = ((Double(x) + 0.5 - 32) * (Double(x) + 0.5 - 32) + (Double(y) + 0.5 - 32) * (Double(y) + 0.5 - 32)).squareRoot()
            let t = min(max((d - 4) / 16, 0), 1)
            let p = canvas.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - Int(lerp8(255, 0, t))) <= 1 && abs(Int(p.b) - Int(lerp8(0, 255, t))) <= 1, "(\(x), \(y)) t \(t): \(p)")
        }
    }

    @Test("conic: angles from +x clockwise, wrapping at 360 degrees, the gap split between the ends")
    func conic() {
        // From 350 to 370 degrees: 0 degrees (the +x direction) is halfway.
        let rad = Float.pi / 180
        let paint = Paint.conic(center: PixelPoint(x: 32, y: 32), startAngle: 350 * rad, endAngle: 370 * rad,
                                stops: [GradientStop(red, at: 0), GradientStop(blue, at: 1)], interpolation: .srgb)
        let canvas = paintCanvas(paint)
        func angle(_ x: Int, _ y: Int) -> Double {
            let dy: Double = Double(y) + 0.5 - 32, dx: Double = Double(x) + 0.5 - 32
            var a: Double = atan2(dy, dx) * 180 / Double.pi
            if a < 0 { a += 360 }
            return a
        }
        for (x, y) in [(60, 32), (60, 34), (60, 29), (50, 35), (50, 28)] {
            var a = angle(x, y)
            if a < 180 { a += 360 }
            let t = min(max((a - 350) / 20, 0), 1)
            let p = canvas.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - Int(lerp8(255, 0, t))) <= 1 && abs(Int(p.b) - Int(lerp8(0, 255, t))) <= 1, "(\(x), \(y)) angle \(a): \(p)")
        }
        // Straight down (90 degrees) is in the gap, nearer the end (370 = 10 degrees): blue.
        #expect(canvas.pixel(x: 32, y: 60) == blue.premultiplied)
        // Straight up (270 degrees) is in the gap, nearer the start (350): red.
        #expect(canvas.pixel(x: 32, y: 2) == red.premultiplied)
    }

    @Test("interpolation spaces: sRGB midpoint, linear-light midpoint, OKLab endpoints")
    func spaces() {
        func mid(_ space: GradientInterpolation) -> PremultipliedRGBA8 {
            let paint = Paint.linear(start: PixelPoint(x: 0, y: 0), end: PixelPoint(x: 64, y: 0),
                                     stops: [GradientStop(black, at: 0), GradientStop(white, at: 1)], interpolation: space)
            return paintCanvas(paint).pixel(x: 31, y: 0) // centre 31.5: t = 0.4921875
        }
        #expect(abs(Int(mid(.srgb).r) - 125) <= 1)
        // Linear light 0.4921875 encodes to sRGB 0.7297 -> 186.
        #expect(abs(Int(mid(.linear).r) - 186) <= 1)
        // OKLab lightness is linear in t: grey at L = 0.4921875 is linear L^3 = 0.1192,
        // sRGB 0.3796 -> 97.
        #expect(abs(Int(mid(.oklab).r) - 97) <= 1)
        let ends = paintCanvas(.linear(start: PixelPoint(x: 10, y: 0), end: PixelPoint(x: 50, y: 0),
                                       stops: [GradientStop(red, at: 0), GradientStop(blue, at: 1)], interpolation: .oklab))
        #expect(ends.pixel(x: 2, y: 0) == red.premultiplied)
        #expect(ends.pixel(x: 60, y: 0) == blue.premultiplied)
    }

    @Test("transparent stops interpolate premultiplied: no dark fringe")
    func premultiplied() {
        let paint = Paint.linear(start: PixelPoint(x: 0, y: 0), end: PixelPoint(x: 64, y: 0),
                                 stops: [GradientStop(.transparent, at: 0), GradientStop(white, at: 1)], interpolation: .srgb)
        let canvas = paintCanvas(paint)
        for x in 1..<64 {
            let straight = canvas.pixel(x: x, y: 0).straight
            #expect(straight.r >= 254, "x \(x): \(straight)")
        }
    }

    @Test("two stops at one location make a step; at and past it the later stop's colour")
    func hardStops() {
        // Stops red@0, blue@0.5, green@0.5, green@1: left of the middle red to blue,
        // right of it green, exactly at it green.
        let green = RGBA8(r: 0, g: 255, b: 0)
        let paint = Paint.linear(start: PixelPoint(x: 0.5, y: 0), end: PixelPoint(x: 64.5, y: 0),
                                 stops: [GradientStop(red, at: 0), GradientStop(blue, at: 0.5), GradientStop(green, at: 0.5), GradientStop(green, at: 1)],
                                 interpolation: .srgb)
        for kernel in RasterKernel.allCases {
            let canvas = paintCanvas(paint, kernel: kernel)
            #expect(canvas.pixel(x: 32, y: 0) == green.premultiplied)   // centre 32.5: t = 0.5 exactly
            #expect(canvas.pixel(x: 40, y: 0) == green.premultiplied)
            #expect(canvas.pixel(x: 31, y: 0).b > 240)                    // just before: nearly blue
            #expect(canvas.pixel(x: 63, y: 0) == green.premultiplied)
        }
        // Both stops at the end (the smooth style's middle stop at 1): the last colour.
        let end = Paint.radial(center: PixelPoint(x: 0, y: 0), startRadius: 0, endRadius: 10,
                               stops: [GradientStop(red, at: 0), GradientStop(blue, at: 1), GradientStop(green, at: 1)], interpolation: .srgb)
        #expect(paintCanvas(end).pixel(x: 40, y: 40) == green.premultiplied)
    }
}
