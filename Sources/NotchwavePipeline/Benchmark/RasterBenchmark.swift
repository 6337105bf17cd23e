import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwaveVideo

/// Rasterizer throughput measured in one run on the same machine state, with a plain
/// buffer fill of the same size as the memory-bandwidth reference (`notchwave bench`).
public struct RasterBenchmark {
    /// One preset's figures (frames per second).
    public struct PresetFigures: Sendable {
        public var preset: String
        public var width: Int
        public var height: Int
        public var barRows: Int
        /// Whole frames, one thread, SIMD kernel.
        public var screenFPS: Double
        /// Bar rows only (what each new frame re-renders), one thread, SIMD kernel.
        public var barFPS: Double
        /// The same two with the scalar reference kernel.
        public var screenScalarFPS: Double
        public var barScalarFPS: Double
        /// memset of a whole frame and of the bar rows' bytes.
        public var screenFillFPS: Double
        public var barFillFPS: Double
    }

    /// All figures.
    public struct Result: Sendable {
        public var presets: [PresetFigures]
        /// LiquidSwipe on the reference preset's whole screen (one thread): building each
        /// pose's draw list (paths flattened, decomposed, strokes) and rasterizing every row,
        /// with the SIMD kernel and the scalar reference.
        public var liquidSwipeFPS: Double
        public var liquidSwipeScalarFPS: Double
        /// The two parts of `liquidSwipeFPS` measured apart: draw lists built per second
        /// (no pixels), and prebuilt draw lists rasterized per second (SIMD kernel).
        public var liquidSwipeBuildFPS: Double
        public var liquidSwipeRasterFPS: Double
        /// Next-frame production of iphone-x (full-screen frames, bar rows re-rendered,
        /// pooled canvases) with all workers, and with one.
        public var frameFPS: Double
        public var frameFPSOneWorker: Double
        public var workers: Int
        /// A whole LiquidSwipe frame of the reference preset (its even width) converted from
        /// RGBA to `yuv420p` per second, one thread: by notchwave's converter (what encoding
        /// uses: its AVX2 kernel where the CPU has AVX2), by that converter's baseline
        /// kernel alone (SSE2 or NEON), and by libswscale (bicubic, accurate rounding, full
        /// chroma input).
        public var conversionFPS: Double
        public var baselineConversionFPS: Double
        public var swscaleConversionFPS: Double
        /// A frame of noise (opaque pixels of random colours: no block of 16 x 2 pixels of
        /// one colour, whose bytes the converter could reuse) converted per second by
        /// notchwave's converter and by its baseline kernel alone.
        public var noiseConversionFPS: Double
        public var noiseBaselineConversionFPS: Double
    }

    public let presets: [Preset]
    public let workers: Int
    /// Seconds each measurement runs for.
    public let seconds: Double

