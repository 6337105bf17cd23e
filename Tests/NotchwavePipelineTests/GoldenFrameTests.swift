import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene
import TestSupport

/// Golden frames: the bar strip of each seed preset at a few times, compared exactly
/// (tolerance 0: rendering is deterministic IEEE arithmetic). `UPDATE_GOLDENS=1`
/// regenerates them; a mismatch writes a diff image.
@Suite("Golden frames")
struct GoldenFrameTests {
    static let directory = CommandRunner.packageRoot.appendingPathComponent("Tests/NotchwavePipelineTests/Goldens").path

    static func plan(_ id: String, stop: Double? = nil, region: Region = .bar, mask: Bool = false) throws -> RenderPlan {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: id)
        var request = RenderRequest()
        request[NotchWaves.region] = region
        request[NotchWaves.stop] = stop
        request[Parameters.mask] = mask
        return try Scenes.plan(request, preset: preset)
    }

    @Test("bar strips of the seed presets", arguments: [
        ("iphone-x", 0.25, nil), ("iphone-x", 1.1, nil), ("iphone-x", 1.45, 1.0),
        ("iphone-xr", 0.6, nil), ("iphone-xr", 2.2, 2.0),
        ("plain", 0.5, nil), ("plain", 1.3, 1.0),
    ] as [(String, Double, Double?)])
    func barStrips(id: String, time: Double, stop: Double?) throws {
        let plan = try GoldenFrameTests.plan(id, stop: stop)
        let (rgba, width, height) = try FrameExport.straightRGBA(plan: plan, time: time)
        let name = "\(id)-bar-t\(time)" + (stop.map { "-stop\($0)" } ?? "")
        let problem = try GoldenImage.check(name: name, rgba: rgba, width: width, height: height, directory: GoldenFrameTests.directory)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("smooth style bar strips: notch, island and no cutout", arguments: [
        ("iphone-x", 0.4, nil), ("iphone-x", 1.6, nil), ("iphone-x", 2.7, 2.0),
        ("iphone-15-pro", 1.6, nil), ("iphone-15-pro", 2.7, 2.0), ("plain", 1.6, nil),
    ] as [(String, Double, Double?)])
    func smoothStrips(id: String, time: Double, stop: Double?) throws {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: id)
        var request = RenderRequest()
        request[NotchWaves.region] = .bar
        request[NotchWaves.stop] = stop
        request[NotchWaves.style] = "smooth"
        let plan = try Scenes.plan(request, preset: preset)
        let (rgba, width, height) = try FrameExport.straightRGBA(plan: plan, time: time)
        let name = "smooth-\(id)-bar-t\(time)" + (stop.map { "-stop\($0)" } ?? "")
        let problem = try GoldenImage.check(name: name, rgba: rgba, width: width, height: height, directory: GoldenFrameTests.directory)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a whole masked frame")
    func maskedFrame() throws {
        let plan = try GoldenFrameTests.plan("iphone-xr", region: .screen, mask: true)
        let (rgba, width, height) = try FrameExport.straightRGBA(plan: plan, time: 0.9)
        let problem = try GoldenImage.check(name: "iphone-xr-screen-mask-t0.9", rgba: rgba, width: width, height: height,
                                            directory: GoldenFrameTests.directory)
        #expect(problem == nil, "\(problem ?? "")")
    }
}
