import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import TestSupport

/// The seed presets, loaded from the repository.
func seedPreset(_ id: String) throws -> Preset {
    try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: id)
}

@Suite("Wave geometry (spec section 1)")
struct GeometryTests {
    @Test("edge(v) at the spec's key points", arguments: [0.0, 0.37, 1.0])
    func edgeKeyPoints(phase: Double) throws {
        let preset = try seedPreset("iphone-x")
        let g = SceneGeometry(preset: preset)
        let shapes = WaveShapes(geometry: g)
        let b = g.bar
        let cw = 2 * (b.rt + b.rb) + g.halfWidth * phase
        let edge = shapes.notchEdge(leadingWidth: cw)
        let s = g.scale
        func u(_ v: Double) -> Double { Double(edge.x(at: Float(v * s)) ?? .nan) / s - g.rightStart }
        #expect(abs(u(0) - cw) < 1e-3)                        // top: cw
        #expect(abs(u(b.rt) - (cw - b.rt)) < 1e-3)            // end of the ear
        #expect(abs(u((b.rt + b.h - b.rb) / 2) - (cw - b.rt)) < 1e-3) // vertical part
        #expect(abs(u(b.h - b.rb) - (cw - b.rt)) < 1e-3)
        #expect(abs(u(b.h) - (cw - b.rt - b.rb)) < 1e-3)      // bottom
        // Inside the ear: cw - sqrt(rt^2 - (v - rt)^2).
        let v = b.rt / 2
        #expect(abs(u(v) - (cw - (b.rt * b.rt - (v - b.rt) * (v - b.rt)).squareRoot())) < 1e-3)
        // Inside the bottom corner.
        let w = b.h - b.rb / 3
        let expected = cw - b.rt - b.rb + (b.rb * b.rb - (w - (b.h - b.rb)) * (w - (b.h - b.rb))).squareRoot()
        #expect(abs(u(w) - expected) < 1e-3)
    }

    @Test("the iPhone X notch is 209 pt wide below its ears and 30 pt high")
    func notchSize() throws {
        let preset = try seedPreset("iphone-x")
        let g = SceneGeometry(preset: preset)
        guard let cutout = WaveShapes(geometry: g).cutout() else { Issue.record("no cutout"); return }
        let canvas = Canvas(width: preset.pixelWidth, height: 120)
        Rasterizer().render(DrawList(base: .transparent, commands: [DrawCommand(shape: cutout, paint: .solid(.black))]),
                            into: canvas, rows: 0..<120)
        // Covered width (sum of coverage) on a row in the straight part (v in 6...10 pt).
        var width = 0.0
        for x in 0..<canvas.width { width += Double(canvas.pixel(x: x, y: 24).a) / 255 }
        #expect(abs(width / 3 - 209) < 0.05)
        // Height: coverage down the centre column.
        var height = 0.0
        for y in 0..<120 { height += Double(canvas.pixel(x: canvas.width / 2, y: y).a) / 255 }
        #expect(abs(height / 3 - 30) < 0.05)
        // Symmetric about the screen's centre line (1125 px: the axis is at 562.5).
        for y in stride(from: 0, to: 90, by: 7) {
            for x in 0..<562 { #expect(canvas.pixel(x: x, y: y) == canvas.pixel(x: 1124 - x, y: y)) }
        }
    }

    @Test("a wave at phase 0 hides under the notch; at phase 1 it covers its half")
    func phaseExtremes() throws {
        let preset = try seedPreset("iphone-x")
        let g = SceneGeometry(preset: preset)
        let shapes = WaveShapes(geometry: g)
        guard let cutout = shapes.cutout() else { Issue.record("no cutout"); return }
        // At phase 0 the wave lies inside the cutout: its coverage never exceeds the
        // cutout's, pixel by pixel (drawn with anti-aliasing, the edge pixels of the two
        // still composite, as the spec's source-over rule says).
        let wave0 = Canvas(width: preset.pixelWidth, height: 90), notch = Canvas(width: preset.pixelWidth, height: 90)
        Rasterizer().render(DrawList(base: .transparent, commands: [DrawCommand(shape: shapes.wave(phase: 0), paint: .solid(.white))]),
                            into: wave0, rows: 0..<90)
        Rasterizer().render(DrawList(base: .transparent, commands: [DrawCommand(shape: cutout, paint: .solid(.white))]),
                            into: notch, rows: 0..<90)
        var waveArea = 0
        for y in 0..<90 {
            for x in 0..<wave0.width {
                #expect(wave0.pixel(x: x, y: y).a <= notch.pixel(x: x, y: y).a)
                waveArea += Int(wave0.pixel(x: x, y: y).a)
            }
        }
        #expect(waveArea > 0)
        let canvas = Canvas(width: preset.pixelWidth, height: 90)
        let red = RGBA8(r: 255, g: 0, b: 0)
        Rasterizer().render(DrawList(base: .white, commands: [DrawCommand(shape: shapes.wave(phase: 1), paint: .solid(red))]),
                            into: canvas, rows: 0..<90)
        for y in 0..<90 {
            #expect(canvas.pixel(x: 0, y: y) == RGBA8(r: 255, g: 0, b: 0).premultiplied)
            #expect(canvas.pixel(x: 1124, y: y) == RGBA8(r: 255, g: 0, b: 0).premultiplied)
        }
    }
}
