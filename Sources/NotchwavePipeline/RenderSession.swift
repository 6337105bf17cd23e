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
    /// A framed render's devices: each one's preset, screen on the canvas and scale.
    public var devices: JSONOutput? = nil

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
        ] + (devices.map { [("devices", $0)] } ?? []))
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
    /// Where and how the plan is written, decided once.
    public let resolvedOutput: ResolvedOutput
    public let options: RenderOptions

    /// The output path (`-` for stdout), normalised.
    public var output: String { resolvedOutput.path }
    /// The output's format.
    public var format: OutputFormat { resolvedOutput.format }

    /// A session rendering `plan` to `output` (a path, or `-` for raw frames on stdout);
    /// fails when the output cannot take the plan (codec, alpha, size, options).
    public init(plan: RenderPlan, output: String, options: RenderOptions = RenderOptions()) throws {
        self.init(plan: plan, output: try ResolvedOutput(output, plan: plan), options: options)
    }

    /// A session writing `plan` to an output already resolved for it.
    public init(plan: RenderPlan, output: ResolvedOutput, options: RenderOptions = RenderOptions()) {
        self.plan = plan
        self.resolvedOutput = output
        self.options = options
    }

    /// The canvas size for `format`: the frame size, made even by padding or cropping
    /// when the format needs it, and with `--even pad` padded up to the encoder's
    /// minimum size (SVT-AV1's 64 px, for a bar strip of a 2x preset).
    public static func canvasSize(plan: RenderPlan, format: OutputFormat) -> (width: Int, height: Int) {
        var w = plan.outputWidth, h = plan.outputHeight
        if format.needsEvenSize {
            let delta = plan.evenSizePolicy == .pad ? 1 : -1
            if w % 2 != 0 { w += delta }
            if h % 2 != 0 { h += delta }
        }
        if plan.evenSizePolicy == .pad, let recipe = format.recipe {
            (w, h) = recipe.encoder.limits.padded(width: w, height: h)
        }
        return (w, h)
    }

    /// Fails, in one line naming the limit, when `format`'s encoder cannot take the
    /// plan's frame size; offers `--even pad` where padding would satisfy it.
    static func checkEncoderLimits(plan: RenderPlan, format: OutputFormat) throws {
        guard let recipe = format.recipe else { return }
        let (width, height) = canvasSize(plan: plan, format: format)
        guard let problem = recipe.encoder.sizeProblem(width: width, height: height) else { return }
        let limits = recipe.encoder.limits
        let padding = plan.evenSizePolicy == .crop && width <= limits.maximumWidth && height <= limits.maximumHeight
        throw PipelineError.unsupported("\(recipe.codec): \(problem)" + (padding ? "; --even pad adds rows or columns of the outside colour to reach it" : "; use another codec or preset"))
    }

    /// The output format for the plan: with transparent colours, or with a corner mask
    /// in a format that can carry alpha, the pixel format with alpha. The encoder options
    /// are checked against it here, before anything is rendered.
    public static func format(plan: RenderPlan, output: OutputPath) throws -> OutputFormat {
        var encode = plan.encoding
        // An App Store preview is H.264 in either container (the preview's own writer
        // checks the rest: container, options, limits).
        if plan.appPreview != nil {
            try checkPreviewContainer(output)
            if encode.codec == nil { encode.codec = .h264 }
        }
        let needsAlpha = plan.outputNeedsAlpha
        var format = try OutputFormat.resolve(output, request: encode, alpha: needsAlpha)
        if plan.framing == nil && plan.masksCorners && !needsAlpha && plan.backdrop == nil, case let .video(recipe) = format, recipe.codec == .vp9 {
            format = try OutputFormat.resolve(output, request: encode, alpha: true)
        }
        guard let recipe = format.recipe else {
            if let option = encode.givenOptions.first {
                throw ParameterError(subject: option.subject, problem: "does not apply to raw RGBA frames", origin: encode.sources[option.parameter.key])
            }
            return format
        }
        try recipe.validate(encode)
        try checkEncoderLimits(plan: plan, format: format)
        if recipe.codec == .gif && plan.fps > 50 {
            throw PipelineError.unsupported("GIF frames last whole hundredths of a second and browsers slow down frames under 2/100 s: use --fps 50 or less (25 or 50 play exactly)")
        }
        return format
    }

    /// The frame rate an output gets when none is asked for: 25 for GIF, whose frames
    /// last whole hundredths of a second (25 and 50 play exactly); nil (60) otherwise.
    public static func defaultFPS(outputExtension ext: String) -> Int? {
        ext.lowercased() == "gif" ? 25 : nil
    }

    /// The plan for `request` on `preset`, written to a file with extension
    /// `outputExtension`: the one place a plan is built. The scene is resolved (options
    /// read, scripts loaded, style built), then the request's values, the output format's
    /// defaults (GIF's 25 fps) and the scene's timing (the default duration) decide the rest.
    ///
    /// A canvas (`--frame device`, `--canvas`, `devices`, ...) is laid out last
    /// (`Framing.resolve`), around the screens of the plan and of every other device, whose
    /// presets `library` finds (the standard library by default).
    public static func plan(_ request: RenderRequest, preset: Preset, outputExtension: String, library: PresetLibrary? = nil) throws -> RenderPlan {
        if request[Parameters.profile] == .appPreview {
            if let asked = Framing.parameters.first(where: { request.isGiven($0) && !(($0.key == Parameters.frame.key) && request[Parameters.frame] == .none) }) {
                throw request.error(asked, "an App Store preview shows the screen alone (Apple's rule): render it without a device frame or a canvas")
            }
            return try previewPlan(request, preset: preset)
        }
        let fps = defaultFPS(outputExtension: outputExtension)
        guard Framing.isAsked(request) else { return try Scenes.plan(request, preset: preset, defaultFPS: fps) }
        return try framedPlan(request, preset: preset, defaultFPS: fps, library: library)
    }

    /// The canvas-level parameters: one device's entry may not give these.
    static let canvasOnly: [any AnyParameter] = [Parameters.canvas, Parameters.deviceScale, Parameters.devicePosition,
                                                 Parameters.canvasBackground, Parameters.headline, Parameters.subtitle, Parameters.devices]

    /// A framed plan: every device's screen planned with its own values (the output's, its
    /// entry's over them), then the canvas laid out around them; the output's frame rate
    /// is every device's, its length the longest device's.
    static func framedPlan(_ request: RenderRequest, preset: Preset, defaultFPS: Int?, library: PresetLibrary?) throws -> RenderPlan {
        var entries: [(values: ParameterValues, plan: RenderPlan)] = []
        let screenValues = request.removing(canvasOnly)
        if let list = request[Parameters.devices] {
            let library = try library ?? PresetLibrary.standard()
            let base: String
            switch request.source(of: Parameters.devices) {
            case let .jobFile(path, _)?: base = path
            default: base = "--devices"
            }
            let file = request.sourceFile ?? "--devices"
            let allowed = Scenes.parameters.filter { parameter in !canvasOnly.contains { $0.key == parameter.key } }
            for (index, entry) in list.entries.enumerated() {
                let path = "\(base)[\(index)]"
                let own: ParameterValues
                do {
                    own = try ParameterValues.deviceEntry(entry.parameters, file: file, path: path, parameters: allowed)
                } catch let error as ConfigurationError {
                    throw request.error(Parameters.devices, "device \(index + 1): \(error.problem)")
                }
                let device: Preset
                do {
                    device = try library.preset(named: entry.preset)
                } catch {
                    throw request.error(Parameters.devices, "device \(index + 1): \(error)")
                }
                // An entry that draws another scene keeps only the output's values that apply
                // to that scene: the output's notch-wave style does not follow it to a popup.
                var inherited = screenValues
                if own.isGiven(Scenes.scene), own[Scenes.scene] != screenValues[Scenes.scene] {
                    let scene = own[Scenes.scene]
                    inherited = screenValues.removing(screenValues.givenParameters.filter { parameter in
                        switch parameter.scope {
                        case let .scenes(names): return !names.contains(scene)
                        case .styles: return scene != NotchWaves.name
                        default: return false
                        }
                    })
                }
                var values = inherited.overridden(by: own)
                values.baseDirectory = request.baseDirectory
                values.sourceFile = request.sourceFile
                entries.append((values, try Scenes.plan(values, preset: device, defaultFPS: defaultFPS)))
            }
        } else {
            entries.append((screenValues, try Scenes.plan(screenValues, preset: preset, defaultFPS: defaultFPS)))
        }
        var outer = entries[0].plan
        if let other = entries.first(where: { $0.plan.fps != outer.fps }) {
            throw other.values.error(Parameters.fps, "every device on one canvas runs at one frame rate: \(other.plan.preset.name) at \(other.plan.fps), \(outer.preset.name) at \(outer.fps) fps")
        }
        outer.duration = entries.map(\.plan.duration).max() ?? outer.duration
        var framing = try Framing.resolve(request, devices: entries)
        framing.devices = framing.devices.map { device in
            var device = device
            device.plan.encoding = outer.encoding
            return device
        }
        outer.framing = framing
        return outer
    }

    /// The plan's layers, bottom first, as the renderer draws them on a canvas laid out by
    /// `layout`: each scene's frames built, each backdrop opened.
    static func frameLayers(plan: RenderPlan, layout: CanvasLayout) throws -> [FrameLayer] {
        try plan.layers.map { layer in
            switch layer {
            case let .backdrop(backdrop, showing):
                return .pictures(try BackdropFrames(backdrop: backdrop, plan: plan, canvasWidth: layout.width, canvasHeight: layout.height), showing)
            case let .scene(kind, showing):
                return .scene(try kind.makeScene(plan: plan, layout: layout), showing)
            case let .captions(track):
                return .scene(CaptionScene(track: track, plan: plan, layout: layout), LayerShowing())
            }
        }
    }

    /// `framing` on a canvas of `width` x `height` (its own size, or that made even for a
    /// codec: a framed canvas is even already unless asked odd, and then grows or shrinks by
    /// a row or column of background at its edge).
    static func padded(_ framing: Framing, width: Int, height: Int) -> Framing {
        var framing = framing
        framing.width = width
        framing.height = height
        return framing
    }

    /// The `comment` tag of a framed clip: what `check-preview` reads to say why such a
    /// file is no App Store preview.
    static func framedComment(_ framing: Framing, width: Int, height: Int) -> String {
        let devices = framing.devices.map { "\($0.plan.preset.id) (\($0.body == nil ? "screen" : "device frame"))" }.joined(separator: ", ")
        return "notchwave framed canvas \(width)x\(height): \(devices)"
    }

    /// Renders every frame; on error or cancellation nothing is left at the output path.
    public func run(cancellation: CancellationToken = CancellationToken()) throws -> RenderResult {
        let started = DispatchTime.now()
        let format = self.format
        let encode = plan.encoding
        let preview = plan.appPreview
        let previewSetup = try preview.map { try RenderSession.previewSetup(plan: plan, output: resolvedOutput.target, preview: $0) }
        let (width, height) = RenderSession.canvasSize(plan: plan, format: format)
        guard width > 0, height > 0 else { throw PipelineError.unsupported("the frame is empty after cropping") }
        // Over a backdrop the corners are masked black: the backdrop is an opaque screen.
        let maskFill: MaskFill = format.carriesAlpha && plan.backdrop == nil ? .transparent : .black
        let opaque = plan.framing.map { !$0.background.hasTransparency } ?? (!plan.colorsNeedAlpha && maskFill == .black)
        try cancellation.check()
        let renderer: FrameRenderer
        if let framing = plan.framing {
            renderer = try FrameRenderer(framing: RenderSession.padded(framing, width: width, height: height), time: plan.clock, kernel: options.kernel)
        } else {
            let layers = try RenderSession.frameLayers(plan: plan, layout: CanvasLayout(width: width, height: height, maskFill: maskFill))
            renderer = try FrameRenderer(layers: layers, time: plan.clock, kernel: options.kernel, picture: (plan.frameWidth, plan.frameHeight))
        }
        try renderer.checkFailure()
        let template = renderer.template
        let total = plan.frameCount
        let fps = plan.fps
        // Where the output is written until it is complete (nil for stdout), and the
        // passes over the frames, each making its sink when it starts.
        let destination: AtomicOutput?
        let passes: [() throws -> FrameSink]
        var previewSink: PreviewEncodingSink? = nil
        switch format {
        case .rawRGBA where output == "-":
            destination = nil
            passes = [{ try RawRGBASink(descriptor: STDOUT_FILENO, template: template) }]
        case .rawRGBA:
            let file = try AtomicOutputFile(target: output, noOverwrite: options.noOverwrite)
            destination = file
            passes = [{ try FileDescriptorOwningSink(file: file) { try RawRGBASink(descriptor: $0, template: template) } }]
        case let .pngSequence(pattern):
            let filePattern = (pattern as NSString).lastPathComponent
            let directory = try AtomicOutputDirectory(directory: (pattern as NSString).deletingLastPathComponent,
                                                      names: (0..<total).map { OutputFormat.sequenceFileName(filePattern, $0) },
                                                      noOverwrite: options.noOverwrite)
            try directory.checkNoStaleFrames(pattern: filePattern, frames: total)
            destination = directory
            let recipe = VideoRecipe.pngSequence
            let path = (directory.temporaryDirectory as NSString).appendingPathComponent(filePattern)
            passes = [{
                try VideoEncodingSink(path: path, settings: recipe.encoderSettings(width: width, height: height, fps: fps, request: encode),
                                      container: recipe.containerSettings(), template: template, opaque: opaque)
            }]
        case let .video(recipe) where recipe.isPaletted:
            // Two passes over the same frames: the palette, then the paletted frames.
            let file = try AtomicOutputFile(target: output, noOverwrite: options.noOverwrite)
            destination = file
            let dither = VideoRecipe.dither(encode)
            var palette: GIFPalette?
            passes = [
                { try GIFPaletteSink(template: template, fps: fps) { palette = $0 } },
                {
                    guard let palette else { throw PipelineError.output("the GIF palette pass produced no palette") }
                    return try GIFEncodingSink(path: file.temporaryPath, template: template, fps: fps, palette: palette,
                                               dither: dither, container: recipe.containerSettings())
                },
            ]
        case .video where previewSetup != nil:
            let file = try AtomicOutputFile(target: output, noOverwrite: options.noOverwrite)
            destination = file
            passes = [{ [preview] in
                guard let setup = previewSetup else { throw PipelineError.output("no preview setup") }
                let sink = try PreviewEncodingSink(path: file.temporaryPath, formatName: setup.formatName, template: template,
                                                   pictureWidth: min(plan.frameWidth, width), pictureHeight: min(plan.frameHeight, height),
                                                   landscape: preview?.landscape ?? false,
                                                   width: setup.width, height: setup.height, fps: fps, frames: total,
                                                   speed: encode.speed?.rawValue, sound: RenderSession.sound(plan: plan), posterIndex: setup.posterIndex)
                previewSink = sink
                return sink
            }]
        case let .video(recipe):
            let file = try AtomicOutputFile(target: output, noOverwrite: options.noOverwrite)
            destination = file
            var container = recipe.containerSettings()
            if let framing = plan.framing { container.metadata = [EncoderOption("comment", RenderSession.framedComment(framing, width: width, height: height))] }
            passes = [{ [container] in
                try VideoEncodingSink(path: file.temporaryPath,
                                      settings: recipe.encoderSettings(width: width, height: height, fps: fps, request: encode),
                                      container: container, template: template, opaque: opaque)
            }]
        }
        var bytes = 0
        do {
            defer { previewSink = nil }
            for (pass, makeSink) in passes.enumerated() {
                try cancellation.check()
                bytes = try runPass(renderer: renderer, sink: try makeSink(), total: total, pass: pass, of: passes.count,
                                    cancellation: cancellation)
                try renderer.checkFailure()
            }
            // A signal during the final flush still cancels: nothing is committed.
            try cancellation.check()
            if let path = previewSetup?.posterPath {
                guard let rgba = previewSink?.poster, let setup = previewSetup else { throw PipelineError.output("the poster frame was not rendered") }
                let png = try rgba.withUnsafeBufferPointer { buffer throws(FFmpegError) in
                    try PNGEncoder.encode(rgba: buffer.baseAddress!, width: setup.width, height: setup.height, bytesPerRow: setup.width * 4)
                }
                try AtomicOutputFile.write(png, to: path, noOverwrite: options.noOverwrite)
            }
            try destination?.commit()
        } catch {
            destination?.discard()
            if let error = error as? FFmpegError { throw PipelineError.ffmpeg(error) }
            throw error
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        var result = RenderResult(output: output, codec: format.codecName, frames: total, duration: Double(total) / Double(plan.fps),
                                  bytes: bytes, wallTime: seconds, width: previewSetup?.width ?? width, height: previewSetup?.height ?? height,
                                  peakMemory: PeakMemory.residentBytes())
        result.devices = plan.framing?.json
        return result
    }

    /// Renders all frames once into `sink` and finishes it; returns the bytes written.
    /// The sink is released when the pass ends (a GIF's first pass before its second).
    private func runPass(renderer: FrameRenderer, sink: FrameSink, total: Int, pass: Int, of passes: Int,
                         cancellation: CancellationToken) throws -> Int {
        let producer = ParallelFrameProducer(renderer: renderer, workers: options.workers)
        let dynamicRows = renderer.dynamicRows
        do {
            try producer.run(frames: 0..<total, cancellation: cancellation, prepare: { index, rasterizer in
                try sink.prepare(index: index, renderer: renderer, rasterizer: rasterizer)
            }) { index, frame in
                try renderer.checkFailure()
                switch frame {
                case let .rendered(slice, changed): try sink.consume(index: index, slice: slice, rows: dynamicRows, changed: changed)
                case let .prepared(prepared): try sink.consume(index: index, prepared: prepared)
                }
                options.progress?(pass * total + index + 1, passes * total)
            }
            try cancellation.check()
            return try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
    }
}

/// A sink writing into an atomic output file's descriptor, which it opens and, when
/// finished, flushes to disk and closes (a full disk is reported then).
final class FileDescriptorOwningSink: FrameSink {
    private let file: AtomicOutputFile
    private let inner: FrameSink
    private var descriptor: Int32

    init(file: AtomicOutputFile, makeSink: (Int32) throws -> FrameSink) throws {
        self.file = file
        let descriptor = try file.openDescriptor()
        do {
            inner = try makeSink(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func prepare(index: Int, renderer: FrameRenderer, rasterizer: Rasterizer) throws -> PreparedFrame? {
        try inner.prepare(index: index, renderer: renderer, rasterizer: rasterizer)
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>, changed: [Range<Int>]) throws {
        try inner.consume(index: index, slice: slice, rows: rows, changed: changed)
    }

    func consume(index: Int, prepared: PreparedFrame) throws {
        try inner.consume(index: index, prepared: prepared)
    }

    func finish() throws -> Int {
        let bytes = try inner.finish()
        let fd = descriptor
        descriptor = -1
        try file.closeDescriptor(fd)
        return bytes
    }
}
