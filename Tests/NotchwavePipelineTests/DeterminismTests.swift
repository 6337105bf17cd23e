import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene
import NotchwaveRaster
import TestSupport

/// Whole clips rendered to raw RGBA with different worker counts and kernels must be
/// byte-identical.
@Suite("Determinism over whole clips")
struct DeterminismTests {
    func clip(_ id: String, workers: Int, kernel: RasterKernel, region: Region) throws -> Data {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: id)
        var request = RenderRequest()
        request[NotchWaves.region] = region
        request[NotchWaves.stop] = 0.7
        request[Parameters.fps] = 30
        let plan = try Scenes.plan(request, preset: preset)
        let dir = TemporaryDirectory()
        let path = dir.file("clip.rgba")
        let session = try RenderSession(plan: plan, output: path, options: RenderOptions(workers: workers, kernel: kernel))
        let result = try session.run()
        #expect(result.frames == plan.frameCount)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("1 worker and 3 workers give the same frames", arguments: ["iphone-x", "plain"])
    func workers(id: String) throws {
        let one = try clip(id, workers: 1, kernel: .simd, region: .screen)
        let three = try clip(id, workers: 3, kernel: .simd, region: .screen)
        #expect(one.count > 0)
        #expect(one == three)
    }

    @Test("the SIMD kernel and the scalar reference give the same frames", arguments: ["iphone-x", "iphone-xr", "plain"])
    func kernels(id: String) throws {
        let simd = try clip(id, workers: 2, kernel: .simd, region: .bar)
        let scalar = try clip(id, workers: 2, kernel: .scalar, region: .bar)
        #expect(simd.count > 0)
        #expect(simd == scalar)
    }
}
