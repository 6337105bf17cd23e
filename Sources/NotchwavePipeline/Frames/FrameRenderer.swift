import NotchwaveRaster
import NotchwaveScene

/// Renders a scene's frames: the whole frame once into a template (the rows outside the
/// bar never change), then each frame's changing rows only, into a small slice canvas
/// that holds just those rows.
public final class FrameRenderer: @unchecked Sendable {
    /// The scene.
    public let scene: any Scene
    /// The time frame `i` shows (the plan's clock, `RenderPlan.time(ofFrame:)`).
    public let time: @Sendable (Int) -> Double
    /// The kernel the rasterizers run.
    public let kernel: RasterKernel
    /// The whole frame 0: its static rows are every frame's static rows.
    public let template: Canvas
    /// The rows each frame re-renders (`scene.dynamicRows`; every row over a video backdrop).
    public let dynamicRows: Range<Int>
    /// The app's screen under every frame, if any.
    let backdrop: BackdropFrames?

    /// A renderer for `scene`; renders the template at once.
    public init(scene: any Scene, time: @escaping @Sendable (Int) -> Double, kernel: RasterKernel = .simd) {
        self.scene = scene
        self.time = time
        self.kernel = kernel
        dynamicRows = scene.dynamicRows
        backdrop = nil
        template = Canvas(width: scene.canvasWidth, height: scene.canvasHeight)
        Rasterizer(kernel: kernel).render(scene.drawList(at: time(0)), into: template, rows: 0..<scene.canvasHeight)
    }

    /// A renderer drawing `scene` over `backdrop`: a still backdrop is under the template
    /// and each frame's changing rows; a video backdrop changes every row of every frame.
    init(scene: any Scene, time: @escaping @Sendable (Int) -> Double, kernel: RasterKernel, backdrop: BackdropFrames) {
        self.scene = scene
        self.time = time
        self.kernel = kernel
        self.backdrop = backdrop
        let height = scene.canvasHeight
        dynamicRows = backdrop.isStill ? scene.dynamicRows : 0..<height
        template = Canvas(width: scene.canvasWidth, height: height)
        Rasterizer(kernel: kernel).render(scene.drawList(at: time(0)), into: template, rows: 0..<height)
        template.putUnder(backdrop.canvas(frame: 0))
        backdrop.release(0)
    }

    /// A canvas for the dynamic rows of one frame (row 0 is `dynamicRows.lowerBound`).
    public func makeSlice() -> Canvas {
        Canvas(width: template.width, height: max(dynamicRows.count, 1))
    }

    /// Renders frame `index`'s dynamic rows into `slice` (made by `makeSlice`) with
    /// `rasterizer` (one per thread).
    public func render(frame index: Int, into slice: Canvas, using rasterizer: Rasterizer) {
        rasterizer.render(scene.drawList(at: time(index)), into: slice, rows: dynamicRows, originY: dynamicRows.lowerBound)
        if let backdrop {
            slice.putUnder(backdrop.canvas(frame: index), originY: dynamicRows.lowerBound)
            backdrop.release(index)
        }
    }

    /// Renders the whole of frame `index` into a new canvas (for single frames and tests).
    public func renderFull(frame index: Int) -> Canvas {
        let canvas = Canvas(width: template.width, height: template.height)
        Rasterizer(kernel: kernel).render(scene.drawList(at: time(index)), into: canvas, rows: 0..<canvas.height)
        if let backdrop {
            canvas.putUnder(backdrop.canvas(frame: index))
            backdrop.release(index)
        }
        return canvas
    }
}
