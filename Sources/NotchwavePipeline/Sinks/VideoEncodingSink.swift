import Foundation
import NotchwaveRaster
import NotchwaveVideo

/// Converts frames to the encoder's pixel format on the calling thread and encodes them
/// on a thread of its own, with a bounded queue between the two: conversion of frame
/// `i + 1` overlaps encoding of frame `i`.
///
/// Encoder input frames come from a small pool and are reused. Each pooled frame gets the
/// template (the static rows) converted into it once, when it is made; after that only
/// the rows that differ from the template in the frame it takes, or in the frame it took
/// before, are converted into it.
final class VideoEncodingSink: FrameSink, @unchecked Sendable {
    private let writer: VideoFileWriter
    private let converter: PixelConverter
    /// Straight (un-premultiplied) copies of a slice's rows, for frames with alpha; nil
    /// for opaque frames, whose premultiplied pixels are already straight.
    private var straightRows: UnsafeMutablePointer<UInt8>?
    private var straightCapacity = 0
    /// Per pooled frame, the rows where it holds a frame's own pixels rather than the
    /// template's (what its last use changed); used on the converting thread only.
    private var held: [ObjectIdentifier: [Range<Int>]] = [:]
    private let pending: BoundedQueue<VideoFrame>
    private let free: BoundedQueue<VideoFrame>
    private let finished = DispatchSemaphore(value: 0)
    private var joined = false
    private let errorLock = NSLock()
    private var encoderError: Error?

    /// A sink writing `path`; `opaque` frames skip un-premultiplying.
    init(path: String, settings: EncoderSettings, container: ContainerSettings, template: Canvas,
         opaque: Bool, poolSize: Int = 3) throws {
        writer = try VideoFileWriter(path: path, container: container, encoder: settings)
        converter = try PixelConverter(width: settings.width, height: settings.height, format: settings.pixelFormat)
        pending = BoundedQueue(capacity: poolSize)
        free = BoundedQueue(capacity: poolSize)
        // The pool, each frame holding the converted template.
        let templateRows = opaque ? nil : template.straightBytes()
        for _ in 0..<poolSize {
            let frame = try writer.makeFrame()
            if let templateRows {
                try templateRows.withUnsafeBufferPointer { bytes throws(FFmpegError) in
                    try converter.convert(rows: 0..<template.height, firstRow: bytes.baseAddress!, bytesPerRow: template.bytesPerRow, into: frame)
                }
            } else {
                try converter.convert(rows: 0..<template.height, firstRow: template.pixels, bytesPerRow: template.bytesPerRow, into: frame)
            }
            free.push(frame)
        }
        if !opaque { straightRows = try OutOfMemory.allocate(UInt8.self, count: 0, for: "a frame's rows") }
        do {
            try WorkerThread.start(purpose: "the encoder's thread") { [self] in encodeLoop() }
        } catch {
            throw PipelineError.output(error.description)
        }
    }

    deinit { OutOfMemory.release(straightRows) }

    private func encodeLoop() {
        defer { finished.signal() }
        while let frame = pending.pop() {
            do {
                try writer.write(frame)
            } catch {
                errorLock.lock(); encoderError = error; errorLock.unlock()
                pending.close()
                free.close()
                return
            }
            free.push(frame)
        }
    }

    /// The encoder thread's error, or a plain "stopped" when it has none.
    private func encoderFailure() -> Error {
        errorLock.lock(); defer { errorLock.unlock() }
        return encoderError ?? PipelineError.output("the encoder stopped")
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>, changed: [Range<Int>]) throws {
        guard let frame = free.pop() else { throw encoderFailure() }
        try frame.makeWritable()
        // The rows this frame changes, and those where the pooled frame still holds an
        // earlier frame's pixels (the template's everywhere else), in whole chroma rows.
        let id = ObjectIdentifier(frame)
        let converted = VideoEncodingSink.merged((changed + (held[id] ?? [])).map { converter.alignedRows($0).clamped(to: rows) })
        held[id] = changed
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
                try converter.convert(rows: range, firstRow: straight + offset, bytesPerRow: slice.bytesPerRow, into: frame)
            }
        } else {
            for range in converted {
                try converter.convert(rows: range, firstRow: slice.row(range.lowerBound - rows.lowerBound), bytesPerRow: slice.bytesPerRow, into: frame)
            }
        }
        guard pending.push(frame) else { throw encoderFailure() }
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
        free.close()
        join()
    }
}
