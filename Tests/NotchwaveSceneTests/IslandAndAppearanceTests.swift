import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import TestSupport

@Suite("Dynamic Island, screen mask and appearance")
struct IslandAndAppearanceTests {
    @Test("the island cutout is the preset's pill, and a wave at phase 0 is its caps")
    func island() throws {
        let preset = try seedPreset("iphone-15-pro")
        guard case let .island(island) = preset.cutout else { Issue.record("no island"); return }
        let g = SceneGeometry(preset: preset)
        let shapes = WaveShapes(geometry: g)
        guard let pill = shapes.cutout() else { Issue.record("no cutout shape"); return }
        let height = 200
        func render(_ shape: Shape) -> Canvas {
            let canvas = Canvas(width: preset.pixelWidth, height: height)
            Rasterizer().render(DrawList(base: .transparent, commands: [DrawCommand(shape: shape, paint: .solid(.white))]), into: canvas, rows: 0..<height)
            return canvas
        }
        let canvas = render(pill)
        let s = g.scale
        // Width through the middle row and height through the centre column, in points.
        let middle = Int(((island.topInset.value + island.height.value / 2) * s).rounded(.down))
        var width = 0.0, tall = 0.0, area = 0.0
        for x in 0..<canvas.width { width += Double(canvas.pixel(x: x, y: middle).a) / 255 }
        for y in 0..<height { tall += Double(canvas.pixel(x: canvas.width / 2, y: y).a) / 255 }
        for y in 0..<height { for x in 0..<canvas.width { area += Double(canvas.pixel(x: x, y: y).a) / 255 } }
        #expect(abs(width / s - island.width.value) < 0.02)
        #expect(abs(tall / s - island.height.value) < 0.02)
        let r = island.height.value / 2
        let stadium = (island.width.value - 2 * r) * island.height.value + Double.pi * r * r
        #expect(abs(area / (s * s) - stadium) / stadium < 0.001)
        // At phase 0 the wave is exactly the two caps: inside the pill, half of its round area.
        let wave0 = render(shapes.wave(phase: 0))
        var capArea = 0.0
        for y in 0..<height {
            for x in 0..<wave0.width {
                #expect(wave0.pixel(x: x, y: y).a <= canvas.pixel(x: x, y: y).a)
                capArea += Double(wave0.pixel(x: x, y: y).a) / 255
            }
        }
        #expect(abs(capArea / (s * s) - Double.pi * r * r) / (Double.pi * r * r) < 0.002)
    }

    @Test("--appearance dark: dark system colours on black")
    func dark() throws {
        var request = RenderRequest()
        request[NotchWaves.appearance] = .dark
        let plan = try Scenes.plan(request, preset: try seedPreset("iphone-x"))
        let animation = try #require(plan.scene as? NotchWaves).animation
        #expect(animation.background == .black)
        #expect(animation.colors == [Color(rgb: 0xFF453A), Color(rgb: 0x30D158), Color(rgb: 0x0A84FF)])
    }

    @Test("the corner mask is transparent outside the rounded screen and leaves the inside alone")
    func mask() throws {
        let preset = try seedPreset("iphone-x")
        var request = RenderRequest()
        request[Parameters.mask] = true
        let plan = try Scenes.plan(request, preset: preset)
        let scene = try plan.makeScene(maskFill: .transparent)
        let canvas = Canvas(width: scene.canvasWidth, height: scene.canvasHeight)
        Rasterizer().render(scene.drawList(at: 0), into: canvas, rows: 0..<canvas.height)
        #expect(canvas.pixel(x: 0, y: 0).a == 0)
        #expect(canvas.pixel(x: canvas.width - 1, y: canvas.height - 1).a == 0)
        #expect(canvas.pixel(x: canvas.width / 2, y: canvas.height / 2) == RGBA8.white.premultiplied)
        // Transparent area of one corner: r^2 (1 - pi / 4), r = 39 pt = 117 px.
        var clear = 0.0
        for y in 0..<200 { for x in 0..<200 { clear += 1 - Double(canvas.pixel(x: x, y: y).a) / 255 } }
        let expected = 117.0 * 117.0 * (1 - Double.pi / 4)
        #expect(abs(clear - expected) / expected < 0.002)
    }
}
