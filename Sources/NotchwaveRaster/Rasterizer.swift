/// Which implementation of the rasterizer's kernels runs.
public enum RasterKernel: String, Sendable, CaseIterable {
    /// Lanes of `Lanes.width` pixels, opaque runs as plain fills, occluded spans skipped.
    case simd
    /// The reference: one pixel at a time, every layer painted in full (painter's
    /// algorithm), the same arithmetic. Kept forever to check the SIMD kernel against.
    case scalar
}

/// One shape filled with one paint.
public struct DrawCommand: Sendable, Equatable {
    public var shape: Shape
    public var paint: Paint
    public var blend: BlendMode
    /// A command.
    public init(shape: Shape, paint: Paint, blend: BlendMode = .sourceOver) { (self.shape, self.paint, self.blend) = (shape, paint, blend) }
}

/// Everything that one region of a frame shows: a base colour under everything, then the
/// commands painted in order (later on top).
public struct DrawList: Sendable, Equatable {
    /// The colour each rendered row starts from (copied, not blended).
    public var base: RGBA8
    /// The commands, bottom first.
    public var commands: [DrawCommand]
    /// A draw list.
    public init(base: RGBA8, commands: [DrawCommand] = []) { (self.base, self.commands) = (base, commands) }
}

/// Renders draw lists into canvases, row by row, with exact area coverage.
///
/// Per row, layers are scanned top-down: the opaque full-coverage runs of the layers above
/// a layer are where it (and the base) need not be painted at all. Then the base and the
/// layers are painted bottom-up over what remains: runs of an opaque solid colour as plain
/// fills, everything else blended in lanes (edge spans shorter than a lane group pixel by
/// pixel, with the lanes' arithmetic). With the SIMD kernel, a row whose edges are all
/// vertical lines through it under solid paints is copied to the rows below until something
/// starts or ends. A rasterizer keeps scratch memory between calls; use one per thread.
/// It also keeps, with the SIMD kernel, what a call's frame shares with the next frame's
/// same call (`CallSlots`: one slot per kind of call, so that a frame drawn in several calls
/// finds each of them; a kind of call is its rows, its canvas width and its place among
/// its composition call's): the compiled list when the commands did not change, the scans of
/// the top layers whose commands did not change (`LayerScans`, replayed row by row), and,
/// within a call, the colours of a gradient along x across the
/// row (`RowShadings`, shaded once) and the scan of a layer whose rows repeat while other
/// layers change (`RepeatingScans`, replayed in the rows below). Its scanner does not look
/// for the pieces of a boundary that the layers above hide over the boundary's whole
/// x-range in a row.
public final class Rasterizer {
    /// The kernel this rasterizer runs.
    public let kernel: RasterKernel
    private let scanner: CoverageScanner
    private let spans = SpanBuffer()
    /// The span range of each layer in the current row.
    @exclusivity(unchecked) private var layerSpans: UnsafeMutablePointer<Range<Int>> = .allocate(capacity: 16)
    @exclusivity(unchecked) private var layerSpanCapacity = 16
    private let occluders = IntervalStack()
    @exclusivity(unchecked) private var quantized: UnsafeMutablePointer<UInt32>
    /// A gradient's packed colours for the part of a row being painted (`shadeRow`).
    @exclusivity(unchecked) private var shades: UnsafeMutablePointer<UInt32>
    private var quantizedCapacity = 0
    /// The materials' blurred backdrops of recent calls, and scratch canvases (`Effects/`).
    let effects = EffectScratch()
    /// The colours of the call's layers whose paint is the same in every row.
    private let rowShadings = RowShadings()
    /// Per kind of call, the compiled list and the recorded scans of the top layers that
    /// did not change since the previous call of that kind (`CallSlots`).
    private let slots = CallSlots()
    /// The reference kernel's only slot: it compiles every call and keeps no scans.
    private let referenceSlot = CallSlots.Slot()
    /// How deep the composition calls in progress are, and how many draw-list calls the
    /// outermost one has made (`render(_:into:rows:originY:over:backdrops:)`).
    var compositionDepth = 0
    var compositionCalls = 0

    /// A rasterizer running `kernel`.
    public init(kernel: RasterKernel = .simd) {
        self.kernel = kernel
        scanner = CoverageScanner(kernel: kernel)
        quantized = .allocate(capacity: 1)
        shades = .allocate(capacity: 1)
    }

