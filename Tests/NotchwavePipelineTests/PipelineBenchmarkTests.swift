import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene
import TestSupport

/// `notchwave bench --pipeline` plans every scene that draws on its own, scripted to move
/// every frame; the plans are checked here (the timed runs are the benchmark's).
@Suite("Pipeline benchmark plans")
struct PipelineBenchmarkTests {
    @Test("the default scene list plans every drawing scene and leaves out the none scene, which needs a backdrop")
    func defaultScenes() throws {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: "iphone-x")
        let dir = TemporaryDirectory()
        let plans = try PipelineBenchmark.plans(preset: preset, duration: 0.5, directory: dir.path)
        #expect(Set(plans.map(\.scene)) == ["notch-waves", "liquid-swipe", "popup", "controls"])
        for (scene, plan) in plans {
            #expect(plan.frameCount == 30, "\(scene)")
        }
    }
}
