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
    public init(shape: Shape, paint: Paint, blend: BlendMode = .sourceOver) {
        self.shape = shape
        self.paint = paint
        self.blend = blend
    }
}

/// Everything that one region of a frame shows: a base colour under everything, then the
/// commands painted in order (later on top).
public struct DrawList: Sendable, Equatable {
    /// The colour each rendered row starts from (copied, not blended).
    public var base: RGBA8
    /// The commands, bottom first.
    public var commands: [DrawCommand]
    /// A draw list.
    public init(base: RGBA8, commands: [DrawCommand] = []) {
        self.base = base
        self.commands = commands
    }
}

/// Renders draw lists into canvases, row by row, with exact area coverage.
///
/// A rasterizer keeps scratch memory between calls; use one per thread.
public final class Rasterizer {
    /// The kernel this rasterizer runs.
    public let kernel: RasterKernel
    private let scanner: CoverageScanner
    private var layers: [RowCoverage] = []
    private var occluded: [[Range<Int>]] = []
    private var coveredAbove: [Range<Int>] = []
    private var quantized: UnsafeMutablePointer<UInt32>
    private var quantizedCapacity: Int

    /// A rasterizer running `kernel`.
    public init(kernel: RasterKernel = .simd) {
        self.kernel = kernel
        scanner = CoverageScanner(kernel: kernel, width: 64)
        quantizedCapacity = 64 + Lanes.width
        quantized = .allocate(capacity: quantizedCapacity)
    }

    deinit { quantized.deallocate() }

