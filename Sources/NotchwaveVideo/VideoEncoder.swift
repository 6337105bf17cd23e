import Foundation
internal import CFFmpeg

/// An open encoder (`AVCodecContext`), owned by this object and freed with it.
final class VideoEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let settings: EncoderSettings

    /// Opens `settings.encoderName`; `globalHeader` when the container wants extradata.
    ///
    /// The context is owned by a local until it is open: only then does this object take
    /// it over (and free it in `deinit`), so a refused open frees it exactly once.
    init(settings: EncoderSettings, globalHeader: Bool) throws(FFmpegError) {
        guard let codec = avcodec_find_encoder_by_name(settings.encoderName) else {
            throw FFmpegError(function: "avcodec_find_encoder_by_name", code: 0,
                              message: "this FFmpeg has no \(settings.encoderName) encoder (install a build with it, e.g. Debian's libavcodec-extra)")
        }
        if let problem = EncoderKind(rawValue: settings.encoderName)?.sizeProblem(width: settings.width, height: settings.height) {
            throw FFmpegError(function: "avcodec_open2(\(settings.encoderName))", code: 0, message: problem)
        }
        guard let c = avcodec_alloc_context3(codec) else {
            throw FFmpegError.outOfMemory("avcodec_alloc_context3")
        }
        var owned: UnsafeMutablePointer<AVCodecContext>? = c
        c.pointee.width = Int32(settings.width)
        c.pointee.height = Int32(settings.height)
        c.pointee.pix_fmt = settings.pixelFormat.av
        c.pointee.time_base = AVRational(num: 1, den: Int32(settings.fps))
        c.pointee.framerate = AVRational(num: Int32(settings.fps), den: 1)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if let bitRate = settings.bitRate { c.pointee.bit_rate = Int64(bitRate) }
        if settings.tagsBT709 && settings.pixelFormat.isYUV {
            c.pointee.color_primaries = AVCOL_PRI_BT709
            c.pointee.color_trc = AVCOL_TRC_BT709
            c.pointee.colorspace = AVCOL_SPC_BT709
            c.pointee.color_range = AVCOL_RANGE_MPEG
        }
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        // Automatic threading, as the ffmpeg tool does (the library's default is 1).
        c.pointee.thread_count = 0
        if !settings.frameThreads { c.pointee.thread_type = FF_THREAD_SLICE }
        let options = FFmpegOptions(settings.options)
        let result = avcodec_open2(c, codec, &options.dictionary)
        let unused = options.unusedKeys
        if result < 0 {
            avcodec_free_context(&owned)
            throw FFmpegError.opening(result, "avcodec_open2(\(settings.encoderName))")
        }
        if !unused.isEmpty {
            avcodec_free_context(&owned)
            throw FFmpegError(function: "avcodec_open2(\(settings.encoderName))", code: 0,
                              message: "encoder option(s) not recognised: \(unused.joined(separator: ", "))")
        }
        self.settings = settings
        context = c
    }

    deinit {
        var ctx: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&ctx)
    }

    /// Sends a frame (nil to drain).
    func send(_ frame: VideoFrame?) throws(FFmpegError) {
        try check(avcodec_send_frame(context, frame?.frame), "avcodec_send_frame")
    }

    /// Receives the next packet into `packet`; false when the encoder needs more input
    /// or has been drained.
    func receive(into packet: UnsafeMutablePointer<AVPacket>) throws(FFmpegError) -> Bool {
        let result = avcodec_receive_packet(context, packet)
        if result == FFmpegResult.again || result == FFmpegResult.endOfStream { return false }
        try check(result, "avcodec_receive_packet")
        return true
    }
}
