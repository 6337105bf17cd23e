internal import CFFmpeg

/// A picture in an encoder's pixel format (an `AVFrame` with its own buffers), owned by
/// this object and freed with it. Frames are pooled and reused: before writing into one,
/// call `makeWritable()` (the encoder may still hold a reference to its buffers).
public final class VideoFrame: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixel format's FFmpeg name (`yuv420p`).
    public let pixelFormatName: String

    init(width: Int, height: Int, format: AVPixelFormat, colorRange: AVColorRange, colorSpace: AVColorSpace) throws(FFmpegError) {
        guard let frame = av_frame_alloc() else { throw FFmpegError.outOfMemory("av_frame_alloc") }
        frame.pointee.format = format.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.color_range = colorRange
        frame.pointee.colorspace = colorSpace
        if colorSpace == AVCOL_SPC_BT709 {
            frame.pointee.color_primaries = AVCOL_PRI_BT709
            frame.pointee.color_trc = AVCOL_TRC_BT709
        }
        // Owned by a local until its buffers exist: a failure frees it here, once, and
        // this object (whose deinit frees it too) never holds it.
        let result = av_frame_get_buffer(frame, 0)
        if result < 0 {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
            throw FFmpegError.from(result, "av_frame_get_buffer")
        }
        self.frame = frame
        self.width = width
        self.height = height
        pixelFormatName = String(cString: av_get_pix_fmt_name(format))
    }

    /// A frame for an encoder with `settings`: its size and pixel format, tagged BT.709
    /// limited range for YUV formats, full-range RGB otherwise.
    public convenience init(settings: EncoderSettings) throws(FFmpegError) {
        try self.init(width: settings.width, height: settings.height, format: settings.pixelFormat.av,
                      colorRange: settings.pixelFormat.isYUV ? AVCOL_RANGE_MPEG : AVCOL_RANGE_JPEG,
                      colorSpace: settings.pixelFormat.isYUV ? AVCOL_SPC_BT709 : AVCOL_SPC_RGB)
    }

    /// Takes ownership of `frame` (a frame FFmpeg filled, such as a filter's output).
    init(owning frame: UnsafeMutablePointer<AVFrame>) {
        self.frame = frame
        width = Int(frame.pointee.width)
        height = Int(frame.pointee.height)
        pixelFormatName = av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)).map { String(cString: $0) } ?? "unknown"
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    /// Makes the buffers exclusively ours (copying them, content included, if the
    /// encoder still references them).
    public func makeWritable() throws(FFmpegError) {
        try check(av_frame_make_writable(frame), "av_frame_make_writable")
    }

    /// Copies `other`'s pixels (the same size and format) into this frame's planes.
    public func copyPixels(from other: VideoFrame) throws(FFmpegError) {
        try check(av_frame_copy(frame, other.frame), "av_frame_copy")
    }

    /// The presentation time stamp (frame index in a 1/fps time base).
    public var presentationIndex: Int64 {
        get { frame.pointee.pts }
        set { frame.pointee.pts = newValue }
    }

    /// Plane `i`'s data pointer and stride, for tests.
    public func plane(_ i: Int) -> (UnsafeMutablePointer<UInt8>?, Int) {
        frame.plane(i)
    }
}
