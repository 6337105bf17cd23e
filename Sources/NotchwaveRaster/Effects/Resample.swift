internal import CLaneIntrinsics

/// Resizes premultiplied RGBA8 images with a separable Catmull-Rom cubic filter (the
/// Keys kernel with a = -0.5), widened by the reduction when shrinking so that every source
/// pixel contributes (as Pillow's and libswscale's area-aware bicubic do): a source pixel
/// `s` (its centre at `s + 0.5`) weighs `w((s + 0.5 - c) / f)` in the output pixel whose
/// centre maps to `c`, where `f = max(1, 1 / scale)`; each output pixel's weights are
/// normalised to sum to 1. Rows are filtered across first (in `Float`, four channels of a
/// pixel at once), then down; each channel is rounded to the nearest level (halves up), the alpha
/// clamped to 0...255 and the colours to 0...alpha (the filter's overshoot must not make
/// an invalid premultiplied pixel). Deterministic: the same operations in the same order
/// on every machine and thread.
///
/// Premultiplied values are filtered, so transparent edges carry no colour fringe.
/// Tests compare it with an independent NumPy implementation of the same filter (within
/// one level per channel).
public struct Resampler: Sendable {
    public let sourceWidth: Int, sourceHeight: Int
    public let width: Int, height: Int

    /// One axis's taps, flat: for target coordinate `i`, `count[i]` weights from
    /// `weights[offset[i]...]` for the source indices from `start[i]` on.
    struct Taps: Sendable {
        var start: [Int32] = [], count: [Int32] = [], offset: [Int32] = []
        var weights: [Float] = []
        var widest: Int { Int(count.max() ?? 1) }
    }
    let columns: Taps
    let rows: Taps

