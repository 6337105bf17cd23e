import Foundation
import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwaveTimeline
import TestSupport

/// Straight colour of a gradient with `stops` at location `t` (sRGB, opaque stops).
func interpolate(_ stops: [(Double, RGBA8)], _ t: Double) -> (Double, Double, Double) {
    let t = min(max(t, 0), 1)
    var (a, b) = (stops[0], stops[0])
    for i in 0..<(stops.count - 1) where t >= stops[i].0 { a = stops[i]; b = stops[i + 1] }
    let span = b.0 - a.0
    let f = span > 0 ? min(max((t - a.0) / span, 0), 1) : 1
    func mix(_ p: UInt8, _ q: UInt8) -> Double { Double(p) + (Double(q) - Double(p)) * f }
    return (mix(a.1.r, b.1.r), mix(a.1.g, b.1.g), mix(a.1.b, b.1.b))
}

func near(_ p: PremultipliedRGBA8, _ e: (Double, Double, Double), tolerance: Double = 1.01) -> Bool {
    abs(Double(p.r) - e.0) <= tolerance && abs(Double(p.g) - e.1) <= tolerance && abs(Double(p.b) - e.2) <= tolerance
}

@Suite("The smooth style (seed-systems.md section 2)")
struct SmoothStyleTests {
    let red = Color(rgb: 0xFF3B30), green = Color(rgb: 0x34C759), blue = Color(rgb: 0x007AFF)

    func render(_ command: DrawCommand, preset: Preset, rows: Int = 100) -> Canvas {
        let canvas = Canvas(width: preset.pixelWidth, height: rows)
        Rasterizer().render(DrawList(base: .white, commands: [command]), into: canvas, rows: 0..<rows)
        return canvas
    }

    @Test("the rim band along the vertical edge: start at the rim, middle at m gL, end at gL", arguments: [0.2, 0.3])
    func rimBand(middle: Double) throws {
        let preset = try seedPreset("iphone-x")
        let g = SceneGeometry(preset: preset)
        let builder = SmoothWaveBuilder(geometry: g, gradientLength: 8, middleStop: middle)
        let w = 100.0, b = g.bar // the rim at u = 94 pt, inside the half (129 pt)
        guard let layer = builder.layer(left: 0, width: w, start: red, end: blue, clip: 0...g.halfWidth) else { Issue.record("no layer"); return }
        let canvas = render(layer, preset: preset)
        let y = Int((b.rt + (b.h - b.rb - b.rt) / 2) * g.scale) // the straight part
        let rimX = Double(builder.x(w - b.rt)), bandStart = Double(builder.x(w - b.rt - 8))
        let mid = SmoothWaveBuilder.mean(red, blue)
        let stops: [(Double, RGBA8)] = [(0, blue.rgba8), (1 - middle, mid), (1, red.rgba8)]
        for distance in [0.0, middle * 8, 8.0] {
            // The pixel whose centre is nearest to `distance` points inside the rim (at the
            // rim itself: the last pixel wholly inside the shape).
            let x = distance == 0 ? Int(rimX.rounded(.down)) - 1 : Int((rimX - distance * g.scale - 0.5).rounded())
            let t = (Double(x) + 0.5 - bandStart) / (8 * g.scale)
            let pixel = canvas.pixel(x: x, y: y)
            #expect(near(pixel, interpolate(stops, t)), "distance \(distance): \(pixel) vs \(interpolate(stops, t)) at t \(t)")
        }
        // Deep inside: the body colour; at the rim itself: the rim colour (within a step of
        // the exact gradient, which sits half a pixel inside).
        #expect(canvas.pixel(x: Int(bandStart) - 20, y: y) == blue.rgba8.premultiplied)
        let edge = canvas.pixel(x: Int(rimX) - 1, y: y)
        #expect(Int(edge.r) > 230 && Int(edge.b) < 60, "rim pixel \(edge)")
    }

