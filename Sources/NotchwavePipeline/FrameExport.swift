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
            return (renderer.template.straightBytes(), renderer.template.width, renderer.template.height)
        }
        let layout = CanvasLayout(width: plan.frameWidth, height: plan.frameHeight, maskFill: plan.backdrop == nil ? .transparent : .black)
        let stack = LayerStack(layers: try RenderSession.frameLayers(plan: plan, layout: layout), picture: nil)
        let canvas = try Canvas.allocate(width: layout.width, height: layout.height)
        try stack.draw(at: t, into: canvas, rows: 0..<canvas.height, using: Rasterizer(kernel: kernel)) { $0.canvas(atTime: t) }
        try stack.checkFailure()
        return (canvas.straightBytes(), canvas.width, canvas.height)
    }

    /// Writes the frame at `t` to `output`: a PNG (libavcodec's encoder) for `.png`, raw
    /// straight RGBA for `.rgba` or `-` (stdout). The file appears only when complete.
    public static func write(plan: RenderPlan, time t: Double, output: OutputPath, noOverwrite: Bool = false) throws -> Int {
        let ext = output.isStandardOutput ? "rgba" : output.fileExtension
        guard ext == "png" || ext == "rgba" else {
            throw PipelineError.unsupported("a frame is written as .png or .rgba (or - for raw RGBA on stdout), not \"\(output)\"")
        }
        let (rgba, width, height) = try straightRGBA(plan: plan, time: t)
        var bytes = rgba
        if ext == "png" {
            do {
                bytes = try rgba.withUnsafeBufferPointer { buffer throws(FFmpegError) in
                    try PNGEncoder.encode(rgba: buffer.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
                }
            } catch {
                throw PipelineError.ffmpeg(error)
            }
        }
        if output.isStandardOutput {
            try bytes.withUnsafeBufferPointer { try RawRGBASink.writeAll(STDOUT_FILENO, $0.baseAddress!, count: $0.count) }
            return bytes.count
        }
        try AtomicOutputFile.write(bytes, to: output.path, noOverwrite: noOverwrite)
        return bytes.count
    }
}