    deinit {
        quantized.deallocate()
        shades.deallocate()
        layerSpans.deallocate()
    }

    /// Renders rows `rows` of `list` into `canvas`, replacing what those rows held.
    /// The canvas's first row shows the scene's row `originY` (a canvas holding only a
    /// band of rows, such as the bar, has `originY` at the band's top). With `over` the
    /// rows keep what they hold and the commands are painted over it (the base colour is
    /// not drawn): a composition's later draw steps.
    public func render(_ list: DrawList, into canvas: Canvas, rows: Range<Int>, originY: Int = 0, over: Bool = false) {
        render(list, into: canvas, rows: rows.clamped(to: originY..<(originY + canvas.height)), originY: originY, over: over,
               bandHeight: nil) { _ in }
    }

    /// Renders rows `rows` of `list` band by band into `band`, a canvas whose row 0 is
    /// each band's top row, and calls `deliver` with each band's rows once they are
    /// rendered (a band is `band.height` rows, the last one what is left): the same bytes,
    /// row for row, as `render(list, into:rows:)`, with the list compiled once for all the
    /// bands. A band small enough for a core's cache can be used (converted, encoded)
    /// before it leaves it.
    public func render(_ list: DrawList, rows: Range<Int>, inBandsOf band: Canvas, deliver: (Range<Int>) -> Void) {
        render(list, into: band, rows: rows, originY: rows.lowerBound, over: false, bandHeight: band.height, deliver: deliver)
    }

    /// `render(_:into:rows:originY:over:)`, and with `bandHeight` its band by band form: the
    /// canvas's row 0 then moves to each band's top, and `deliver` takes each band's rows.
    private func render(_ list: DrawList, into canvas: Canvas, rows: Range<Int>, originY: Int, over: Bool,
                        bandHeight: Int?, deliver: (Range<Int>) -> Void) {
        guard !rows.isEmpty else { return }
        scanner.resize(width: canvas.width)
        if quantizedCapacity < canvas.width + Lanes.width {
            quantized.deallocate()
            shades.deallocate()
            quantizedCapacity = canvas.width + Lanes.width
            quantized = .allocate(capacity: quantizedCapacity)
            shades = .allocate(capacity: quantizedCapacity)
        }
        // (A call's place among its composition call's: `CallSlots`.)
        let place = compositionDepth > 0 ? compositionCalls : 0
        if compositionDepth > 0 { compositionCalls += 1 }
        let (slot, compiledAlready) = kernel == .simd ? slots.take(list.commands, rows: rows, width: canvas.width, place: place) : (referenceSlot, false)
        if !compiledAlready { slot.compiled.compile(list, rows: rows) }
        let compiled = slot.compiled
        // The slot's scans reach `renderRow` as an argument: read from a property, the
        // object was retained and released each time a layer row was replayed or recorded
        // (5 % of the bar rows' time).
        let layerScans = slot.scans
        if kernel == .simd { layerScans.begin(compiled.commands, rows: rows, width: canvas.width, limit: slots.entryBudget(for: slot)) }
        let count = compiled.layers.count
        if count > layerSpanCapacity {
            layerSpans.deallocate()
            layerSpanCapacity = count
            layerSpans = .allocate(capacity: count)
        }
        occluders.prepare(layers: count)
        let base = list.base.premultiplied.packed
        compiled.pieces.withUnsafeBufferPointer { pieces in
            compiled.bands.withUnsafeBufferPointer { bands in
                compiled.layers.withUnsafeBufferPointer { layers in
                    compiled.paints.withUnsafeBufferPointer { paints in
                        scanner.resetCursors(bands: bands)
                        if kernel == .simd { rowShadings.prepare(paints, width: canvas.width) }
                        let scene = RowScene(pieces: pieces.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                             bands: bands, layers: layers, paints: paints, base: base, width: canvas.width, keepsBelow: over)
                        var y = rows.lowerBound
                        // The canvas row 0's row of the scene, and where its band ends.
                        var origin = originY
                        var bandEnd = bandHeight.map { rows.lowerBound + $0 } ?? Int.max
                        while y < rows.upperBound {
                            if y == bandEnd, let bandHeight {
                                deliver(origin..<y)
                                origin = y
                                bandEnd = y + bandHeight
                            }
                            let stop = Swift.min(rows.upperBound, bandEnd)
                            // Rows no layer touches are the base colour: fill them in one go.
                            var empty = y
                            while empty < stop && !layers.contains(where: { $0.minY < Float(empty + 1) && $0.maxY > Float(empty) }) {
                                empty += 1
                            }
                            if empty > y {
                                if !over { canvas.fill(list.base.premultiplied, rows: (y - origin)..<(empty - origin)) }
                                y = empty
                                continue
                            }
                            let row = UnsafeMutableRawPointer(canvas.row(y - origin)).assumingMemoryBound(to: UInt32.self)
                            scanner.beginRow()
                            renderRow(y, row: row, scene: scene, layerScans: layerScans)
                            y += 1
                            // Rows that compute exactly the same coverage (only vertical
                            // edges, nothing starting or ending, solid paints) are copies
                            // of this one (the SIMD kernel; the reference computes them).
                            if kernel == .simd && !over && scanner.rowRepeats && scanner.repeatLimit >= Float(y + 1) {
                                let limit = Swift.min(scanner.repeatLimit >= Float(stop) ? stop : Int(scanner.repeatLimit), stop)
                                let bytes = canvas.width * 4
                                while y < limit {
                                    UnsafeMutableRawPointer(canvas.row(y - origin)).copyMemory(from: row, byteCount: bytes)
                                    y += 1
                                }
                            }
                        }
                        if bandHeight != nil { deliver(origin..<rows.upperBound) }
                    }
                }
            }
        }
    }

