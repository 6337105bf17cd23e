import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwaveVideo

/// Single frames: `notchwave frame`.
public enum FrameExport {
    /// Draws the top rows (at most `maxRows`) of `scene` at each of `times` and discards
    /// them: the fuzzing targets' way of exercising a scene end to end, cheaply.
    public static func exerciseTopRows(of scene: any Scene, times: [Double], maxRows: Int = 64) {
        let rows = min(scene.canvasHeight, maxRows)
        guard scene.canvasWidth > 0, rows > 0, scene.canvasWidth <= 4096 else { return }
        let canvas = Canvas(width: scene.canvasWidth, height: rows)
        let rasterizer = Rasterizer(kernel: .simd)
        for t in times { try? rasterizer.render(scene.composition(at: t), into: canvas, rows: 0..<rows) }
    }

    /// The whole frame at time `t` as straight RGBA8 bytes, at the preset's exact size
    /// (corners masked to transparent when asked).
    public static func straightRGBA(plan: RenderPlan, time t: Double, kernel: RasterKernel = .simd) throws -> (bytes: [UInt8], width: Int, height: Int) {
        let canvas = try frame(plan: plan, time: t, kernel: kernel)
        return (canvas.straightBytes(), canvas.width, canvas.height)
    }

    /// The whole frame at time `t` on a canvas of its own (premultiplied), at the preset's
    /// exact size or the framed canvas's: what `straightRGBA` exports.
    public static func frame(plan: RenderPlan, time t: Double, kernel: RasterKernel = .simd) throws -> Canvas {
        if let framing = plan.framing {
            // Frame 0 of a clock that starts at `t`, for every device.
            var devices = framing
            devices.devices = framing.devices.map { device in
                var device = device
                device.plan.offset = t
                return device
            }
            let renderer = try FrameRenderer(framing: devices, time: { _ in t }, kernel: kernel)
            try renderer.checkFailure()
            return renderer.template
        }
        let layout = CanvasLayout(width: plan.frameWidth, height: plan.frameHeight, maskFill: plan.backdrop == nil ? .transparent : .black)
        let stack = LayerStack(layers: try RenderSession.frameLayers(plan: plan, layout: layout), picture: nil)
        let canvas = try Canvas.allocate(width: layout.width, height: layout.height)
        try stack.draw(at: t, into: canvas, rows: 0..<canvas.height, using: Rasterizer(kernel: kernel)) { $0.canvas(atTime: t) }
        try stack.checkFailure()
        return canvas
    }

    /// Writes the frame at `t` to `output`: a PNG (libavcodec's encoder) for `.png`, raw
    /// straight RGBA for `.rgba` or `-` (stdout). The file appears only when complete.
    public static func write(plan: RenderPlan, time t: Double, output: OutputPath, noOverwrite: Bool = false) throws -> Int {
        let ext = output.isStandardOutput ? "rgba" : output.fileExtension
        guard ext == "png" || ext == "rgba" else {
            throw PipelineError.unsupported("a frame is written as .png or .rgba (or - for raw RGBA on stdout), not \"\(output)\"")
        }
        let (rgba, width, height) = try straightRGBA(plan: plan, time: t)
        let bytes = ext == "png" ? try png(rgba: rgba, width: width, height: height) : rgba
        if output.isStandardOutput {
            try bytes.withUnsafeBufferPointer { try RawRGBASink.writeAll(STDOUT_FILENO, $0.baseAddress!, count: $0.count) }
            return bytes.count
        }
        try AtomicOutputFile.write(bytes, to: output.path, noOverwrite: noOverwrite)
        return bytes.count
    }

    /// Straight RGBA8 `rgba` (`width` x `height`, rows top to bottom) as a PNG file's bytes,
    /// by libavcodec's encoder: what `notchwave frame` writes.
    public static func png(rgba: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        precondition(rgba.count == width * height * 4, "straight RGBA of \(width)x\(height)")
        do {
            return try rgba.withUnsafeBufferPointer { buffer throws(FFmpegError) in
                try PNGEncoder.encode(rgba: buffer.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
            }
        } catch {
            throw PipelineError.ffmpeg(error)
        }
    }

    /// The frame at `t` as the PNG `notchwave frame -t t` writes, byte for byte.
    public static func pngFrame(plan: RenderPlan, time t: Double) throws -> [UInt8] {
        let (rgba, width, height) = try straightRGBA(plan: plan, time: t)
        return try png(rgba: rgba, width: width, height: height)
    }

    /// The screen's guides over a frame of `plan`, as straight RGBA at the frame's size:
    /// the safe area's top and bottom insets tinted blue, the cut-out (notch or island)
    /// magenta and the outside of the rounded corners orange, from the same geometry the
    /// scenes draw with. Nil for a framed canvas, whose screens are resized.
    public static func guidesRGBA(plan: RenderPlan) throws -> (bytes: [UInt8], width: Int, height: Int)? {
        guard plan.framing == nil else { return nil }
        let canvas = try Canvas.allocate(width: plan.frameWidth, height: plan.frameHeight)
        let shapes = WaveShapes(geometry: SceneGeometry(preset: plan.preset))
        let scale = plan.preset.pixelScale
        let insets = plan.preset.safeAreaInsets
        let width = Float(plan.frameWidth), height = Float(plan.frameHeight)
        var commands: [DrawCommand] = []
        let safe = RGBA8(r: 40, g: 120, b: 255, a: 70)
        commands.append(DrawCommand(shape: .rectangle(x0: 0, y0: 0, x1: width, y1: min(height, Float(insets.top * scale))), paint: .solid(safe)))
        if insets.bottom > 0 {
            commands.append(DrawCommand(shape: .rectangle(x0: 0, y0: max(0, height - Float(insets.bottom * scale)), x1: width, y1: height), paint: .solid(safe)))
        }
        if let cutout = shapes.cutout() { commands.append(DrawCommand(shape: cutout, paint: .solid(RGBA8(r: 255, g: 0, b: 200, a: 150)))) }
        if let mask = shapes.cornerMask(frameHeight: plan.frameHeight) {
            commands.append(DrawCommand(shape: mask, paint: .solid(RGBA8(r: 255, g: 140, b: 0, a: 170))))
        }
        try Rasterizer(kernel: .simd).render(Composition(DrawList(base: .transparent, commands: commands)), into: canvas, rows: 0..<canvas.height)
        return (canvas.straightBytes(), canvas.width, canvas.height)
    }
}
