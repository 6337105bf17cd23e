import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene

/// A framed render's frames (`RenderPlan.framing`): every device's screen rendered by a
/// renderer of its own (its plan's layers, unframed), resized to its place on the canvas
/// when its scale is not 1 (`Resampler`), and put over the canvas through the screen's
/// rounded corners.
///
/// What does not change from frame to frame is drawn once, into `base`: the background
/// (unless it is a video), each body's shadow (its silhouette blurred) and body
/// (`DeviceFrame`), and the texts. A frame copies `base` and puts the screens over it, so
/// only the screens' rows change; over a video background `base` holds the bodies and texts
/// alone (with transparency) and each frame lays them over the background's picture. A
/// resized screen's template (the rows its scene never changes) is resized once too: a
/// frame resizes only the rows its renderer's dynamic rows reach (the bar strip's few
/// dozen for the notch waves, every row for a full-screen scene).
final class FramedCanvas: @unchecked Sendable {
    let framing: Framing
    /// The canvas without its screens: background, shadows, bodies, texts.
    let base: Canvas
    /// The background's pictures, when it is a video (or a still decoded once into `base`: nil).
    let background: BackdropFrames?
    /// One device: its screen's renderer, and how its screen lands on the canvas.
    struct Device {
        let renderer: FrameRenderer
        let frames: Int
        let rect: PixelRect
        /// The screen's columns inside the canvas.
        let columns: Range<Int>
        /// The screen's coverage through its rounded corners, one byte per pixel of those
        /// columns, a row per row of `rect`.
        let coverage: [UInt8]
        /// Nil at scale 1.
        let resampler: Resampler?
        /// The screen's template (what its rows outside the renderer's dynamic rows always
        /// show) resized, once; and the resized rows the dynamic rows reach (the only ones
        /// a frame resizes again).
        let resizedTemplate: Canvas?
        let resizedDynamic: Range<Int>
    }
    let devices: [Device]
    /// Per rendering thread (its rasterizer), per device: the screen's slice and, when
    /// resized, the resized screen.
    private var scratch: [ObjectIdentifier: [(slice: Canvas, resized: Canvas?)]] = [:]
    private let lock = NSLock()

