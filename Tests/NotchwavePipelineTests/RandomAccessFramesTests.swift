import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveRaster
import NotchwaveScene
import TestSupport

/// The studio's frames in any order (`RandomAccessFrames`: a frame's changing rows over
/// the output's template, resized only where they change) against the frame drawn whole by
/// `FrameExport` (what `notchwave frame` writes) and, resized, against the whole frame put
/// through the same resampler.
@Suite("Frames in any order: the same bytes as the frame drawn whole")
struct RandomAccessFramesTests {
    static func plan(_ scene: String) throws -> RenderPlan {
        let preset = try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: "iphone-x")
        let dir = TemporaryDirectory()
        return try #require(try PipelineBenchmark.plans(preset: preset, duration: 2, scenes: [scene], directory: dir.path).first?.plan)
    }

    @Test("scrubbed back and forth, each frame equals FrameExport's, whole and resized",
          arguments: ["notch-waves", "liquid-swipe", "popup", "controls"])
    func sameBytes(scene name: String) throws {
        let plan = try Self.plan(name)
        let frames = try RandomAccessFrames(plan: plan)
        let size = (width: 356, height: Int((Double(plan.outputHeight) * 356 / Double(plan.outputWidth)).rounded()))
        // Out of order, with repeats, as a scrub asks.
        for index in [plan.frameCount - 1, 3, 40, 3, 0, 77, 41, plan.frameCount / 2] {
            let whole = try FrameExport.straightRGBA(plan: plan, time: plan.time(ofFrame: index)).bytes
            var mine = [UInt8](repeating: 0, count: whole.count)
            try mine.withUnsafeMutableBufferPointer { try frames.exportStraight(frame: index, size: (plan.outputWidth, plan.outputHeight), into: $0.baseAddress!) }
            #expect(mine == whole, "\(name) frame \(index) differs from the frame drawn whole")

            let full = try FrameExport.frame(plan: plan, time: plan.time(ofFrame: index))
            let smaller = try Canvas.allocate(width: size.width, height: size.height)
            Resampler(sourceWidth: full.width, sourceHeight: full.height, width: size.width, height: size.height)
                .resize(sourceRow: { UnsafePointer(full.row($0)) }, into: smaller)
            var resized = [UInt8](repeating: 0, count: size.width * size.height * 4)
            try resized.withUnsafeMutableBufferPointer { try frames.exportStraight(frame: index, size: size, into: $0.baseAddress!) }
            #expect(resized == smaller.straightBytes(), "\(name) frame \(index) resized differs from the whole frame resized")
        }
    }
}