    @Test("the tail along the bottom edge is gL thick at its right end and vanishes at its left end")
    func tail() throws {
        let preset = try seedPreset("iphone-x")
        let g = SceneGeometry(preset: preset)
        let builder = SmoothWaveBuilder(geometry: g)
        let w = 110.0, b = g.bar
        guard let layer = builder.layer(left: 0, width: w, start: red, end: blue, clip: 0...g.halfWidth) else { Issue.record("no layer"); return }
        let canvas = render(layer, preset: preset)
        let a = (w - b.rt - b.rb) / 2
        /// Rows (points) above the bottom edge where the column is not pure body colour.
        func thickness(atU u: Double) -> Double {
            let x = Int(builder.x(u))
            var rows = 0
            for y in stride(from: Int(b.h * g.scale) - 1, through: Int((b.h - b.rb) * g.scale), by: -1) {
                if canvas.pixel(x: x, y: y) == blue.rgba8.premultiplied { break }
                rows += 1
            }
            return Double(rows) / g.scale
        }
        #expect(abs(thickness(atU: 2 * a - 0.5) - 8) <= 0.7, "right end: \(thickness(atU: 2 * a - 0.5))")
        #expect(thickness(atU: a + 0.5) <= 0.5, "left end: \(thickness(atU: a + 0.5))")
        let middle = thickness(atU: 1.5 * a)
        #expect(abs(middle - 4) <= 0.7, "middle: \(middle)")
    }

    func plan(_ id: String, _ configure: (inout RenderRequest) -> Void) throws -> RenderPlan {
        var request = RenderRequest()
        request[NotchWaves.style] = "smooth"
        request[NotchWaves.region] = .bar
        configure(&request)
        return try Scenes.plan(request, preset: try seedPreset(id))
    }

    func frame(_ plan: RenderPlan, at t: Double) throws -> Canvas {
        let scene = try plan.makeScene()
        let canvas = Canvas(width: scene.canvasWidth, height: scene.canvasHeight)
        Rasterizer().render(scene.drawList(at: t), into: canvas, rows: 0..<canvas.height)
        return canvas
    }

    @Test("the two halves mirror each other", arguments: ["iphone-x", "iphone-15-pro", "plain"])
    func symmetry(id: String) throws {
        let canvas = try frame(try plan(id) { _ in }, at: 1.37)
        var worst = 0
        for y in 0..<canvas.height {
            for x in 0..<(canvas.width / 2) {
                let a = canvas.pixel(x: x, y: y), b = canvas.pixel(x: canvas.width - 1 - x, y: y)
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            }
        }
        #expect(worst <= 1, "largest difference between mirrored pixels: \(worst)")
    }

    @Test("z-order: the most recently restarted wave is on top, duplicates at the bottom")
    func zOrder() throws {
        let timeline = SmoothTimeline(animation: AnimationParameters(colors: [red, green, blue]))
        let state = timeline.state(at: 1.5)
        // Positions at clock 0.5: wave 0 at 0.5, wave 1 at 0.833, wave 2 at 0.167 (which
        // also has a duplicate, being within 1/3 of its restart).
        #expect(state.waves.map(\.index) == [2, 1, 0, 2])
        #expect(state.waves.map(\.isDuplicate) == [true, false, false, false])
        #expect(abs(state.waves[1].position - 5.0 / 6) < 1e-12)
        // In the picture, at 60 pt from the centre gap wave 1 (body red, reaching ~95 pt)
        // lies over wave 2's duplicate (body green, from ~35 pt on); at 115 pt only the
        // duplicate remains.
        let canvas = try frame(try plan("iphone-x") { _ in }, at: 1.5)
        let g = SceneGeometry(preset: try seedPreset("iphone-x"))
        func pixel(_ u: Double) -> PremultipliedRGBA8 { canvas.pixel(x: Int(g.px(g.rightStart + u)), y: 24) }
        #expect(pixel(60) == red.rgba8.premultiplied)
        #expect(pixel(115) == green.rgba8.premultiplied)
    }

