import Foundation
import Testing
import NotchwaveRaster
import NotchwaveText
import TestSupport

/// Renders `shape` in opaque white over transparent; alpha is the quantized coverage.
private func render(_ shape: Shape, width: Int, height: Int, kernel: RasterKernel = .simd) -> Canvas {
    let canvas = Canvas(width: width, height: height)
    Rasterizer(kernel: kernel).render(DrawList(base: .transparent, commands: [DrawCommand(shape: shape, paint: .solid(.white))]),
                                      into: canvas, rows: 0..<height)
    return canvas
}

/// The path's outline as fine polygons (each curve cut into 128 straight pieces, within
/// about 0.002 px at these sizes): the test's own flattening, independent of the renderer's.
private func densePolygons(_ path: Path) -> [[PathPoint]] {
    var polygons: [[PathPoint]] = []
    var current: [PathPoint] = []
    var last = PathPoint(x: 0, y: 0)
    for element in path.elements {
        switch element {
        case let .move(p):
            if current.count > 2 { polygons.append(current) }
            current = [p]; last = p
        case let .line(p):
            current.append(p); last = p
        case let .quad(c, p):
            for i in 1...128 {
                let t = Double(i) / 128, u = 1 - t
                current.append(PathPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * p.x, y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
            }
            last = p
        case let .cubic(c1, c2, p):
            for i in 1...128 {
                let t = Double(i) / 128, u = 1 - t
                current.append(PathPoint(x: u * u * u * last.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x,
                                         y: u * u * u * last.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y))
            }
            last = p
        case .arc:
            Issue.record("glyph outlines have no arcs")
        case .close:
            if current.count > 2 { polygons.append(current) }
            current = []
        }
    }
    if current.count > 2 { polygons.append(current) }
    return polygons
}

/// The non-zero coverage of every pixel of a `width` × `height` grid, sampled at `n` × `n`
/// points per pixel: per sample row, the polygons' crossings sorted by x with their
/// directions, then a sweep gives each sample's winding number.
private func sampledCoverage(_ polygons: [[PathPoint]], width: Int, height: Int, n: Int) -> [Double] {
    var coverage = [Double](repeating: 0, count: width * height)
    var crossings: [(x: Double, d: Int)] = []
    for row in 0..<(height * n) {
        let y = (Double(row) + 0.5) / Double(n)
        crossings.removeAll(keepingCapacity: true)
        for polygon in polygons {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                if (a.y <= y) != (b.y <= y) {
                    crossings.append((a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x), b.y > a.y ? 1 : -1))
                }
            }
        }
        crossings.sort { $0.x < $1.x }
        var k = 0, w = 0
        for column in 0..<(width * n) {
            let x = (Double(column) + 0.5) / Double(n)
            while k < crossings.count && crossings[k].x <= x { w += crossings[k].d; k += 1 }
            if w != 0 { coverage[(row / n) * width + column / n] += 1 }
        }
    }
    return coverage.map { $0 / Double(n * n) }
}

@Suite("Text through FreeType and the path rasterizer")
struct TextTests {
    static let font: Font? = try? Font.load()

    @Test("the default font is Inter, found where Debian's fonts-inter puts it")
    func defaultFont() throws {
        let font = try #require(Self.font, "fonts-inter is not installed (make test installs it)")
        #expect(font.path.hasSuffix("Inter-Regular.otf"))
        #expect(font.unitsPerEm > 0 && font.ascender > 0 && font.descender < 0)
    }

