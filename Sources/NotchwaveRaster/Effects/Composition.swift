/// A frame (or a layer of one) as steps painted in order: plain draw commands, groups of
/// commands rendered alone and filtered before they are put over what is there
/// (SwiftUI's `.saturation`, `.brightness`, `.opacity` on a view), and materials that blur
/// what lies under them (`.regularMaterial`). A scene without effects is one draw step:
/// `Composition(list)` renders exactly as the draw list does.
public struct Composition: Sendable, Equatable {
    /// The colour under everything (over a backdrop: transparent).
    public var base: RGBA8
    /// The steps, bottom first.
    public var steps: [CompositionStep]

    /// A composition.
    public init(base: RGBA8, steps: [CompositionStep]) {
        self.base = base
        self.steps = steps
    }

    /// The draw list as one step.
    public init(_ list: DrawList) {
        self.init(base: list.base, steps: list.commands.isEmpty ? [] : [.draw(list.commands)])
    }

    /// True when a step reads the pixels under it (a material): what lies below must be
    /// drawn first.
    public var readsBelow: Bool {
        steps.contains { if case .material = $0 { return true } else { return false } }
    }

    /// The steps as plain draw commands, for tools that take draw lists only (the
    /// rasterizer benchmarks, the peer renderers): each material as its tint alone, each
    /// layer without its filters. An approximation where there are effects.
    public var flattened: DrawList {
        DrawList(base: base, commands: steps.flatMap { step -> [DrawCommand] in
            switch step {
            case let .draw(commands), let .layer(commands, _): return commands
            case let .material(m): return [DrawCommand(shape: m.shape, paint: .solid(m.tint))]
            }
        })
    }
}

/// One step of a `Composition`.
public enum CompositionStep: Sendable, Equatable {
    /// Commands painted over what is there.
    case draw([DrawCommand])
    /// Commands rendered alone onto a transparent layer, the filters run over it in order,
    /// then the layer put over what is there (source-over).
    case layer([DrawCommand], filters: [ColorFilter])
    /// A material over what is there.
    case material(Material)
}

/// A translucent material (SwiftUI's `.thinMaterial`, `.regularMaterial`,
/// `.thickMaterial`): inside `shape`, what lies below is blurred, its saturation scaled,
/// and `tint` laid over it; the result replaces what is there where the shape covers (its
/// edge anti-aliased by coverage).
public struct Material: Sendable, Equatable {
    /// Where the material is (pixels).
    public var shape: Shape
    /// The blur of what lies below (its σ in pixels of the downscaled backdrop).
    public var blur: BoxBlur
    /// The backdrop is blurred at 1/`downscale` of the resolution (`Canvas.blurred`).
    public var downscale: Int
    /// The saturation factor applied to the blurred pixels (1: unchanged).
    public var saturation: Double
    /// The colour laid over the blurred pixels (source-over).
    public var tint: RGBA8

    /// A material.
    public init(shape: Shape, blur: BoxBlur, downscale: Int = 1, saturation: Double = 1, tint: RGBA8) {
        self.shape = shape
        self.blur = blur
        self.downscale = downscale
        self.saturation = saturation
        self.tint = tint
    }
}

extension Shape {
    /// The smallest pixel-aligned box holding every band (empty ranges for no bands).
    public var pixelBounds: (columns: Range<Int>, rows: Range<Int>) {
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        func extend(_ boundary: Boundary) {
            for piece in boundary.pieces {
                let a = piece.x(at: piece.y0), b = piece.x(at: piece.y1)
                minX = Swift.min(minX, a, b)
                maxX = Swift.max(maxX, a, b)
            }
        }
        for band in bands {
            minY = Swift.min(minY, band.y0)
            maxY = Swift.max(maxY, band.y1)
            extend(band.left)
            extend(band.right)
        }
        guard minX <= maxX, minY <= maxY else { return (0..<0, 0..<0) }
        return (minX.floorPixelIndex..<maxX.ceilPixelIndex, minY.floorPixelIndex..<maxY.ceilPixelIndex)
    }

