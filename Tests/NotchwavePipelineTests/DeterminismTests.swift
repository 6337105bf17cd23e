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

    /// A scripted controls showcase on a small preset: held stepper, dragged sliders (the
    /// materials blur, the filters run) as raw RGBA.
    func controlsClip(workers: Int, kernel: RasterKernel) throws -> Data {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: "iphone-se-3")
        let dir = TemporaryDirectory()
        let script = dir.file("script.json")
        try #"{"events": [{"hold": "increment", "at": 0.1, "until": 0.9}, {"drag": "thumb", "at": 0.2, "path": [[0, 0], [0.5, 90]]},"#
            .appending(#" {"drag": "lower-thumb", "at": 0.3, "path": [[0, 0], [0.4, 60]]}, {"press": "button", "at": 0.5, "until": 0.8}]}"#)
            .write(toFile: script, atomically: true, encoding: .utf8)
        var request = RenderRequest()
        request[Scenes.scene] = "controls"
        request[Parameters.sceneOptions] = OptionList([OptionList.Entry(key: "component", input: .text("showcase")),
                                                       OptionList.Entry(key: "script", input: .text(script))])
        request[Parameters.fps] = 15
        request[Parameters.duration] = 1
        let plan = try Scenes.plan(request, preset: preset)
        let path = dir.file("clip.rgba")
        let session = try RenderSession(plan: plan, output: path, options: RenderOptions(workers: workers, kernel: kernel))
        #expect(try session.run().frames == 15)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("the controls (materials, filters): 1 worker or 3, SIMD or the scalar reference, the same frames")
    func controls() throws {
        let reference = try controlsClip(workers: 1, kernel: .scalar)
        #expect(reference.count == 750 * 1334 * 4 * 15)
        #expect(try controlsClip(workers: 3, kernel: .simd) == reference)
        #expect(try controlsClip(workers: 1, kernel: .simd) == reference)
    }
}
