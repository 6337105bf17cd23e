import Foundation
import NotchwaveRaster
import NotchwaveVideo

/// Writes an App Store preview: each whole frame (the template with the frame's changing
/// rows) is scaled to the preview resolution and converted in one libswscale pass, then
/// encoded with the sound (`PreviewFileWriter`). Keeps the poster frame, scaled, as RGBA.
final class PreviewEncodingSink: FrameSink {
    private let writer: PreviewFileWriter
    private let scaler: FrameScaler
    private let mirror: StraightMirror
    private let frame: VideoFrame
    private let posterIndex: Int?
    /// The poster frame at the preview size (straight RGBA), once rendered.
    private(set) var poster: [UInt8]?

    init(path: String, formatName: String, template: Canvas, width: Int, height: Int, fps: Int, frames: Int,
         speed: String?, audio: String?, posterIndex: Int?) throws {
        writer = try PreviewFileWriter(path: path, formatName: formatName, width: width, height: height, fps: fps, frames: frames,
                                       speed: speed, audioFile: audio)
        scaler = try FrameScaler(sourceWidth: template.width, sourceHeight: template.height, width: width, height: height, format: .yuv420p)
        mirror = StraightMirror(template: template)
        frame = try writer.makeFrame()
        self.posterIndex = posterIndex
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>) throws {
        mirror.update(from: slice, rows: rows)
        try frame.makeWritable()
        try scaler.scale(mirror.bytes, bytesPerRow: mirror.width * 4, into: frame)
        try writer.write(frame)
        if index == posterIndex { poster = try scaler.scaleToRGBA(mirror.bytes, bytesPerRow: mirror.width * 4) }
    }

    func finish() throws -> Int {
        try writer.finish()
        return writer.encodedBytes
    }
}
