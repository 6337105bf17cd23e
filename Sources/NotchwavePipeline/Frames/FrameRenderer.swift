import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene

/// One layer of a frame as the renderer draws it (`RenderPlan.layers`, resolved): where its
/// pixels come from, and when and how opaque it shows.
enum FrameLayer {
    /// A scene's draw lists, rasterized.
    case scene(any Scene, LayerShowing)
    /// Decoded pictures (the backdrop): one opaque frame-sized canvas per output frame.
    case pictures(BackdropFrames, LayerShowing)

    var showing: LayerShowing {
        switch self {
        case let .scene(_, showing), let .pictures(_, showing): return showing
        }
    }
}

/// Renders a plan's layers into frames (`LayerStack` says how they are composed). The
/// whole frame is rendered once into a template (rows that cannot change, such as those
/// outside the bar, are never rendered again), then each frame's changing rows only, into
/// a small slice canvas that holds just those rows.
public final class FrameRenderer: @unchecked Sendable {
    /// The top scene (its canvas size is the frame's).
    public let scene: any Scene
    /// The time frame `i` shows (the plan's clock, `RenderPlan.time(ofFrame:)`).
    public let time: @Sendable (Int) -> Double
    /// The kernel the rasterizers run.
    public let kernel: RasterKernel
    /// The whole frame 0: its static rows are every frame's static rows.
    public let template: Canvas
    /// The rows each frame re-renders: the scenes' changing rows, or every row when a
    /// layer shows a video or changes its opacity.
    public let dynamicRows: Range<Int>
    /// The layers.
    let stack: LayerStack
    /// A framed render's canvas (its devices' screens rendered by renderers of their own),
    /// which then draws every frame instead of `stack`.
    let framed: FramedCanvas?
    /// Frame 0's composition, when the frame is one scene shown opaque throughout: each
    /// frame then renders only the rows where its composition differs from this one
    /// (`Composition.changes`) and takes the others from the template.
    private let templateComposition: (scene: any Scene, composition: Composition)?
    /// The template composition's material backdrops, recorded while the template is
    /// rendered: a frame's settled materials show them (`Composition.changes`).
    private let backdrops: MaterialBackdrops?
    /// Per slice (`makeSlice`), the rows where it holds a frame's own pixels rather than
    /// the template's: the next frame rendered into it copies the template back there only,
    /// not into every row it does not render. A slice not listed (new, or rendered by
    /// `draw`) may hold anything.
    private var sliceRows: [ObjectIdentifier: (slice: Weak, rows: [Range<Int>])] = [:]
    private let sliceLock = NSLock()

    /// A reference that does not keep its slice alive (a slice dropped, and another one
    /// allocated at its address, is then not mistaken for it).
    struct Weak {
        weak var canvas: Canvas?
    }

    /// A renderer for `scene` alone, shown as `showing` says; renders the template at once.
    public convenience init(scene: any Scene, time: @escaping @Sendable (Int) -> Double, kernel: RasterKernel = .simd,
                            showing: LayerShowing = LayerShowing()) throws(OutOfMemory) {
        try self.init(layers: [.scene(scene, showing)], time: time, kernel: kernel)
    }

    /// A renderer for a stack of scenes, bottom first (at least one; all of one canvas
    /// size), each shown as its `LayerShowing` says: an overlay drawn over a scene.
    public convenience init(scenes: [(scene: any Scene, showing: LayerShowing)], time: @escaping @Sendable (Int) -> Double,
                            kernel: RasterKernel = .simd) throws(OutOfMemory) {
        try self.init(layers: scenes.map { .scene($0.scene, $0.showing) }, time: time, kernel: kernel)
    }

