import Foundation
import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwavePipeline
import TestSupport

/// A frame is its layers composed bottom first: the scene layer's time range and opacity,
/// against values computed by hand from the scene's own opaque frame.
@Suite("Layers: the scene layer's time range and opacity")
struct LayerTests {
    /// One opaque colour over the whole canvas, the same at every time.
    struct Flat: Scene {
        let canvasWidth = 4, canvasHeight = 2
        func drawList(at time: Double) -> DrawList { DrawList(base: RGBA8(r: 200, g: 100, b: 51), commands: []) }
    }

    @Test("outside its range the layer is transparent; inside it every premultiplied byte is round(c × a / 255)")
    func opacityAndRange() throws {
        let showing = LayerShowing(start: 0.5, end: 1.5, opacity: 0.6)
        // 10 frames a second: frames 0-4 before the range, 5-14 inside, 15 on after.
        let renderer = try FrameRenderer(scene: Flat(), time: { Double($0) / 10 }, showing: showing)
        #expect(renderer.dynamicRows == 0..<2)
        let a = 153.0  // 0.6 × 255
        let inside = PremultipliedRGBA8(r: UInt8((200 * a / 255).rounded()), g: UInt8((100 * a / 255).rounded()),
                                        b: UInt8((51 * a / 255).rounded()), a: 153)
        #expect(inside == PremultipliedRGBA8(r: 120, g: 60, b: 31, a: 153))
        for (frame, expected) in [(0, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)), (4, .init(r: 0, g: 0, b: 0, a: 0)), (5, inside),
                                  (14, inside), (15, .init(r: 0, g: 0, b: 0, a: 0))] {
            let canvas = try renderer.renderFull(frame: frame)
            #expect(canvas.pixel(x: 3, y: 1) == expected, "frame \(frame)")
            let slice = try renderer.makeSlice()
            try renderer.render(frame: frame, into: slice, using: Rasterizer(kernel: .simd))
            #expect(slice.pixel(x: 0, y: 0) == expected, "frame \(frame), slice")
        }
        // The template is frame 0: before the range.
        #expect(renderer.template.pixel(x: 0, y: 0) == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
    }

    @Test("a layer shown over the whole clip at full opacity is the scene's frame unchanged, and only its own dynamic rows re-render")
    func alwaysOpaque() throws {
        #expect(LayerShowing().isAlwaysOpaque && !LayerShowing(opacity: 0.99).isAlwaysOpaque && !LayerShowing(end: 3).isAlwaysOpaque)
        #expect(LayerShowing(start: 1, end: 2).opacity(at: 0.999) == 0 && LayerShowing(start: 1, end: 2).opacity(at: 1) == 1
                && LayerShowing(start: 1, end: 2).opacity(at: 2) == 0)
        let renderer = try FrameRenderer(scene: Flat(), time: { Double($0) })
        #expect(try renderer.renderFull(frame: 3).pixel(x: 1, y: 1) == PremultipliedRGBA8(r: 200, g: 100, b: 51, a: 255))
    }

    /// Half-transparent blue over the whole canvas.
    struct Glaze: Scene {
        let canvasWidth = 4, canvasHeight = 2
        func drawList(at time: Double) -> DrawList { DrawList(base: RGBA8(r: 0, g: 0, b: 255, a: 128), commands: []) }
    }

    @Test("a scene under another scene: each pixel is the Porter-Duff 'over' of the two, computed by hand, with the lower one's own range and opacity")
    func sceneUnderScene() throws {
        // 10 frames a second; the lower scene shows from 0.5 s at opacity 0.6, the upper always.
        let lower = LayerShowing(start: 0.5, end: 10, opacity: 0.6)
        let renderer = try FrameRenderer(scenes: [(Flat(), lower), (Glaze(), LayerShowing())], time: { Double($0) / 10 })
        #expect(renderer.dynamicRows == 0..<2)
        func over(_ top: [Double], _ bottom: [Double]) -> PremultipliedRGBA8 {
            let c = (0..<4).map { UInt8((top[$0] + bottom[$0] * (1 - top[3] / 255)).rounded()) }
            return PremultipliedRGBA8(r: c[0], g: c[1], b: c[2], a: c[3])
        }
        let glaze = [0, 0, 128, 128.0]  // 255 × 128 / 255 premultiplied
        let flat = [200, 100, 51, 255.0]
        let faded = flat.map { ($0 * 153 / 255).rounded() }  // opacity 0.6 = 153 / 255
        for (frame, expected) in [(0, over(glaze, [0, 0, 0, 0])), (5, over(glaze, faded)), (30, over(glaze, faded))] {
            let full = try renderer.renderFull(frame: frame)
            let slice = try renderer.makeSlice()
            try renderer.render(frame: frame, into: slice, using: Rasterizer(kernel: .simd))
            for (x, y) in [(0, 0), (3, 1)] {
                let got = full.pixel(x: x, y: y), want = expected
                #expect(abs(Int(got.r) - Int(want.r)) <= 1 && abs(Int(got.g) - Int(want.g)) <= 1 && abs(Int(got.b) - Int(want.b)) <= 1
                        && got.a == want.a, "frame \(frame) (\(x), \(y)): \(got) against \(want)")
                #expect(slice.pixel(x: x, y: y) == got, "frame \(frame): the slice differs from the whole frame")
            }
        }
        // Under an opaque top scene the lower one never shows.
        let hidden = try FrameRenderer(scenes: [(Glaze(), LayerShowing()), (Flat(), LayerShowing())], time: { Double($0) })
        #expect(try hidden.renderFull(frame: 0).pixel(x: 2, y: 0) == PremultipliedRGBA8(r: 200, g: 100, b: 51, a: 255))
    }
}

