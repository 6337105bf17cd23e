import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwaveVideo

/// What a finished render produced.
public struct RenderResult: Sendable {
    /// The output path (`-` for stdout).
    public var output: String
    /// Codec name (`h264`, `rgba`).
    public var codec: String
    /// Frames written.
    public var frames: Int
    /// Video duration in seconds (`frames / fps`).
    public var duration: Double
    /// Bytes written.
    public var bytes: Int
    /// Wall-clock seconds the render took.
    public var wallTime: Double
    /// Frame size written.
    public var width: Int
    public var height: Int
    /// The process's peak resident memory so far, in bytes.
    public var peakMemory: Int

    /// Frames per second of wall time.
    public var framesPerSecond: Double { wallTime > 0 ? Double(frames) / wallTime : 0 }

    /// The machine-readable summary (`--json`).
    public var json: JSONOutput {
        .object([
            ("output", .string(output)), ("codec", .string(codec)), ("frames", .number(Double(frames))),
            ("duration", .number(duration)), ("width", .number(Double(width))), ("height", .number(Double(height))),
            ("size", .number(Double(bytes))), ("wall_time", .number((wallTime * 1000).rounded() / 1000)),
            ("fps", .number((framesPerSecond * 10).rounded() / 10)),
            ("peak_rss", .number(Double(peakMemory))),
        ])
    }
}

/// How a render runs (not what it renders).
public struct RenderOptions: Sendable {
    /// Render threads (default: one per core).
    public var workers: Int
    /// Rasterizer kernel.
    public var kernel: RasterKernel
    /// Refuse to replace an existing output.
    public var noOverwrite: Bool
    /// Called on the pipeline's thread after each frame with (frames done, total).
    public var progress: (@Sendable (Int, Int) -> Void)?

    /// Defaults: one worker per core, the SIMD kernel, overwrite allowed, no progress.
    public init(workers: Int? = nil, kernel: RasterKernel = .simd, noOverwrite: Bool = false,
                progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.workers = workers ?? ProcessInfo.processInfo.activeProcessorCount
        self.kernel = kernel
        self.noOverwrite = noOverwrite
        self.progress = progress
    }
}

/// Renders a plan into an output: parallel frames, in-order hand-off to the sink, and an
/// output that appears only when complete.
public struct RenderSession {
    public let plan: RenderPlan
    public let output: String
    public let encode: EncodeRequest
    public let options: RenderOptions

    /// A session rendering `plan` to `output` (a path, or `-` for raw frames on stdout).
    public init(plan: RenderPlan, output: String, encode: EncodeRequest = EncodeRequest(), options: RenderOptions = RenderOptions()) {
        self.plan = plan
        self.output = output
        self.encode = encode
        self.options = options
    }

    /// The canvas size for `format`: the frame size, made even by padding or cropping
    /// when the format needs it.
    public static func canvasSize(plan: RenderPlan, format: OutputFormat) -> (width: Int, height: Int) {
        var w = plan.frameWidth, h = plan.frameHeight
        if format.needsEvenSize {
            let delta = plan.evenSizePolicy == .pad ? 1 : -1
            if w % 2 != 0 { w += delta }
            if h % 2 != 0 { h += delta }
        }
        return (w, h)
    }

    /// True when the plan's own colours need transparency.
    static func colorsNeedAlpha(_ plan: RenderPlan) -> Bool {
        !plan.animation.background.isOpaque || !plan.animation.colors.allSatisfy(\.isOpaque)
    }

    /// The output format for the plan: with transparent colours, or with a corner mask
    /// in a format that can carry alpha, the pixel format with alpha.
    public static func format(plan: RenderPlan, output: String, encode: EncodeRequest) throws -> OutputFormat {
        let needsAlpha = colorsNeedAlpha(plan)
        var format = try OutputFormat.resolve(path: output, request: encode, alpha: needsAlpha)
        if plan.masksCorners && !needsAlpha, case let .video(recipe) = format, recipe.codec == "vp9" {
            format = try OutputFormat.resolve(path: output, request: encode, alpha: true)
        }
        if case let .video(recipe) = format {
            try recipe.validate(encode)
            if recipe.codec == "gif" && plan.fps > 50 {
                throw PipelineError.unsupported("GIF frames last whole hundredths of a second and browsers slow down frames under 2/100 s: use --fps 50 or less (25 or 50 play exactly)")
            }
        }
        return format
    }

