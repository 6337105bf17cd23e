import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwaveVideo

/// The encoder against the whole pipeline, in one run (`notchwave bench --pipeline`):
/// (a) the encoder alone, fed frames already rendered and converted; (b) the whole
/// pipeline rendering, converting and encoding the same frames with the same settings.
/// Rendering and conversion are hidden behind encoding when (b)/(a) is close to 1.
public struct PipelineBenchmark {
    /// One scene's and codec's figures.
    public struct Figures: Sendable {
        public var scene: String
        public var codec: String
        public var frames: Int
        public var encoderFPS: Double
        public var pipelineFPS: Double
        /// Processor time (every thread's, user and system) a frame, in milliseconds: the
        /// encoder alone and the whole pipeline, the least of the runs. The difference is
        /// what rendering and converting cost, whether or not it hides behind the encoder
        /// (on a shared machine it moves from run to run too).
        public var encoderCPUms: Double
        public var pipelineCPUms: Double
        public var ratio: Double { pipelineFPS / encoderFPS }
    }

    /// The clips, by scene name.
    public let plans: [(scene: String, plan: RenderPlan)]
    public let codecs: [Codec]
    public let workers: Int

    /// A benchmark of `plans` (a few seconds of iphone-x each) encoded with each of `codecs`.
    public init(plans: [(scene: String, plan: RenderPlan)], codecs: [Codec] = [.h264, .vp9],
                workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.plans = plans
        self.codecs = codecs
        self.workers = workers
    }

