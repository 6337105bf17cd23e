import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveRaster
import NotchwaveScene
import TestSupport

/// A frame renders only the rows where it differs from frame 0 and copies the others from
/// the template: the bytes must be those of rendering every row.
@Suite("Rows re-rendered per frame")
struct ChangedRowsTests {
    @Test("each frame's slice equals the same rows rendered in full, for every scene scripted to move",
          arguments: ["notch-waves", "liquid-swipe", "popup", "controls"])
    func sameBytes(scene name: String) throws {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: "iphone-x")
        let dir = TemporaryDirectory()
        let plan = try #require(try PipelineBenchmark.plans(preset: preset, duration: 3, scenes: [name], directory: dir.path).first?.plan)
        let scene = try plan.makeScene()
        let renderer = try FrameRenderer(scene: scene, time: plan.clock)
        let rasterizer = Rasterizer()
        let slice = try renderer.makeSlice()
        let rows = renderer.dynamicRows
        let first = scene.composition(at: plan.time(ofFrame: 0))
        var fewest = rows.count
        for index in stride(from: 1, to: plan.frameCount, by: 13) {
            let changed = scene.composition(at: plan.time(ofFrame: index)).changedRows(since: first, within: rows)
            fewest = min(fewest, changed.reduce(0) { $0 + $1.count })
            try renderer.render(frame: index, into: slice, using: rasterizer)
            let full = try renderer.renderFull(frame: index)
            var differing = 0
            for r in rows where memcmp(slice.row(r - rows.lowerBound), full.row(r), slice.bytesPerRow) != 0 { differing += 1 }
            #expect(differing == 0, "frame \(index): \(differing) rows differ")
        }
        if name == "controls" {
            // The controls' slice is most of the screen; a frame changes well under half of it.
            #expect(fewest < rows.count / 2, "\(fewest) of \(rows.count) rows")
        }
    }

    @Test("a changed command marks its rows; one inside a material's window marks the whole window")
    func materialWindows() {
        func rect(_ y0: Float, _ y1: Float) -> Shape { .rectangle(x0: 0, y0: y0, x1: 10, y1: y1) }
        let material = Material(shape: rect(100, 120), blur: BoxBlur(sigma: 2), downscale: 4, tint: RGBA8(r: 255, g: 255, b: 255, a: 128))
        func frame(_ a: Float, _ b: Float) -> Composition {
            Composition(base: .white, steps: [.draw([DrawCommand(shape: rect(a, a + 4), paint: .solid(.black))]), .material(material),
                                              .draw([DrawCommand(shape: rect(b, b + 4), paint: .solid(.black))])])
        }
        let first = frame(10, 300)
        #expect(first.changedRows(since: first, within: 0..<400).isEmpty)
        // Far from the material: the command's old and new rows only.
        #expect(frame(12, 300).changedRows(since: first, within: 0..<400) == [10..<16])
        // Over the material (a later step): its whole window, which the blur reads.
        let reach = material.windowReach
        #expect(reach > 0)
        #expect(frame(10, 110).changedRows(since: first, within: 0..<400) == [(100 - reach)..<(120 + reach), 300..<304])
        // A different base: every row.
        var other = first
        other.base = .black
        #expect(other.changedRows(since: first, within: 0..<400) == [0..<400])
    }
}