    /// Renders every frame; on error or cancellation nothing is left at the output path.
    public func run(cancellation: CancellationToken = CancellationToken()) throws -> RenderResult {
        let started = DispatchTime.now()
        let format = try RenderSession.format(plan: plan, output: output, encode: encode)
        let (width, height) = RenderSession.canvasSize(plan: plan, format: format)
        guard width > 0, height > 0 else { throw PipelineError.unsupported("the frame is empty after cropping") }
        let scene = try FrameScene(plan: plan, canvasWidth: width, canvasHeight: height,
                                   maskFill: format.carriesAlpha ? .transparent : .black)
        let opaque = !RenderSession.colorsNeedAlpha(plan) && !(plan.masksCorners && format.carriesAlpha)
        try cancellation.check()
        let renderer = FrameRenderer(scene: scene, kernel: options.kernel)
        let total = plan.frameCount
        let dynamicRows = renderer.dynamicRows
        var cleanup: [() -> Void] = []
        var commit: () throws -> Void = {}
        var temporaryVideoPath = ""
        let sinks: [FrameSink]
        switch format {
        case .rawRGBA:
            if output == "-" {
                sinks = [RawRGBASink(descriptor: STDOUT_FILENO, template: renderer.template)]
            } else {
                let atomic = try AtomicOutputFile(target: output, noOverwrite: options.noOverwrite)
                cleanup.append { atomic.discard() }
                commit = { try atomic.commit() }
                let fd = open(atomic.temporaryPath, O_WRONLY | O_TRUNC)
                guard fd >= 0 else { throw PipelineError.output("cannot write \(output): \(String(cString: strerror(errno)))") }
                sinks = [FileDescriptorOwningSink(RawRGBASink(descriptor: fd, template: renderer.template), descriptor: fd)]
            }
        case let .pngSequence(pattern):
            let directory = try AtomicOutputDirectory(directory: (pattern as NSString).deletingLastPathComponent, noOverwrite: options.noOverwrite)
            cleanup.append { directory.discard() }
            let filePattern = (pattern as NSString).lastPathComponent
            try directory.checkNoneExist((0..<total).map { PNGSequenceSink.name(filePattern, $0) })
            try directory.checkNoStaleFrames(pattern: filePattern, frames: total)
            sinks = [PNGSequenceSink(template: renderer.template, directory: directory, filePattern: filePattern)]
        case let .video(recipe):
            let atomic = try AtomicOutputFile(target: output, noOverwrite: options.noOverwrite)
            cleanup.append { atomic.discard() }
            commit = { try atomic.commit() }
            temporaryVideoPath = atomic.temporaryPath
            let container = ContainerSettings(formatName: recipe.container, options: recipe.containerOptions())
            if recipe.isPaletted {
                // Two passes over the same frames: the palette, then the paletted frames.
                sinks = [try GIFPaletteSink(template: renderer.template, fps: plan.fps)]
            } else {
                var settings = EncoderSettings(encoderName: recipe.encoder, pixelFormat: recipe.pixelFormat, width: width, height: height,
                                               fps: plan.fps, options: recipe.encoderOptions(encode), bitRate: recipe.bitRate(encode),
                                               codecTag: recipe.codecTag)
                settings.frameThreads = recipe.frameThreads
                let sink = try VideoEncodingSink(path: atomic.temporaryPath, recipe: recipe, settings: settings, container: container,
                                                 template: renderer.template, opaque: opaque)
                cleanup.append { sink.abandon() }
                sinks = [sink]
            }
        }
        var bytes = 0
        do {
            bytes = try runPass(renderer: renderer, sink: sinks[0], total: total, passes: format.passes, pass: 0,
                                dynamicRows: dynamicRows, cancellation: cancellation)
            if case let .video(recipe) = format, recipe.isPaletted, let paletteSink = sinks[0] as? GIFPaletteSink {
                let palette: GIFPalette
                do { palette = try paletteSink.generator.finish() } catch { throw PipelineError.ffmpeg(error) }
                let gif = try GIFEncodingSink(path: temporaryVideoPath, template: renderer.template, fps: plan.fps, palette: palette,
                                              dither: GIFDither(rawValue: encode.dither ?? "sierra2_4a") ?? .sierra24a,
                                              container: ContainerSettings(formatName: recipe.container, options: recipe.containerOptions()))
                bytes = try runPass(renderer: renderer, sink: gif, total: total, passes: 2, pass: 1,
                                    dynamicRows: dynamicRows, cancellation: cancellation)
            }
            try commit()
        } catch {
            for step in cleanup { step() }
            throw error
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return RenderResult(output: output, codec: format.codecName, frames: total, duration: Double(total) / Double(plan.fps),
                            bytes: bytes, wallTime: seconds, width: width, height: height, peakMemory: PeakMemory.residentBytes())
    }

    /// Renders all frames once into `sink` and finishes it; returns the bytes written.
    private func runPass(renderer: FrameRenderer, sink: FrameSink, total: Int, passes: Int, pass: Int,
                         dynamicRows: Range<Int>, cancellation: CancellationToken) throws -> Int {
        let producer = ParallelFrameProducer(renderer: renderer, workers: options.workers)
        try producer.run(frames: 0..<total, cancellation: cancellation) { index, slice in
            try sink.consume(index: index, slice: slice, rows: dynamicRows)
            options.progress?(pass * total + index + 1, passes * total)
        }
        try cancellation.check()
        return try sink.finish()
    }
}

/// A sink that closes its file descriptor when finished.
final class FileDescriptorOwningSink: FrameSink {
    private let inner: FrameSink
    private var descriptor: Int32

    init(_ inner: FrameSink, descriptor: Int32) {
        self.inner = inner
        self.descriptor = descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func consume(index: Int, slice: Canvas, rows: Range<Int>) throws {
        try inner.consume(index: index, slice: slice, rows: rows)
    }

    func finish() throws -> Int {
        let bytes = try inner.finish()
        if fsync(descriptor) != 0 && errno != EINVAL {
            throw PipelineError.output("cannot write the output: \(String(cString: strerror(errno)))")
        }
        let result = close(descriptor)
        descriptor = -1
        if result != 0 { throw PipelineError.output("cannot write the output: \(String(cString: strerror(errno)))") }
        return bytes
    }
}
