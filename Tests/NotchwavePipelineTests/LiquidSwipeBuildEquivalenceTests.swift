import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene
import NotchwaveRaster
import TestSupport

/// The LiquidSwipe poses the benchmark builds (`RasterBenchmark.liquidSwipePoses`): their
/// draw lists' waves and chevrons are exactly the shapes the pre-optimisation geometry
/// (`LegacyGeometry`) gives, to the bit, at the reference preset's scale and at others.
@Suite("LiquidSwipe draw lists against the pre-optimisation geometry")
struct LiquidSwipeBuildEquivalenceTests {
    @Test("the 32 benchmark poses, both sliders")
    func benchmarkPoses() throws {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: "iphone-x")
        let poses = RasterBenchmark.liquidSwipePoses(preset)
        #expect(poses.count == 32)
        for scale in [preset.pixelScale, 1, 2, 2.5] {
            for (index, pose) in poses.enumerated() {
                let shapes = pose.drawList(scale: scale).commands.map(\.shape)
                var expected: [Shape?] = []
                for side in pose.top == .right ? [SliderSide.left, .right] : [.right, .left] {
                    let wave = side == .left ? pose.left : pose.right
                    let dx = (side == .left ? -pose.sliderOffset : pose.sliderOffset) * scale
                    expected.append(LegacyGeometry.shape(wave.path.transformed(scale: scale, dx: dx), fillRule: .nonZero))
                    guard wave.buttonOpacity > 0 else { continue }
                    // The ring is built from exact arcs, not by the decomposition.
                    expected.append(nil)
                    expected.append(LegacyGeometry.strokedShape(wave.chevron.transformed(scale: scale, dx: dx), StrokeStyle(width: 2 * scale)))
                }
                #expect(shapes.count == expected.count, "pose \(index)")
                for (shape, reference) in zip(shapes, expected) {
                    guard let reference else { continue }
                    #expect(LegacyGeometry.bits(shape) == LegacyGeometry.bits(reference), "pose \(index) at scale \(scale)")
                }
            }
        }
    }
}
