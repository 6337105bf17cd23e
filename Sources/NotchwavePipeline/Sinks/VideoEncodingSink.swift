import Foundation
import NotchwaveRaster
import NotchwaveVideo

/// Converts frames to the encoder's pixel format on the calling thread and encodes them
/// on a thread of its own, with a bounded queue between the two: conversion of frame
/// `i + 1` overlaps encoding of frame `i`.
///
/// Encoder input frames come from a small pool and are reused. Each pooled frame has the
/// template (the static rows) converted into it once, the first time it is used; after
/// that only the rows that change are converted into it.
final class VideoEncodingSink: FrameSink, @unchecked Sendable {
    private let writer: VideoFileWriter
    private let converter: PixelConverter
    private let straight: StraightMirror?
    private let template: Canvas
    private let pending: BoundedQueue<VideoFrame>
    private let free: BoundedQueue<VideoFrame>
    private var initializedFrames: Set<ObjectIdentifier> = []
    private var framesMade = 0
    private let poolSize: Int
    private var encoderThread: Thread?
    private let finished = DispatchSemaphore(value: 0)
    private var joined = false
    private let errorLock = NSLock()
    private var encoderError: Error?

    /// A sink writing `path` with `recipe`; `opaque` frames skip un-premultiplying.
    init(path: String, recipe: VideoRecipe, settings: EncoderSettings, container: ContainerSettings, template: Canvas,
         opaque: Bool, poolSize: Int = 3) throws {
        do {
            writer = try VideoFileWriter(path: path, container: container, encoder: settings)
            converter = try PixelConverter(width: settings.width, height: settings.height, format: settings.pixelFormat)
        } catch {
            throw PipelineError.ffmpeg(error)
        }
        self.template = template
        straight = opaque ? nil : StraightMirror(template: template)
        self.poolSize = poolSize
        pending = BoundedQueue(capacity: poolSize)
        free = BoundedQueue(capacity: poolSize)
        let thread = Thread { [self] in encodeLoop() }
        encoderThread = thread
        thread.start()
    }

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

    private func takeEncoderError() -> Error? {
        errorLock.lock(); defer { errorLock.unlock() }
        return encoderError
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>) throws {
        if let error = takeEncoderError() { throw VideoEncodingSink.wrap(error) }
        let frame: VideoFrame
        do {
            if framesMade < poolSize {
                frame = try writer.makeFrame()
                framesMade += 1
            } else {
                guard let reused = free.pop() else { throw VideoEncodingSink.wrap(takeEncoderError() ?? PipelineError.output("the encoder stopped")) }
                frame = reused
            }
            try frame.makeWritable()
            let first = initializedFrames.insert(ObjectIdentifier(frame)).inserted
            if let straight {
                straight.update(from: slice, rows: rows)
                let converted = first ? 0..<template.height : rows
                try converter.convert(rows: converted, firstRow: straight.bytes + converted.lowerBound * template.bytesPerRow,
                                      bytesPerRow: template.bytesPerRow, into: frame)
            } else {
                if first {
                    try converter.convert(rows: 0..<template.height, firstRow: template.pixels, bytesPerRow: template.bytesPerRow, into: frame)
                }
                try converter.convert(rows: rows, firstRow: slice.pixels, bytesPerRow: slice.bytesPerRow, into: frame)
            }
        } catch let error as FFmpegError {
            throw PipelineError.ffmpeg(error)
        }
        guard pending.push(frame) else { throw VideoEncodingSink.wrap(takeEncoderError() ?? PipelineError.output("the encoder stopped")) }
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
        if let error = takeEncoderError() { throw VideoEncodingSink.wrap(error) }
        do {
            try writer.finish()
        } catch {
            throw PipelineError.ffmpeg(error)
        }
        return writer.encodedBytes
    }

    /// Stops the encoder thread without finishing the file (after an error).
    func abandon() {
        pending.close()
        free.close()
        join()
    }

    private static func wrap(_ error: Error) -> Error {
        if let error = error as? FFmpegError { return PipelineError.ffmpeg(error) }
        return error
    }
}