    /// The compiled tables of one render call, as plain pointers.
    private struct RowScene {
        let pieces: UnsafePointer<BoundaryPiece>
        let bands: UnsafeBufferPointer<CompiledBand>
        let layers: UnsafeBufferPointer<CompiledLayer>
        let paints: UnsafeBufferPointer<PaintEvaluator>
        let base: UInt32
        let width: Int
        /// The row keeps what it holds (no base is drawn).
        let keepsBelow: Bool

        func bands(of layer: CompiledLayer) -> UnsafeBufferPointer<CompiledBand> {
            UnsafeBufferPointer(rebasing: bands[Int(layer.bandStart)..<Int(layer.bandEnd)])
        }
    }

    private func renderRow(_ y: Int, row: UnsafeMutablePointer<UInt32>, scene: RowScene, layerScans: LayerScans) {
        let count = scene.layers.count
        let top = Float(y), bottom = Float(y + 1)
        let culling = kernel == .simd
        spans.reset()
        occluders.reset()
        let layerSpans = self.layerSpans
        // Top-down: coverage of each layer and the opaque runs of the layers above it.
        for i in stride(from: count - 1, through: 0, by: -1) {
            let layer = scene.layers[i]
            layerSpans[i] = 0..<0
            guard layer.minY < bottom, layer.maxY > top else {
                if layer.minY >= bottom { scanner.repeatEnds(at: layer.minY) }
                continue
            }
            if !layer.isSolid { scanner.rowChanges() }
            let bands = scene.bands(of: layer)
            let scanned: Range<Int>?
            let fromTop = count - 1 - i
            if fromTop < layerScans.stable {
                // A layer unchanged since the previous call, like every layer above it.
                if layerScans.isRecorded(layer: fromTop, row: y) {
                    let (range, effect) = layerScans.replay(layer: fromTop, row: y, into: spans)
                    scanner.merge(effect)
                    scanned = range
                } else {
                    let before = scanner.setRepeatsAside()
                    scanned = scanner.scan(bands: bands, firstBand: Int(layer.bandStart), pieces: scene.pieces, row: y, occluders: occluders, culling: culling, into: spans)
                    let effect = scanner.repeatEffect
                    scanner.merge(before)
                    layerScans.record(layer: fromTop, row: y, spans: scanned, from: spans, effect: effect)
                }
            } else {
                scanned = scanner.scan(bands: bands, firstBand: Int(layer.bandStart), pieces: scene.pieces, row: y, occluders: occluders, culling: culling, into: spans)
            }
            guard let range = scanned else { continue }
            layerSpans[i] = range
            // What the layers above cover, where this one is not painted (recorded only for
            // a layer with spans in the row: the others are not painted at all).
            if culling { occluders.snapshot(for: i) }
            if culling && layer.occludes {
                for s in range where spans.spans[s].isRun && Blend.quantize(spans.spans[s].value) == 255 {
                    occluders.insert(Int(spans.spans[s].x0)..<Int(spans.spans[s].x1))
                }
            }
        }
        // The base, then the layers bottom-up.
        if scene.keepsBelow {
            // Painted over what the row holds.
        } else if culling {
            var x = 0
            for covered in occluders.currentIntervals {
                if covered.lowerBound > x { (row + x).fillPixels(scene.base, count: covered.lowerBound - x) }
                x = covered.upperBound
            }
            if x < scene.width { (row + x).fillPixels(scene.base, count: scene.width - x) }
        } else {
            for x in 0..<scene.width { row[x] = scene.base }
        }
        for i in 0..<count where !layerSpans[i].isEmpty {
            let mode = scene.layers[i].blend
            let paint = scene.paints.baseAddress! + i
            if culling && paint.pointee.kind == .solid {
                // A solid colour is read once per layer and painted by the small solid path.
                paintSolidLayer(layerSpans[i], layer: i, row: row, color: paint.pointee.solid.packed, mode: mode)
                continue
            }
            let colors = culling ? rowShadings.row(layer: i, paint: paint, y: y) : nil
            for s in layerSpans[i] {
                let span = spans.spans[s]
                if let colors {
                    let opaque = paint.pointee.isOpaque
                    occluders.forEachGap(in: Int(span.x0)..<Int(span.x1), layer: i) { part in
                        paintColors(part, span: span, row: row, colors: colors, opaque: opaque, mode: mode)
                    }
                } else if culling {
                    occluders.forEachGap(in: Int(span.x0)..<Int(span.x1), layer: i) { part in
                        paintSIMD(part, span: span, row: row, y: y, paint: paint, mode: mode)
                    }
                } else {
                    paintScalar(Int(span.x0)..<Int(span.x1), span: span, row: row, y: y, paint: paint, mode: mode)
                }
            }
        }
    }

