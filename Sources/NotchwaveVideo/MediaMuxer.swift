internal import CFFmpeg

/// An output file being muxed (`AVFormatContext` and its `AVIOContext`), owned by this
/// object. If it is released before `finish()`, the file is closed without a trailer
/// (the caller removes it).
final class MediaMuxer {
    let context: UnsafeMutablePointer<AVFormatContext>
    private(set) var stream: UnsafeMutablePointer<AVStream>?
    private var headerWritten = false
    private var finished = false
    private let path: String

    /// Creates the muxer `settings.formatName` for `path` (not opened yet).
    init(path: String, settings: ContainerSettings) throws(FFmpegError) {
        self.path = path
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let result = avformat_alloc_output_context2(&context, nil, settings.formatName, path)
        guard result >= 0, let context else {
            throw FFmpegError(function: "avformat_alloc_output_context2", code: result,
                              message: "this FFmpeg has no \(settings.formatName) muxer")
        }
        self.context = context
    }

    deinit {
        if let pb = context.pointee.pb, !finished {
            _ = pb
            avio_closep(&context.pointee.pb)
        }
        avformat_free_context(context)
    }

    /// True when the container wants codec extradata in a global header.
    var wantsGlobalHeader: Bool { (context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 }

    /// Adds the one video stream with `encoder`'s parameters.
    func addStream(for encoder: VideoEncoder) throws(FFmpegError) {
        guard let stream = avformat_new_stream(context, nil) else {
            throw FFmpegError.outOfMemory("avformat_new_stream")
        }
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context), "avcodec_parameters_from_context")
        stream.pointee.time_base = encoder.context.pointee.time_base
        stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
        stream.pointee.r_frame_rate = encoder.context.pointee.framerate
        if let tag = encoder.settings.codecTag {
            let bytes = Array(tag.utf8)
            if bytes.count == 4 {
                stream.pointee.codecpar.pointee.codec_tag = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
            }
        }
        self.stream = stream
    }

    /// Opens the file and writes the header with the container options.
    func writeHeader(options settings: [EncoderOption], metadata: [EncoderOption] = []) throws(FFmpegError) {
        if (context.pointee.oformat.pointee.flags & AVFMT_NOFILE) == 0 {
            try check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open(\(path))")
        }
        let options = FFmpegOptions(settings)
        for tag in metadata { av_dict_set(&context.pointee.metadata, tag.key, tag.value, 0) }
        let result = avformat_write_header(context, &options.dictionary)
        let unused = options.unusedKeys
        try check(result, "avformat_write_header")
        if !unused.isEmpty {
            throw FFmpegError(function: "avformat_write_header", code: 0, message: "muxer option(s) not recognised: \(unused.joined(separator: ", "))")
        }
        headerWritten = true
    }

    /// Writes one encoded packet (time stamps in `timeBase`), taking its data.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational) throws(FFmpegError) {
        guard let stream else { return }
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try check(av_interleaved_write_frame(context, packet), "av_interleaved_write_frame")
    }

    /// Writes the trailer and closes the file.
    func finish() throws(FFmpegError) {
        guard headerWritten, !finished else { return }
        try check(av_write_trailer(context), "av_write_trailer")
        finished = true
        if (context.pointee.oformat.pointee.flags & AVFMT_NOFILE) == 0 {
            try check(avio_closep(&context.pointee.pb), "avio_closep")
        }
    }
}
