import NotchwaveRaster
import NotchwaveScene

/// Renders a scene's frames: the whole frame once into a template (the rows outside the
/// bar never change), then each frame's changing rows only, into a small slice canvas
/// that holds just those rows.
public final class FrameRenderer: @unchecked Sendable {
    /// The scene.
    public let scene: FrameScene
    /// The kernel the rasterizers run.
    public let kernel: RasterKernel
    /// The whole frame 0: its static rows are every frame's static rows.
    public let template: Canvas
    /// The rows each frame re-renders (`scene.dynamicRows`).
    public let dynamicRows: Range<Int>

    /// A renderer for `scene`; renders the template at once.
    public init(scene: FrameScene, kernel: RasterKernel = .simd) {
        self.scene = scene
        self.kernel = kernel
        dynamicRows = scene.dynamicRows
        template = Canvas(width: scene.canvasWidth, height: scene.canvasHeight)
        Rasterizer(kernel: kernel).render(scene.drawList(frame: 0), into: template, rows: 0..<scene.canvasHeight)
    }

    /// A canvas for the dynamic rows of one frame (row 0 is `dynamicRows.lowerBound`).
    public func makeSlice() -> Canvas {
        Canvas(width: template.width, height: max(dynamicRows.count, 1))
    }

    /// Renders frame `index`'s dynamic rows into `slice` (made by `makeSlice`) with
    /// `rasterizer` (one per thread).
    public func render(frame index: Int, into slice: Canvas, using rasterizer: Rasterizer) {
        rasterizer.render(scene.drawList(frame: index), into: slice, rows: dynamicRows, originY: dynamicRows.lowerBound)
    }

    /// Renders the whole of frame `index` into a new canvas (for single frames and tests).
    public func renderFull(frame index: Int) -> Canvas {
        let canvas = Canvas(width: template.width, height: template.height)
        Rasterizer(kernel: kernel).render(scene.drawList(frame: index), into: canvas, rows: 0..<canvas.height)
        return canvas
    }
}