    /// The spans `spanRange` of layer `layer`, a solid colour (packed, premultiplied),
    /// where the layers above do not cover them (`paintSolid`). Kept out of `renderRow`,
    /// with runs and wide cell spans called rather than inlined, so that the span loop and
    /// the blend of a few edge cells spill less to the stack (1 % of the bar rows'
    /// instructions).
    @inline(never)
    private func paintSolidLayer(_ spanRange: Range<Int>, layer: Int, row: UnsafeMutablePointer<UInt32>, color: UInt32, mode: BlendMode) {
        let table = spans.spans
        for s in spanRange {
            let span = table[s]
            occluders.forEachGap(in: Int(span.x0)..<Int(span.x1), layer: layer) { part in
                paintSolid(part, span: span, row: row, color: color, mode: mode)
            }
        }
    }

    // MARK: - Scalar reference

    private func paintScalar(_ part: Range<Int>, span: CoverageSpan, row: UnsafeMutablePointer<UInt32>, y: Int,
                             paint: UnsafePointer<PaintEvaluator>, mode: BlendMode) {
        // A solid colour is read once: going through `paint.pointee` per pixel would copy
        // the evaluator (and retain its tables) for every pixel. (A regions paint picks
        // its part per pixel inside packedScalar.)
        let solid: UInt32? = paint.pointee.kind == .solid ? paint.pointee.solid.packed : nil
        let cells = spans.cells
        for x in part {
            let coverage = span.coverage(at: x, cells: cells)
            let cov = Blend.quantize(coverage)
            let src = solid ?? paint.pointee.packedScalar(x: x, y: y)
            row[x] = ScalarBlend.blend(row[x], src, coverage: cov, mode: mode)
        }
    }

    // MARK: - SIMD kernel

