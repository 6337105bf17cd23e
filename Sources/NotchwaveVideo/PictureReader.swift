internal import CFFmpeg

/// Reads the pictures of a still image or a video file one after another (demuxer,
/// decoder, frames and scaler, each owned by an object of its own that frees it) and converts the current one
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
    /// How long the video lasts, as its stream (else its container) says, in seconds; nil
    /// when neither says.
    public let duration: Double?
    /// The stream's nominal frame rate, if it gives one.
    public let frameRate: Double?
    /// How far the stored pictures are to be turned clockwise for display (0, 90, 180 or
    /// 270 degrees), from the stream's display matrix (a phone's rotated recording), as
    /// the ffmpeg tool's autorotation reads it.
    public let rotation: Int
    /// The demuxer, the decoder and the two frames, each owned by its own object (freed
    /// with it, on every path out of `init` too).
    private let input: InputFile
    private let decoder: StreamDecoder
    private let streamIndex: Int32
    private let timeBase: AVRational
    private let packet: OwnedPacket
    /// The picture `convertCurrent` converts.
    private let current: OwnedFrame
    /// The next picture, decoded ahead to learn its time.
    private let pending: OwnedFrame
    private var hasCurrent = false
    private var hasPending = false
    private var pendingTime = 0.0
    private var currentTime = 0.0
    private var firstTimestamp: Int64?
    private var decodedCount = 0
    /// Packets of the stream handed to the decoder (a threaded decoder holds pictures back,
    /// so this, not the pictures out, tells whether the file had any readable data).
    private var sentPackets = 0
    /// Damaged pictures skipped since the last good one.
    private var skippedPictures = 0
    private var sentEnd = false
    private var ended = false
    /// The latest picture time decoded so far (seconds from the first picture).
    private var lastTime = 0.0
    /// True when `duration` is the video stream's own, false when it is the container's
    /// (the longest of its streams).
    private let durationIsTheStreams: Bool
    /// The container's start time (seconds), which its duration counts from.
    private let fileStart: Double
    /// The latest end of any stream's packet read so far (seconds from `fileStart`).
    private var dataEnd = 0.0
    /// The converter for the current picture's size, format and colours.
    private var scaler: PictureScaler?

    /// Opens `path` and its best video stream's decoder. A file without one, or whose
    /// pictures have no size, is an error that says so (and what the file holds).
    public init(path: String) throws(FFmpegError) {
        self.path = path
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch where error.code == nw_averror_invaliddata() && MediaHeader(path: path).isISOMedia {
            throw FFmpegError.file("\(path) cannot be read: it is an MP4 or MOV file without its index (the moov box), as a recording "
                                   + "stopped before it was finished is; export or record it again")
        }
        guard let video = input.bestStream(AVMEDIA_TYPE_VIDEO) else {
            throw FFmpegError.file("\(path) has no picture or video stream (it holds \(input.contents))")
        }
        let decoder = try StreamDecoder(video)
        guard decoder.context.pointee.width > 0, decoder.context.pointee.height > 0 else {
            throw FFmpegError.file(MediaHeader(path: path).tooLarge(path) ?? "\(path) is not a picture or video that FFmpeg can decode")
        }
        self.input = input
        self.decoder = decoder
        packet = try OwnedPacket()
        current = try OwnedFrame()
        pending = try OwnedFrame()
        let stream = video.stream
        streamIndex = video.index
        timeBase = stream.pointee.time_base
        width = Int(decoder.context.pointee.width)
        height = Int(decoder.context.pointee.height)
        isStill = input.isStill
        // The video stream's length, else the container's (nil when neither says).
        if stream.pointee.duration > 0 && stream.pointee.time_base.den > 0 {
            duration = Double(stream.pointee.duration) * Double(stream.pointee.time_base.num) / Double(stream.pointee.time_base.den)
            durationIsTheStreams = true
        } else if input.context.pointee.duration > 0 {
            duration = Double(input.context.pointee.duration) / Double(AV_TIME_BASE)
            durationIsTheStreams = false
        } else {
            duration = nil
            durationIsTheStreams = false
        }
        let start = input.context.pointee.start_time
        fileStart = start == nw_nopts_value() ? 0 : Double(start) / Double(AV_TIME_BASE)
        // An MP4 or MOV whose index (read in full when the file opens) places pictures
        // past the file's end is cut short: said before anything is rendered.
        if input.demuxerName.hasPrefix("mov"), let pb = input.context.pointee.pb, case let size = avio_size(pb), size > 0,
           let missing = PictureReader.firstMissingSample(stream, fileSize: size) {
            throw PictureReader.cutShort(path: path, at: missing, declared: duration)
        }
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

    /// The time of the next picture in seconds from the first one, decoding it if
    /// needed; nil when there are no more.
    public func nextTime() throws(FFmpegError) -> Double? {
        if !hasPending { try decodeNext() }
        return hasPending ? pendingTime : nil
    }

    /// Makes the next picture the current one (after `nextTime` returned a time).
    public func advance() {
        guard hasPending else { return }
        av_frame_unref(current.pointer)
        av_frame_move_ref(current.pointer, pending.pointer)
        hasPending = false
        hasCurrent = true
        currentTime = pendingTime
    }

    /// The current picture's time (seconds from the first picture).
    public var time: Double { currentTime }

    /// True once a picture has been made current.
    public var hasPicture: Bool { hasCurrent }

    private func decodeNext() throws(FFmpegError) {
        guard !ended else { return }
        let codec = decoder.context, pending = self.pending.pointer, packet = self.packet.pointer
        while true {
            let result = avcodec_receive_frame(codec, pending)
            if result >= 0 {
                let stamp = pending.pointee.best_effort_timestamp
                let time: Double
                if stamp != nw_nopts_value() {
                    if firstTimestamp == nil { firstTimestamp = stamp }
                    time = (Double(stamp) - Double(firstTimestamp ?? 0)) * Double(timeBase.num) / Double(timeBase.den)
                } else {
                    // No time stamps: the nominal rate, else 30 fps.
                    time = Double(decodedCount) / (frameRate ?? 30)
                }
                decodedCount += 1
                skippedPictures = 0
                lastTime = max(lastTime, time)
                pendingTime = time
                hasPending = true
                return
            }
            if result == FFmpegResult.endOfStream {
                ended = true
                try checkComplete()
                return
            }
            // A picture that could not be rebuilt from damaged data (a threaded decoder
            // reports it here) is skipped, as players skip it; a decoder that returns
            // nothing else is an error.
            if result == nw_averror_invaliddata() && skippedPictures < 1_000 {
                skippedPictures += 1
                _ = FFmpegError.takeLoggedError()
                continue
            }
            guard result == FFmpegResult.again else { throw FFmpegError.from(result, "avcodec_receive_frame(\(path))") }
            if sentEnd { ended = true; return }
            let read = av_read_frame(input.context, packet)
            if read < 0 {
                // A recording cut short (a copy or download that stopped, a file still
                // being written: the demuxer finds its last packets missing or damaged)
                // is an error, not a shorter clip: a render that quietly held its last
                // picture would replace a good output with a wrong one. Any other failure
                // (a read error of the disk, memory) is an error too.
                if read == nw_averror_invaliddata() && sentPackets > 0 {
                    _ = FFmpegError.takeLoggedError()
                    throw cutShort(at: lastTime)
                }
                if read != FFmpegResult.endOfStream {
                    throw FFmpegError.from(read, "av_read_frame(\(path))")
                }
                sentEnd = true
                try check(avcodec_send_packet(codec, nil), "avcodec_send_packet(\(path))")
                continue
            }
            defer { av_packet_unref(packet) }
            noteDataEnd(packet)
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            sentPackets += 1
            // A damaged packet is skipped, as players do; the next picture follows.
            if sent < 0 && sent != FFmpegResult.again && sent != nw_averror_invaliddata() {
                throw FFmpegError.from(sent, "avcodec_send_packet(\(path))")
            }
        }
    }

    /// At the end of the stream: a video whose pictures end well before the length its
    /// header declares (more than two frame intervals and a tenth of a second short) is
    /// cut short, and an error. Stills and streams that declare no length pass.
    /// A length the container declares is its longest stream's, so it is held against
    /// the end of every stream's packets (a recording whose sound outlasts its pictures is
    /// whole).
    private func checkComplete() throws(FFmpegError) {
        guard !isStill, let duration, decodedCount > 0 else { return }
        let interval = 1 / (frameRate ?? 30)
        let end = durationIsTheStreams ? lastTime + interval : dataEnd
        if end < duration - 2 * interval - 0.1 { throw cutShort(at: lastTime + interval) }
    }

    /// Records where `packet`'s data ends (its time plus its length, in seconds from the
    /// container's start).
    private func noteDataEnd(_ packet: UnsafeMutablePointer<AVPacket>) {
        let index = Int(packet.pointee.stream_index)
        guard index >= 0, index < Int(input.context.pointee.nb_streams), let stream = input.context.pointee.streams[index] else { return }
        let base = stream.pointee.time_base
        let stamp = packet.pointee.pts != nw_nopts_value() ? packet.pointee.pts : packet.pointee.dts
        guard base.den > 0, stamp != nw_nopts_value() else { return }
        let end = (Double(stamp) + Double(max(0, packet.pointee.duration))) * Double(base.num) / Double(base.den) - fileStart
        if end.isFinite { dataEnd = max(dataEnd, end) }
    }

    /// The error for a file whose data ends at `end` seconds.
    private func cutShort(at end: Double) -> FFmpegError {
        PictureReader.cutShort(path: path, at: end, declared: duration)
    }

    private static func cutShort(path: String, at end: Double, declared: Double?) -> FFmpegError {
        let length = declared.map { String(format: " of the %.2f s its header declares", $0) } ?? ""
        return FFmpegError.file(String(format: "%@ is cut short: its pictures end at %.2f s%@ (a copy or download that stopped, or a file still being written); copy or export it again", path, end, length))
    }

    /// The time (seconds from the stream's first entry) of the first sample of `stream`'s
    /// index whose bytes lie past `fileSize`, or nil when every sample is in the file.
    private static func firstMissingSample(_ stream: UnsafeMutablePointer<AVStream>, fileSize: Int64) -> Double? {
        let base = stream.pointee.time_base
        let count = avformat_index_get_entries_count(stream)
        guard count > 0, base.den > 0, let first = avformat_index_get_entry(stream, 0) else { return nil }
        let origin = Double(first.pointee.timestamp)
        for index in 0..<count {
            guard let entry = avformat_index_get_entry(stream, index) else { continue }
            let (end, overflow) = entry.pointee.pos.addingReportingOverflow(Int64(entry.pointee.size))
            if overflow || end > fileSize {
                return max(0, (Double(entry.pointee.timestamp) - origin) * Double(base.num) / Double(base.den))
            }
        }
        return nil
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

    /// True when the current picture's pixel format carries alpha (a PNG with
    /// transparency, ProRes 4444): only then can converted pixels be less than opaque.
    public var currentHasAlpha: Bool {
        guard hasCurrent, let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: current.pointer.pointee.format)) else { return true }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
    }

    /// Converts the current picture, scaled to `width` x `height`, into straight RGBA8
    /// rows starting at `destination`, `bytesPerRow` apart.
    public func convertCurrent(width: Int, height: Int, into destination: UnsafeMutablePointer<UInt8>, bytesPerRow: Int) throws(FFmpegError) {
        guard hasCurrent else { throw FFmpegError.file("no picture could be decoded from \(path)") }
        let frame = current.pointer
        let key = [frame.pointee.width, frame.pointee.height, frame.pointee.format, Int32(width), Int32(height),
                   Int32(frame.pointee.colorspace.rawValue), Int32(frame.pointee.color_range.rawValue)]
        if scaler?.key != key {
            scaler = nil
            let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format))
            let isRGB = descriptor.map { ($0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB)) != 0 } ?? false
            // Source: the picture's matrix and range; destination: full-range RGB.
            scaler = try PictureScaler(frame, width: width, height: height, key: key,
                                       colours: isRGB ? nil : (matrix(frame), fullRange(frame)), path: path)
        }
        guard let scaler else { return }
        var destinations: [UnsafeMutablePointer<UInt8>?] = [destination, nil, nil, nil]
        var strides: [Int32] = [Int32(bytesPerRow), 0, 0, 0]
        let written = frame.withPlanes { planes, lineSizes in
            sws_scale(scaler.context, planes, lineSizes, 0, frame.pointee.height, &destinations, &strides)
        }
        if written < 0 { throw FFmpegError.from(written, "sws_scale(\(path))") }
    }
}

