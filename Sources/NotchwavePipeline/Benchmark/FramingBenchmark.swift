import Foundation
import NotchwaveModel
import NotchwaveScene

/// What a device frame costs (`notchwave bench --framing`): the same clip rendered whole
/// (render, convert, encode to H.264) three ways, in one run: (a) framed, the device's
/// body around its screen on a `canvas` (1080 x 1920 by default); (b) the screen alone on
/// the same canvas (`--frame none --canvas`: the same output size and the same resize of
/// the screen, without the body); (c) the screen alone at its own size (no canvas). The
/// ratio (a) / (b) is what the body, its shadow and the texts cost per frame once drawn;
/// (c) is there to show what the canvas's resize costs against the screen's own size.
public struct FramingBenchmark {
    /// One scene's figures, in frames per second (best of three runs each, alternating).
    public struct Figures: Sendable {
        public var scene: String
        public var frames: Int
        public var framedFPS: Double
        public var canvasFPS: Double
        public var screenFPS: Double
        /// The screen's own size, for the report.
        public var screenWidth: Int, screenHeight: Int
        public var ratio: Double { framedFPS / canvasFPS }
    }

    public let preset: Preset
    public let canvas: (width: Int, height: Int)
    public let duration: Double
    public let workers: Int

    /// A benchmark of `duration` seconds at 60 fps of `preset` on a `canvas`.
    public init(preset: Preset, canvas: (width: Int, height: Int) = (1080, 1920), duration: Double = 3,
                workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        (self.preset, self.canvas, self.duration, self.workers) = (preset, canvas, duration, workers)
    }

    /// The notch waves and LiquidSwipe (its right slider dragged across the screen, a
    /// full-screen scene that changes every row of every frame); outputs go to `directory`.
    public func run(directory: String) throws -> [Figures] {
        let swipe = (directory as NSString).appendingPathComponent("swipe.json")
        try #"{"events": [{"drag": "right", "at": 0, "path": [[0, 360, 300], [1.0, 60, 340], [1.2, 20, 350]]}, {"tap": "left", "at": 1.8}]}"#
            .write(toFile: swipe, atomically: true, encoding: .utf8)
        var results: [Figures] = []
        for scene in [NotchWaves.name, LiquidSwipe.name] {
            func request(framed: Bool, onCanvas: Bool) -> RenderRequest {
                var request = RenderRequest()
                request[Parameters.duration] = duration
                request[Parameters.fps] = 60
                request[Scenes.scene] = scene
                if scene == LiquidSwipe.name {
                    request[Parameters.sceneOptions] = OptionList([OptionList.Entry(key: "script", input: .text(swipe))])
                }
                if onCanvas { request[Parameters.canvas] = .pixels(width: canvas.width, height: canvas.height) }
                if framed { request[Parameters.frame] = .device }
                return request
            }
            let plans = try [request(framed: true, onCanvas: true), request(framed: false, onCanvas: true), request(framed: false, onCanvas: false)]
                .map { try RenderSession.plan($0, preset: preset, outputExtension: "mp4") }
            var best = [Double](repeating: .infinity, count: plans.count)
            let output = (directory as NSString).appendingPathComponent("framing.mp4")
            for _ in 0..<3 {
                for (index, plan) in plans.enumerated() {
                    let session = try RenderSession(plan: plan, output: output, options: RenderOptions(workers: workers))
                    let start = PipelineBenchmark.now()
                    _ = try session.run()
                    best[index] = min(best[index], PipelineBenchmark.now() - start)
                }
            }
            let frames = plans[0].frameCount
            results.append(Figures(scene: scene, frames: frames, framedFPS: Double(frames) / best[0], canvasFPS: Double(frames) / best[1],
                                   screenFPS: Double(frames) / best[2], screenWidth: plans[2].outputWidth, screenHeight: plans[2].outputHeight))
        }
        return results
    }

    /// The `--json` object: per scene `frames`, `framed_fps`, `canvas_fps`, `screen_fps`,
    /// `framed_over_canvas`.
    public static func json(_ figures: [Figures]) -> JSONOutput {
        func r(_ v: Double, _ d: Double = 10) -> JSONOutput { .number((v * d).rounded() / d) }
        return .object(figures.map { f in
            (f.scene, .object([("frames", .number(Double(f.frames))), ("framed_fps", r(f.framedFPS)), ("canvas_fps", r(f.canvasFPS)),
                               ("screen_fps", r(f.screenFPS)), ("framed_over_canvas", r(f.ratio, 1000))]))
        })
    }
}