    /// The canvas of `framing`, its fixed parts drawn, its devices' renderers built (each
    /// rendering its own template).
    init(framing: Framing, kernel: RasterKernel) throws {
        self.framing = framing
        let width = framing.width, height = framing.height
        base = try Canvas.allocate(width: width, height: height)
        let rasterizer = Rasterizer(kernel: kernel)
        var video: BackdropFrames? = nil
        if case let .file(path) = framing.background {
            let frames = try BackdropFrames(backdrop: Backdrop(path: path, fit: .fill, subject: "--canvas-background"),
                                            screenWidth: width, screenHeight: height, fps: framing.devices.first?.plan.fps ?? 60,
                                            landscape: false, canvasWidth: width, canvasHeight: height)
            if frames.isStill {
                if let picture = frames.canvas(frame: 0) { base.copyRows(of: picture, originY: 0) }
                frames.release(0)
                try frames.checkFailure()
            } else {
                video = frames
            }
        } else if let paint = framing.backgroundPaint {
            var path = Path()
            path.addRect(x0: 0, y0: 0, x1: Double(width), y1: Double(height))
            rasterizer.render(DrawList(base: .transparent, commands: [DrawCommand(shape: path.shape(), paint: paint)]), into: base, rows: 0..<height)
        }
        background = video
        // Shadows, each its silhouette blurred and moved down, then the bodies and texts.
        // A shadow is blurred in the body's box widened by 4 σ (beyond which it is clear),
        // at a quarter of the resolution once σ is 24 pixels or more (a half from 12): a
        // soft shadow loses nothing a level would show, and is drawn 16 (4) times faster.
        for device in framing.devices {
            guard let placement = device.body else { continue }
            let frame = DeviceFrame(placement)
            let shadow = frame.shadow
            let coarse = shadow.sigma >= 24 ? 4 : shadow.sigma >= 12 ? 2 : 1
            let blur = BoxBlur(sigma: min(shadow.sigma / Double(coarse), BoxBlur.maxSigma))
            let k = placement.pixelsPerMillimetre, size = placement.body.size.value, base = placement.body.base?.value
            let wider = max(0, ((base?.width ?? 0) - size.width) / 2) + Framing.buttonProtrusion
            let reach = 4 * shadow.sigma + 2
            let columns = (Int((placement.originX - wider * k - reach).rounded(.down))..<Int((placement.originX + (size.width + wider) * k + reach).rounded(.up)))
                .clamped(to: 0..<width)
            let rows = (Int((placement.originY - Framing.buttonProtrusion * k - reach).rounded(.down))..<Int((placement.originY + (size.height + (base?.height ?? 0)) * k + reach).rounded(.up)))
                .clamped(to: 0..<height)
            guard !columns.isEmpty, !rows.isEmpty else { continue }
            let layer = try Canvas.allocate(width: width, height: height)
            rasterizer.render(DrawList(base: .transparent, commands: [DrawCommand(shape: frame.silhouette, paint: .solid(DeviceFrame.shadowColor))]),
                              into: layer, rows: rows)
            let blurred = try layer.blurred(columns: columns, rows: rows, by: blur, downscale: coarse, kernel: kernel)
            let offset = Int(shadow.offset.rounded())
            let shifted = try Canvas.allocate(width: width, height: height)
            for y in rows where y + offset < height {
                (shifted.row(y + offset) + columns.lowerBound * 4).update(from: blurred.row(y - rows.lowerBound), count: columns.count * 4)
            }
            self.base.putOver(shifted, at: 0)
        }
        var commands: [DrawCommand] = []
        for device in framing.devices {
            if let placement = device.body { commands += DeviceFrame(placement).commands }
        }
        commands += try framing.textCommands()
        if !commands.isEmpty {
            try rasterizer.render(Composition(base: .transparent, steps: [.draw(commands)]), into: base, rows: 0..<height, over: true)
        }
        // The screens.
        devices = try framing.devices.map { device in
            let plan = device.plan
            let layers = try RenderSession.frameLayers(plan: plan, layout: CanvasLayout(width: plan.frameWidth, height: plan.frameHeight, maskFill: .transparent))
            let renderer = try FrameRenderer(layers: layers, time: plan.clock, kernel: kernel)
            let rect = device.screen
            let mask = Canvas(width: rect.width, height: rect.height)
            var shape = Path()
            shape.addRoundedRect(x0: 0, y0: 0, x1: Double(rect.width), y1: Double(rect.height), radius: device.screenCornerRadius, style: .circular)
            rasterizer.render(DrawList(base: .transparent, commands: [DrawCommand(shape: shape.shape(), paint: .solid(.white))]), into: mask, rows: 0..<rect.height)
            let columns = rect.columns.clamped(to: 0..<width)
            var coverage = [UInt8](repeating: 0, count: columns.count * rect.height)
            for y in 0..<rect.height {
                let row = mask.row(y)
                for (i, x) in columns.enumerated() { coverage[y * columns.count + i] = row[(x - rect.x) * 4 + 3] }
            }
            let resampler = rect.width == plan.frameWidth && rect.height == plan.frameHeight ? nil
                : Resampler(sourceWidth: plan.frameWidth, sourceHeight: plan.frameHeight, width: rect.width, height: rect.height)
            var resizedTemplate: Canvas? = nil
            if let resampler {
                let canvas = try Canvas.allocate(width: resampler.width, height: resampler.height)
                resampler.resize(sourceRow: { UnsafePointer(renderer.template.row($0)) }, into: canvas)
                resizedTemplate = canvas
            }
            return Device(renderer: renderer, frames: plan.frameCount, rect: rect, columns: columns, coverage: coverage, resampler: resampler,
                          resizedTemplate: resizedTemplate, resizedDynamic: resampler?.rows(touching: renderer.dynamicRows) ?? 0..<0)
        }
    }