    /// A renderer for `layers` (bottom first; at least one scene, whose canvas size is the
    /// frame's). `picture` is the frame's own size when the canvas pads it.
    init(layers: [FrameLayer], time: @escaping @Sendable (Int) -> Double, kernel: RasterKernel,
         picture: (width: Int, height: Int)? = nil) throws(OutOfMemory) {
        let scenes = layers.compactMap { layer -> (any Scene)? in
            if case let .scene(scene, _) = layer { return scene }
            return nil
        }
        guard let top = scenes.last else { preconditionFailure("a frame needs a scene layer") }
        self.scene = top
        stack = LayerStack(layers: layers, picture: picture)
        framed = nil
        self.time = time
        self.kernel = kernel
        let height = top.canvasHeight
        let everyRow = layers.contains { layer in
            if case let .pictures(frames, _) = layer, !frames.isStill { return true }
            return !layer.showing.isAlwaysOpaque
        }
        if everyRow {
            dynamicRows = 0..<height
        } else {
            let changing = scenes.map(\.dynamicRows).filter { !$0.isEmpty }
            let rows = changing.isEmpty ? top.dynamicRows
                : (changing.map(\.lowerBound).min() ?? 0)..<(changing.map(\.upperBound).max() ?? height)
            // Widened to even rows, so that 4:2:0 chroma rows never straddle the edge.
            dynamicRows = ((rows.lowerBound - rows.lowerBound % 2)..<(rows.upperBound + rows.upperBound % 2)).clamped(to: 0..<height)
        }
        if layers.count == 1, case let .scene(scene, showing) = layers[0], showing.isAlwaysOpaque {
            templateComposition = (scene, scene.composition(at: time(0)))
        } else {
            templateComposition = nil
        }
        template = try Canvas.allocate(width: top.canvasWidth, height: height)
        if let (_, composition) = templateComposition, composition.readsBelow {
            // What `draw` does for one opaque scene that reads below it (LayerStack's
            // reader with nothing under it), recording the materials' backdrops.
            let recorded = MaterialBackdrops()
            try Rasterizer(kernel: kernel).render(composition, into: template, rows: 0..<height, backdrops: .record(recorded))
            if let picture = stack.picture { template.extendEdges(pictureWidth: picture.width, pictureHeight: picture.height, originY: 0) }
            backdrops = recorded
        } else {
            backdrops = nil
            try draw(frame: 0, into: template, rows: 0..<height, using: Rasterizer(kernel: kernel))
        }
    }

    /// A renderer for a framed canvas: its devices' screens over the canvas drawn once
    /// (`FramedCanvas`); renders the template, frame 0, at once.
    init(framing: Framing, time: @escaping @Sendable (Int) -> Double, kernel: RasterKernel) throws {
        let canvas = try FramedCanvas(framing: framing, kernel: kernel)
        framed = canvas
        scene = canvas.devices[0].renderer.scene
        stack = LayerStack(layers: [], picture: nil)
        self.time = time
        self.kernel = kernel
        dynamicRows = canvas.dynamicRows
        templateComposition = nil
        backdrops = nil
        template = try Canvas.allocate(width: framing.width, height: framing.height)
        try draw(frame: 0, into: template, rows: 0..<framing.height, using: Rasterizer(kernel: kernel))
    }

    /// Rows `rows` of frame `index` into `canvas`, its pictures those of frame `index`.
    private func draw(frame index: Int, into canvas: Canvas, rows: Range<Int>, using rasterizer: Rasterizer) throws(OutOfMemory) {
        if let framed {
            try framed.draw(frame: index, into: canvas, rows: rows, using: rasterizer)
            return
        }
        try stack.draw(at: time(index), into: canvas, rows: rows, using: rasterizer) { frames in
            defer { frames.release(index) }
            return frames.canvas(frame: index)
        }
    }

    /// A canvas for the dynamic rows of one frame (row 0 is `dynamicRows.lowerBound`).
    public func makeSlice() throws(OutOfMemory) -> Canvas {
        try Canvas.allocate(width: template.width, height: max(dynamicRows.count, 1))
    }

    /// Renders frame `index`'s dynamic rows into `slice` (made by `makeSlice`) with
    /// `rasterizer` (one per thread), and returns the rows among them that may differ from
    /// the template's (sorted, disjoint; every dynamic row unless the frame is one opaque
    /// scene). Fails only when a scene under another one finds no memory for the canvas it
    /// is drawn into first.
    @discardableResult
    public func render(frame index: Int, into slice: Canvas, using rasterizer: Rasterizer) throws(OutOfMemory) -> [Range<Int>] {
        guard let (scene, first) = templateComposition else {
            try draw(frame: index, into: slice, rows: dynamicRows, using: rasterizer)
            return dynamicRows.isEmpty ? [] : [dynamicRows]
        }
        // One opaque scene: the rows that differ from frame 0 are rendered, the others
        // copied from the template (frame 0). The same bytes as rendering every row.
        let composition = scene.composition(at: time(index))
        let changed: [Range<Int>], use: MaterialBackdrops.Use?
        if let backdrops {
            // Settled materials show the template's backdrops: a change drawn over one
            // re-renders its own rows only.
            let changes = composition.changes(since: first, within: dynamicRows)
            (changed, use) = (changes.rows, .reuse(backdrops, settled: changes.settledMaterials))
        } else {
            (changed, use) = (composition.changedRows(since: first, within: dynamicRows), nil)
        }
        let origin = dynamicRows.lowerBound
        // The template back where the slice's last frame left its own rows and this one
        // renders none; then this frame's rows.
        let key = ObjectIdentifier(slice)
        sliceLock.lock()
        let held = sliceRows[key].flatMap { $0.slice.canvas === slice ? $0.rows : nil } ?? [dynamicRows]
        // Until this frame is rendered whole, the slice may hold anything (a render that
        // fails halfway leaves it so).
        sliceRows[key] = nil
        sliceLock.unlock()
        for range in held {
            for part in FrameRenderer.subtract(changed, from: range) {
                for r in part { slice.row(r - origin).update(from: template.row(r), count: slice.bytesPerRow) }
            }
        }
        for range in changed { try rasterizer.render(composition, into: slice, rows: range, originY: origin, backdrops: use) }
        sliceLock.lock()
        sliceRows = sliceRows.filter { $0.value.slice.canvas != nil }
        sliceRows[key] = (Weak(canvas: slice), changed)
        sliceLock.unlock()
        if let picture = stack.picture {
            slice.extendEdges(pictureWidth: picture.width, pictureHeight: picture.height, originY: origin)
        }
        return changed
    }

