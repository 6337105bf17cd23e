import Foundation
import NotchwaveRaster

/// Writes frames as raw straight RGBA8 bytes, one frame after another, to a file
/// descriptor (a file or stdout).
final class RawRGBASink: FrameSink {
    private let descriptor: Int32
    private let mirror: StraightMirror
    private var written = 0

    init(descriptor: Int32, width: Int, height: Int) {
        self.descriptor = descriptor
        mirror = StraightMirror(width: width, height: height)
    }

    func consume(index: Int, canvas: Canvas, dynamicRows: Range<Int>) throws {
        mirror.update(from: canvas, dynamicRows: dynamicRows)
        try RawRGBASink.writeAll(descriptor, mirror.bytes, count: canvas.byteCount)
        written += canvas.byteCount
    }

    func finish() throws -> Int { written }

    /// Writes `count` bytes, retrying short writes; a clear error on failure.
    static func writeAll(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, count: Int) throws {
        var offset = 0
        while offset < count {
            let n = write(fd, bytes + offset, count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw PipelineError.output("the reader of the output closed the pipe") }
                if errno == ENOSPC { throw PipelineError.output("the disk is full") }
                throw PipelineError.output("cannot write the output: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}
