internal import CFFmpeg

/// Reads the pictures of a still image or a video file one after another (demuxer,
/// decoder and scaler, each owned here and freed with it) and converts the current one
/// to straight RGBA8 at any size, with its own colour matrix and range: a YUV picture
/// with the matrix it is tagged with (BT.709, BT.601, BT.2020; untagged: BT.601 for
/// stills and pictures under 720 lines, BT.709 above) and its range (limited unless
/// tagged full or a `yuvj` format), RGB pictures (PNG) as they are (sRGB).
///
/// Used by one thread at a time.
public final class PictureReader: @unchecked Sendable {
    /// The file.
    public let path: String
    /// The picture size in pixels.
    public let width: Int
    public let height: Int
    /// True for a single image (PNG, JPEG, ...), false for a video.
    public let isStill: Bool
    /// The stream's nominal frame rate, if it gives one.
    public let frameRate: Double?
    /// How far the stored pictures are to be turned clockwise for display (0, 90, 180 or
    /// 270 degrees), from the stream's display matrix (a phone's rotated recording), as
    /// the ffmpeg tool's autorotation reads it.
    public let rotation: Int
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let streamIndex: Int32
    private let timeBase: AVRational
    private let packet: UnsafeMutablePointer<AVPacket>
    /// The picture `convertCurrent` converts.
    private let current: UnsafeMutablePointer<AVFrame>
    /// The next picture, decoded ahead to learn its time.
    private let pending: UnsafeMutablePointer<AVFrame>
    private var hasCurrent = false
    private var hasPending = false
    private var pendingTime = 0.0
    private var currentTime = 0.0
    private var firstTimestamp: Int64?
    private var decodedCount = 0
    private var sentEnd = false
    private var ended = false
    private var scaler: OpaquePointer?
    private var scalerKey: [Int32] = []

