import Foundation
import NotchwaveRaster
import NotchwaveVideo

/// Converts frames to the encoder's pixel format and encodes them on a thread of its own,
/// with a bounded queue in between: conversion of later frames overlaps encoding of
/// frame `i`.
///
/// A frame of one opaque scene drawn as one draw list (no layers, no materials) that
/// changes at least half the frame's rows (LiquidSwipe, the popup's dimmed background), in
/// a format the converter can write from several threads at once (`yuv420p`, `yuva420p`,
/// `rgba`), is rendered and converted in `prepare`, on a rendering worker, in bands of
/// `bandBytes` bytes, its draw list compiled once: each band is converted right after it
/// is rasterized, while the core's caches hold it, and the frame's RGBA pixels never go
/// to memory (for the iPhone X, 11 MB a frame written and read back).
/// `consume` then only queues the converted frame. Other frames are rendered into slices
/// and converted in `consume`, on the pipeline's thread.
///
/// Encoder input frames come from a pool and are reused. Each starts as a copy of the
/// template (the static rows) converted once; after that only the rows that differ from
/// the template in the frame it takes, or in the frame it took before, are converted into
/// it. `consume` waits for a frame the encoder has finished with; `prepare` makes a new one
/// when none is free, so the pool grows to the frames in flight (the renderer's window,
/// those queued for the encoder and the one it encodes) and stays that size however long
/// the video.
final class VideoEncodingSink: FrameSink, @unchecked Sendable {
    /// A pooled encoder input frame and the rows where it holds a frame's own pixels
    /// rather than the template's (what its last use changed). One thread owns it at a
    /// time: the pool's, a worker's, the queue's or the encoder's.
    final class PooledFrame: PreparedFrame, @unchecked Sendable {
        let frame: VideoFrame
        var held: [Range<Int>] = []
        init(frame: VideoFrame) { self.frame = frame }
    }

    /// Bytes of RGBA rendered and converted at a time in `prepare`: a band this size (58
    /// rows of the iPhone X) stays in a core's second-level cache from rasterizing to
    /// converting.
    static let bandBytes = 256 << 10

    /// Rows in a band of `bandBytes` for rows of `bytesPerRow` bytes: an even number, at
    /// least two.
    static func bandRows(bytesPerRow: Int) -> Int {
        max(2, (bandBytes / max(bytesPerRow, 1)) & ~1)
    }
    private let writer: VideoFileWriter
    private let settings: EncoderSettings
    private let converter: PixelConverter
    private let opaque: Bool
    /// The template converted, which frames added to the pool later start as (kept only
    /// where `prepare` can add them).
    private let templateFrame: VideoFrame?
    /// Whether `prepare` may take frames (the converter is safe on several threads at once).
    private let rendersInBands: Bool
    private let pool = NSCondition()
    private var freeFrames: [PooledFrame] = []
    /// Frames queued for the encoder or being encoded: what `consume` can wait for.
    private var inEncoder = 0
    private var encoderStopped = false
    /// Straight copies of a slice's rows for `consume`'s conversion of frames with alpha.
    private var straightRows: UnsafeMutablePointer<UInt8>?
    private var straightCapacity = 0
    private let pending: BoundedQueue<PooledFrame>
    private let finished = DispatchSemaphore(value: 0)
    private var joined = false
    private let errorLock = NSLock()
    private var encoderError: Error?

    /// A sink writing `path`; `opaque` frames skip un-premultiplying; `poolSize` frames
    /// are made at once, and at most that many wait for the encoder.
    init(path: String, settings: EncoderSettings, container: ContainerSettings, template: Canvas,
         opaque: Bool, poolSize: Int = 3) throws {
        writer = try VideoFileWriter(path: path, container: container, encoder: settings)
        self.settings = settings
        let converter = try PixelConverter(width: settings.width, height: settings.height, format: settings.pixelFormat)
        self.converter = converter
        rendersInBands = converter.convertsConcurrently
        self.opaque = opaque
        // The template converted once; the pool's first frames, and later ones, copy it.
        let converted = try VideoFrame(settings: settings)
        if opaque {
            try converter.convert(rows: 0..<template.height, firstRow: template.pixels, bytesPerRow: template.bytesPerRow, into: converted)
        } else {
            try template.straightBytes().withUnsafeBufferPointer { bytes throws(FFmpegError) in
                try converter.convert(rows: 0..<template.height, firstRow: bytes.baseAddress!, bytesPerRow: template.bytesPerRow, into: converted)
            }
        }
        pending = BoundedQueue(capacity: poolSize)
        var frames = [PooledFrame(frame: converted)]
        for _ in 1..<max(poolSize, 1) {
            let frame = try VideoFrame(settings: settings)
            try frame.copyPixels(from: converted)
            frames.append(PooledFrame(frame: frame))
        }
        freeFrames = frames
        if rendersInBands {
            let kept = try VideoFrame(settings: settings)
            try kept.copyPixels(from: converted)
            templateFrame = kept
        } else {
            templateFrame = nil
        }
        if !opaque { straightRows = try OutOfMemory.allocate(UInt8.self, count: 0, for: "a frame's rows") }
        do {
            try WorkerThread.start(purpose: "the encoder's thread") { [self] in encodeLoop() }
        } catch {
            throw PipelineError.output(error.description)
        }
    }

    deinit { OutOfMemory.release(straightRows) }

    /// A new pooled frame holding the converted template (made here rather than by the
    /// writer, which the encoder's thread uses meanwhile).
    private func makeFrame() throws -> PooledFrame {
        guard let templateFrame else { throw PipelineError.output("no encoder frame is free") }
        let frame = try VideoFrame(settings: settings)
        try frame.copyPixels(from: templateFrame)
        return PooledFrame(frame: frame)
    }