    @Test("a --loop clip repeats seamlessly: the frame after the last is the first",
          arguments: ["smooth", "sharp"], [0.0, 0.5])
    func loop(style: String, start: Double) throws {
        var request = RenderRequest()
        request[NotchWaves.style] = style
        request[NotchWaves.start] = start
        request[NotchWaves.region] = .bar
        request[Parameters.loop] = true
        request[Parameters.fps] = 30
        let plan = try Scenes.plan(request, preset: try seedPreset("iphone-x"))
        let length = style == "smooth" ? 1.0 : 0.9
        #expect(abs(plan.duration - length) < 1e-12)
        let first = try frame(plan, at: plan.time(ofFrame: 0))
        let after = try frame(plan, at: plan.time(ofFrame: plan.frameCount))
        // (Compared as Bools: a failure message need not print two frames.)
        let repeats = first.straightBytes() == after.straightBytes()
        #expect(repeats, "the frame after the last differs from the first")
        let middle = try frame(plan, at: plan.time(ofFrame: plan.frameCount / 2))
        let moves = first.straightBytes() != middle.straightBytes()
        #expect(moves, "the middle frame equals the first")
    }

    @Test("the opening curtain's edge moves with the easing, the closing curtain's too", arguments: [0.35, 0.6, 0.85])
    func curtains(progress: Double) throws {
        let preset = try seedPreset("iphone-x")
        let g = SceneGeometry(preset: preset)
        let animation = AnimationParameters(colors: [red, green, blue], stop: 2.0)
        let style = SmoothStyle(configuration: StyleConfiguration(geometry: g, animation: animation))
        let w = g.halfWidth, o = g.bar.rt + g.bar.rb
        let s = CubicBezierEasing.superEaseIn(progress)
        let opening = style.drawCommands(at: progress)
        // The last two commands are B1 and B2; both start at dx = -o + (W + o) s.
        let dx = -o + (w + o) * s
        for command in opening.suffix(2) {
            let left = command.shape.bands[1].left.x(at: 1) ?? .nan
            #expect(abs(Double(left) - Double(g.px(g.rightStart + max(dx, 0)))) < 1e-2, "B left edge \(left)")
        }
        // The closing curtain starts on the first wave boundary after the stop, less 0.01.
        let timeline = SmoothTimeline(animation: animation)
        let closingStart = try #require(timeline.closingStart)
        #expect(abs(closingStart - (2 + 1.0 / 3 - 0.01)) < 1e-9)
        let closing = style.drawCommands(at: closingStart + progress)
        let curtain = try #require(closing.last)
        let cdx = -w + (w + 2 * o) * s
        let fadeLeft = cdx + w - 1.5 * o - o
        let edge = Double(curtain.shape.bands[1].left.x(at: 1) ?? .nan)
        #expect(abs(edge - Double(g.px(g.rightStart + min(max(fadeLeft, 0), w)))) < 1e-2, "closing fade edge \(edge)")
        #expect(style.drawCommands(at: closingStart + 1).isEmpty)
    }

    @Test("dynamic-curtain widens the curtain with the easing; off by default")
    func dynamicCurtain() throws {
        let g = SceneGeometry(preset: try seedPreset("iphone-x"))
        let animation = AnimationParameters(colors: [red, green, blue])
        func options(_ pairs: [(String, String)]) throws -> ParameterValues {
            try OptionList(pairs.map { OptionList.Entry(key: $0.0, input: .text($0.1)) })
                .read(SmoothStyle.options, option: "style-option", owner: "the smooth style", source: nil)
        }
        let fixed = SmoothStyle(configuration: StyleConfiguration(geometry: g, animation: animation))
        let dynamic = SmoothStyle(configuration: StyleConfiguration(geometry: g, animation: animation, options: try options([("dynamic-curtain", "true")])))
        #expect(fixed.curtainScale(0.5) == 1)
        #expect(dynamic.curtainScale(0) == 1)
        #expect(dynamic.curtainScale(0.5) > 1.3)
        func width(_ style: SmoothStyle) -> Float {
            let b1 = style.drawCommands(at: 0.5).suffix(2).first?.shape.bands[1]
            return (b1?.right.x(at: 15) ?? 0) - (b1?.left.x(at: 15) ?? 0)
        }
        #expect(width(dynamic) > width(fixed) * 1.3)
        #expect(throws: ParameterError.self) { try options([("dynamic-curtain", "maybe")]) }
        #expect(throws: ParameterError.self) { try options([("gradient", "8")]) }
    }
}
