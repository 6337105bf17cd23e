import NotchwaveRaster

/// Where rendered frames go, in order.
///
/// Each frame is first offered to `prepare`, on the worker that would render it, for
/// several frames at once: a sink that renders the frame itself (band by band, consuming
/// each band while the core's caches hold it) returns what `consume(index:prepared:)`
/// then takes, in frame order on the pipeline's thread. Otherwise the frame is rendered
/// into a slice and handed to `consume(index:slice:rows:changed:)`, in frame order.
protocol FrameSink: AnyObject {
    /// Frame `index`, offered before it is rendered, with the worker's rasterizer; nil
    /// when the sink takes the frame rendered, as a slice.
    func prepare(index: Int, renderer: FrameRenderer, rasterizer: Rasterizer) throws -> PreparedFrame?
    /// Takes frame `index`: `slice` holds its rows `rows` (the only rows that can differ
    /// from the template the sink was made with), of which those in `changed` (sorted,
    /// disjoint) may differ from it in this frame; the others are the template's. The
    /// slice is reused after this returns.
    func consume(index: Int, slice: Canvas, rows: Range<Int>, changed: [Range<Int>]) throws
    /// Takes frame `index` as `prepare` made it.
    func consume(index: Int, prepared: PreparedFrame) throws
    /// Flushes and closes; returns the number of bytes written.
    func finish() throws -> Int
    /// Stops without finishing (after an error); the output is discarded by its owner.
    func abandon()
}

/// What a sink's `prepare` hands to its `consume`: a frame already rendered and converted
/// for the encoder.
protocol PreparedFrame: AnyObject, Sendable {}

extension FrameSink {
    func prepare(index: Int, renderer: FrameRenderer, rasterizer: Rasterizer) throws -> PreparedFrame? { nil }
    func consume(index: Int, prepared: PreparedFrame) throws {
        throw PipelineError.output("frame \(index) was prepared for another output")
    }
    func abandon() {}
}

/// A full-frame straight-RGBA image kept up to date from slices: the template is
/// un-premultiplied once, then only the rows each frame changes.
final class StraightMirror {
    let width: Int
    let height: Int
    let bytes: UnsafeMutablePointer<UInt8>

    init(template: Canvas) throws(OutOfMemory) {
        width = template.width
        height = template.height
        bytes = try OutOfMemory.allocate(UInt8.self, count: width * height * 4, for: "a \(width)x\(height) frame")
        template.exportStraight(rows: 0..<height, into: bytes)
    }

    deinit { OutOfMemory.release(bytes) }

    /// Bytes of the whole frame.
    var byteCount: Int { width * height * 4 }

    /// Copies `slice` (rows `rows` of the frame) in, un-premultiplied.
    func update(from slice: Canvas, rows: Range<Int>) {
        slice.exportStraight(rows: 0..<rows.count, into: bytes + rows.lowerBound * width * 4)
    }
}
