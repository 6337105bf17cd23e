import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene

/// Renders a plan's layers into frames: the scene's draw list rasterized in one pass, faded
/// by the scene layer's opacity at that time (`LayerShowing`), then put over the backdrop
/// layer when there is one. The whole frame is rendered once into a template (rows that
/// cannot change, such as those outside the bar, are never rendered again), then each
/// frame's changing rows only, into a small slice canvas that holds just those rows.
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
    /// When the scene's layer shows, and how opaque.
    public let showing: LayerShowing
    /// The picture's size within the canvas, when the canvas is padded beyond it: the
    /// column and row after the picture repeat its edge (`Canvas.extendEdges`).
    let picture: (width: Int, height: Int)?

    /// A renderer for `scene` shown as `showing` says; renders the template at once.
    public convenience init(scene: any Scene, time: @escaping @Sendable (Int) -> Double, kernel: RasterKernel = .simd,
                            showing: LayerShowing = LayerShowing()) throws(OutOfMemory) {
        try self.init(scene: scene, time: time, kernel: kernel, showing: showing, backdrop: nil)
    }

    /// A renderer drawing `scene` over `backdrop` (when there is one): a still backdrop is
    /// under the template and each frame's changing rows; a video backdrop, or a scene
    /// layer whose opacity changes, changes every row of every frame. `picture` is the
    /// frame's own size when the canvas pads it.
    init(scene: any Scene, time: @escaping @Sendable (Int) -> Double, kernel: RasterKernel, showing: LayerShowing = LayerShowing(),
         backdrop: BackdropFrames?, picture: (width: Int, height: Int)? = nil) throws(OutOfMemory) {
        self.scene = scene
        self.picture = picture
        self.time = time
        self.kernel = kernel
        self.showing = showing
        self.backdrop = backdrop
        let height = scene.canvasHeight
        dynamicRows = (backdrop?.isStill ?? true) && showing.isAlwaysOpaque ? scene.dynamicRows : 0..<height
        template = try Canvas.allocate(width: scene.canvasWidth, height: height)
        Rasterizer(kernel: kernel).render(scene.drawList(at: time(0)), into: template, rows: 0..<height)
        compose(frame: 0, into: template, originY: 0)
    }

    /// The layers around the rasterized scene in `canvas` (rows from `originY`): the
    /// scene faded by its layer's opacity at frame `index`'s time, then put over the
    /// backdrop's picture of that frame; last, the padding after the picture repeats its
    /// edge.
    private func compose(frame index: Int, into canvas: Canvas, originY: Int) {
        if !showing.isAlwaysOpaque { canvas.fade(by: showing.opacity(at: time(index))) }
        if let backdrop {
            if let picture = backdrop.canvas(frame: index) { canvas.putUnder(picture, originY: originY) }
            backdrop.release(index)
        }
        if let picture { canvas.extendEdges(pictureWidth: picture.width, pictureHeight: picture.height, originY: originY) }
    }

    /// A canvas for the dynamic rows of one frame (row 0 is `dynamicRows.lowerBound`).
    public func makeSlice() throws(OutOfMemory) -> Canvas {
        try Canvas.allocate(width: template.width, height: max(dynamicRows.count, 1))
    }

    /// Renders frame `index`'s dynamic rows into `slice` (made by `makeSlice`) with
    /// `rasterizer` (one per thread).
    public func render(frame index: Int, into slice: Canvas, using rasterizer: Rasterizer) {
        rasterizer.render(scene.drawList(at: time(index)), into: slice, rows: dynamicRows, originY: dynamicRows.lowerBound)
        compose(frame: index, into: slice, originY: dynamicRows.lowerBound)
    }

    /// Renders the whole of frame `index` into a new canvas (for single frames and tests).
    public func renderFull(frame index: Int) throws(OutOfMemory) -> Canvas {
        let canvas = try Canvas.allocate(width: template.width, height: template.height)
        Rasterizer(kernel: kernel).render(scene.drawList(at: time(index)), into: canvas, rows: 0..<canvas.height)
        compose(frame: index, into: canvas, originY: 0)
        return canvas
    }
}
