#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a rasterizer keeps between compositions (one per rasterizer, so per thread):
/// scratch canvases reused from call to call, and the blurred backdrops of recent
/// materials with the exact pixels they were blurred from.
///
/// A material whose backdrop has not changed since an earlier frame on this rasterizer
/// (the same pixels under the same window, compared byte for byte) reuses that blur: the
/// result is the same bytes the blur would give, so frames stay identical whatever order
/// or thread renders them. A still screen under a slider then costs one comparison a
/// frame instead of a blur.
final class EffectScratch {
    private var canvases: [Int: Canvas] = [:]
    private var entries: [Entry] = []
    /// How many blurred backdrops are kept.
    static let capacity = 8

    private struct Entry {
        var canvasWidth: Int, canvasHeight: Int
        var columns: Range<Int>, rows: Range<Int>
        var blur: BoxBlur, downscale: Int, saturation: Double, tint: RGBA8, kernel: RasterKernel
        /// The window the blur reads, and its bytes.
        var windowColumns: Range<Int>, windowRows: Range<Int>
        var pixels: [UInt8]
        var result: Canvas
    }

    /// A canvas of `width` and at least `height` rows for scratch use `slot` (its
    /// contents are whatever the last use left).
    func scratch(width: Int, height: Int, slot: Int) throws(OutOfMemory) -> Canvas {
        if let canvas = canvases[slot], canvas.width == width, canvas.height >= height { return canvas }
        let canvas = try Canvas.allocate(width: width, height: Swift.max(height, 1))
        canvases[slot] = canvas
        return canvas
    }

    /// The material's backdrop: columns `columns`, rows `rows` of `canvas` blurred and
    /// saturated as `material` says, with its tint laid over every pixel (source-over,
    /// `Canvas.over`): the colour the material shows where it covers a pixel whole. From
    /// the cache when the window it reads is unchanged.
    func backdrop(of canvas: Canvas, columns: Range<Int>, rows: Range<Int>, material: Material, kernel: RasterKernel) throws(OutOfMemory) -> Canvas {
        let k = Swift.max(1, Swift.min(material.downscale, 64))
        let reach = material.windowReach
        let windowColumns = ((columns.lowerBound - reach)..<(columns.upperBound + reach)).clamped(to: 0..<canvas.width)
        let windowRows = ((rows.lowerBound - reach)..<(rows.upperBound + reach)).clamped(to: 0..<canvas.height)
        func matches(_ e: Entry) -> Bool {
            guard e.canvasWidth == canvas.width, e.canvasHeight == canvas.height, e.columns == columns, e.rows == rows, e.blur == material.blur,
                  e.downscale == k, e.saturation == material.saturation, e.tint == material.tint, e.kernel == kernel, e.windowColumns == windowColumns,
                  e.windowRows == windowRows else { return false }
            let rowBytes = windowColumns.count * 4
            return e.pixels.withUnsafeBytes { stored in
                for (i, y) in windowRows.enumerated() {
                    guard memcmp(stored.baseAddress! + i * rowBytes, canvas.row(y) + windowColumns.lowerBound * 4, rowBytes) == 0 else { return false }
                }
                return true
            }
        }
        if let index = entries.firstIndex(where: matches) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.result
        }
        let result = try canvas.blurred(columns: columns, rows: rows, by: material.blur, downscale: k, kernel: kernel)
        if material.saturation != 1 { result.apply([.saturation(material.saturation)], kernel: kernel) }
        let tint = material.tint.premultiplied.packed
        for r in 0..<result.height {
            let words = UnsafeMutableRawPointer(result.row(r)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<result.width { words[x] = Canvas.over(tint, words[x]) }
        }
        var pixels = [UInt8](repeating: 0, count: windowColumns.count * 4 * windowRows.count)
        pixels.withUnsafeMutableBytes { stored in
            for (i, y) in windowRows.enumerated() {
                (stored.baseAddress! + i * windowColumns.count * 4).copyMemory(from: canvas.row(y) + windowColumns.lowerBound * 4, byteCount: windowColumns.count * 4)
            }
        }
        entries.append(Entry(canvasWidth: canvas.width, canvasHeight: canvas.height, columns: columns, rows: rows, blur: material.blur, downscale: k,
                             saturation: material.saturation, tint: material.tint, kernel: kernel, windowColumns: windowColumns, windowRows: windowRows, pixels: pixels,
                             result: result))
        if entries.count > EffectScratch.capacity { entries.removeFirst() }
        return result
    }
}
