internal import CFFmpeg

/// An open media file: its demuxer (`AVFormatContext`), with the streams probed, owned by
/// this object and closed with it.
final class InputFile {
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The file.
    let path: String

    /// Opens `path` and probes its streams.
    ///
    /// The context is owned by a local until its streams are probed: only then does this
    /// object take it over (and close it in `deinit`), so a failed probe closes it once.
    init(path: String) throws(FFmpegError) {
        var format: UnsafeMutablePointer<AVFormatContext>? = nil
        try check(avformat_open_input(&format, path, nil, nil), "avformat_open_input(\(path))")
        guard let context = format else { throw FFmpegError(function: "avformat_open_input", code: 0, message: "no context for \(path)") }
        let probed = avformat_find_stream_info(context, nil)
        if probed < 0 {
            avformat_close_input(&format)
            throw FFmpegError.opening(probed, "avformat_find_stream_info(\(path))")
        }
        self.context = context
        self.path = path
    }

    deinit {
        var format: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&format)
    }

    /// The demuxer's name (`image2`, `mov,mp4,m4a,3gp,3g2,mj2`).
    var demuxerName: String { String(cString: context.pointee.iformat.pointee.name) }

    /// The streams, in file order.
    var streams: [UnsafeMutablePointer<AVStream>] {
        (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
    }

    /// A stream of the file and the decoder FFmpeg picks for it.
    struct DecodableStream {
        let stream: UnsafeMutablePointer<AVStream>
        let decoder: UnsafePointer<AVCodec>
        /// The stream's index, which its packets carry.
        var index: Int32 { stream.pointee.index }
    }

    /// The stream of `type` FFmpeg would play (`av_find_best_stream`), or nil when the
    /// file has none, or none with a decoder.
    func bestStream(_ type: AVMediaType) -> DecodableStream? {
        var decoder: UnsafePointer<AVCodec>? = nil
        let index = av_find_best_stream(context, type, -1, -1, &decoder, 0)
        let streams = self.streams
        guard index >= 0, Int(index) < streams.count, let decoder else { return nil }
        return DecodableStream(stream: streams[Int(index)], decoder: decoder)
    }

    /// True for a single image (PNG, JPEG, ...): the demuxers of stills.
    var isStill: Bool {
        let demuxer = demuxerName
        return demuxer == "image2" || demuxer.hasSuffix("_pipe")
    }

    /// What the file holds, for messages: "audio", "a picture", "audio and subtitles", "no streams".
    var contents: String {
        var kinds: [String] = []
        let still = isStill
        for stream in streams {
            let type = stream.pointee.codecpar.pointee.codec_type
            let attached = (stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC) != 0
            let kind: String
            switch type {
            case AVMEDIA_TYPE_VIDEO: kind = attached ? "a cover picture" : still ? "a picture" : "video"
            case AVMEDIA_TYPE_AUDIO: kind = "audio"
            case AVMEDIA_TYPE_SUBTITLE: kind = "subtitles"
            default: kind = "data"
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        switch kinds.count {
        case 0: return "no streams"
        case 1: return kinds[0]
        default: return kinds.dropLast().joined(separator: ", ") + " and " + kinds[kinds.count - 1]
        }
    }
}

/// An open decoder (`AVCodecContext`) for one stream of an `InputFile`, owned by this
/// object and freed with it.
final class StreamDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>

    /// Opens `decoder` with `stream`'s parameters, on automatic threads (frame threads
    /// give the same pictures, in order).
    ///
    /// The context is owned by a local until it is open, as in `VideoEncoder`: a refused
    /// open frees it here, once, and this object never holds it.
    init(_ stream: InputFile.DecodableStream, decoder: UnsafePointer<AVCodec>? = nil) throws(FFmpegError) {
        let codec = decoder ?? stream.decoder
        guard let c = avcodec_alloc_context3(codec) else { throw FFmpegError.outOfMemory("avcodec_alloc_context3") }
        var owned: UnsafeMutablePointer<AVCodecContext>? = c
        var result = avcodec_parameters_to_context(c, stream.stream.pointee.codecpar)
        if result >= 0 {
            c.pointee.thread_count = 0
            result = avcodec_open2(c, codec, nil)
        }
        if result < 0 {
            avcodec_free_context(&owned)
            throw FFmpegError.opening(result, "avcodec_open2(\(String(cString: codec.pointee.name)) decoder)")
        }
        context = c
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
    }
}

