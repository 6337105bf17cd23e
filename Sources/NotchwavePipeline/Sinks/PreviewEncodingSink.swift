import Foundation
import NotchwaveModel
import NotchwaveRaster
import NotchwaveVideo

/// Writes an App Store preview: each whole frame (the template with the frame's changing
/// rows; the preset's picture only, without the column or row that evens the canvas) is
/// turned a quarter counter-clockwise for a landscape preview, scaled to the preview
/// resolution and converted in one libswscale pass, then encoded with the sound
/// (`PreviewFileWriter`). Keeps the poster frame, scaled, as RGBA.
final class PreviewEncodingSink: FrameSink {
    private let writer: PreviewFileWriter
    private let scaler: FrameScaler
    private let mirror: StraightMirror
    private let frame: VideoFrame
    private let posterIndex: Int?
    /// The turned picture of a landscape preview.
    private let turned: UnsafeMutablePointer<UInt8>?
    private let pictureWidth: Int
    private let pictureHeight: Int
    /// The poster frame at the preview size (straight RGBA), once rendered.
    private(set) var poster: [UInt8]?

    init(path: String, formatName: String, template: Canvas, pictureWidth: Int, pictureHeight: Int, landscape: Bool,
         width: Int, height: Int, fps: Int, frames: Int, speed: String?, sound: SoundSource, posterIndex: Int?) throws {
        self.pictureWidth = pictureWidth
        self.pictureHeight = pictureHeight
        writer = try PreviewFileWriter(path: path, formatName: formatName, width: width, height: height, fps: fps, frames: frames,
                                       speed: speed, videoBitRate: AppPreviewSpec.targetBitRate, sound: sound,
                                       audioBitRate: AppPreviewSpec.audioBitRate)
        scaler = try FrameScaler(sourceWidth: landscape ? pictureHeight : pictureWidth, sourceHeight: landscape ? pictureWidth : pictureHeight,
                                 width: width, height: height, format: .yuv420p, fitted: true)
        mirror = try StraightMirror(template: template)
        frame = try writer.makeFrame()
        self.posterIndex = posterIndex
        // Last: nothing after it throws, so it is freed by deinit alone.
        turned = landscape ? try OutOfMemory.allocate(UInt8.self, count: pictureWidth * pictureHeight * 4, for: "the landscape picture") : nil
    }

    deinit { OutOfMemory.release(turned) }

    func consume(index: Int, slice: Canvas, rows: Range<Int>, changed: [Range<Int>]) throws {
        mirror.update(from: slice, rows: rows)
        var picture = UnsafePointer(mirror.bytes), bytesPerRow = mirror.width * 4
        if let turned {
            // Portrait (x, y) lands at landscape (y, width - 1 - x): the top goes to the left.
            let source = UnsafeRawPointer(mirror.bytes).assumingMemoryBound(to: UInt32.self)
            let target = UnsafeMutableRawPointer(turned).assumingMemoryBound(to: UInt32.self)
            let w = pictureWidth, h = pictureHeight
            for y in 0..<h {
                for x in 0..<w { target[(w - 1 - x) * h + y] = source[y * mirror.width + x] }
            }
            picture = UnsafePointer(turned)
            bytesPerRow = h * 4
        }
        try frame.makeWritable()
        try scaler.scale(picture, bytesPerRow: bytesPerRow, into: frame)
        try writer.write(frame)
        if index == posterIndex { poster = try scaler.scaleToRGBA(picture, bytesPerRow: bytesPerRow) }
    }

    func finish() throws -> Int {
        try writer.finish()
        return writer.encodedBytes
    }
}