    @Test("glyph coverage equals a supersampled winding-number reference", arguments: [(12.0, "Popup!"), (40.0, "Push me"), (72.0, "g&@")])
    func glyphCoverage(size: Double, text: String) throws {
        let font = try #require(Self.font)
        let width = Int(font.width(of: text, size: size).rounded(.up)) + 8, height = Int(size * 1.5) + 4
        let baseline = (size * 1.1).rounded() + 0.37
        let path = font.path(text, size: size, x: 3.6, baseline: baseline)
        let canvas = render(path.shape(fillRule: .nonZero), width: width, height: height)
        let reference = sampledCoverage(densePolygons(path), width: width, height: height, n: 64)
        var worst = 0.0, total = 0.0, ink = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let expected = reference[y * width + x]
                let got = Double(canvas.pixel(x: x, y: y).a) / 255
                worst = max(worst, abs(got - expected))
                total += abs(got - expected)
                ink += expected
            }
        }
        #expect(ink > Double(text.count) * size * size * 0.02, "hardly any ink: \(ink)")
        // 4096 samples per pixel resolve coverage to about 1/64 along an edge.
        #expect(worst < 0.035, "worst pixel differs by \(worst)")
        #expect(total / ink < 0.01, "differences add up to \(total / ink) of the ink")
    }

    @Test("text width is the sum of FreeType's advances where nothing kerns, and kerning narrows AV and To")
    func widths() throws {
        let font = try #require(Self.font)
        for text in ["lllll", "Push me", "nnnmm"] {
            let glyphs = text.unicodeScalars.map { font.glyph(for: $0) }
            let advances = glyphs.reduce(0) { $0 + font.advance(of: $1) }
            let shaped = font.shape(text)
            #expect(shaped.glyphs.map(\.glyph) == glyphs, "\(text): HarfBuzz chose other glyphs than the cmap")
            #expect(abs(shaped.advance - advances) < 1e-9, "\(text): \(shaped.advance) vs \(advances)")
            #expect(abs(font.width(of: text, size: 17) - advances * 17 / Double(font.unitsPerEm)) < 1e-9)
        }
        for pair in ["AV", "To", "Ty"] {
            let advances = pair.unicodeScalars.reduce(0) { $0 + font.advance(of: font.glyph(for: $1)) }
            #expect(font.shape(pair).advance < advances, "\(pair) is not kerned")
        }
    }

    @Test("a font with a legacy kern table: HarfBuzz's kerning equals FreeType's", arguments: ["AVATAR", "Tokyo", "WAVE"])
    func legacyKerning(text: String) throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        guard FileManager.default.fileExists(atPath: path) else { return }
        let font = try Font(path: path)
        let glyphs = text.unicodeScalars.map { font.glyph(for: $0) }
        var expected = glyphs.reduce(0) { $0 + font.advance(of: $1) }
        for (a, b) in zip(glyphs, glyphs.dropFirst()) { expected += font.legacyKerning(a, b) }
        #expect(abs(font.shape(text).advance - expected) < 1e-9, "\(font.shape(text).advance) vs \(expected)")
    }

    @Test("missing and broken font files are one clear error")
    func badFonts() throws {
        let dir = TemporaryDirectory()
        #expect(throws: TextError.cannotOpen(path: dir.file("none.otf"), reason: "no such file")) { try Font(path: dir.file("none.otf")) }
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: dir.file("bad.otf")))
        #expect(throws: TextError.cannotOpen(path: dir.file("bad.otf"), reason: "not a font FreeType can read")) { try Font(path: dir.file("bad.otf")) }
        #expect(TextError.noDefaultFont(searched: ["/x"]).description.contains("apt-get install fonts-inter"))
    }

    @Test("text renders the same with the SIMD and the scalar kernel, and the same every time")
    func kernelsAndDeterminism() throws {
        let font = try #require(Self.font)
        let shape = font.path("Popup! Push me", size: 23.5, x: 1.25, baseline: 24.6).shape()
        let simd = render(shape, width: 190, height: 32, kernel: .simd)
        let scalar = render(shape, width: 190, height: 32, kernel: .scalar)
        let again = render(font.path("Popup! Push me", size: 23.5, x: 1.25, baseline: 24.6).shape(), width: 190, height: 32)
        #expect(simd.straightBytes() == scalar.straightBytes())
        #expect(simd.straightBytes() == again.straightBytes())
    }

    @Test("tabular figures (tnum, SwiftUI's .monospacedDigit()): every digit takes the same advance, unlike the default figures")
    func tabularFigures() throws {
        let font = try Font.load()
        let digits = (0...9).map { String($0) }
        let tabular = Set(digits.map { font.width(of: $0, size: 100, features: ["tnum"]) })
        let proportional = Set(digits.map { font.width(of: $0, size: 100) })
        #expect(tabular.count == 1, "\(tabular)")
        #expect(proportional.count > 1, "\(proportional)")
        // "11" and "88" line up.
        #expect(font.width(of: "11", size: 40, features: ["tnum"]) == font.width(of: "88", size: 40, features: ["tnum"]))
    }
}
