import Foundation
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene
import NotchwaveStudio

/// `notchwave bench`: rasterizer and pipeline throughput, ratios measured in one run.
enum BenchCommand: Command {
    static let name = "bench"
    static let summary = "measure rasterizer throughput against a plain memory fill, SIMD against scalar, and worker scaling"
    static let usage = "bench [--json] [--seconds S] [--workers N]\n       notchwave bench --pipeline [--json] [--quality LEVEL] [--duration SECONDS] [--scene NAME]\n       notchwave bench --framing [--json] [--duration SECONDS]\n       notchwave bench --studio [--json] [--requests N]\n       notchwave bench --peer-scenes DIR\n       notchwave bench --profile bar|liquid-swipe --frames N"
    static let options: [OptionSpec] = [
        .flag("json", "Print one JSON object"),
        RenderParameters.presetsSpec,
        .flag("pipeline", "Measure the encoder alone against the whole pipeline, for H.264 and VP9, for every scene that draws on its own"),
        .value("scene", "NAME", "With --pipeline: only this scene (default: every scene that draws on its own)"),
        .value("quality", "LEVEL", "With --pipeline: the encoders' quality (default: draft)"),
        .flag("framing", "Measure a device frame's cost: a framed 1080x1920 clip of iphone-16-pro against the screen alone on the same canvas and at its own size"),
        .flag("studio", "Measure the studio: scrub latency (request sent to frame received) for the notch waves, a popup and the controls, the first frame, playback"),
        .value("requests", "N", "With --studio: scrub requests per scene and encoding (default: 60)"),
        .value("duration", "SECONDS", "With --pipeline or --framing: clip length at 60 fps (default: 3)"),
        .value("seconds", "S", "Time per measurement (default: 0.6)"),
        .value("workers", "N", "Workers for the frame production figure (default: one per core)"),
        .value("peer-scenes", "DIR", "Write the frames the benchmark draws (bar rows, LiquidSwipe) for a peer renderer into DIR, and stop (make bench-peers)"),
        .value("profile", "bar|liquid-swipe", "Rasterize N frames of one part, untimed, for a profiler: bar (the bar rows) or liquid-swipe (prebuilt draw lists)"),
        .value("frames", "N", "With --profile: how many frames (default: 64)"),
    ]
    static let discussion = """
    Figures (frames per second, one thread unless said otherwise), for iphone-x and the
    largest preset: whole frames and bar rows only (what each new frame re-renders), with
    the SIMD kernel and the scalar reference kernel; a memset of the same bytes as the
    memory-bandwidth reference; next-frame production of iphone-x with all workers and
    with one; and LiquidSwipe on the whole iphone-x screen (a swipe of the right slider:
    each pose's paths built, decomposed and rasterized), SIMD and scalar, and its two
    parts measured apart (draw lists built; prebuilt lists rasterized); and a whole
    iphone-x LiquidSwipe frame converted from RGBA to yuv420p by notchwave's converter
    (what H.264 and VP9 outputs use; its AVX2 kernel where the CPU has AVX2), by that
    converter's baseline kernel alone (same bytes) and by libswscale, and a frame of
    noise (no flat block whose bytes could be reused) by the converter and its baseline
    kernel. Ratios: bar_over_fill = bar rows (what each new frame costs) / memset of a
    whole frame of the same size; bar_over_bar_fill = bar rows / memset of the bar rows'
    bytes only (cache-resident, the strictest reference); simd_over_scalar = SIMD /
    scalar on the bar rows.

    With --pipeline: for every scene that draws on its own (moving every frame: the notch waves, LiquidSwipe's
    drag and swipe, the popup shown and hidden, the controls' sliders dragged and stepper
    held) and for H.264 and VP9 at the same settings, (a) the encoder alone fed frames
    already rendered and converted (held in memory) and (b) the whole pipeline (render,
    convert, encode) on the same clip; pipeline_over_encoder = (b) / (a). Beside them, the
    processor time a frame (every thread's) of (a) and of (b), the least of three runs:
    their difference is what rendering and converting cost, hidden or not.

    With --framing: the notch waves and a LiquidSwipe drag (a full-screen scene, every row
    new every frame) on iphone-16-pro, rendered whole to H.264 (the best of three runs,
    alternating): (a) framed (--frame device --canvas 1080x1920), (b) the screen alone on
    the same canvas (--canvas 1080x1920: the same output size and the same resize), (c)
    the screen alone at its own size. framed_over_canvas = (a) / (b): what the body, its
    shadow and the canvas cost once drawn.
    """

