import Foundation
import NotchwaveRaster
import NotchwaveVideo

/// Writes frames as raw straight RGBA8 bytes, one whole frame after another, to a file
/// descriptor (a file or stdout).
final class RawRGBASink: FrameSink {
    private let descriptor: Int32
    private let mirror: StraightMirror
    private var written = 0

    init(descriptor: Int32, template: Canvas) throws {
        self.descriptor = descriptor
        mirror = try StraightMirror(template: template)
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>, changed: [Range<Int>]) throws {
        mirror.update(from: slice, rows: rows)
        try RawRGBASink.writeAll(descriptor, mirror.bytes, count: mirror.byteCount)
        written += mirror.byteCount
    }

    func finish() throws -> Int { written }

    /// Writes `count` bytes, retrying short writes; a clear error on failure.
    static func writeAll(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, count: Int) throws {
        var offset = 0
        while offset < count {
            do {
                offset += try systemCall("write") { write(fd, bytes + offset, count - offset) }
            } catch {
                switch error.code {
                case EPIPE: throw PipelineError.output("the reader of the output closed the pipe")
                case let code where FFmpegError.Cause(errno: code) != nil:
                    throw PipelineError.output(FFmpegError.Cause(errno: code)?.description ?? error.reason)
                default: throw PipelineError.output("cannot write the output: \(error.reason)")
                }
            }
        }
    }
}
