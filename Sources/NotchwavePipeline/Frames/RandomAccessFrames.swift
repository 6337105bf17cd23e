import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene

/// The frames of one plan in any order, for `notchwave studio`'s scrubbing and playback:
/// the plan's `FrameRenderer` made once (its template holds every row no frame changes),
/// then each frame asked for renders only its changing rows, on the asking thread — the
/// same bytes as the frame drawn whole (`FrameExport.frame`, what `notchwave frame`
/// writes). A plan with a backdrop (decoded in order by the renderer) or a device frame
/// is drawn whole for each frame instead.
public final class RandomAccessFrames: @unchecked Sendable {
    public let plan: RenderPlan
    private let renderer: FrameRenderer?
    /// The frame's size.
    public let width: Int, height: Int

    /// Frames of `plan`; renders its template now.
    public init(plan: RenderPlan) throws {
        self.plan = plan
        if plan.backdrop == nil && plan.framing == nil {
            let layout = CanvasLayout(width: plan.frameWidth, height: plan.frameHeight, maskFill: .transparent)
            let renderer = try FrameRenderer(layers: try RenderSession.frameLayers(plan: plan, layout: layout), time: plan.clock, kernel: .simd,
                                             picture: (plan.frameWidth, plan.frameHeight))
            try renderer.checkFailure()
            self.renderer = renderer
        } else {
            renderer = nil
        }
        width = plan.outputWidth
        height = plan.outputHeight
    }

    /// Frame `index` (`plan.time(ofFrame:)`) as straight RGBA8, `size` pixels wide and
    /// tall (the frame's own size, or smaller: resized by the Catmull-Rom `Resampler`),
    /// written to `destination` (`size.width * size.height * 4` bytes, rows top down).
    public func exportStraight(frame index: Int, size: (width: Int, height: Int), into destination: UnsafeMutablePointer<UInt8>) throws {
        guard let renderer else {
            try Self.exportStraight(plan: plan, time: plan.time(ofFrame: index), size: size, into: destination)
            return
        }
        let slice = try renderer.makeSlice()
        try renderer.render(frame: index, into: slice, using: Rasterizer(kernel: .simd))
        let dynamic = renderer.dynamicRows, template = renderer.template
        if size.width == width && size.height == height {
            let stride = width * 4
            template.exportStraight(rows: 0..<dynamic.lowerBound, into: destination)
            slice.exportStraight(rows: 0..<dynamic.count, into: destination + dynamic.lowerBound * stride)
            template.exportStraight(rows: dynamic.upperBound..<height, into: destination + dynamic.upperBound * stride)
            return
        }
        // Smaller: the template resized once per size; a frame resizes only the rows its
        // changing rows reach (as a framed canvas does with its screens).
        let (resampler, resizedTemplate) = try resized(size)
        let touched = resampler.rows(touching: dynamic)
        let target = try Canvas.allocate(width: size.width, height: size.height)
        resampler.resize(sourceRow: { row in dynamic.contains(row) ? UnsafePointer(slice.row(row - dynamic.lowerBound)) : UnsafePointer(template.row(row)) },
                         into: target, rows: touched)
        let stride = size.width * 4
        resizedTemplate.exportStraight(rows: 0..<touched.lowerBound, into: destination)
        target.exportStraight(rows: touched, into: destination + touched.lowerBound * stride)
        resizedTemplate.exportStraight(rows: touched.upperBound..<size.height, into: destination + touched.upperBound * stride)
    }

    /// The frame of `plan` at any time `t`, drawn whole (`FrameExport.frame`), as straight
    /// RGBA8 at `size` (resized by the `Resampler` when smaller) into `destination`.
    public static func exportStraight(plan: RenderPlan, time t: Double, size: (width: Int, height: Int),
                                      into destination: UnsafeMutablePointer<UInt8>) throws {
        let canvas = try FrameExport.frame(plan: plan, time: t)
        if size.width == canvas.width && size.height == canvas.height {
            canvas.exportStraight(rows: 0..<canvas.height, into: destination)
            return
        }
        let smaller = try Canvas.allocate(width: size.width, height: size.height)
        Resampler(sourceWidth: canvas.width, sourceHeight: canvas.height, width: size.width, height: size.height)
            .resize(sourceRow: { UnsafePointer(canvas.row($0)) }, into: smaller)
        smaller.exportStraight(rows: 0..<size.height, into: destination)
    }

    private let lock = NSLock()
    private var templates: [Int: (Resampler, Canvas)] = [:]

    /// The resampler to `size` and the template resized by it (made once per size; the
    /// last few sizes kept).
    private func resized(_ size: (width: Int, height: Int)) throws -> (Resampler, Canvas) {
        lock.lock()
        if let made = templates[size.width] {
            lock.unlock()
            return made
        }
        lock.unlock()
        guard let renderer else { preconditionFailure("a template needs the renderer") }
        let resampler = Resampler(sourceWidth: width, sourceHeight: height, width: size.width, height: size.height)
        let canvas = try Canvas.allocate(width: size.width, height: size.height)
        let template = renderer.template
        resampler.resize(sourceRow: { UnsafePointer(template.row($0)) }, into: canvas)
        lock.lock()
        if templates.count >= 4 { templates.removeAll() }
        templates[size.width] = (resampler, canvas)
        lock.unlock()
        return (resampler, canvas)
    }
}