    /// The scripts that make each scene change every frame (written into a scratch
    /// folder: scene options name files): LiquidSwipe's right slider dragged across the
    /// screen and the swipe that follows, the popup shown and dismissed again and again,
    /// the controls' slider dragged to and fro. The notch waves need none.
    static let scripts: [String: (options: [(String, String)], script: String)] = [
        LiquidSwipe.name: ([], #"{"events": [{"drag": "right", "at": 0, "path": [[0, 360, 300], [1.0, 60, 340], [1.2, 20, 350]]}, {"tap": "left", "at": 1.8}]}"#),
        Popup.name: ([("background", "#00000066")], #"{"events": [{"show": true, "at": 0}, {"hide": true, "at": 0.5}, {"show": true, "at": 1.0}, {"hide": true, "at": 1.5}, {"show": true, "at": 2.0}, {"hide": true, "at": 2.5}]}"#),
        Controls.name: ([("component", "showcase")], #"{"events": [{"drag": "thumb", "at": 0, "path": [[0, 0], [1.5, 300], [3, 0]]}, {"drag": "lower-thumb", "at": 0, "path": [[0, 0], [1.5, 150], [3, 0]]}, {"hold": "increment", "at": 0, "until": 3}]}"#),
    ]

    /// The plans the benchmark encodes: `duration` seconds of `preset` for each of
    /// `scenes` (every scene that draws on its own by default), scripted so that they move every frame;
    /// script files go to `directory`.
    public static func plans(preset: Preset, duration: Double, scenes: [String] = Scenes.drawing,
                             directory: String) throws -> [(scene: String, plan: RenderPlan)] {
        try scenes.map { name in
            var request = RenderRequest()
            request[Parameters.duration] = duration
            request[Scenes.scene] = name
            if let (options, script) = scripts[name] {
                let path = (directory as NSString).appendingPathComponent("\(name).json")
                try script.write(toFile: path, atomically: true, encoding: .utf8)
                request[Parameters.sceneOptions] = OptionList((options + [("script", path)]).map { OptionList.Entry(key: $0.0, input: .text($0.1)) })
            }
            return (name, try RenderSession.plan(request, preset: preset, outputExtension: "mp4"))
        }
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Seconds of processor time the process has used, every thread's, user and system.
    static func processorSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Measures every scene with every codec; outputs go to `directory`.
    public func run(directory: String) throws -> [Figures] {
        var results: [Figures] = []
        for (scene, base) in plans {
            results += try run(base, scene: scene, directory: directory)
        }
        return results
    }

    private func run(_ base: RenderPlan, scene sceneName: String, directory: String) throws -> [Figures] {
        var results: [Figures] = []
        for codec in codecs {
            var plan = base
            plan.encoding.codec = codec
            let request = plan.encoding
            let ext = codec == .vp9 ? "webm" : "mp4"
            let output = OutputPath((directory as NSString).appendingPathComponent("pipeline.\(ext)"))
            let format = try RenderSession.format(plan: plan, output: output)
            guard case let .video(recipe) = format else { continue }
            let (width, height) = RenderSession.canvasSize(plan: plan, format: format)
            let settings = recipe.encoderSettings(width: width, height: height, fps: plan.fps, request: request)
            let container = recipe.containerSettings()
            // (a) Every frame rendered and converted beforehand; the encoder is then fed
            // exactly as the pipeline feeds it (a small pool of reused frames whose
            // static rows were converted once), with the changed rows copied in from the
            // stored conversions instead of rendered and converted.
            let scene = try plan.makeScene(layout: CanvasLayout(width: width, height: height, maskFill: .black))
            let renderer = try FrameRenderer(scene: scene, time: plan.clock)
            let encoderOnly = (directory as NSString).appendingPathComponent("encoder.\(ext)")
            var encoderSeconds = Double.infinity, encoderCPU = Double.infinity
            var pipelineSeconds = Double.infinity, pipelineCPU = Double.infinity
            do {
                let stored = try PipelineBenchmark.convertedRows(renderer: renderer, plan: plan, settings: settings)
                // (a) and (b) alternate, three times each, and the best run of each
                // counts: the machine's state drifts less between neighbouring runs, and
                // the first run also pays for first-touch page faults.
                let session = RenderSession(plan: plan, output: ResolvedOutput(target: output, format: format), options: RenderOptions(workers: workers))
                for _ in 0..<3 {
                    var cpu = PipelineBenchmark.processorSeconds()
                    encoderSeconds = min(encoderSeconds, try PipelineBenchmark.encode(stored, renderer: renderer, settings: settings,
                                                                                       container: container, path: encoderOnly))
                    encoderCPU = min(encoderCPU, PipelineBenchmark.processorSeconds() - cpu)
                    cpu = PipelineBenchmark.processorSeconds()
                    let start = PipelineBenchmark.now()
                    _ = try session.run()
                    pipelineSeconds = min(pipelineSeconds, PipelineBenchmark.now() - start)
                    pipelineCPU = min(pipelineCPU, PipelineBenchmark.processorSeconds() - cpu)
                }
            } catch let error as FFmpegError {
                throw PipelineError.ffmpeg(error)
            }
            results.append(Figures(scene: sceneName, codec: codec.rawValue, frames: plan.frameCount, encoderFPS: Double(plan.frameCount) / encoderSeconds,
                                   pipelineFPS: Double(plan.frameCount) / pipelineSeconds,
                                   encoderCPUms: encoderCPU * 1000 / Double(plan.frameCount), pipelineCPUms: pipelineCPU * 1000 / Double(plan.frameCount)))
        }
        return results
    }

    /// The `--json` object: per scene, per codec `encoder_fps`, `pipeline_fps`,
    /// `pipeline_over_encoder`, `encoder_cpu_ms`, `pipeline_cpu_ms` (processor time a frame).
    public static func json(_ figures: [Figures]) -> JSONOutput {
        func r(_ v: Double, _ d: Double = 10) -> JSONOutput { .number((v * d).rounded() / d) }
        var scenes: [String] = []
        for f in figures where !scenes.contains(f.scene) { scenes.append(f.scene) }
        return .object(scenes.map { scene in
            (scene, .object(figures.filter { $0.scene == scene }.map { f in
                (f.codec, .object([("frames", .number(Double(f.frames))), ("encoder_fps", r(f.encoderFPS)),
                                   ("pipeline_fps", r(f.pipelineFPS)), ("pipeline_over_encoder", r(f.ratio, 1000)),
                                   ("encoder_cpu_ms", r(f.encoderCPUms, 100)), ("pipeline_cpu_ms", r(f.pipelineCPUms, 100))]))
            }))
        })
    }

    /// The bytes of rows `rows` of each plane of a 4:2:0 frame.
    static func planeRows(_ frame: VideoFrame, rows: Range<Int>) -> [[UInt8]] {
        (0..<3).map { plane in
            let (data, stride) = frame.plane(plane)
            guard let data else { return [] }
            let shift = plane == 0 ? 0 : 1
            let lo = rows.lowerBound >> shift, hi = rows.upperBound >> shift
            return Array(UnsafeBufferPointer(start: data + lo * stride, count: (hi - lo) * stride))
        }
    }

    /// Copies rows stored by `planeRows` back into `frame`.
    static func copyPlaneRows(_ planes: [[UInt8]], into frame: VideoFrame, rows: Range<Int>) {
        for (plane, bytes) in planes.enumerated() {
            let (data, stride) = frame.plane(plane)
            guard let data else { continue }
            let shift = plane == 0 ? 0 : 1
            bytes.withUnsafeBufferPointer { (data + (rows.lowerBound >> shift) * stride).update(from: $0.baseAddress!, count: $0.count) }
        }
    }

    /// Every frame rendered whole and converted; the converted changed rows of each.
    static func convertedRows(renderer: FrameRenderer, plan: RenderPlan, settings: EncoderSettings) throws -> [[[UInt8]]] {
        let converter = try PixelConverter(width: settings.width, height: settings.height, format: settings.pixelFormat)
        let scratch = try VideoFrame(settings: settings)
        var stored: [[[UInt8]]] = []
        for index in 0..<plan.frameCount {
            let canvas = try renderer.renderFull(frame: index)
            try converter.convert(rows: 0..<settings.height, firstRow: canvas.pixels, bytesPerRow: canvas.bytesPerRow, into: scratch)
            stored.append(planeRows(scratch, rows: renderer.dynamicRows))
        }
        return stored
    }

    /// Seconds to encode the stored frames through a pool of three reused frames, as the
    /// pipeline feeds the encoder (the writer is released when this returns).
    static func encode(_ stored: [[[UInt8]]], renderer: FrameRenderer, settings: EncoderSettings,
                       container: ContainerSettings, path: String) throws(FFmpegError) -> Double {
        let converter = try PixelConverter(width: settings.width, height: settings.height, format: settings.pixelFormat)
        let start = now()
        let writer = try VideoFileWriter(path: path, container: container, encoder: settings)
        var pool: [VideoFrame] = []
        for rows in stored {
            let frame: VideoFrame
            if pool.count < 3 {
                frame = try writer.makeFrame()
                try converter.convert(rows: 0..<settings.height, firstRow: renderer.template.pixels,
                                      bytesPerRow: renderer.template.bytesPerRow, into: frame)
            } else {
                frame = pool.removeFirst()
            }
            try frame.makeWritable()
            copyPlaneRows(rows, into: frame, rows: renderer.dynamicRows)
            try writer.write(frame)
            pool.append(frame)
        }
        try writer.finish()
        return now() - start
    }
}
