import NotchwaveRaster

/// Where rendered frames go, in order.
protocol FrameSink: AnyObject {
    /// Takes frame `index`; only `dynamicRows` changed since the previous frame (all rows
    /// may have changed for the first frame). The canvas is reused after this returns.
    func consume(index: Int, canvas: Canvas, dynamicRows: Range<Int>) throws
    /// Flushes and closes; returns the number of bytes written.
    func finish() throws -> Int
}

/// A full-frame straight-RGBA copy of the canvas, updated row band by row band: the
/// static rows are un-premultiplied once, then only the rows that change.
final class StraightMirror {
    let width: Int
    let height: Int
    let bytes: UnsafeMutablePointer<UInt8>
    private var initialized = false

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = .allocate(capacity: width * height * 4)
    }

    deinit { bytes.deallocate() }

    /// Brings the mirror up to date with `canvas`, whose `dynamicRows` changed.
    func update(from canvas: Canvas, dynamicRows: Range<Int>) {
        let rows = initialized ? dynamicRows : 0..<height
        canvas.exportStraight(rows: rows, into: bytes + rows.lowerBound * width * 4)
        initialized = true
    }
}