    /// A free pooled frame; when none is, `waiting` waits for the encoder to finish one
    /// (unless it holds none), and otherwise a new one is made.
    private func takeFrame(waiting: Bool) throws -> PooledFrame {
        pool.lock()
        while waiting && freeFrames.isEmpty && inEncoder > 0 && !encoderStopped { pool.wait() }
        let frame = freeFrames.popLast(), stopped = encoderStopped
        pool.unlock()
        if let frame { return frame }
        if stopped { throw encoderFailure() }
        return try makeFrame()
    }

    /// Queues `pooled` for the encoder.
    private func encode(_ pooled: PooledFrame) throws {
        pool.lock(); inEncoder += 1; pool.unlock()
        guard pending.push(pooled) else { throw encoderFailure() }
    }

    private func encodeLoop() {
        defer { finished.signal() }
        while let pooled = pending.pop() {
            do {
                try writer.write(pooled.frame)
            } catch {
                errorLock.lock(); encoderError = error; errorLock.unlock()
                pending.close()
                pool.lock(); encoderStopped = true; pool.broadcast(); pool.unlock()
                return
            }
            pool.lock(); inEncoder -= 1; freeFrames.append(pooled); pool.signal(); pool.unlock()
        }
    }

    /// The encoder thread's error, or a plain "stopped" when it has none.
    private func encoderFailure() -> Error {
        errorLock.lock(); defer { errorLock.unlock() }
        return encoderError ?? PipelineError.output("the encoder stopped")
    }

    /// The rows to convert into `pooled` for a frame changing `changed`: those, and those
    /// where the pooled frame still holds an earlier frame's pixels (the template's
    /// everywhere else), in whole chroma rows within `rows`. Records `changed` as what it
    /// now holds.
    private func rowsToConvert(_ pooled: PooledFrame, rows: Range<Int>, changed: [Range<Int>]) -> [Range<Int>] {
        let converted = VideoEncodingSink.merged((changed + pooled.held).map { converter.alignedRows($0).clamped(to: rows) })
        pooled.held = changed
        return converted
    }

    func prepare(index: Int, renderer: FrameRenderer, rasterizer: Rasterizer) throws -> PreparedFrame? {
        guard rendersInBands, let (composition, changed) = renderer.bandedFrame(index),
              2 * changed.reduce(0, { $0 + $1.count }) >= settings.height else { return nil }
        let pooled = try takeFrame(waiting: false)
        try pooled.frame.makeWritable()
        // Every row to convert is rendered (one the frame does not change renders as the
        // template's), band by band, and converted at once.
        let band = try Canvas.allocate(width: renderer.template.width,
                                       height: VideoEncodingSink.bandRows(bytesPerRow: renderer.template.bytesPerRow))
        let straight = opaque ? nil : try OutOfMemory.allocate(UInt8.self, count: band.byteCount, for: "a band of a frame's rows")
        defer { OutOfMemory.release(straight) }
        var failure: Error?
        for range in rowsToConvert(pooled, rows: renderer.dynamicRows, changed: changed) {
            renderer.renderBands(composition, rows: range, into: band, using: rasterizer) { part in
                guard failure == nil else { return }
                var source = UnsafePointer(band.pixels)
                if let straight {
                    band.exportStraight(rows: 0..<part.count, into: straight)
                    source = UnsafePointer(straight)
                }
                do {
                    try converter.convert(rows: part, firstRow: source, bytesPerRow: band.bytesPerRow, into: pooled.frame)
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        return pooled
    }

    func consume(index: Int, prepared: PreparedFrame) throws {
        guard let pooled = prepared as? PooledFrame else { throw PipelineError.output("frame \(index) was prepared for another output") }
        try encode(pooled)
    }

    /// Converts, on the calling thread, the frames `prepare` left to be rendered into slices.
    func consume(index: Int, slice: Canvas, rows: Range<Int>, changed: [Range<Int>]) throws {
        let pooled = try takeFrame(waiting: true)
        try pooled.frame.makeWritable()
        let converted = rowsToConvert(pooled, rows: rows, changed: changed)
        if var straight = straightRows {
            let count = slice.byteCount
            if count > straightCapacity {
                let larger = try OutOfMemory.allocate(UInt8.self, count: count, for: "a frame's rows")
                OutOfMemory.release(straight)
                straight = larger
                straightRows = larger
                straightCapacity = count
            }
            for range in converted {
                let offset = (range.lowerBound - rows.lowerBound) * slice.bytesPerRow
                slice.exportStraight(rows: (range.lowerBound - rows.lowerBound)..<(range.upperBound - rows.lowerBound), into: straight + offset)
                try converter.convert(rows: range, firstRow: straight + offset, bytesPerRow: slice.bytesPerRow, into: pooled.frame)
            }
        } else {
            for range in converted {
                try converter.convert(rows: range, firstRow: slice.row(range.lowerBound - rows.lowerBound), bytesPerRow: slice.bytesPerRow, into: pooled.frame)
            }
        }
        try encode(pooled)
    }

    /// `ranges` sorted and merged where they overlap or touch.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Waits, once, for the encoder thread to end.
    private func join() {
        guard !joined else { return }
        finished.wait()
        joined = true
    }

    func finish() throws -> Int {
        pending.close()
        join()
        errorLock.lock(); let error = encoderError; errorLock.unlock()
        if let error { throw error }
        try writer.finish()
        return writer.encodedBytes
    }

    /// Stops the encoder thread without finishing the file (after an error).
    func abandon() {
        pending.close()
        join()
    }
}