    /// A resampler from `sourceWidth` x `sourceHeight` to `width` x `height` pixels.
    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        precondition(sourceWidth > 0 && sourceHeight > 0 && width > 0 && height > 0, "sizes must be positive")
        (self.sourceWidth, self.sourceHeight, self.width, self.height) = (sourceWidth, sourceHeight, width, height)
        columns = Resampler.taps(source: sourceWidth, target: width)
        rows = Resampler.taps(source: sourceHeight, target: height)
    }

    /// The Keys cubic (a = -0.5): 1 at 0, 0 at the other integers, support 2.
    static func kernel(_ x: Double) -> Double {
        let t = abs(x)
        if t < 1 { return (1.5 * t - 2.5) * t * t + 1 }
        if t < 2 { return ((-0.5 * t + 2.5) * t - 4) * t + 2 }
        return 0
    }

    /// The taps of every target coordinate along an axis (`Double` weights, normalised,
    /// stored as `Float`; zero weights at the ends left out).
    static func taps(source: Int, target: Int) -> Taps {
        let scale = Double(target) / Double(source)
        let widen = max(1, 1 / scale)
        let support = 2 * widen
        var taps = Taps()
        for i in 0..<target {
            let centre = (Double(i) + 0.5) / scale
            let first = max(0, Int((centre - support).rounded(.down)))
            let last = min(source - 1, Int((centre + support).rounded(.up)))
            var weights: [Double] = []
            for s in first...max(first, last) { weights.append(kernel((Double(s) + 0.5 - centre) / widen)) }
            let sum = weights.reduce(0, +)
            var start = first
            while weights.count > 1, weights.first == 0 { weights.removeFirst(); start += 1 }
            while weights.count > 1, weights.last == 0 { weights.removeLast() }
            taps.start.append(Int32(start))
            taps.count.append(Int32(weights.count))
            taps.offset.append(Int32(taps.weights.count))
            taps.weights += weights.map { Float(sum != 0 ? $0 / sum : 0) }
        }
        return taps
    }

    /// Resizes the image whose rows `sourceRow(y)` gives (premultiplied RGBA8, `sourceWidth`
    /// pixels each) into `target` (at least `width` x `height`; written from its top-left).
    ///
    /// Each source row is filtered across once (`nw_resample_across`) into a ring of rows
    /// kept as long as an output row needs them; an output row is the weighted sum of its
    /// rows, accumulated a whole row per tap in tap order, then packed (`nw_resample_down`).
    /// The C passes are built for baseline x86-64 and for AVX2, with the same bits.
    public func resize(sourceRow: (Int) -> UnsafePointer<UInt8>, into target: Canvas) {
        resize(sourceRow: sourceRow, into: target, rows: 0..<height)
    }

    /// The output rows whose taps reach into source rows `sourceRows`: what a change there
    /// changes.
    public func rows(touching sourceRows: Range<Int>) -> Range<Int> {
        guard !sourceRows.isEmpty else { return 0..<0 }
        var low = height, high = 0
        for y in 0..<height {
            let start = Int(rows.start[y]), end = start + Int(rows.count[y])
            if start < sourceRows.upperBound && end > sourceRows.lowerBound { low = min(low, y); high = max(high, y + 1) }
        }
        return low < high ? low..<high : 0..<0
    }

    /// Output rows `outputRows` alone of the resize (the other rows of `target` untouched).
    public func resize(sourceRow: (Int) -> UnsafePointer<UInt8>, into target: Canvas, rows outputRows: Range<Int>) {
        precondition(target.width >= width && target.height >= height, "the target is smaller than the resampler's size")
        let outputRows = outputRows.clamped(to: 0..<height)
        let window = rows.widest + 1
        let width = self.width, sourceWidth = self.sourceWidth
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: window * width * 4)
        let widened = UnsafeMutablePointer<Float>.allocate(capacity: sourceWidth * 4)
        let sum = UnsafeMutablePointer<Float>.allocate(capacity: width * 4)
        let lines = UnsafeMutablePointer<UnsafePointer<Float>?>.allocate(capacity: window)
        defer { ring.deallocate(); widened.deallocate(); sum.deallocate(); lines.deallocate() }
        var ringRow = [Int](repeating: -1, count: window)
        columns.start.withUnsafeBufferPointer { cStart in
        columns.count.withUnsafeBufferPointer { cCount in
        columns.offset.withUnsafeBufferPointer { cOffset in
        columns.weights.withUnsafeBufferPointer { cWeights in
        rows.weights.withUnsafeBufferPointer { rWeights in
            func across(_ y: Int) -> UnsafePointer<Float> {
                let slot = y % window
                let out = ring + slot * width * 4
                if ringRow[slot] != y {
                    let source = UnsafeRawPointer(sourceRow(y)).assumingMemoryBound(to: UInt32.self)
                    nw_resample_across(source, Int32(sourceWidth), widened, out, Int32(width),
                                       cStart.baseAddress, cCount.baseAddress, cOffset.baseAddress, cWeights.baseAddress)
                    ringRow[slot] = y
                }
                return UnsafePointer(out)
            }
            for y in outputRows {
                let count = Int(rows.count[y]), start = Int(rows.start[y])
                for k in 0..<count { lines[k] = across(start + k) }
                let out = UnsafeMutableRawPointer(target.row(y)).assumingMemoryBound(to: UInt32.self)
                nw_resample_down(lines, rWeights.baseAddress! + Int(rows.offset[y]), Int32(count), Int32(width), sum, out)
            }
        }}}}}
    }
}

extension Canvas {
    /// Puts `source` (its rows from `sourceRow(y)`, `columns.count` pixels from column 0
    /// on) over this canvas at columns `columns` and rows `rows` (this canvas's rows, with
    /// its row 0 at `originY`), each source pixel weighed by `coverage` (one byte per
    /// pixel of the source, `columns.count` a row, its row `y - top` for canvas row `y`):
    /// source-over of the source scaled by its coverage, so that where the coverage is 255
    /// an opaque source replaces what is there exactly.
    public func putOver(columns: Range<Int>, rows: Range<Int>, top: Int, originY: Int, coverage: UnsafePointer<UInt8>,
                        sourceRow: (Int) -> UnsafePointer<UInt8>) {
        let width = columns.count
        for y in rows {
            let target = UnsafeMutableRawPointer(row(y - originY)).assumingMemoryBound(to: UInt32.self) + columns.lowerBound
            let source = UnsafeRawPointer(sourceRow(y - top)).assumingMemoryBound(to: UInt32.self)
            let mask = coverage + (y - top) * width
            for x in 0..<width {
                let c = UInt32(mask[x])
                if c == 0 { continue }
                var s = source[x]
                if c < 255 {
                    var scaled: UInt32 = 0
                    for shift in stride(from: UInt32(0), through: 24, by: 8) { scaled |= Blend.div255(((s >> shift) & 0xFF) * c) << shift }
                    s = scaled
                }
                target[x] = s >> 24 == 255 ? s : Canvas.over(s, target[x])
            }
        }
    }
}