    /// The rows of `pixelBounds` (or more, for a shape whose x are not numbers), from the
    /// bands alone: no piece is evaluated.
    public var pixelRows: Range<Int> {
        var minY = Float.infinity, maxY = -Float.infinity
        var hasPieces = false
        for band in bands {
            minY = Swift.min(minY, band.y0)
            maxY = Swift.max(maxY, band.y1)
            hasPieces = hasPieces || !band.left.pieces.isEmpty || !band.right.pieces.isEmpty
        }
        guard hasPieces, minY <= maxY else { return 0..<0 }
        return minY.floorPixelIndex..<maxY.ceilPixelIndex
    }
}

extension Rasterizer {
    /// Renders rows `rows` of `composition` into `canvas` (whose first row is the scene's
    /// row `originY`). With `over` false the rows are replaced (they start as the base
    /// colour); with `over` true the composition is put over what they hold (the base
    /// first, source-over), as a layer over the layers below it. Draw steps paint
    /// straight onto the canvas, as one draw list would; a layer step is composed apart.
    ///
    /// A material blurs the rows the canvas holds (edge rows repeat beyond them), so a
    /// scene with materials declares dynamic rows that reach the blur's reach beyond them
    /// (as `ControlsScene.dynamicRows` does).
    ///
    /// `backdrops` records the materials' blurred backdrops (`.record`, when rendering a
    /// frame whole) or gives the settled materials theirs (`.reuse`, with
    /// `Composition.changes(since:within:)`): a settled material then shows its recorded
    /// backdrop in whichever of its rows are rendered.
    public func render(_ composition: Composition, into canvas: Canvas, rows: Range<Int>, originY: Int = 0, over: Bool = false,
                       backdrops: MaterialBackdrops.Use? = nil) throws(OutOfMemory) {
        let rows = rows.clamped(to: originY..<(originY + canvas.height))
        guard !rows.isEmpty else { return }
        // The draw-list calls this makes are numbered in order (their call slots).
        if compositionDepth == 0 { compositionCalls = 0 }
        compositionDepth += 1
        defer { compositionDepth -= 1 }
        var steps = composition.steps[...]
        if !over {
            // The first plain draw step goes straight in with the base: no layer needed.
            if case let .draw(commands)? = steps.first {
                render(DrawList(base: composition.base, commands: commands), into: canvas, rows: rows, originY: originY)
                steps = steps.dropFirst()
            } else {
                canvas.fill(composition.base.premultiplied, rows: (rows.lowerBound - originY)..<(rows.upperBound - originY))
            }
        } else if composition.base.a > 0 {
            render(DrawList(base: .transparent, commands: [DrawCommand(shape: .rectangle(x0: 0, y0: Float(rows.lowerBound), x1: Float(canvas.width),
                                                                                       y1: Float(rows.upperBound)), paint: .solid(composition.base))]),
                   into: canvas, rows: rows, originY: originY, over: true)
        }
        for (index, step) in zip(steps.indices, steps) {
            switch step {
            case let .draw(commands):
                render(DrawList(base: .transparent, commands: commands), into: canvas, rows: rows, originY: originY, over: true)
            case let .layer(commands, filters):
                try drawOver(commands, filters: filters, into: canvas, rows: rows, originY: originY)
            case let .material(material):
                try apply(material, step: index, to: canvas, rows: rows, originY: originY, backdrops: backdrops)
            }
        }
    }

    /// The rows of `rows` that `commands` can touch.
    private func reach(of commands: [DrawCommand], within rows: Range<Int>) -> Range<Int> {
        var low = Int.max, high = Int.min
        for command in commands {
            let bounds = command.shape.pixelRows
            guard !bounds.isEmpty else { continue }
            low = Swift.min(low, bounds.lowerBound)
            high = Swift.max(high, bounds.upperBound)
        }
        guard low < high else { return rows.lowerBound..<rows.lowerBound }
        return (low..<high).clamped(to: rows)
    }