    static func run(_ args: ParsedArguments, context: CommandContext) throws -> Int32 {
        try args.checkPositionals([], required: 0)
        let seconds = try args.double("seconds", in: 0.05...60) ?? 0.6
        let workers = try args.int("workers", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let library = try RenderParameters.library(args)
        let reference = try library.preset(named: "iphone-x")
        if args.string("frames") != nil && args.string("profile") == nil {
            throw UsageError("--frames: only with --profile")
        }
        if args.has("pipeline") {
            return try runPipeline(args, preset: reference, workers: workers)
        }
        if args.has("studio") {
            return try runStudio(args, library: library)
        }
        if args.has("framing") {
            return try runFraming(args, preset: try library.preset(named: "iphone-16-pro"), workers: workers)
        }
        if let part = args.string("profile") {
            // Fixed work and no clock, so that a profiler's counts (perf, callgrind's
            // instructions) compare builds: the difference between N frames and 0.
            guard let which = RasterBenchmark.ProfiledPart(rawValue: part) else {
                throw UsageError("--profile: '\(part)' is not a part (bar, liquid-swipe)")
            }
            try RasterBenchmark.profile(which, preset: reference, frames: try args.int("frames", in: 0...1_000_000) ?? 64)
            return 0
        }
        if let directory = args.string("peer-scenes") {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try PeerScenes.write(preset: reference, directory: directory)
            } catch let error as CocoaError {
                throw PipelineError.output("cannot write the peer scenes into \(directory): \(error.localizedDescription)")
            }
            print("wrote \(directory)/bar.txt and \(directory)/liquid-swipe.txt (\(reference.id))")
            return 0
        }
        var presets = [reference]
        if let largest = library.presets.max(by: { $0.pixelWidth * $0.pixelHeight < $1.pixelWidth * $1.pixelHeight }), largest.id != reference.id {
            presets.append(largest)
        }
        let result = try RasterBenchmark(presets: presets, workers: workers, seconds: seconds).run()
        if args.has("json") {
            print(result.json.rendered())
            return 0
        }
        func f(_ v: Double) -> String { String(format: "%9.1f", v) }
        print("rasterizer, frames per second (one thread):")
        print("  preset              size        bar rows   screen   screen-scalar   bar      bar-scalar   memset-frame   memset-bar")
        for p in result.presets {
            print("  \(p.preset.padding(toLength: 18, withPad: " ", startingAt: 0))  \("\(p.width)x\(p.height)".padding(toLength: 10, withPad: " ", startingAt: 0))  \(String(format: "%8d", p.barRows)) \(f(p.screenFPS)) \(f(p.screenScalarFPS))      \(f(p.barFPS)) \(f(p.barScalarFPS))    \(f(p.screenFillFPS))    \(f(p.barFillFPS))")
        }
        print(String(format: "bar rows / memset of a whole frame:   %.3f", result.barOverFill))
        print(String(format: "bar rows / memset of the bar's bytes: %.3f", result.barOverBarFill))
        print(String(format: "SIMD / scalar (bar rows):             %.2fx", result.simdOverScalar))
        print(String(format: "next-frame production, iphone-x:      %.1f fps with %d workers, %.1f fps with 1 (scaling %.2fx)",
                     result.frameFPS, result.workers, result.frameFPSOneWorker, result.frameFPS / result.frameFPSOneWorker))
        print(String(format: "LiquidSwipe, whole iphone-x screen:   %.1f fps SIMD, %.1f fps scalar (one thread)",
                     result.liquidSwipeFPS, result.liquidSwipeScalarFPS))
        print(String(format: "  its two parts apart:                %.1f draw lists built per second, %.1f fps rasterized (SIMD)",
                     result.liquidSwipeBuildFPS, result.liquidSwipeRasterFPS))
        print(String(format: "RGBA to yuv420p, a LiquidSwipe frame: %.1f fps (notchwave), %.1f fps (its baseline kernel), %.1f fps (libswscale): %.2fx libswscale",
                     result.conversionFPS, result.baselineConversionFPS, result.swscaleConversionFPS, result.conversionFPS / result.swscaleConversionFPS))
        print(String(format: "  a frame of noise (no flat block):   %.1f fps (notchwave), %.1f fps (its baseline kernel)",
                     result.noiseConversionFPS, result.noiseBaselineConversionFPS))
        return 0
    }

