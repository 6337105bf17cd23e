/// A band of a compiled shape: its rows and the ranges of its boundaries' pieces in the
/// flat piece table.
struct CompiledBand {
    var y0: Float
    var y1: Float
    var leftStart: Int32
    var leftEnd: Int32
    var rightStart: Int32
    var rightEnd: Int32
    /// The largest x of the left boundary and the smallest x of the right boundary over
    /// the whole band (at the pieces' ends: each piece is monotone in x). A boundary lying
    /// more than a pixel outside the canvas contributes nothing to any of its rows, so the
    /// scanner need not find its pieces row by row (`CoverageScanner.scan`).
    var leftMaxX: Float
    var rightMinX: Float
    /// The cells that any row's edge span of the left (right) boundary lies in: its
    /// x-range over the band, a pixel wider on each side (x inside a row, however it
    /// rounds, stays within). Empty for both when the two ranges overlap, or when a
    /// boundary has no pieces, a huge arc or one that may reach past its ends
    /// (`BoundaryExtent`): where the layers above cover the whole range in a row, the
    /// boundary is hidden there whatever its pieces compute, and the SIMD kernel does not
    /// look for them (`CoverageScanner.scan`).
    var leftCells: Range<Int>
    var rightCells: Range<Int>
    /// Whether the left (right) boundary is one vertical segment over the whole band (a
    /// row it crosses repeats as far as it goes).
    var leftVertical: Bool
    var rightVertical: Bool
    /// Whether the left (right) boundary has an arc among its pieces (whose integrals the
    /// SIMD kernel gathers and evaluates together, `CoverageScanner.gatherArcs`).
    var leftArcs: Bool
    var rightArcs: Bool
}

/// One draw command, compiled: its bands' range, rows, paint and blend.
struct CompiledLayer {
    var bandStart: Int32
    var bandEnd: Int32
    var minY: Float
    var maxY: Float
    var blend: BlendMode
    /// True when the layer's result inside full coverage does not depend on what is below
    /// (an opaque paint with source-over or copy, or an opaque eraser).
    var occludes: Bool
    /// True for a solid paint (the same in every row).
    var isSolid: Bool
}

/// A draw list flattened into contiguous tables (pieces, bands, layers) so that the row
/// loop reads plain memory: no reference counting, no nested arrays.
struct CompiledDrawList {
    var pieces: [BoundaryPiece] = []
    var bands: [CompiledBand] = []
    var layers: [CompiledLayer] = []
    var paints: [PaintEvaluator] = []
    /// The command each layer was compiled from.
    var commands: [DrawCommand] = []

    /// Compiles the commands of `list` that reach into `rows` (all of them by default).
    /// A command whose every band lies above or below `rows` is left out: it covers no
    /// pixel there, and a render call of a few rows (a frame's changed rows, a material's
    /// window) then does not copy and check the pieces of every shape of the scene.
    mutating func compile(_ list: DrawList, rows: Range<Int> = Int.min..<Int.max) {
        pieces.removeAll(keepingCapacity: true)
        bands.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        paints.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        let top = Float(rows.lowerBound), bottom = Float(rows.upperBound)
        for command in list.commands where CompiledDrawList.reaches(command.shape, from: top, to: bottom) && CompiledDrawList.isDrawable(command.shape) {
            let bandStart = Int32(bands.count)
            var minY = Float.infinity, maxY = -Float.infinity
            for band in command.shape.bands where band.y1 > band.y0 {
                let leftStart = Int32(pieces.count)
                pieces.append(contentsOf: band.left.pieces)
                let rightStart = Int32(pieces.count)
                pieces.append(contentsOf: band.right.pieces)
                let left = BoundaryExtent(band.left.pieces), right = BoundaryExtent(band.right.pieces)
                var leftCells = left.cells, rightCells = right.cells
                if leftCells.isEmpty || rightCells.isEmpty || leftCells.upperBound > rightCells.lowerBound {
                    leftCells = 0..<0
                    rightCells = 0..<0
                }
                bands.append(CompiledBand(y0: band.y0, y1: band.y1, leftStart: leftStart, leftEnd: rightStart,
                                          rightStart: rightStart, rightEnd: Int32(pieces.count),
                                          leftMaxX: left.maxX, rightMinX: right.minX, leftCells: leftCells, rightCells: rightCells,
                                          leftVertical: CompiledDrawList.isVertical(band.left.pieces, from: band.y0, to: band.y1),
                                          rightVertical: CompiledDrawList.isVertical(band.right.pieces, from: band.y0, to: band.y1),
                                          leftArcs: left.hasArcs, rightArcs: right.hasArcs))
                minY = Swift.min(minY, band.y0)
                maxY = Swift.max(maxY, band.y1)
            }
            let paint = PaintEvaluator(command.paint)
            paints.append(paint)
            commands.append(command)
            layers.append(CompiledLayer(bandStart: bandStart, bandEnd: Int32(bands.count), minY: minY, maxY: maxY,
                                        blend: command.blend, occludes: paint.isOpaque, isSolid: paint.kind == .solid))
        }
    }