    /// Renders `commands` onto a transparent band as tall as they reach, filters it, and
    /// puts it over the canvas.
    private func drawOver(_ commands: [DrawCommand], filters: [ColorFilter], into canvas: Canvas, rows: Range<Int>, originY: Int) throws(OutOfMemory) {
        let band = reach(of: commands, within: rows)
        guard !band.isEmpty else { return }
        let layer = try effects.scratch(width: canvas.width, height: band.count, slot: 0)
        render(DrawList(base: .transparent, commands: commands), into: layer, rows: band, originY: band.lowerBound)
        layer.apply(filters, kernel: kernel, rows: band.count)
        canvas.putOver(layer, at: band.lowerBound - originY, rows: band.count)
    }

    /// Blurs what the canvas holds under the material's shape, tints it, and puts it back
    /// where the shape covers: whole where it covers a pixel whole (runs of such pixels
    /// copied), mixed by coverage at its edge.
    private func apply(_ material: Material, step: Int, to canvas: Canvas, rows: Range<Int>, originY: Int,
                       backdrops: MaterialBackdrops.Use?) throws(OutOfMemory) {
        let bounds = material.shape.pixelBounds
        let band = bounds.rows.clamped(to: rows)
        let columns = bounds.columns.clamped(to: 0..<canvas.width)
        guard !band.isEmpty, !columns.isEmpty else { return }
        // The tinted backdrop and the scene row of its first row.
        let blurred: Canvas, firstRow: Int
        if case let .reuse(recorded, settled)? = backdrops, let then = settled[step],
           let entry = recorded.entry(step: then, material: material, rows: band, columns: columns) {
            (blurred, firstRow) = (entry.canvas, entry.rows.lowerBound)
        } else {
            // (A settled material always finds its recorded backdrop: it equals the
            // recorded material, and its rows lie within the recorded ones.)
            if case let .reuse(_, settled)? = backdrops { assert(settled[step] == nil, "a settled material without its recorded backdrop") }
            blurred = try effects.backdrop(of: canvas, columns: columns, rows: (band.lowerBound - originY)..<(band.upperBound - originY),
                                           material: material, kernel: kernel)
            firstRow = band.lowerBound
            if case let .record(recorded)? = backdrops { recorded.record(step: step, material: material, rows: band, columns: columns, canvas: blurred) }
        }
        // The shape's coverage: the shape in opaque white, its alpha the coverage.
        let coverage = try effects.scratch(width: canvas.width, height: band.count, slot: 1)
        render(DrawList(base: .transparent, commands: [DrawCommand(shape: material.shape, paint: .solid(.white))]), into: coverage,
               rows: band, originY: band.lowerBound)
        let full = PackedLanes(repeating: 0xFFFF_FFFF)
        for r in 0..<band.count {
            let target = UnsafeMutableRawPointer(canvas.row(band.lowerBound - originY + r)).assumingMemoryBound(to: UInt32.self)
            // The tinted backdrop, indexed by canvas column.
            let seen = UnsafeRawPointer(blurred.row(band.lowerBound - firstRow + r)).assumingMemoryBound(to: UInt32.self) - columns.lowerBound
            let cover = UnsafeRawPointer(coverage.row(r)).assumingMemoryBound(to: UInt32.self)
            var x = columns.lowerBound
            while x < columns.upperBound {
                // The coverage canvas is opaque white times the coverage: all ones where
                // the shape covers a pixel whole.
                let c = cover[x] >> 24
                if c == 255 {
                    var end = x + 1
                    while end + Lanes.width <= columns.upperBound,
                          all(UnsafeRawPointer(cover + end).loadUnaligned(as: PackedLanes.self) .== full) { end += Lanes.width }
                    while end < columns.upperBound && cover[end] >> 24 == 255 { end += 1 }
                    (target + x).update(from: seen + x, count: end - x)
                    x = end
                    continue
                }
                if c > 0 { target[x] = Canvas.mix(seen[x], target[x], c) }
                x += 1
            }
        }
    }
}