    private func paintSIMD(_ part: Range<Int>, span: CoverageSpan, row: UnsafeMutablePointer<UInt32>, y: Int,
                           paint: UnsafePointer<PaintEvaluator>, mode: BlendMode) {
        let n = part.count
        guard n > 0 else { return }
        if paint.pointee.kind == .regions {
            // Each run of one part is painted with that part's paint.
            paint.pointee.forEachRegionPart(in: part, y: y) { piece, partPaint in
                paintSIMD(piece, span: span, row: row, y: y, paint: partPaint, mode: mode)
            }
            return
        }
        if paint.pointee.kind == .solid {
            paintSolid(part, span: span, row: row, color: paint.pointee.solid.packed, mode: mode)
            return
        }
        let start = row + part.lowerBound
        if span.isRun {
            let cov = Blend.quantize(span.value)
            guard cov > 0 else { return }
            // Where the gradient is clamped its colour is constant: fill those parts as
            // solid runs and evaluate the gradient only in between.
            paint.pointee.forEachConstantPart(in: part, y: y) { piece, constant in
                let pieceStart = row + piece.lowerBound
                if let constant {
                    paintSolidRun(pieceStart, count: piece.count, color: constant, coverage: cov, mode: mode)
                } else {
                    let covLanes = PackedLanes(repeating: cov)
                    let shades = self.shades
                    paint.pointee.shadeRow(x0: piece.lowerBound, count: piece.count, y: y, into: shades)
                    forEachGroup(pieceStart, count: piece.count) { dst, offset in
                        SIMDBlend.blend(dst, UnsafeRawPointer(shades + offset).loadUnaligned(as: PackedLanes.self), coverage: covLanes, mode: mode)
                    }
                }
            }
            return
        }
        let source = spans.cells + Int(span.cellOffset) + (part.lowerBound - Int(span.x0))
        // Edge cells: quantize their coverage once, then blend in lanes.
        let covs = quantizeCells(source, count: n)
        let shades = self.shades
        paint.pointee.shadeRow(x0: part.lowerBound, count: n, y: y, into: shades)
        forEachGroup(start, count: n) { dst, offset in
            let cov = UnsafeRawPointer(covs + offset).loadUnaligned(as: PackedLanes.self)
            return SIMDBlend.blend(dst, UnsafeRawPointer(shades + offset).loadUnaligned(as: PackedLanes.self), coverage: cov, mode: mode)
        }
    }

    /// A solid colour (packed, premultiplied) over `part` of `span`: a run as a fill or a
    /// constant blend (`paintSolidRun`), edge cells pixel by pixel when fewer than a lane
    /// group (`paintCells`), else in lanes.
    @inline(__always)
    private func paintSolid(_ part: Range<Int>, span: CoverageSpan, row: UnsafeMutablePointer<UInt32>, color: UInt32, mode: BlendMode) {
        let n = part.count
        guard n > 0 else { return }
        let start = row + part.lowerBound
        if span.isRun {
            let cov = Blend.quantize(span.value)
            guard cov > 0 else { return }
            paintSolidRun(start, count: n, color: color, coverage: cov, mode: mode)
            return
        }
        let source = spans.cells + Int(span.cellOffset) + (part.lowerBound - Int(span.x0))
        if n < Lanes.width {
            paintCells(start, count: n, coverage: source, color: color, mode: mode)
            return
        }
        paintSolidCells(start, count: n, coverage: source, color: color, mode: mode)
    }

    /// A solid colour over a lane group or more of edge cells, in lanes.
    @inline(never)
    private func paintSolidCells(_ start: UnsafeMutablePointer<UInt32>, count n: Int, coverage: UnsafePointer<Float>, color: UInt32, mode: BlendMode) {
        let covs = quantizeCells(coverage, count: n)
        let src = PackedLanes(repeating: color)
        forEachGroup(start, count: n) { dst, offset in
            SIMDBlend.blend(dst, src, coverage: UnsafeRawPointer(covs + offset).loadUnaligned(as: PackedLanes.self), mode: mode)
        }
    }

    /// A paint that is the same in every row, from its colours across the row
    /// (`RowShadings`): a run of full coverage that replaces what is below is those
    /// colours copied (`blend` gives exactly them: an opaque source, or a copy, at
    /// coverage 255), anything else is blended from them in lanes.
    private func paintColors(_ part: Range<Int>, span: CoverageSpan, row: UnsafeMutablePointer<UInt32>,
                             colors: UnsafePointer<UInt32>, opaque: Bool, mode: BlendMode) {
        let n = part.count
        guard n > 0 else { return }
        let start = row + part.lowerBound
        let source = colors + part.lowerBound
        @inline(__always) func load(_ offset: Int) -> PackedLanes { UnsafeRawPointer(source + offset).loadUnaligned(as: PackedLanes.self) }
        if span.isRun {
            let cov = Blend.quantize(span.value)
            guard cov > 0 else { return }
            if cov == 255 && (mode == .copy || (mode == .sourceOver && opaque)) {
                start.update(from: source, count: n)
                return
            }
            let covLanes = PackedLanes(repeating: cov)
            forEachGroup(start, count: n) { dst, offset in SIMDBlend.blend(dst, load(offset), coverage: covLanes, mode: mode) }
            return
        }
        let covs = quantizeCells(spans.cells + Int(span.cellOffset) + (part.lowerBound - Int(span.x0)), count: n)
        forEachGroup(start, count: n) { dst, offset in
            SIMDBlend.blend(dst, load(offset), coverage: UnsafeRawPointer(covs + offset).loadUnaligned(as: PackedLanes.self), mode: mode)
        }
    }