    /// Renders rows `rows` of `list` into `canvas`, replacing what those rows held.
    public func render(_ list: DrawList, into canvas: Canvas, rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<canvas.height)
        guard !rows.isEmpty else { return }
        scanner.resize(width: canvas.width)
        if quantizedCapacity < canvas.width + Lanes.width {
            quantized.deallocate()
            quantizedCapacity = canvas.width + Lanes.width
            quantized = .allocate(capacity: quantizedCapacity)
        }
        let count = list.commands.count
        while layers.count < count { layers.append(RowCoverage()); occluded.append([]) }
        let paints = list.commands.map { PaintEvaluator($0.paint) }
        let extents = list.commands.map { $0.shape.verticalExtent }
        let base = list.base.premultiplied.packed
        for y in rows {
            let row = UnsafeMutableRawPointer(canvas.row(y)).assumingMemoryBound(to: UInt32.self)
            renderRow(y, row: row, width: canvas.width, list: list, paints: paints, extents: extents, base: base)
        }
    }

    private func renderRow(_ y: Int, row: UnsafeMutablePointer<UInt32>, width: Int, list: DrawList,
                           paints: [PaintEvaluator], extents: [(minY: Float, maxY: Float)?], base: UInt32) {
        let count = list.commands.count
        let top = Float(y), bottom = Float(y + 1)
        let culling = kernel == .simd
        coveredAbove.removeAll(keepingCapacity: true)
        // Top-down: coverage of each layer and the opaque runs of the layers above it.
        for i in stride(from: count - 1, through: 0, by: -1) {
            layers[i].removeAll()
            occluded[i].removeAll(keepingCapacity: true)
            guard let extent = extents[i], extent.minY < bottom, extent.maxY > top else { continue }
            let command = list.commands[i]
            if culling {
                occluded[i].append(contentsOf: coveredAbove)
                if let (x0, x1) = scanner.extent(of: command.shape, row: y), IntervalSet.contains(coveredAbove, x0..<x1) {
                    continue
                }
            }
            scanner.scan(command.shape, row: y, into: &layers[i])
            if culling && paints[i].isOpaque {
                for span in layers[i].spans where span.isRun && Blend.quantize(span.runValue) == 255 {
                    IntervalSet.insert(span.x0..<span.x1, into: &coveredAbove)
                }
            }
        }
        // The base, then the layers bottom-up.
        switch kernel {
        case .simd:
            var x = 0
            for covered in coveredAbove {
                if covered.lowerBound > x { (row + x).update(repeating: base, count: covered.lowerBound - x) }
                x = covered.upperBound
            }
            if x < width { (row + x).update(repeating: base, count: width - x) }
        case .scalar:
            for x in 0..<width { row[x] = base }
        }
        for i in 0..<count where !layers[i].isEmpty {
            let layer = layers[i]
            let mode = list.commands[i].blend
            for span in layer.spans {
                if culling {
                    IntervalSet.forEachGap(in: span.x0..<span.x1, excluding: occluded[i]) { part in
                        paintSIMD(part, span: span, layer: layer, row: row, y: y, paint: paints[i], mode: mode)
                    }
                } else {
                    paintScalar(span.x0..<span.x1, span: span, layer: layer, row: row, y: y, paint: paints[i], mode: mode)
                }
            }
        }
    }

    // MARK: - Scalar reference

    private func paintScalar(_ part: Range<Int>, span: RowCoverage.Span, layer: RowCoverage,
                             row: UnsafeMutablePointer<UInt32>, y: Int, paint: PaintEvaluator, mode: BlendMode) {
        let solid = paint.solid.packed
        let isSolid = paint.kind == .solid
        for x in part {
            let coverage = span.isRun ? span.runValue : layer.cells[span.cellOffset + x - span.x0]
            let cov = Blend.quantize(coverage)
            let src = isSolid ? solid : paint.packedScalar(x: x, y: y)
            row[x] = ScalarBlend.blend(row[x], src, coverage: cov, mode: mode)
        }
    }

    // MARK: - SIMD kernel

    private func paintSIMD(_ part: Range<Int>, span: RowCoverage.Span, layer: RowCoverage,
                           row: UnsafeMutablePointer<UInt32>, y: Int, paint: PaintEvaluator, mode: BlendMode) {
        let n = part.count
        guard n > 0 else { return }
        let start = row + part.lowerBound
        if span.isRun {
            let cov = Blend.quantize(span.runValue)
            guard cov > 0 else { return }
            if paint.kind == .solid {
                paintSolidRun(start, count: n, color: paint.solid.packed, coverage: cov, mode: mode)
            } else {
                let covLanes = PackedLanes(repeating: cov)
                forEachGroup(start, count: n) { dst, offset in
                    let src = paint.packedLanes(x0: part.lowerBound + offset, y: y)
                    return SIMDBlend.blend(dst, src, coverage: covLanes, mode: mode)
                }
            }
            return
        }
        // Edge cells: quantize their coverage once, then blend in lanes.
        let cells = layer.cells
        let first = span.cellOffset + part.lowerBound - span.x0
        cells.withUnsafeBufferPointer { buffer in
            let source = buffer.baseAddress! + first
            var i = 0
            while i + Lanes.width <= n {
                let v = UnsafeRawPointer(source + i).loadUnaligned(as: FloatLanes.self)
                UnsafeMutableRawPointer(quantized + i).storeBytes(of: Blend.quantize(v), as: PackedLanes.self)
                i += Lanes.width
            }
            while i < n { quantized[i] = Blend.quantize(source[i]); i += 1 }
        }
        let covs = quantized
        if paint.kind == .solid {
            let src = PackedLanes(repeating: paint.solid.packed)
            forEachGroup(start, count: n) { dst, offset in
                let cov = UnsafeRawPointer(covs + offset).loadUnaligned(as: PackedLanes.self)
                return SIMDBlend.blend(dst, src, coverage: cov, mode: mode)
            }
        } else {
            forEachGroup(start, count: n) { dst, offset in
                let cov = UnsafeRawPointer(covs + offset).loadUnaligned(as: PackedLanes.self)
                let src = paint.packedLanes(x0: part.lowerBound + offset, y: y)
                return SIMDBlend.blend(dst, src, coverage: cov, mode: mode)
            }
        }
    }

    /// A solid colour over a run of constant coverage: a plain fill when the result does
    /// not depend on what is below, a constant blend otherwise.
    private func paintSolidRun(_ start: UnsafeMutablePointer<UInt32>, count n: Int, color: UInt32, coverage cov: UInt32, mode: BlendMode) {
        let alpha = color >> 24
        switch mode {
        case .sourceOver, .copy:
            if cov == 255 && (alpha == 255 || mode == .copy) {
                start.update(repeating: color, count: n)
                return
            }
            let scaled = ScalarBlend.blend(0, color, coverage: cov, mode: .sourceOver)
            let inverse = mode == .copy ? 255 - cov : 255 - (scaled >> 24)
            let source = SIMDBlend.widen(PackedLanes(repeating: scaled))
            let inv = WidePixelLanes(repeating: UInt16(inverse))
            forEachGroup(start, count: n) { dst, _ in SIMDBlend.blendConstant(dst, source: source, inverse: inv) }
        case .destinationOut:
            let erase = Blend.div255(alpha * cov)
            if erase == 255 {
                start.update(repeating: 0, count: n)
                return
            }
            let inv = WidePixelLanes(repeating: UInt16(255 - erase))
            let zero = WidePixelLanes(repeating: 0)
            forEachGroup(start, count: n) { dst, _ in SIMDBlend.blendConstant(dst, source: zero, inverse: inv) }
        }
    }

    /// Runs `body` on every group of `Lanes.width` pixels of `[start, start + count)`; the
    /// last partial group goes through a lane-sized buffer (the tail load and store).
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
            var tail = PackedLanes(repeating: 0)
            withUnsafeMutableBytes(of: &tail) { $0.baseAddress!.copyMemory(from: raw + whole * 4, byteCount: rest * 4) }
            tail = body(tail, whole)
            withUnsafeBytes(of: &tail) { (raw + whole * 4).copyMemory(from: $0.baseAddress!, byteCount: rest * 4) }
        }
    }
}