    /// True when a band of `shape` with rows crosses the rows `[top, bottom)`. (A band
    /// whose bounds are not numbers crosses none; `isDrawable` leaves such shapes out
    /// anyway.)
    static func reaches(_ shape: Shape, from top: Float, to bottom: Float) -> Bool {
        shape.bands.contains { $0.y1 > $0.y0 && $0.y0 < bottom && $0.y1 > top }
    }

    /// True when `pieces` are one vertical segment over `[y0, y1]`.
    static func isVertical(_ pieces: [BoundaryPiece], from y0: Float, to y1: Float) -> Bool {
        pieces.count == 1 && pieces[0].isVerticalLine && pieces[0].y0 <= y0 && pieces[0].y1 >= y1
    }

    /// The largest coordinate magnitude drawn: 2^24 px, beyond which `Float` no longer
    /// holds whole pixels (a canvas is at most a few thousand pixels across).
    static let coordinateLimit: Float = 16_777_216

    /// True when `v` lies within `coordinateLimit`: false for a NaN (which compares false)
    /// and for an infinity as well.
    @inline(__always)
    private static func ok(_ v: Float) -> Bool { Swift.abs(v) <= coordinateLimit }

    /// True when every coordinate of `shape` is finite and within `coordinateLimit`: a
    /// shape with a NaN, an infinity or an enormous coordinate (from extreme easing or
    /// geometry) is left out rather than trapping in the scanner's integer conversions.
    static func isDrawable(_ shape: Shape) -> Bool {
        for band in shape.bands {
            guard ok(band.y0), ok(band.y1) else { return false }
            for piece in band.left.pieces where !isDrawable(piece) { return false }
            for piece in band.right.pieces where !isDrawable(piece) { return false }
        }
        return true
    }

    private static func isDrawable(_ piece: BoundaryPiece) -> Bool {
        guard ok(piece.y0), ok(piece.y1) else { return false }
        switch piece.curve {
        case let .line(xTop, xBottom): return ok(xTop) && ok(xBottom)
        case let .arc(cx, cy, r, side): return ok(cx) && ok(cy) && ok(r) && ok(side)
        }
    }
}

/// What one pass over a boundary's pieces tells the scanner: the x-range they cover, at
/// their ends (a piece is monotone in x: a line, or an arc within one quarter of its
/// circle; +inf ... -inf for none), and whether there are arcs among them.
///
/// An arc that does not keep to what `BoundaryPiece.Curve.arc` asks (its rows on one side
/// of its centre, `side` +1 or -1), which only a hand-built piece can be, may reach past
/// its ends' x: its boundary's range is then -inf ... +inf, which no skip relies on.
struct BoundaryExtent {
    var minX: Float = .infinity
    var maxX: Float = -.infinity
    var hasArcs = false
    /// An arc of a radius above 2^20 px is among them (see `cells`).
    var hugeArc = false

    init(_ pieces: [BoundaryPiece]) {
        var unbounded = false
        for piece in pieces {
            let a: Float, b: Float
            switch piece.curve {
            case let .line(xTop, xBottom):
                // `x(at: y0)` and `x(at: y1)` without the clamp and the division: the
                // interpolation's factor is exactly 0 and 1 at the ends (a flat piece
                // is `xTop` throughout); the sum is rounded as `x(at: y1)` rounds it.
                a = xTop
                b = piece.y1 - piece.y0 <= 0 ? xTop : xTop + (xBottom - xTop)
            case let .arc(_, centerY, radius, side):
                a = piece.x(at: piece.y0)
                b = piece.x(at: piece.y1)
                hasArcs = true
                if Swift.abs(radius) > 1_048_576 { hugeArc = true }
                if (side != 1 && side != -1) || (piece.y0 < centerY && piece.y1 > centerY) { unbounded = true }
            }
            minX = Swift.min(minX, a, b)
            maxX = Swift.max(maxX, a, b)
        }
        if unbounded {
            minX = -.infinity
            maxX = .infinity
        }
    }

    /// `floor(minX) - 1 ..< ceil(maxX) + 1`, the cells any row's edge span of the boundary
    /// lies in (`CompiledBand.leftCells`), or empty for a boundary without pieces, with an
    /// arc of a radius above 2^20 px, or with an arc that may reach past its ends.
    ///
    /// The pixel of margin holds every x a row computes: a line's x is monotone in y as
    /// computed (each rounding step is), and an arc's, `cx ± sqrt((r - dy)(r + dy))` within
    /// one quarter of its circle, strays from monotone by its product's rounding alone,
    /// under `r * 2^-23` px, an eighth of a pixel up to that radius. Drawn coordinates lie
    /// within `CompiledDrawList.coordinateLimit`, so the conversions cannot trap.
    var cells: Range<Int> {
        guard minX.isFinite, maxX.isFinite, minX <= maxX, !hugeArc else { return 0..<0 }
        return (Int(minX.rounded(.down)) - 1)..<(Int(maxX.rounded(.up)) + 1)
    }
}