    /// Frame `index`'s composition and the rows where it differs from the template's
    /// (sorted, disjoint), when the frame can be rendered in bands of rows with
    /// `renderBands`: the frame is one opaque scene whose composition is one draw list (no
    /// layer or material step: a material's blur reads the rows around its own), and the
    /// padding after the picture, if any, is one row at most (the row it repeats is then
    /// in the same pair of rows). Nil otherwise.
    public func bandedFrame(_ index: Int) -> (composition: Composition, changed: [Range<Int>])? {
        guard let (scene, first) = templateComposition, backdrops == nil else { return nil }
        if let picture = stack.picture, picture.height < template.height, picture.height % 2 == 0 { return nil }
        let composition = scene.composition(at: time(index))
        switch composition.steps.first {
        case .draw?, nil: guard composition.steps.count <= 1 else { return nil }
        default: return nil
        }
        return (composition, composition.changedRows(since: first, within: dynamicRows))
    }

    /// Rows `rows` (starting on an even row) of a frame whose composition `bandedFrame`
    /// gave, rendered band by band into `band` (an even number of rows; its row 0 is each
    /// band's top row), calling `deliver` with each band's rows once they are rendered:
    /// the same bytes as those rows of the frame rendered whole.
    public func renderBands(_ composition: Composition, rows: Range<Int>, into band: Canvas, using rasterizer: Rasterizer,
                            deliver: (Range<Int>) -> Void) {
        precondition(rows.lowerBound % 2 == 0 && band.height % 2 == 0, "bands of whole row pairs")
        var commands: [DrawCommand] = []
        if case let .draw(list)? = composition.steps.first { commands = list }
        let picture = stack.picture
        rasterizer.render(DrawList(base: composition.base, commands: commands), rows: rows, inBandsOf: band) { part in
            if let picture { band.extendEdges(pictureWidth: picture.width, pictureHeight: picture.height, originY: part.lowerBound) }
            deliver(part)
        }
    }

    /// The parts of `range` outside `ranges` (sorted, disjoint).
    static func subtract(_ ranges: [Range<Int>], from range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        for r in ranges where r.upperBound > start && r.lowerBound < range.upperBound {
            if r.lowerBound > start { parts.append(start..<r.lowerBound) }
            start = Swift.max(start, r.upperBound)
        }
        if start < range.upperBound { parts.append(start..<range.upperBound) }
        return parts
    }

    /// Renders the whole of frame `index` into a new canvas (for single frames and tests).
    public func renderFull(frame index: Int) throws(OutOfMemory) -> Canvas {
        let canvas = try Canvas.allocate(width: template.width, height: template.height)
        try draw(frame: index, into: canvas, rows: 0..<canvas.height, using: Rasterizer(kernel: kernel))
        return canvas
    }

    /// The layers' failures (a backdrop that could not be decoded mid-video), if any.
    func checkFailure() throws {
        try stack.checkFailure()
        try framed?.checkFailure()
    }
}

/// A frame's layers, bottom first, and how they are drawn: from the top down, the top
/// layer into the frame's canvas (a scene rasterized in one pass, a picture copied) faded
/// by its opacity at that time (`LayerShowing`), then each layer below put under what is
/// there (a picture directly, a scene rasterized into a canvas of its own first), faded
/// likewise. Composing under, top first, gives what composing over, bottom first, gives,
/// with each pixel visited once per layer and no copy of the bottom layer. A scene whose
/// composition reads what lies under it (a material's blur) breaks the order: the layers
/// below it are drawn first, it is composed over them, and the layers above it over that.
/// Last, the padding after the picture repeats its edge.
struct LayerStack {
    /// The layers, bottom first.
    let layers: [FrameLayer]
    /// The picture's size within the canvas, when the canvas is padded beyond it: the
    /// column and row after the picture repeat its edge (`Canvas.extendEdges`).
    let picture: (width: Int, height: Int)?

