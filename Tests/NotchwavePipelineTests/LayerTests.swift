import Foundation
import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwavePipeline

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
            renderer.render(frame: frame, into: slice, using: Rasterizer(kernel: .simd))
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
}