/// The tinted, blurred backdrops of a composition's materials, recorded while it is
/// rendered whole (frame 0), by step: a later frame whose material is settled
/// (`Composition.changes(since:within:)`) shows the recorded backdrop in any of its rows
/// instead of blurring a window it may not have rendered. Filled once, then only read (by
/// any number of threads).
public final class MaterialBackdrops: @unchecked Sendable {
    /// How a render call uses recorded backdrops.
    public enum Use: Sendable {
        /// Record the backdrop of every material rendered.
        case record(MaterialBackdrops)
        /// Settled materials (step in this composition → step recorded) show the recorded
        /// backdrops.
        case reuse(MaterialBackdrops, settled: [Int: Int])
    }

    struct Entry {
        let material: Material
        /// Scene rows and canvas columns of the backdrop.
        let rows: Range<Int>
        let columns: Range<Int>
        let canvas: Canvas
    }

    private var entries: [Int: Entry] = [:]

    /// No backdrops yet.
    public init() {}

    /// How many backdrops are recorded.
    public var count: Int { entries.count }

    func record(step: Int, material: Material, rows: Range<Int>, columns: Range<Int>, canvas: Canvas) {
        entries[step] = Entry(material: material, rows: rows, columns: columns, canvas: canvas)
    }

    /// The backdrop recorded for `step` if it is `material`'s over at least `rows` and
    /// `columns` exactly.
    func entry(step: Int, material: Material, rows: Range<Int>, columns: Range<Int>) -> Entry? {
        guard let entry = entries[step], entry.columns == columns, entry.rows.lowerBound <= rows.lowerBound,
              entry.rows.upperBound >= rows.upperBound, entry.material == material else { return nil }
        return entry
    }
}

extension Canvas {
    /// Each pixel moved from its own value toward `other`'s (same size) by `weight` (0...1,
    /// taken in 255ths): `round((o w + s (255 − w)) / 255)` per byte. A layer that reads
    /// what is below it, shown at an opacity, over that below.
    public func mix(toward other: Canvas, weight: Double) {
        precondition(other.width == width && other.height == height, "the canvases differ in size")
        let w = UInt32((Swift.min(Swift.max(weight, 0), 1) * 255).rounded())
        for r in 0..<height {
            let target = UnsafeMutableRawPointer(row(r)).assumingMemoryBound(to: UInt32.self)
            let source = UnsafeRawPointer(other.row(r)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { target[x] = Canvas.mix(source[x], target[x], w) }
        }
    }

    /// `a` where `c` is 255, `b` where it is 0, between them per channel:
    /// `round((a c + b (255 − c)) / 255)` (a coverage-weighted replace).
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            result |= Blend.div255(((a >> shift) & 0xFF) * c + ((b >> shift) & 0xFF) * (255 - c)) << shift
        }
        return result
    }

    /// Puts rows `layerRows` of `layer` (as wide as this canvas) over this canvas's rows
    /// from `row` on, source-over on premultiplied values.
    public func putOver(_ layer: Canvas, layerRows: Range<Int>, at row: Int) {
        precondition(layer.width == width && layerRows.lowerBound >= 0 && layerRows.upperBound <= layer.height
                     && row >= 0 && row + layerRows.count <= height, "the layer's rows lie outside the canvases")
        for (r, source) in layerRows.enumerated() {
            let target = UnsafeMutableRawPointer(self.row(row + r)).assumingMemoryBound(to: UInt32.self)
            let top = UnsafeRawPointer(layer.row(source)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where top[x] != 0 {
                target[x] = top[x] >> 24 == 255 ? top[x] : Canvas.over(top[x], target[x])
            }
        }
    }

    /// Puts the first `rows` rows (all by default) of `layer` (as wide as this canvas)
    /// over this canvas's rows from `row` on, source-over on premultiplied values.
    public func putOver(_ layer: Canvas, at row: Int, rows: Int? = nil) {
        let count = Swift.min(rows ?? layer.height, layer.height)
        precondition(layer.width == width && row >= 0 && row + count <= height, "the layer lies outside the canvas")
        for r in 0..<count {
            let target = UnsafeMutableRawPointer(self.row(row + r)).assumingMemoryBound(to: UInt32.self)
            let source = UnsafeRawPointer(layer.row(r)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let top = source[x]
                if top == 0 { continue }
                target[x] = top >> 24 == 255 ? top : Canvas.over(top, target[x])
            }
        }
    }
}