    /// Rows `rows` of the frame at time `t` into `canvas` (whose row 0 is
    /// `rows.lowerBound`); `pictureOf` gives a picture layer's canvas for this frame.
    func draw(at t: Double, into canvas: Canvas, rows: Range<Int>, using rasterizer: Rasterizer,
              pictureOf: (BackdropFrames) -> Canvas?) throws(OutOfMemory) {
        let compositions = layers.map { layer -> Composition? in
            if case let .scene(scene, _) = layer { return scene.composition(at: t) }
            return nil
        }
        if let reader = compositions.lastIndex(where: { $0?.readsBelow == true }), let composition = compositions[reader] {
            try drawReading(at: t, reader: reader, composition: composition, into: canvas, rows: rows, using: rasterizer, pictureOf: pictureOf)
        } else {
            try drawTopDown(at: t, compositions: compositions, into: canvas, rows: rows, using: rasterizer, pictureOf: pictureOf)
        }
        if let picture { canvas.extendEdges(pictureWidth: picture.width, pictureHeight: picture.height, originY: rows.lowerBound) }
    }

    /// The frame when layer `reader` reads what is below it (a material): the layers below
    /// drawn first, the reader composed over them, and the layers above it (drawn top down
    /// on a canvas of their own) put over the result.
    private func drawReading(at t: Double, reader: Int, composition: Composition, into canvas: Canvas, rows: Range<Int>, using rasterizer: Rasterizer,
                             pictureOf: (BackdropFrames) -> Canvas?) throws(OutOfMemory) {
        let originY = rows.lowerBound
        let showing = layers[reader].showing
        let opacity = showing.isAlwaysOpaque ? 1 : showing.opacity(at: t)
        if reader == 0 && opacity == 1 {
            // Nothing below: the composition replaces the rows (its base drawn as such).
            try rasterizer.render(composition, into: canvas, rows: rows, originY: originY)
        } else {
            if reader > 0 {
                try LayerStack(layers: Array(layers[..<reader]), picture: nil).draw(at: t, into: canvas, rows: rows, using: rasterizer, pictureOf: pictureOf)
            } else {
                canvas.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0), rows: 0..<canvas.height)
            }
            if opacity < 1 {
                let composed = try Canvas.allocate(width: canvas.width, height: canvas.height)
                composed.copyRows(of: canvas, originY: 0)
                try rasterizer.render(composition, into: composed, rows: rows, originY: originY, over: true)
                canvas.mix(toward: composed, weight: opacity)
            } else {
                try rasterizer.render(composition, into: canvas, rows: rows, originY: originY, over: true)
            }
        }
        if reader + 1 < layers.count {
            let upper = try Canvas.allocate(width: canvas.width, height: canvas.height)
            try LayerStack(layers: Array(layers[(reader + 1)...]), picture: nil).draw(at: t, into: upper, rows: rows, using: rasterizer, pictureOf: pictureOf)
            canvas.putOver(upper, at: 0)
        }
    }

    /// The frame drawn from the top layer down, each layer put under what is there.
    private func drawTopDown(at t: Double, compositions: [Composition?], into canvas: Canvas, rows: Range<Int>, using rasterizer: Rasterizer,
                             pictureOf: (BackdropFrames) -> Canvas?) throws(OutOfMemory) {
        let originY = rows.lowerBound
        // A scene layer with nothing to draw at this time (an empty, transparent
        // composition: the none scene, captions between their times) leaves the layers
        // below as they are: it is skipped, so the layer under it is drawn first.
        let drawn = zip(layers, compositions).filter { layer, composition in
            if case .scene = layer, let composition, composition.steps.isEmpty, composition.base.a == 0 { return false }
            return true
        }
        if drawn.isEmpty { canvas.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0), rows: 0..<canvas.height) }
        for (depth, (layer, composition)) in drawn.reversed().enumerated() {
            let opacity = layer.showing.isAlwaysOpaque ? 1 : layer.showing.opacity(at: t)
            switch layer {
            case .scene:
                let target = depth == 0 ? canvas : try Canvas.allocate(width: canvas.width, height: canvas.height)
                if let composition { try rasterizer.render(composition, into: target, rows: rows, originY: originY) }
                if opacity < 1 { target.fade(by: opacity) }
                if depth > 0 { canvas.putUnder(target, originY: 0) }
            case let .pictures(frames, _):
                guard let picture = pictureOf(frames) else {
                    // No picture (its failure is reported by checkFailure): nothing of it shows.
                    if depth == 0 { canvas.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0), rows: 0..<canvas.height) }
                    continue
                }
                if depth == 0 {
                    canvas.copyRows(of: picture, originY: originY)
                    if opacity < 1 { canvas.fade(by: opacity) }
                } else {
                    canvas.putUnder(picture, originY: originY, opacity: opacity)
                }
            }
        }
    }

    /// The layers' failures (a backdrop that could not be decoded mid-video), if any.
    func checkFailure() throws {
        for case let .pictures(frames, _) in layers { try frames.checkFailure() }
    }
}
