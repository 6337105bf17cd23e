import Testing
import NotchwaveRaster

/// One-pixel blend results pinned to bytes computed by hand (as tiny-skia pins its
/// pipeline stages), for every blend mode at full and partial coverage, over an opaque and
/// a translucent destination. The arithmetic is the documented 8-bit contract:
///
/// - colours are premultiplied on the way in: `round(c · a / 255)`;
/// - coverage `c` becomes `C = round(255 c)` (ties to even);
/// - `div(x) = round(x / 255)` (never a tie: `x / 255 = k + ½` would need `2x = 255 (2k+1)`);
/// - source-over: `d' = div(S·C) + div(D · (255 - div(A·C)))`; copy:
///   `d' = div(S·C) + div(D · (255 - C))`; destination-out: `d' = div(D · (255 - div(A·C)))`.
///
/// Each case runs on a 1 x 1 canvas with the shape ending inside the pixel (an edge cell),
/// and on a 19 x 1 canvas with the shape's bottom edge inside the row (a run of constant
/// coverage, filled by the SIMD kernel's run path in two lane groups and a tail), with a
/// solid paint and with a linear gradient whose stops are both that colour (the gradient
/// path): every pixel must be the hand-computed bytes, with both kernels.
@Suite("Blend modes byte for byte, computed by hand")
struct BlendByteTests {
    // The source, straight RGBA (20, 240, 160, 128), premultiplied:
    //   r: 20 · 128 = 2560,   2560 / 255 = 10.04  -> 10
    //   g: 240 · 128 = 30720, 30720 / 255 = 120.47 -> 120
    //   b: 160 · 128 = 20480, 20480 / 255 = 80.31  -> 80
    //   S = (10, 120, 80), A = 128
    static let source = RGBA8(r: 20, g: 240, b: 160, a: 128)
    // The opaque destination (200, 100, 50, 255): premultiplied by 255, unchanged.
    static let opaque = RGBA8(r: 200, g: 100, b: 50, a: 255)
    // The translucent destination, straight (255, 0, 100, 100), premultiplied:
    //   r: 255 · 100 / 255 = 100;  g: 0;  b: 100 · 100 = 10000, / 255 = 39.22 -> 39
    //   D = (100, 0, 39, 100)
    static let translucent = RGBA8(r: 255, g: 0, b: 100, a: 100)

    struct Case: Sendable, CustomStringConvertible {
        var mode: BlendMode
        var coverage: Float
        var base: RGBA8
        var expected: PremultipliedRGBA8
        var description: String { "\(mode) coverage \(coverage) over \(base)" }
    }

