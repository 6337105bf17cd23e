internal import CFFmpeg

/// A libavfilter graph (`AVFilterGraph` and its filters), owned by this object and freed
/// with it: filters are added by name with option strings, linked, then configured.
final class FilterGraph {
    let graph: UnsafeMutablePointer<AVFilterGraph>

    init() throws(FFmpegError) {
        guard let graph = avfilter_graph_alloc() else {
            throw FFmpegError.outOfMemory("avfilter_graph_alloc")
        }
        self.graph = graph
        // One thread: the graph runs inside the pipeline's own stage thread.
        graph.pointee.nb_threads = 1
    }

    deinit {
        var g: UnsafeMutablePointer<AVFilterGraph>? = graph
        avfilter_graph_free(&g)
    }

    /// Adds filter `name` (`buffer`, `palettegen`, ...) as `instance` with `arguments`.
    func add(_ name: String, _ instance: String, _ arguments: String?) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
        guard let filter = avfilter_get_by_name(name) else {
            throw FFmpegError(function: "avfilter_get_by_name", code: 0, message: "this FFmpeg has no \(name) filter")
        }
        var context: UnsafeMutablePointer<AVFilterContext>? = nil
        try check(avfilter_graph_create_filter(&context, filter, instance, arguments, nil, graph), "avfilter_graph_create_filter(\(name))")
        guard let context else { throw FFmpegError(function: "avfilter_graph_create_filter", code: 0, message: "no \(name) filter made") }
        return context
    }

    /// Links output pad `outputPad` of `from` to input pad `inputPad` of `to`.
    func link(_ from: UnsafeMutablePointer<AVFilterContext>, _ outputPad: UInt32, _ to: UnsafeMutablePointer<AVFilterContext>, _ inputPad: UInt32) throws(FFmpegError) {
        try check(avfilter_link(from, outputPad, to, inputPad), "avfilter_link")
    }

    /// Checks and configures the links and formats.
    func configure() throws(FFmpegError) {
        try check(avfilter_graph_config(graph, nil), "avfilter_graph_config")
    }

    /// Adds a `buffer` source named `instance` for `width` x `height` frames of
    /// `pixelFormat`, one per 1/`fps` s.
    func addBufferSource(_ instance: String, width: Int, height: Int, pixelFormat: Int32, fps: Int) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
        try add("buffer", instance, "video_size=\(width)x\(height):pix_fmt=\(pixelFormat):time_base=1/\(fps):pixel_aspect=1/1")
    }

    /// Adds a `buffer` source fed straight RGBA images of one size (see `RGBAFrameSource`).
    func addRGBASource(_ instance: String, width: Int, height: Int, fps: Int) throws(FFmpegError) -> RGBAFrameSource {
        let context = try addBufferSource(instance, width: width, height: height, pixelFormat: AV_PIX_FMT_RGBA.rawValue, fps: fps)
        return RGBAFrameSource(context: context, width: width, height: height)
    }

    /// Signals the end of `source`'s stream.
    static func end(_ source: UnsafeMutablePointer<AVFilterContext>) throws(FFmpegError) {
        try check(av_buffersrc_add_frame_flags(source, nil, 0), "av_buffersrc_add_frame_flags(EOF)")
    }

    /// Every frame `sink` has ready.
    static func drain(_ sink: UnsafeMutablePointer<AVFilterContext>) throws(FFmpegError) -> [VideoFrame] {
        var frames: [VideoFrame] = []
        while true {
            guard let frame = av_frame_alloc() else { throw FFmpegError.outOfMemory("av_frame_alloc") }
            let result = av_buffersink_get_frame(sink, frame)
            if result == FFmpegResult.again || result == FFmpegResult.endOfStream {
                var f: UnsafeMutablePointer<AVFrame>? = frame
                av_frame_free(&f)
                return frames
            }
            if result < 0 {
                var f: UnsafeMutablePointer<AVFrame>? = frame
                av_frame_free(&f)
                throw FFmpegError.from(result, "av_buffersink_get_frame")
            }
            frames.append(VideoFrame(owning: frame))
        }
    }
}

/// A graph's `buffer` source of straight RGBA images of one size, numbered from 0:
/// each image pushed is copied into a new frame the source takes over.
struct RGBAFrameSource {
    let context: UnsafeMutablePointer<AVFilterContext>
    let width: Int
    let height: Int
    private var index: Int64 = 0

    init(context: UnsafeMutablePointer<AVFilterContext>, width: Int, height: Int) {
        self.context = context
        self.width = width
        self.height = height
    }

    /// Pushes a copy of the `width` x `height` RGBA image at `rgba` as the next frame.
    mutating func push(rgba: UnsafePointer<UInt8>, bytesPerRow: Int) throws(FFmpegError) {
        guard let frame = av_frame_alloc() else { throw FFmpegError.outOfMemory("av_frame_alloc") }
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&owned) }
        frame.pointee.format = AV_PIX_FMT_RGBA.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.pts = index
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        try frame.copyRows(into: 0, from: rgba, sourceStride: bytesPerRow, byteWidth: width * 4, rows: height)
        // The source takes the frame's buffers; `owned` is then an empty frame to free.
        try check(av_buffersrc_add_frame_flags(context, frame, 0), "av_buffersrc_add_frame_flags")
        index += 1
    }

    /// Signals the end of the stream.
    func end() throws(FFmpegError) {
        try FilterGraph.end(context)
    }
}