/// The backdrop is a layer like the scene: its own time range and opacity, composed under
/// the scene by the same stack whether a whole clip or a single frame is drawn.
@Suite("Layers: the backdrop layer's time range and opacity")
struct BackdropLayerTests {
    /// A LiquidSwipe plan on the tiny preset over a still whose pixel (x, y) is
    /// (x, y - 3 clamped, 77): between the sliders the current page is the backdrop.
    func plan(_ dir: TemporaryDirectory, showing: LayerShowing) throws -> RenderPlan {
        let (still, _) = try SceneBackdropTests.backdrops(dir)
        let preset = try PresetLibrary.load(file: try BackdropTests.preset(dir))
        var request = RenderRequest()
        request[Scenes.scene] = "liquid-swipe"
        request[Parameters.backdrop] = still
        request[Parameters.fps] = 10
        request[Parameters.duration] = 1
        var plan = try RenderSession.plan(request, preset: preset, outputExtension: "rgba")
        plan.backdropShowing = showing
        return plan
    }

    @Test("before its start the backdrop is not there (transparent where the scene is); from it on it shows at its opacity, each premultiplied byte round(c × a / 255), in a clip (1 and 3 workers) and in a single frame")
    func timeRangeAndOpacity() throws {
        let dir = TemporaryDirectory()
        let plan = try self.plan(dir, showing: LayerShowing(start: 0.5, opacity: 0.4))
        #expect(plan.colorsNeedAlpha)
        let a = 102.0  // 0.4 × 255
        // Straight RGBA of a pixel of the still at opacity a: the colour stays, alpha is a
        // (premultiplied round(c·a/255), un-premultiplied back by the sink: within a level).
        func expected(_ x: Int, _ y: Int, _ t: Double) -> [Int] {
            t < 0.5 ? [0, 0, 0, 0] : [x, max(y - 3, 0), 77, Int(a)]
        }
        var clips: [Data] = []
        for workers in [1, 3] {
            let path = dir.file("clip-\(workers).rgba")
            _ = try RenderSession(plan: plan, output: path, options: RenderOptions(workers: workers)).run()
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            clips.append(data)
            let frames = try BackdropTests.frames(path)
            #expect(frames.count == 10)
            for (n, frame) in frames.enumerated() {
                for (x, y) in [(60, 20), (80, 150), (40, 240)] {
                    let got = BackdropTests.pixel(frame, x, y), want = expected(x, y, Double(n) / 10)
                    #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "frame \(n) (\(x), \(y)): \(got), expected \(want)")
                }
                // The sliders' ledges are the scene's own, opaque, at any time.
                #expect(BackdropTests.pixel(frame, 117, 50) == [0x8D, 0xAE, 0xF5, 255])
            }
        }
        #expect(clips[0] == clips[1])
        for t in [0.2, 0.7] {
            let single = try FrameExport.straightRGBA(plan: plan, time: t)
            for (x, y) in [(60, 20), (80, 150)] {
                let got = BackdropTests.pixel(single.bytes, x, y), want = expected(x, y, t)
                #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "t = \(t) (\(x), \(y)): \(got), expected \(want)")
            }
        }
    }

    /// A material over the whole canvas (it reads what lies below), transparent elsewhere.
    struct Frosted: Scene {
        let canvasWidth = 4, canvasHeight = 2
        func drawList(at time: Double) -> DrawList { composition(at: time).flattened }
        func composition(at time: Double) -> Composition {
            Composition(base: .transparent, steps: [.material(Material(shape: .rectangle(x0: 0, y0: 0, x1: 4, y1: 2), blur: BoxBlur(sigma: 2),
                                                                       tint: RGBA8(r: 255, g: 255, b: 255, a: 102)))])
        }
    }

    @Test("a material between two scenes reads the one below and lies under the one above; at an opacity it is mixed with what is below, by hand")
    func materialBetweenScenes() throws {
        func near(_ got: PremultipliedRGBA8, _ want: [Double]) -> Bool {
            zip([got.r, got.g, got.b, got.a].map(Double.init), want).allSatisfy { abs($0 - $1) <= 1 }
        }
        let flat: [Double] = [200, 100, 51, 255], glaze: [Double] = [0, 0, 128, 128]
        // The material over the flat colour (a flat colour blurs to itself): white at
        // alpha 102 over it, premultiplied: 102 + c · 153 / 255.
        let frosted: [Double] = flat.map { (c: Double) -> Double in c == 255 ? 255 : 102 + c * 153 / 255 }
        func over(_ top: [Double], _ bottom: [Double]) -> [Double] { (0..<4).map { top[$0] + bottom[$0] * (1 - top[3] / 255) } }
        // At opacity 0.6 (153 / 255) the material moves what is below that far toward it.
        let mixed: [Double] = (0..<4).map { (k: Int) -> Double in flat[k] + (frosted[k] - flat[k]) * 153 / 255 }
        let cases: [(Double, [Double])] = [(1.0, frosted), (0.6, mixed)]
        for (opacity, expectedMaterial) in cases {
            let renderer = try FrameRenderer(scenes: [(LayerTests.Flat(), LayerShowing()), (Frosted(), LayerShowing(opacity: opacity)), (LayerTests.Glaze(), LayerShowing())],
                                             time: { Double($0) })
            let pixel = try renderer.renderFull(frame: 0).pixel(x: 2, y: 1)
            let want = over(glaze, expectedMaterial)
            #expect(near(pixel, want), "opacity \(opacity): \(pixel) against \(want)")
        }
        // Alone, the material reads a transparent canvas: only its tint shows.
        let alone = try FrameRenderer(scene: Frosted(), time: { Double($0) }).renderFull(frame: 0).pixel(x: 1, y: 0)
        #expect(near(alone, [102, 102, 102, 102]), "\(alone)")
    }
}
