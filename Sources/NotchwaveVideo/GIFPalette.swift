internal import CFFmpeg

/// GIF dithering (libavfilter's `paletteuse` methods).
public enum GIFDither: String, Sendable, CaseIterable {
    case none
    case bayer
    case floydSteinberg = "floyd_steinberg"
    case sierra2 = "sierra2"
    case sierra24a = "sierra2_4a"
}

/// Pass one of a GIF: every frame goes through libavfilter's `palettegen`, which builds
/// the best 256-colour palette for the whole clip (one slot reserved for transparency).
public final class GIFPaletteGenerator {
    private let graph: FilterGraph
    private var source: RGBAFrameSource
    private let sink: UnsafeMutablePointer<AVFilterContext>

    /// A generator for `width` x `height` frames at `fps`.
    public init(width: Int, height: Int, fps: Int) throws(FFmpegError) {
        graph = try FilterGraph()
        source = try graph.addRGBASource("in", width: width, height: height, fps: fps)
        let palettegen = try graph.add("palettegen", "palettegen", "stats_mode=full:reserve_transparent=1")
        sink = try graph.add("buffersink", "out", nil)
        try graph.link(source.context, 0, palettegen, 0)
        try graph.link(palettegen, 0, sink, 0)
        try graph.configure()
    }

    /// Adds one straight RGBA frame to the statistics.
    public func add(rgba: UnsafePointer<UInt8>, bytesPerRow: Int) throws(FFmpegError) {
        try source.push(rgba: rgba, bytesPerRow: bytesPerRow)
        _ = try FilterGraph.drain(sink)
    }

    /// The palette for the frames added.
    public func finish() throws(FFmpegError) -> GIFPalette {
        try source.end()
        guard let palette = try FilterGraph.drain(sink).last else {
            throw FFmpegError(function: "palettegen", code: 0, message: "no palette was produced")
        }
        return GIFPalette(frame: palette)
    }
}

/// A GIF palette made by `GIFPaletteGenerator`.
public final class GIFPalette: @unchecked Sendable {
    let frame: VideoFrame
    init(frame: VideoFrame) { self.frame = frame }
}

/// Pass two of a GIF: maps each frame onto the palette with libavfilter's `paletteuse`
/// (with the chosen dithering; pixels under half opacity become the transparent slot),
/// giving `pal8` frames for the GIF encoder.
public final class GIFPaletteMapper {
    private let graph: FilterGraph
    private var source: RGBAFrameSource
    private let sink: UnsafeMutablePointer<AVFilterContext>

    /// A mapper for `width` x `height` frames at `fps` onto `palette`.
    public init(width: Int, height: Int, fps: Int, palette: GIFPalette, dither: GIFDither) throws(FFmpegError) {
        graph = try FilterGraph()
        source = try graph.addRGBASource("in", width: width, height: height, fps: fps)
        let p = palette.frame.frame.pointee
        let paletteSource = try graph.addBufferSource("palette", width: Int(p.width), height: Int(p.height), pixelFormat: p.format, fps: fps)
        let paletteuse = try graph.add("paletteuse", "paletteuse", "dither=\(dither.rawValue):alpha_threshold=128")
        sink = try graph.add("buffersink", "out", nil)
        try graph.link(source.context, 0, paletteuse, 0)
        try graph.link(paletteSource, 0, paletteuse, 1)
        try graph.link(paletteuse, 0, sink, 0)
        try graph.configure()
        // The palette stream is one frame; paletteuse keeps using its last palette.
        guard let copy = av_frame_clone(palette.frame.frame) else { throw FFmpegError.outOfMemory("av_frame_clone") }
        var owned: UnsafeMutablePointer<AVFrame>? = copy
        defer { av_frame_free(&owned) }
        copy.pointee.pts = 0
        try check(av_buffersrc_add_frame_flags(paletteSource, copy, 0), "av_buffersrc_add_frame_flags(palette)")
        try FilterGraph.end(paletteSource)
    }

    /// Maps one straight RGBA frame; returns the paletted frames now ready (in order).
    public func map(rgba: UnsafePointer<UInt8>, bytesPerRow: Int) throws(FFmpegError) -> [VideoFrame] {
        try source.push(rgba: rgba, bytesPerRow: bytesPerRow)
        return try FilterGraph.drain(sink)
    }

    /// Ends the stream; returns the last paletted frames.
    public func finish() throws(FFmpegError) -> [VideoFrame] {
        try source.end()
        return try FilterGraph.drain(sink)
    }
}
