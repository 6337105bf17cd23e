import Foundation
import NotchwaveRaster
import NotchwaveVideo

/// Writes one PNG (libavcodec's encoder, straight RGBA) per frame into an atomic output
/// directory, named by a printf-style pattern with the frame index (from 0).
final class PNGSequenceSink: FrameSink {
    private let mirror: StraightMirror
    private let directory: AtomicOutputDirectory
    private let filePattern: String
    private var written = 0

    init(template: Canvas, directory: AtomicOutputDirectory, filePattern: String) {
        mirror = StraightMirror(template: template)
        self.directory = directory
        self.filePattern = filePattern
    }

    /// The file name of frame `index`.
    static func name(_ pattern: String, _ index: Int) -> String { String(format: pattern, index) }

    func consume(index: Int, slice: Canvas, rows: Range<Int>) throws {
        mirror.update(from: slice, rows: rows)
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(rgba: mirror.bytes, width: mirror.width, height: mirror.height, bytesPerRow: mirror.width * 4)
        } catch {
            throw PipelineError.ffmpeg(error)
        }
        let path = directory.path(for: PNGSequenceSink.name(filePattern, index))
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw PipelineError.output("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try png.withUnsafeBufferPointer { try RawRGBASink.writeAll(fd, $0.baseAddress!, count: $0.count) }
        written += png.count
    }

    func finish() throws -> Int {
        try directory.commit()
        return written
    }
}