    static func runPipeline(_ args: ParsedArguments, preset: Preset, workers: Int) throws -> Int32 {
        // The scenes that draw on their own: the none scene shows a backdrop only, which
        // this benchmark does not decode.
        let names = Scenes.drawing
        var scenes = names
        if let scene = args.string("scene") {
            guard names.contains(scene) else {
                throw UsageError("--scene: '\(scene)' is not a scene that draws on its own (\(names.joined(separator: ", ")))")
            }
            scenes = [scene]
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notchwave-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let quality = try args.choice("quality", Quality.self) ?? .draft
        let plans = try PipelineBenchmark.plans(preset: preset, duration: try args.double("duration", in: 0.5...60) ?? 3, scenes: scenes,
                                                directory: directory).map { entry -> (scene: String, plan: RenderPlan) in
            var plan = entry.plan
            plan.encoding.quality = quality
            return (entry.scene, plan)
        }
        let figures = try PipelineBenchmark(plans: plans, workers: workers).run(directory: directory)
        if args.has("json") {
            print(PipelineBenchmark.json(figures).rendered())
            return 0
        }
        let first = plans[0].plan
        print("pipeline against the encoder alone, iphone-x \(first.frameWidth)x\(first.frameHeight), \(first.frameCount) frames, --quality \(quality.rawValue):")
        for f in figures {
            print("  \(f.scene.padding(toLength: 13, withPad: " ", startingAt: 0)) \(f.codec.padding(toLength: 5, withPad: " ", startingAt: 0))"
                  + String(format: " encoder alone %7.1f fps   whole pipeline %7.1f fps   pipeline/encoder %.3f   processor a frame %5.2f ms / %5.2f ms (%+.2f)",
                           f.encoderFPS, f.pipelineFPS, f.ratio, f.encoderCPUms, f.pipelineCPUms, f.pipelineCPUms - f.encoderCPUms))
        }
        return 0
    }

    /// A folder for a benchmark's files, removed when it is done.
    static func withScratchFolder<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notchwave-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    static func runFraming(_ args: ParsedArguments, preset: Preset, workers: Int) throws -> Int32 {
        let benchmark = FramingBenchmark(preset: preset, duration: try args.double("duration", in: 0.5...60) ?? 3, workers: workers)
        let figures = try withScratchFolder { try benchmark.run(directory: $0) }
        if args.has("json") {
            print(FramingBenchmark.json(figures).rendered())
            return 0
        }
        print("a device frame's cost, \(preset.id), \(figures.first?.frames ?? 0) frames at 60 fps to H.264, \(workers) workers:")
        for f in figures {
            print("  \(f.scene.padding(toLength: 13, withPad: " ", startingAt: 0))"
                  + String(format: " framed %dx%d %6.1f fps   screen alone on the canvas %6.1f fps   framed/canvas %.3f   screen at its own %dx%d %6.1f fps",
                           benchmark.canvas.width, benchmark.canvas.height, f.framedFPS, f.canvasFPS, f.ratio, f.screenWidth, f.screenHeight, f.screenFPS))
        }
        return 0
    }

    static func runStudio(_ args: ParsedArguments, library: PresetLibrary) throws -> Int32 {
        let benchmark = StudioBenchmark(library: library, requests: try args.int("requests", in: 5...10_000) ?? 60)
        let figures: [StudioBenchmark.Figures]
        do {
            figures = try withScratchFolder { try benchmark.run(try StudioBenchmark.cases(directory: $0)) }
        } catch let error as StudioError {
            throw PipelineError.output(error.description)
        }
        if args.has("json") {
            print(StudioBenchmark.json(figures).rendered())
            return 0
        }
        print("the studio over the loopback, \(benchmark.requests) scrub requests of distinct frames per scene and encoding (request sent to last byte received):")
        for f in figures {
            print("  \(f.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(f.width)x\(f.height)"
                  + String(format: "  raw RGBA p50 %5.1f ms p95 %5.1f ms   PNG p50 %5.1f ms p95 %5.1f ms   first frame %4.0f ms   playback %5.1f fps, at %dx%d %5.1f fps (clip %d fps)",
                           f.rgba.p50, f.rgba.p95, f.png.p50, f.png.p95, f.firstFrame, f.playbackFPS, f.fitWidth, StudioBenchmark.fitHeight, f.fitPlaybackFPS, f.fps))
        }
        return 0
    }
}
