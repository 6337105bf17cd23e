import NotchwaveRaster
import NotchwaveScene

/// Renders a scene's frames: the rows that never change once into a template, then each
/// frame's changing rows (the bar band) only.
public final class FrameRenderer: @unchecked Sendable {
    /// The scene.
    public let scene: FrameScene
    /// The kernel the rasterizers run.
    public let kernel: RasterKernel
    /// The frame with its static rows rendered (its dynamic rows hold frame 0).
    public let template: Canvas

    /// A renderer for `scene`; renders the template at once.
    public init(scene: FrameScene, kernel: RasterKernel = .simd) {
        self.scene = scene
        self.kernel = kernel
        template = Canvas(width: scene.canvasWidth, height: scene.canvasHeight)
        Rasterizer(kernel: kernel).render(scene.drawList(frame: 0), into: template, rows: 0..<scene.canvasHeight)
    }

    /// A new canvas holding the template (static rows ready).
    public func makeCanvas() -> Canvas {
        let canvas = Canvas(width: template.width, height: template.height)
        canvas.copyRows(0..<template.height, from: template)
        return canvas
    }

    /// Renders frame `index`'s dynamic rows into `canvas` (made by `makeCanvas`) with
    /// `rasterizer` (one per thread).
    public func render(frame index: Int, into canvas: Canvas, using rasterizer: Rasterizer) {
        rasterizer.render(scene.drawList(frame: index), into: canvas, rows: scene.dynamicRows)
    }

    /// Renders the whole of frame `index` into a new canvas (for single frames and tests).
    public func renderFull(frame index: Int) -> Canvas {
        let canvas = Canvas(width: template.width, height: template.height)
        Rasterizer(kernel: kernel).render(scene.drawList(frame: index), into: canvas, rows: 0..<canvas.height)
        return canvas
    }

    /// Renders the whole frame at time `t` into a new canvas.
    public func renderFull(at t: Double) -> Canvas {
        let canvas = Canvas(width: template.width, height: template.height)
        Rasterizer(kernel: kernel).render(scene.drawList(at: t), into: canvas, rows: 0..<canvas.height)
        return canvas
    }
}
