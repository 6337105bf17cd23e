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

    /// Frames per second of wall time.
    public var framesPerSecond: Double { wallTime > 0 ? Double(frames) / wallTime : 0 }

    /// The machine-readable summary (`--json`).
    public var json: JSONOutput {
        .object([
            ("output", .string(output)), ("codec", .string(codec)), ("frames", .number(Double(frames))),
            ("duration", .number(duration)), ("width", .number(Double(width))), ("height", .number(Double(height))),
            ("size", .number(Double(bytes))), ("wall_time", .number((wallTime * 1000).rounded() / 1000)),
            ("fps", .number((framesPerSecond * 10).rounded() / 10)),
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

    /// Checks that the plan's colours can be written in `format`.
    static func checkAlpha(plan: RenderPlan, format: OutputFormat) throws {
        let needsAlpha = !plan.animation.background.isOpaque || !plan.animation.colors.allSatisfy(\.isOpaque)
        if needsAlpha && !format.carriesAlpha {
            throw PipelineError.unsupported(
                "\(format.codecName) cannot carry transparency (a background or colour with alpha); use .webm (VP9), .mov (ProRes 4444), .png (APNG), a PNG sequence or .rgba")
        }
    }

    /// Renders every frame; on error or cancellation nothing is left at the output path.
    public func run(cancellation: CancellationToken = CancellationToken()) throws -> RenderResult {
        let started = DispatchTime.now()
        let format = try OutputFormat.resolve(path: output, request: encode)
        try RenderSession.checkAlpha(plan: plan, format: format)
        let (width, height) = RenderSession.canvasSize(plan: plan, format: format)
        guard width > 0, height > 0 else { throw PipelineError.unsupported("the frame is empty after cropping") }
        let scene = try FrameScene(plan: plan, canvasWidth: width, canvasHeight: height,
                                   maskFill: format.carriesAlpha ? .transparent : .black)
        let opaque = plan.animation.background.isOpaque && plan.animation.colors.allSatisfy(\.isOpaque)
            && !(plan.masksCorners && format.carriesAlpha)
        try cancellation.check()

        let renderer = FrameRenderer(scene: scene, kernel: options.kernel)
        var file: AtomicOutputFile? = nil
        let sink: FrameSink
        switch format {
        case .rawRGBA:
            if output == "-" {
                sink = RawRGBASink(descriptor: STDOUT_FILENO, template: renderer.template)
            } else {
                let atomic = try AtomicOutputFile(target: output, noOverwrite: options.noOverwrite)
                file = atomic
                let fd = open(atomic.temporaryPath, O_WRONLY | O_TRUNC)
                guard fd >= 0 else { throw PipelineError.output("cannot write \(output): \(String(cString: strerror(errno)))") }
                sink = FileDescriptorOwningSink(RawRGBASink(descriptor: fd, template: renderer.template), descriptor: fd)
            }
        case let .video(recipe):
            let atomic = try AtomicOutputFile(target: output, noOverwrite: options.noOverwrite)
            file = atomic
            let settings = EncoderSettings(encoderName: recipe.encoder, pixelFormat: recipe.pixelFormat, width: width, height: height,
                                           fps: plan.fps, options: recipe.encoderOptions(encode))
            sink = try VideoEncodingSink(path: atomic.temporaryPath, recipe: recipe, settings: settings,
                                         container: ContainerSettings(formatName: recipe.container, options: recipe.containerOptions()),
                                         template: renderer.template, opaque: opaque)
        }
        let producer = ParallelFrameProducer(renderer: renderer, workers: options.workers)
        let total = plan.frameCount
        let dynamicRows = renderer.dynamicRows
        var bytes = 0
        do {
            try producer.run(frames: 0..<total, cancellation: cancellation) { index, slice in
                try sink.consume(index: index, slice: slice, rows: dynamicRows)
                options.progress?(index + 1, total)
            }
            try cancellation.check()
            bytes = try sink.finish()
            try file?.commit()
        } catch {
            (sink as? VideoEncodingSink)?.abandon()
            file?.discard()
            throw error
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return RenderResult(output: output, codec: format.codecName, frames: total, duration: Double(total) / Double(plan.fps),
                            bytes: bytes, wallTime: seconds, width: width, height: height)
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
