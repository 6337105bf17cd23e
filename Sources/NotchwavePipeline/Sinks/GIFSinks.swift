import Foundation
import NotchwaveRaster
import NotchwaveVideo

/// GIF pass one: every frame feeds the palette statistics.
final class GIFPaletteSink: FrameSink {
    private let mirror: StraightMirror
    let generator: GIFPaletteGenerator

    init(template: Canvas, fps: Int) throws {
        mirror = StraightMirror(template: template)
        do {
            generator = try GIFPaletteGenerator(width: template.width, height: template.height, fps: fps)
        } catch {
            throw PipelineError.ffmpeg(error)
        }
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>) throws {
        mirror.update(from: slice, rows: rows)
        do {
            try generator.add(rgba: mirror.bytes, bytesPerRow: mirror.width * 4)
        } catch {
            throw PipelineError.ffmpeg(error)
        }
    }

    func finish() throws -> Int { 0 }
}

/// GIF pass two: every frame is mapped onto the palette and encoded.
final class GIFEncodingSink: FrameSink {
    private let mirror: StraightMirror
    private let mapper: GIFPaletteMapper
    private let writer: VideoFileWriter

    init(path: String, template: Canvas, fps: Int, palette: GIFPalette, dither: GIFDither, container: ContainerSettings) throws {
        mirror = StraightMirror(template: template)
        do {
            mapper = try GIFPaletteMapper(width: template.width, height: template.height, fps: fps, palette: palette, dither: dither)
            writer = try VideoFileWriter(path: path, container: container,
                                         encoder: EncoderSettings(encoderName: "gif", pixelFormat: .pal8, width: template.width,
                                                                  height: template.height, fps: fps, tagsBT709: false))
        } catch {
            throw PipelineError.ffmpeg(error)
        }
    }

    func consume(index: Int, slice: Canvas, rows: Range<Int>) throws {
        mirror.update(from: slice, rows: rows)
        do {
            for frame in try mapper.map(rgba: mirror.bytes, bytesPerRow: mirror.width * 4) { try writer.write(frame) }
        } catch {
            throw PipelineError.ffmpeg(error)
        }
    }

    func finish() throws -> Int {
        do {
            for frame in try mapper.finish() { try writer.write(frame) }
            try writer.finish()
        } catch {
            throw PipelineError.ffmpeg(error)
        }
        return writer.encodedBytes
    }
}