    /// The 8-bit coverage of `count` edge cells from `cells`, in lanes, into `quantized`.
    @inline(__always)
    private func quantizeCells(_ cells: UnsafePointer<Float>, count n: Int) -> UnsafeMutablePointer<UInt32> {
        let covs = quantized
        var i = 0
        while i + Lanes.width <= n {
            let v = UnsafeRawPointer(cells + i).loadUnaligned(as: FloatLanes.self)
            UnsafeMutableRawPointer(covs + i).storeBytes(of: Blend.quantize(v), as: PackedLanes.self)
            i += Lanes.width
        }
        while i < n { covs[i] = Blend.quantize(cells[i]); i += 1 }
        return covs
    }

    /// A solid colour over a span of edge cells shorter than a lane group (most often the
    /// one or two cells where an edge crosses a row), one pixel at a time
    /// (`SIMDBlend.blendPixel`: the lanes' arithmetic in one register), instead of a
    /// whole lane group and its tail copies.
    @inline(__always)
    private func paintCells(_ start: UnsafeMutablePointer<UInt32>, count n: Int, coverage: UnsafePointer<Float>, color: UInt32, mode: BlendMode) {
        for i in 0..<n { start[i] = SIMDBlend.blendPixel(start[i], color, coverage: Blend.quantize(coverage[i]), mode: mode) }
    }

    /// A solid colour over a run of constant coverage: a plain fill when the result does
    /// not depend on what is below, a constant blend otherwise.
    @inline(never)
    private func paintSolidRun(_ start: UnsafeMutablePointer<UInt32>, count n: Int, color: UInt32, coverage cov: UInt32, mode: BlendMode) {
        let alpha = color >> 24
        switch mode {
        case .sourceOver, .copy:
            if cov == 255 && (alpha == 255 || mode == .copy) {
                start.fillPixels(color, count: n)
                return
            }
            let scaled = ScalarBlend.blend(0, color, coverage: cov, mode: .sourceOver)
            let inverse = mode == .copy ? 255 - cov : 255 - (scaled >> 24)
            let source = PackedLanes(repeating: scaled)
            let inv = PackedLanes(repeating: inverse)
            forEachGroup(start, count: n) { dst, _ in SIMDBlend.blendConstant(dst, source: source, inverse: inv) }
        case .destinationOut:
            let erase = Blend.div255(alpha * cov)
            if erase == 255 {
                start.fillPixels(0, count: n)
                return
            }
            let inv = PackedLanes(repeating: 255 - erase)
            let zero = PackedLanes(repeating: 0)
            forEachGroup(start, count: n) { dst, _ in SIMDBlend.blendConstant(dst, source: zero, inverse: inv) }
        }
    }

    /// Runs `body` on every group of `Lanes.width` pixels of `[start, start + count)`; the
    /// last partial group goes through a lane-sized buffer (the tail load and store), so
    /// the main loop has no remainder branch.
    @inline(__always)
    private func forEachGroup(_ start: UnsafeMutablePointer<UInt32>, count: Int, _ body: (PackedLanes, Int) -> PackedLanes) {
        let raw = UnsafeMutableRawPointer(start)
        let whole = count - count % Lanes.width
        var offset = 0
        while offset < whole {
            let p = raw + offset * 4
            p.storeBytes(of: body(p.loadUnaligned(as: PackedLanes.self), offset), as: PackedLanes.self)
            offset += Lanes.width
        }
        let rest = count - whole
        if rest > 0 {
            // Lane by lane (at most seven): cheaper than a call to copy memory.
            var tail = PackedLanes(repeating: 0)
            let src = start + whole
            for k in 0..<rest { tail[k] = src[k] }
            tail = body(tail, whole)
            for k in 0..<rest { src[k] = tail[k] }
        }
    }
}