    /// A benchmark of `presets` (the first is the reference, iphone-x).
    public init(presets: [Preset], workers: Int = ProcessInfo.processInfo.activeProcessorCount, seconds: Double = 0.6) {
        self.presets = presets
        self.workers = workers
        self.seconds = seconds
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Runs `body(i)` repeatedly for about `seconds` (after a warm-up) and returns calls per second.
    static func rate(seconds: Double, _ body: (Int) -> Void) -> Double {
        for i in 0..<3 { body(i) }
        var count = 0
        let start = now()
        var elapsed = 0.0
        repeat {
            for _ in 0..<4 { body(count); count += 1 }
            elapsed = now() - start
        } while elapsed < seconds
        return Double(count) / elapsed
    }

    static func plan(_ preset: Preset) throws -> RenderPlan {
        var request = RenderRequest()
        request[Parameters.duration] = 10
        request[NotchWaves.stop] = 6
        return try RenderSession.plan(request, preset: preset, outputExtension: "rgba")
    }

    /// The frames the bar is measured on: a spread with waves at every phase, and the
    /// closing wave.
    static func benchmarkFrames(_ plan: RenderPlan) -> [Int] {
        (0..<64).map { ($0 * 7) % plan.frameCount }
    }

    /// Measures everything.
    public func run() throws -> Result {
        var figures: [PresetFigures] = []
        for preset in presets {
            let (canvas, lists, rows) = try RasterBenchmark.barWorkload(preset)
            func measure(_ kernel: RasterKernel, _ range: Range<Int>) -> Double {
                let rasterizer = Rasterizer(kernel: kernel)
                return RasterBenchmark.rate(seconds: seconds) { i in
                    rasterizer.render(lists[i % lists.count], into: canvas, rows: range)
                }
            }
            let all = 0..<canvas.height
            let barBytes = rows.count * canvas.bytesPerRow
            let fill = { (bytes: Int) -> Double in
                RasterBenchmark.rate(seconds: seconds) { i in
                    memset(canvas.pixels, Int32(i & 0xFF), bytes)
                }
            }
            figures.append(PresetFigures(
                preset: preset.id, width: canvas.width, height: canvas.height, barRows: rows.count,
                screenFPS: measure(.simd, all), barFPS: measure(.simd, rows),
                screenScalarFPS: measure(.scalar, all), barScalarFPS: measure(.scalar, rows),
                screenFillFPS: fill(canvas.byteCount), barFillFPS: fill(barBytes)))
        }
        let reference = presets[0]
        let plan = try RasterBenchmark.plan(reference)
        let renderer = try FrameRenderer(scene: try plan.makeScene(), time: plan.clock)
        // Best of three runs of the whole clip (600 frames), so that a busy moment of the
        // machine does not decide the figure.
        func production(_ workers: Int) throws -> Double {
            var best = 0.0
            for _ in 0..<3 {
                let producer = ParallelFrameProducer(renderer: renderer, workers: workers)
                let count = plan.frameCount
                let start = RasterBenchmark.now()
                try producer.run(frames: 0..<count, cancellation: CancellationToken()) { _, _ in }
                best = max(best, Double(count) / (RasterBenchmark.now() - start))
            }
            return best
        }
        let multi = try production(workers)
        let single = try production(1)
        let poses = RasterBenchmark.liquidSwipePoses(reference)
        let screen = Canvas(width: reference.pixelWidth, height: reference.pixelHeight)
        // Poses built as the scene builds them: the resting slider's wave, the same in
        // every pose, is decomposed once (`LiquidSwipeWaveShapes`).
        func liquid(_ kernel: RasterKernel) -> Double {
            let rasterizer = Rasterizer(kernel: kernel)
            let shapes = LiquidSwipeWaveShapes()
            return RasterBenchmark.rate(seconds: seconds) { i in
                rasterizer.render(poses[i % poses.count].drawList(scale: reference.pixelScale, shapes: shapes), into: screen, rows: 0..<screen.height)
            }
        }
        let lists = RasterBenchmark.liquidSwipeLists(reference)
        let shapes = LiquidSwipeWaveShapes()
        let build = RasterBenchmark.rate(seconds: seconds) { i in
            _ = poses[i % poses.count].drawList(scale: reference.pixelScale, shapes: shapes)
        }
        let rasterizer = Rasterizer(kernel: .simd)
        let raster = RasterBenchmark.rate(seconds: seconds) { i in
            rasterizer.render(lists[i % lists.count], into: screen, rows: 0..<screen.height)
        }
        let (conversion, baseline, swscale, noise, noiseBaseline) = try convert(lists[lists.count / 2], on: screen)
        return Result(presets: figures, liquidSwipeFPS: liquid(.simd), liquidSwipeScalarFPS: liquid(.scalar),
                      liquidSwipeBuildFPS: build, liquidSwipeRasterFPS: raster,
                      frameFPS: multi, frameFPSOneWorker: single, workers: workers,
                      conversionFPS: conversion, baselineConversionFPS: baseline, swscaleConversionFPS: swscale,
                      noiseConversionFPS: noise, noiseBaselineConversionFPS: noiseBaseline)
    }

    /// Conversions of `list` drawn on `screen` into a `yuv420p` frame per second, by the
    /// converter encoding uses, by its baseline kernel alone and by libswscale, alternated
    /// three times (best of each); then of `screen` filled with noise, by the converter
    /// encoding uses and by its baseline kernel, alternated three times.
    private func convert(_ list: DrawList, on screen: Canvas) throws
        -> (native: Double, baseline: Double, swscale: Double, noise: Double, noiseBaseline: Double) {
        Rasterizer().render(list, into: screen, rows: 0..<screen.height)
        let width = screen.width - screen.width % 2, height = screen.height - screen.height % 2
        let writer = try VideoFileWriter(path: "/dev/null", container: ContainerSettings(formatName: "null"),
                                         encoder: EncoderSettings(encoderName: "rawvideo", pixelFormat: .yuv420p, width: width, height: height, fps: 60))
        let frame = try writer.makeFrame()
        func best(of contender: Int) throws -> Double {
            let converter = try PixelConverter(width: width, height: height, format: .yuv420p,
                                               alwaysSwscale: contender == 2, baselineOnly: contender == 1)
            return RasterBenchmark.rate(seconds: seconds / 2) { _ in
                try? converter.convert(rows: 0..<height, firstRow: screen.pixels, bytesPerRow: screen.bytesPerRow, into: frame)
            }
        }
        var rates = [0.0, 0.0, 0.0]
        for _ in 0..<3 {
            for contender in 0..<3 { rates[contender] = max(rates[contender], try best(of: contender)) }
        }
        // Opaque pixels of xorshift colours: no two neighbours alike, in practice.
        var state: UInt32 = 0x9E37_79B9
        for y in 0..<screen.height {
            let row = UnsafeMutableRawPointer(screen.row(y))
            for x in 0..<screen.width {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5
                row.storeBytes(of: (state | 0xFF00_0000).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
            }
        }
        var noise = [0.0, 0.0]
        for _ in 0..<3 {
            for contender in 0..<2 { noise[contender] = max(noise[contender], try best(of: contender)) }
        }
        return (rates[0], rates[1], rates[2], noise[0], noise[1])
    }

    /// A part of the benchmark that `profile` runs alone.
    public enum ProfiledPart: String, Sendable {
        /// The notch bar rows of the reference preset (the benchmark's 64 frames).
        case bar
        /// LiquidSwipe's poses on the whole screen, draw lists built beforehand.
        case liquidSwipe = "liquid-swipe"
    }

    /// Rasterizes `frames` frames of `part` (one thread, SIMD kernel) without timing them:
    /// fixed work for a profiler (`notchwave bench --profile`), where the difference
    /// between N frames and 0 is the cost of N frames.
    public static func profile(_ part: ProfiledPart, preset: Preset, frames: Int) throws {
        let rasterizer = Rasterizer(kernel: .simd)
        switch part {
        case .bar:
            let (canvas, lists, rows) = try barWorkload(preset)
            for i in 0..<frames { rasterizer.render(lists[i % lists.count], into: canvas, rows: rows) }
        case .liquidSwipe:
            let screen = Canvas(width: preset.pixelWidth, height: preset.pixelHeight)
            let lists = liquidSwipeLists(preset)
            for i in 0..<frames { rasterizer.render(lists[i % lists.count], into: screen, rows: 0..<screen.height) }
        }
    }

    /// What the bar figures render: a canvas of `preset`'s scene, the draw lists of the
    /// benchmark frames, and the rows each new frame re-renders.
    static func barWorkload(_ preset: Preset) throws -> (canvas: Canvas, lists: [DrawList], rows: Range<Int>) {
        let plan = try RasterBenchmark.plan(preset)
        let scene = try plan.makeScene()
        let lists = benchmarkFrames(plan).map { scene.drawList(at: plan.time(ofFrame: $0)) }
        return (Canvas(width: scene.canvasWidth, height: scene.canvasHeight), lists, scene.dynamicRows)
    }

    /// The draw lists of `liquidSwipePoses(preset)`, built.
    static func liquidSwipeLists(_ preset: Preset) -> [DrawList] {
        liquidSwipePoses(preset).map { $0.drawList(scale: preset.pixelScale) }
    }

    /// A swipe of the right slider across `preset`'s screen (progress 0 to 0.9, the bump
    /// growing, turning into a dent and the ledge crossing), the left slider resting: the
    /// LiquidSwipe poses the benchmark and its peer render.
    public static func liquidSwipePoses(_ preset: Preset) -> [LiquidSwipePose] {
        let w = preset.screenPoints.value.width, h = preset.screenPoints.value.height
        return (0..<32).map { i in
            let p = 0.9 * Double(i) / 31
            return LiquidSwipePose(left: LiquidSwipeWave(side: .left, centerY: 100, progress: 0, width: w, height: h),
                                   right: LiquidSwipeWave(side: .right, centerY: 300 + 4 * Double(i), progress: p, width: w, height: h),
                                   page: RGBA8(r: 0xF7, g: 0xA6, b: 0x95), previous: RGBA8(r: 0xF4, g: 0x71, b: 0x53),
                                   next: RGBA8(r: 0x8D, g: 0xAE, b: 0xF5))
        }
    }
}

extension RasterBenchmark.Result {
    /// The reference preset's figures (iphone-x).
    public var reference: RasterBenchmark.PresetFigures { presets[0] }

    /// Bar rasterization (what producing a new frame costs) over a plain fill of a whole
    /// frame of the same size: how close producing a frame comes to touching it.
    public var barOverFill: Double { reference.barFPS / reference.screenFillFPS }

    /// The stricter ratio: bar rasterization over a fill of the bar rows' bytes only
    /// (a buffer that small stays in cache, so this compares against cache bandwidth).
    public var barOverBarFill: Double { reference.barFPS / reference.barFillFPS }

    /// SIMD kernel over the scalar reference, bar rows of iphone-x.
    public var simdOverScalar: Double { reference.barFPS / reference.barScalarFPS }

    /// The `--json` object.
    public var json: JSONOutput {
        func r(_ v: Double, _ digits: Double = 10) -> JSONOutput { .number((v * digits).rounded() / digits) }
        return .object([
            ("frame_fps", r(frameFPS)),
            ("frame_fps_one_worker", r(frameFPSOneWorker)),
            ("worker_scaling", r(frameFPS / frameFPSOneWorker, 100)),
            ("bar_fps", r(reference.barFPS)),
            ("screen_fps", r(reference.screenFPS)),
            ("fill_fps", r(reference.screenFillFPS)),
            ("bar_over_fill", r(barOverFill, 1000)),
            ("bar_fill_fps", r(reference.barFillFPS)),
            ("bar_over_bar_fill", r(barOverBarFill, 1000)),
            ("simd_over_scalar", r(simdOverScalar, 100)),
            ("liquid_swipe_fps", r(liquidSwipeFPS)),
            ("liquid_swipe_scalar_fps", r(liquidSwipeScalarFPS)),
            ("liquid_swipe_build_fps", r(liquidSwipeBuildFPS)),
            ("liquid_swipe_raster_fps", r(liquidSwipeRasterFPS)),
            ("yuv420p_conversion_fps", r(conversionFPS)),
            ("yuv420p_baseline_conversion_fps", r(baselineConversionFPS)),
            ("swscale_conversion_fps", r(swscaleConversionFPS)),
            ("yuv420p_noise_conversion_fps", r(noiseConversionFPS)),
            ("yuv420p_noise_baseline_conversion_fps", r(noiseBaselineConversionFPS)),
            ("workers", .number(Double(workers))),
            ("presets", .array(presets.map { p in
                .object([
                    ("preset", .string(p.preset)), ("width", .number(Double(p.width))), ("height", .number(Double(p.height))),
                    ("bar_rows", .number(Double(p.barRows))),
                    ("screen_fps", r(p.screenFPS)), ("bar_fps", r(p.barFPS)),
                    ("screen_scalar_fps", r(p.screenScalarFPS)), ("bar_scalar_fps", r(p.barScalarFPS)),
                    ("screen_fill_fps", r(p.screenFillFPS)), ("bar_fill_fps", r(p.barFillFPS)),
                    ("bar_over_fill", r(p.barFPS / p.screenFillFPS, 1000)),
                    ("bar_over_bar_fill", r(p.barFPS / p.barFillFPS, 1000)),
                    ("simd_over_scalar", r(p.barFPS / p.barScalarFPS, 100)),
                    ("screen_simd_over_scalar", r(p.screenFPS / p.screenScalarFPS, 100)),
                ])
            })),
        ])
    }
}
