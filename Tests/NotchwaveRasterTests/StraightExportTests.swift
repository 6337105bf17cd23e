import Testing
import NotchwaveRaster
import TestSupport

/// `Canvas.exportStraight` against the un-premultiplying closed form, written here
/// independently: a pixel with alpha 255 or with every byte 0 is copied; one with alpha 0
/// and some colour (not a premultiplied value, but bytes a canvas can hold) becomes
/// transparent; any other channel `c` under alpha `a` becomes `min(255, ⌊(255 c + ⌊a/2⌋) / a⌋)`
/// (the nearest whole number, halves up), and alpha stays.
@Suite("Straight export")
struct StraightExportTests {
    static func expected(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> [UInt8] {
        if a == 255 || (r, g, b, a) == (0, 0, 0, 0) { return [r, g, b, a] }
        if a == 0 { return [0, 0, 0, 0] }
        let un = { (c: UInt8) -> UInt8 in UInt8(min(255, (255 * Int(c) + Int(a) / 2) / Int(a))) }
        return [un(r), un(g), un(b), a]
    }

    /// Widths around the eight-pixel groups; rows starting inside the canvas. Pixels:
    /// runs of opaque and of transparent pixels (whole groups and groups broken by one
    /// translucent pixel) between random ones, and every (colour, alpha) pair of one
    /// channel on the widest canvas.
    @Test("every pixel is the closed form's", arguments: [1, 7, 8, 9, 23, 256])
    func closedForm(width: Int) {
        let height = width == 256 ? 260 : 40
        let canvas = Canvas(width: width, height: height)
        var generator = SplitMix64(seed: UInt64(width))
        for y in 0..<height {
            for x in 0..<width {
                let p = canvas.row(y) + 4 * x
                let kind = (y * width + x) / 8 % 4
                var bytes: [UInt8]
                switch kind {
                case 0: bytes = [UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator), 255]
                case 1: bytes = [0, 0, 0, 0]
                default: bytes = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
                }
                if kind < 2 && (y * width + x) % 29 == 0 { bytes[3] = UInt8.random(in: 1...254, using: &generator) }
                if width == 256 && y < 256 { bytes = [UInt8(x), UInt8(255 - x), UInt8(x / 2), UInt8(y)] }
                for c in 0..<4 { p[c] = bytes[c] }
            }
        }
        for rows in [0..<height, 3..<(height - 1)] {
            var out = [UInt8](repeating: 0xAB, count: rows.count * width * 4)
            out.withUnsafeMutableBufferPointer { canvas.exportStraight(rows: rows, into: $0.baseAddress!) }
            var wrong = 0
            for y in rows {
                for x in 0..<width {
                    let p = canvas.row(y) + 4 * x
                    let i = ((y - rows.lowerBound) * width + x) * 4
                    if Array(out[i..<(i + 4)]) != StraightExportTests.expected(p[0], p[1], p[2], p[3]) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "rows \(rows): \(wrong) pixels differ")
        }
    }
}