    static let cases: [Case] = [
        // Source-over, coverage 1: C = 255, div(S · 255) = S, div(A · C) = 128, 255 - 128 = 127.
        //   r: 10 + div(200 · 127 = 25400 -> 99.61) = 10 + 100 = 110
        //   g: 120 + div(100 · 127 = 12700 -> 49.80) = 120 + 50 = 170
        //   b: 80 + div(50 · 127 = 6350 -> 24.90) = 80 + 25 = 105
        //   a: 128 + div(255 · 127) = 128 + 127 = 255
        Case(mode: .sourceOver, coverage: 1, base: opaque, expected: PremultipliedRGBA8(r: 110, g: 170, b: 105, a: 255)),
        // Source-over, coverage 0.25: C = round(63.75) = 64.
        //   div(S·C): 10 · 64 = 640 -> 2.51 -> 3;  120 · 64 = 7680 -> 30.12 -> 30;
        //             80 · 64 = 5120 -> 20.08 -> 20;  A: 128 · 64 = 8192 -> 32.13 -> 32
        //   255 - 32 = 223:  200 · 223 = 44600 -> 174.90 -> 175;  100 · 223 = 22300 -> 87.45 -> 87;
        //                    50 · 223 = 11150 -> 43.73 -> 44;  255 · 223 / 255 = 223
        //   d' = (3 + 175, 30 + 87, 20 + 44, 32 + 223) = (178, 117, 64, 255)
        Case(mode: .sourceOver, coverage: 0.25, base: opaque, expected: PremultipliedRGBA8(r: 178, g: 117, b: 64, a: 255)),
        // Source-over, coverage 0.5 over the translucent D = (100, 0, 39, 100):
        //   C = round(127.5) = 128 (the tie goes to even).
        //   div(S·C): 10 · 128 = 1280 -> 5.02 -> 5;  120 · 128 = 15360 -> 60.24 -> 60;
        //             80 · 128 = 10240 -> 40.16 -> 40;  A: 128 · 128 = 16384 -> 64.25 -> 64
        //   255 - 64 = 191:  100 · 191 = 19100 -> 74.90 -> 75;  0;  39 · 191 = 7449 -> 29.21 -> 29;
        //                    alpha 100 · 191 -> 75
        //   d' = (5 + 75, 60 + 0, 40 + 29, 64 + 75) = (80, 60, 69, 139)
        Case(mode: .sourceOver, coverage: 0.5, base: translucent, expected: PremultipliedRGBA8(r: 80, g: 60, b: 69, a: 139)),
        // Copy, coverage 1: d' = S + div(D · 0) = (10, 120, 80, 128).
        Case(mode: .copy, coverage: 1, base: opaque, expected: PremultipliedRGBA8(r: 10, g: 120, b: 80, a: 128)),
        // Copy, coverage 0.25: C = 64, div(S·C) = (3, 30, 20, 32) as above; 255 - 64 = 191:
        //   200 · 191 = 38200 -> 149.80 -> 150;  100 · 191 = 19100 -> 74.90 -> 75;
        //   50 · 191 = 9550 -> 37.45 -> 37;  255 · 191 / 255 = 191
        //   d' = (3 + 150, 30 + 75, 20 + 37, 32 + 191) = (153, 105, 57, 223)
        Case(mode: .copy, coverage: 0.25, base: opaque, expected: PremultipliedRGBA8(r: 153, g: 105, b: 57, a: 223)),
        // Copy, coverage 0.5 over the translucent D: C = 128, div(S·C) = (5, 60, 40, 64);
        //   255 - 128 = 127:  100 · 127 = 12700 -> 49.80 -> 50;  0;  39 · 127 = 4953 -> 19.42 -> 19;
        //                     alpha 100 · 127 -> 50
        //   d' = (5 + 50, 60 + 0, 40 + 19, 64 + 50) = (55, 60, 59, 114)
        Case(mode: .copy, coverage: 0.5, base: translucent, expected: PremultipliedRGBA8(r: 55, g: 60, b: 59, a: 114)),
        // Destination-out, coverage 1: div(A · 255) = 128, 255 - 128 = 127:
        //   (div(200 · 127), div(100 · 127), div(50 · 127), div(255 · 127)) = (100, 50, 25, 127)
        Case(mode: .destinationOut, coverage: 1, base: opaque, expected: PremultipliedRGBA8(r: 100, g: 50, b: 25, a: 127)),
        // Destination-out, coverage 0.25: div(A · 64) = 32, 255 - 32 = 223:
        //   (175, 87, 44, 223) as in the source-over case's destination terms.
        Case(mode: .destinationOut, coverage: 0.25, base: opaque, expected: PremultipliedRGBA8(r: 175, g: 87, b: 44, a: 223)),
        // Destination-out, coverage 0.5 over the translucent D: div(A · 128) = 64, 255 - 64 = 191:
        //   (75, 0, 29, 75) as in the source-over case's destination terms.
        Case(mode: .destinationOut, coverage: 0.5, base: translucent, expected: PremultipliedRGBA8(r: 75, g: 0, b: 29, a: 75)),
    ]

    @Test("hand-computed bytes, edge cells and runs, solid and gradient paints, both kernels", arguments: cases)
    func pixel(_ c: Case) {
        let flat = Paint.linear(start: PixelPoint(x: 0, y: 0), end: PixelPoint(x: 7, y: 0),
                                stops: [GradientStop(Self.source, at: 0), GradientStop(Self.source, at: 1)], interpolation: .srgb)
        for kernel in RasterKernel.allCases {
            for paint in [Paint.solid(Self.source), flat] {
                // An edge cell: the shape's right edge inside the one pixel.
                let cell = Canvas(width: 1, height: 1)
                Rasterizer(kernel: kernel).render(DrawList(base: c.base, commands: [
                    DrawCommand(shape: .rectangle(x0: 0, y0: 0, x1: c.coverage, y1: 1), paint: paint, blend: c.mode),
                ]), into: cell, rows: 0..<1)
                #expect(cell.pixel(x: 0, y: 0) == c.expected, "\(kernel), \(paint): edge cell")
                // A run: the shape's bottom edge inside the row, across 19 pixels.
                let run = Canvas(width: 19, height: 1)
                Rasterizer(kernel: kernel).render(DrawList(base: c.base, commands: [
                    DrawCommand(shape: .rectangle(x0: 0, y0: 0, x1: 19, y1: c.coverage), paint: paint, blend: c.mode),
                ]), into: run, rows: 0..<1)
                for x in 0..<19 { #expect(run.pixel(x: x, y: 0) == c.expected, "\(kernel), \(paint): run pixel \(x)") }
            }
        }
    }
}