    /// The rows any frame may change: every row over a video background, else the rows the
    /// screens' own dynamic rows land on (resized: the rows their taps reach), widened to
    /// even rows for 4:2:0 chroma. The others are the template's (frame 0) in every frame.
    var dynamicRows: Range<Int> {
        if background != nil { return 0..<framing.height }
        var low = Int.max, high = Int.min
        for device in devices {
            let own = device.resampler == nil ? device.renderer.dynamicRows : device.resizedDynamic
            guard !own.isEmpty else { continue }
            low = min(low, device.rect.y + own.lowerBound)
            high = max(high, device.rect.y + own.upperBound)
        }
        guard low < high else { return 0..<0 }
        low = max(0, low)
        return ((low - low % 2)..<(high + high % 2)).clamped(to: 0..<framing.height)
    }

    /// Rows `rows` of frame `index` into `canvas` (whose row 0 is `rows.lowerBound`).
    func draw(frame index: Int, into canvas: Canvas, rows: Range<Int>, using rasterizer: Rasterizer) throws(OutOfMemory) {
        let origin = rows.lowerBound
        if let background {
            if let picture = background.canvas(frame: index) {
                for y in rows { canvas.row(y - origin).update(from: picture.row(y), count: canvas.bytesPerRow) }
            } else {
                canvas.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0), rows: 0..<rows.count)
            }
            background.release(index)
            canvas.putOver(base, layerRows: rows, at: 0)
        } else {
            for y in rows { canvas.row(y - origin).update(from: base.row(y), count: canvas.bytesPerRow) }
        }
        let buffers = try scratch(for: rasterizer)
        for (d, device) in devices.enumerated() {
            let rect = device.rect
            let visible = rows.clamped(to: rect.rows.clamped(to: 0..<framing.height))
            let columns = device.columns
            guard !visible.isEmpty, !columns.isEmpty else { continue }
            let inner = device.renderer
            let slice = buffers[d].slice
            try inner.render(frame: min(index, device.frames - 1), into: slice, using: rasterizer)
            let dynamic = inner.dynamicRows
            func screenRow(_ y: Int) -> UnsafePointer<UInt8> {
                UnsafePointer(dynamic.contains(y) ? slice.row(y - dynamic.lowerBound) : inner.template.row(y))
            }
            let left = columns.lowerBound - rect.x
            device.coverage.withUnsafeBufferPointer { cover in
                let mask = cover.baseAddress!
                if let resampler = device.resampler, let resized = buffers[d].resized, let still = device.resizedTemplate {
                    let changing = device.resizedDynamic
                    resampler.resize(sourceRow: screenRow, into: resized, rows: changing)
                    canvas.putOver(columns: columns, rows: visible, top: rect.y, originY: origin, coverage: mask) { y in
                        UnsafePointer(changing.contains(y) ? resized.row(y) : still.row(y)) + left * 4
                    }
                } else {
                    canvas.putOver(columns: columns, rows: visible, top: rect.y, originY: origin, coverage: mask) { y in screenRow(y) + left * 4 }
                }
            }
        }
    }

    /// The thread's buffers (made on its first frame).
    private func scratch(for rasterizer: Rasterizer) throws(OutOfMemory) -> [(slice: Canvas, resized: Canvas?)] {
        let key = ObjectIdentifier(rasterizer)
        lock.lock()
        if let found = scratch[key] { lock.unlock(); return found }
        lock.unlock()
        var made: [(slice: Canvas, resized: Canvas?)] = []
        for device in devices {
            var resized: Canvas? = nil
            if let resampler = device.resampler { resized = try Canvas.allocate(width: resampler.width, height: resampler.height) }
            made.append((try device.renderer.makeSlice(), resized))
        }
        lock.lock()
        scratch[key] = made
        lock.unlock()
        return made
    }

    /// The devices' and the background's failures (a recording that could not be decoded
    /// mid-video), if any.
    func checkFailure() throws {
        for device in devices { try device.renderer.checkFailure() }
        try background?.checkFailure()
    }
}
