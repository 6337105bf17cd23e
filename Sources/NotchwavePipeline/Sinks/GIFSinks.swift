import Foundation
import NotchwaveRaster
import NotchwaveVideo

/// GIF pass one: every frame feeds the palette statistics; `finish` hands the palette
/// for the whole clip to `onPalette`.
final class GIFPaletteSink: FrameSink {
    private let mirror: StraightMirror
    private let generator: GIFPaletteGenerator
    private let onPalette: (GIFPalette) -> Void

    init(template: Canvas, fps: Int, onPalette: @escaping (GIFPalette) -> Void) throws {
        mirror = try StraightMirror(template: template)
        generator = try GIFPaletteGenerator(width: template.width, height: template.height, fps: fps)
        self.onPalette = onPalette
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>, changed: [Range<Int>]) throws {
        mirror.update(from: slice, rows: rows)
        try generator.add(rgba: mirror.bytes, bytesPerRow: mirror.width * 4)
    }

    func finish() throws -> Int {
        onPalette(try generator.finish())
        return 0
    }
}

/// GIF pass two: every frame is mapped onto the palette and encoded.
final class GIFEncodingSink: FrameSink {
    private let mirror: StraightMirror
    private let mapper: GIFPaletteMapper
    private let writer: VideoFileWriter

    init(path: String, template: Canvas, fps: Int, palette: GIFPalette, dither: GIFDither, container: ContainerSettings) throws {
        mirror = try StraightMirror(template: template)
        mapper = try GIFPaletteMapper(width: template.width, height: template.height, fps: fps, palette: palette, dither: dither)
        writer = try VideoFileWriter(path: path, container: container,
                                     encoder: EncoderSettings(encoderName: "gif", pixelFormat: .pal8, width: template.width,
                                                              height: template.height, fps: fps, tagsBT709: false))
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>, changed: [Range<Int>]) throws {
        mirror.update(from: slice, rows: rows)
        for frame in try mapper.map(rgba: mirror.bytes, bytesPerRow: mirror.width * 4) { try writer.write(frame) }
    }

    func finish() throws -> Int {
        for frame in try mapper.finish() { try writer.write(frame) }
        try writer.finish()
        return writer.encodedBytes
    }
}