    /// Opens `path` and its first video stream's decoder.
    public init(path: String) throws(FFmpegError) {
        self.path = path
        guard let packet = av_packet_alloc() else { throw FFmpegError(function: "av_packet_alloc", code: 0, message: "out of memory") }
        self.packet = packet
        guard let current = av_frame_alloc(), let pending = av_frame_alloc() else {
            PictureReader.free(packet)
            throw FFmpegError(function: "av_frame_alloc", code: 0, message: "out of memory")
        }
        self.current = current
        self.pending = pending
        // From here on deinit frees what was made (it runs only for a complete object,
        // so the parts below are set up in a helper that cleans up after itself).
        var opened: (UnsafeMutablePointer<AVFormatContext>, UnsafeMutablePointer<AVCodecContext>, Int32)
        do {
            opened = try PictureReader.open(path)
        } catch {
            PictureReader.free(packet, current, pending)
            throw error
        }
        format = opened.0
        codec = opened.1
        streamIndex = opened.2
        let stream = opened.0.pointee.streams[Int(opened.2)]!
        timeBase = stream.pointee.time_base
        width = Int(opened.1.pointee.width)
        height = Int(opened.1.pointee.height)
        let demuxer = String(cString: opened.0.pointee.iformat.pointee.name)
        isStill = demuxer == "image2" || demuxer.hasSuffix("_pipe")
        let rate = stream.pointee.avg_frame_rate
        frameRate = rate.num > 0 && rate.den > 0 ? Double(rate.num) / Double(rate.den) : nil
        var matrixSize: Int = 0
        if let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &matrixSize), matrixSize >= 36 {
            let angle = -av_display_rotation_get(UnsafeRawPointer(matrix).assumingMemoryBound(to: Int32.self))
            let quarter = angle.isFinite ? Int((angle / 90).rounded()) : 0
            rotation = ((quarter % 4) + 4) % 4 * 90
        } else {
            rotation = 0
        }
    }

    private static func open(_ path: String) throws(FFmpegError) -> (UnsafeMutablePointer<AVFormatContext>, UnsafeMutablePointer<AVCodecContext>, Int32) {
        var format: UnsafeMutablePointer<AVFormatContext>? = nil
        try check(avformat_open_input(&format, path, nil, nil), "avformat_open_input(\(path))")
        guard let context = format else { throw FFmpegError(function: "avformat_open_input", code: 0, message: "no context for \(path)") }
        do throws(FFmpegError) {
            try check(avformat_find_stream_info(context, nil), "avformat_find_stream_info(\(path))")
            var decoder: UnsafePointer<AVCodec>? = nil
            let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
            guard index >= 0, let decoder, let stream = context.pointee.streams[Int(index)] else {
                throw FFmpegError(function: "av_find_best_stream", code: index, message: "\(path) has no picture (no video stream)")
            }
            guard let codec = avcodec_alloc_context3(decoder) else { throw FFmpegError(function: "avcodec_alloc_context3", code: 0, message: "out of memory") }
            var owned: UnsafeMutablePointer<AVCodecContext>? = codec
            do throws(FFmpegError) {
                try check(avcodec_parameters_to_context(codec, stream.pointee.codecpar), "avcodec_parameters_to_context")
                // Automatic threading (frame threads give the same pictures, in order).
                codec.pointee.thread_count = 0
                try check(avcodec_open2(codec, decoder, nil), "avcodec_open2(\(path))")
            } catch {
                avcodec_free_context(&owned)
                throw error
            }
            guard codec.pointee.width > 0, codec.pointee.height > 0 else {
                avcodec_free_context(&owned)
                throw FFmpegError(function: "avcodec_open2", code: 0, message: "\(path) is not a picture or video that FFmpeg can decode")
            }
            return (context, codec, index)
        } catch {
            avformat_close_input(&format)
            throw error
        }
    }

    deinit {
        if let scaler { sws_freeContext(scaler) }
        avcodec_free_context(&codec)
        avformat_close_input(&format)
        PictureReader.free(packet, current, pending)
    }

    private static func free(_ packet: UnsafeMutablePointer<AVPacket>, _ frames: UnsafeMutablePointer<AVFrame>...) {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        for frame in frames {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
        }
    }

    /// The time of the next picture in seconds from the first one, decoding it if
    /// needed; nil when there are no more.
    public func nextTime() throws(FFmpegError) -> Double? {
        if !hasPending { try decodeNext() }
        return hasPending ? pendingTime : nil
    }

    /// Makes the next picture the current one (after `nextTime` returned a time).
    public func advance() {
        guard hasPending else { return }
        av_frame_unref(current)
        av_frame_move_ref(current, pending)
        hasPending = false
        hasCurrent = true
        currentTime = pendingTime
    }

    /// The current picture's time (seconds from the first picture).
    public var time: Double { currentTime }

    /// True once a picture has been made current.
    public var hasPicture: Bool { hasCurrent }

    private func decodeNext() throws(FFmpegError) {
        guard let format, let codec, !ended else { return }
        while true {
            let result = avcodec_receive_frame(codec, pending)
            if result >= 0 {
                let stamp = pending.pointee.best_effort_timestamp
                let time: Double
                if stamp != nw_nopts_value() {
                    if firstTimestamp == nil { firstTimestamp = stamp }
                    time = Double(stamp - (firstTimestamp ?? 0)) * Double(timeBase.num) / Double(timeBase.den)
                } else {
                    // No time stamps: the nominal rate, else 30 fps.
                    time = Double(decodedCount) / (frameRate ?? 30)
                }
                decodedCount += 1
                pendingTime = time
                hasPending = true
                return
            }
            if result == FFmpegResult.endOfStream { ended = true; return }
            guard result == FFmpegResult.again else { throw FFmpegError.from(result, "avcodec_receive_frame(\(path))") }
            if sentEnd { ended = true; return }
            let read = av_read_frame(format, packet)
            if read < 0 {
                if read != FFmpegResult.endOfStream { throw FFmpegError.from(read, "av_read_frame(\(path))") }
                sentEnd = true
                try check(avcodec_send_packet(codec, nil), "avcodec_send_packet(\(path))")
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            // A damaged packet is skipped, as players do; the next picture follows.
            if sent < 0 && sent != FFmpegResult.again && sent != nw_averror_invaliddata() {
                throw FFmpegError.from(sent, "avcodec_send_packet(\(path))")
            }
        }
    }

    /// The swscale colour-space constant for the picture's matrix.
    private func matrix(_ frame: UnsafeMutablePointer<AVFrame>) -> Int32 {
        switch frame.pointee.colorspace {
        case AVCOL_SPC_BT709: return SWS_CS_ITU709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: return SWS_CS_ITU601
        case AVCOL_SPC_SMPTE240M: return SWS_CS_SMPTE240M
        case AVCOL_SPC_FCC: return SWS_CS_FCC
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020
        default: return (isStill || frame.pointee.height < 720) ? SWS_CS_ITU601 : SWS_CS_ITU709
        }
    }

    /// True when the picture's YUV values use the full range.
    private func fullRange(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        switch frame.pointee.color_range {
        case AVCOL_RANGE_JPEG: return true
        case AVCOL_RANGE_MPEG: return false
        default:
            let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)).map { String(cString: $0) } ?? ""
            return name.hasPrefix("yuvj")
        }
    }

    /// Converts the current picture, scaled to `width` x `height`, into straight RGBA8
    /// rows starting at `destination`, `bytesPerRow` apart.
    public func convertCurrent(width: Int, height: Int, into destination: UnsafeMutablePointer<UInt8>, bytesPerRow: Int) throws(FFmpegError) {
        guard hasCurrent else { throw FFmpegError(function: "PictureReader", code: 0, message: "no picture could be decoded from \(path)") }
        let frame = current
        let key = [frame.pointee.width, frame.pointee.height, frame.pointee.format, Int32(width), Int32(height),
                   Int32(frame.pointee.colorspace.rawValue), Int32(frame.pointee.color_range.rawValue)]
        if key != scalerKey {
            if let scaler { sws_freeContext(scaler) }
            scaler = nil
            scalerKey = []
            let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP
            guard let context = sws_getContext(frame.pointee.width, frame.pointee.height, AVPixelFormat(rawValue: frame.pointee.format),
                                               Int32(width), Int32(height), AV_PIX_FMT_RGBA, flags, nil, nil, nil) else {
                throw FFmpegError(function: "sws_getContext", code: 0, message: "cannot convert the pictures of \(path)")
            }
            let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format))
            let isRGB = descriptor.map { ($0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB)) != 0 } ?? false
            if !isRGB {
                let table = sws_getCoefficients(matrix(frame))
                // Source: the picture's matrix and range; destination: full-range RGB.
                _ = sws_setColorspaceDetails(context, table, fullRange(frame) ? 1 : 0, table, 1, 0, 1 << 16, 1 << 16)
            }
            scaler = context
            scalerKey = key
        }
        var destinations: [UnsafeMutablePointer<UInt8>?] = [destination, nil, nil, nil]
        var strides: [Int32] = [Int32(bytesPerRow), 0, 0, 0]
        let written = frame.withPlanes { planes, lineSizes in
            sws_scale(scaler, planes, lineSizes, 0, frame.pointee.height, &destinations, &strides)
        }
        if written < 0 { throw FFmpegError.from(written, "sws_scale(\(path))") }
    }
}