/// A libswscale context (`SwsContext`) from a decoded picture's size, format and colours
/// to straight RGBA8 at one size, owned by this object and freed with it.
private final class PictureScaler {
    let context: OpaquePointer
    /// What it was made for: the picture's size, format and colours and the output size.
    let key: [Int32]

    /// `colours`: the swscale matrix constant and whether the YUV values use the full
    /// range (nil for RGB pictures, converted as they are).
    init(_ frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, key: [Int32],
         colours: (matrix: Int32, fullRange: Bool)?, path: String) throws(FFmpegError) {
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP
        guard let context = sws_getContext(frame.pointee.width, frame.pointee.height, AVPixelFormat(rawValue: frame.pointee.format),
                                           Int32(width), Int32(height), AV_PIX_FMT_RGBA, flags, nil, nil, nil) else {
            let format = AVPixelFormat(rawValue: frame.pointee.format)
            throw FFmpegError.scaler(from: format, to: AV_PIX_FMT_RGBA, sizes: [Int(frame.pointee.width), Int(frame.pointee.height), width, height],
                                     otherwise: FFmpegError.file(
                "cannot convert the pictures of \(path) (pixel format \(av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"))"))
        }
        if let colours {
            let table = sws_getCoefficients(colours.matrix)
            _ = sws_setColorspaceDetails(context, table, colours.fullRange ? 1 : 0, table, 1, 0, 1 << 16, 1 << 16)
        }
        self.context = context
        self.key = key
    }

    deinit { sws_freeContext(context) }
}
