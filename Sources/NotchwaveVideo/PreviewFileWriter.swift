internal import CFFmpeg

/// Writes an App Store app preview: H.264 (libx264) High profile at level 4.0,
/// progressive yuv420p tagged BT.709, at a constant bit rate (HRD CBR with a VBV of one
/// second and filler data where the picture needs fewer bits, so that the measured rate
/// is the target however plain the picture; CABAC and the 8x8 transform stay on at every
/// `--speed`, so that the stream is High profile even with `ultrafast`, which would
/// otherwise make it Constrained Baseline), and a stereo 48 kHz AAC track exactly as
/// long as the video, interleaved in an MP4 or MOV with `+faststart`.
///
/// Frames are written in order (`makeFrame`, `write`); `finish` completes the file.
/// A writer released without `finish` leaves an incomplete file for its caller to delete.
public final class PreviewFileWriter: @unchecked Sendable {
    private let video: VideoEncoder
    private let audio: AudioTrack
    private let muxer: MediaMuxer
    private let audioStream: UnsafeMutablePointer<AVStream>
    private let ownedPacket: OwnedPacket
    private var packet: UnsafeMutablePointer<AVPacket> { ownedPacket.pointer }
    /// The video settings.
    public let settings: EncoderSettings
    /// Frames written so far.
    public private(set) var framesWritten = 0
    /// Bytes of encoded packets (video and audio) so far.
    public private(set) var encodedBytes = 0

    /// Opens `path` (`formatName` `mp4` or `mov`) for a `width` x `height` preview at
    /// `fps` lasting `frames` frames at `videoBitRate` (bits per second); `speed` is the
    /// x264 preset (default `medium`); `sound` where the sound comes from, encoded at `audioBitRate`.
    public init(path: String, formatName: String, width: Int, height: Int, fps: Int, frames: Int, speed: String?,
                videoBitRate: Int, sound: SoundSource, audioBitRate: Int) throws(FFmpegError) {
        settings = EncoderSettings(
            encoderName: "libx264", pixelFormat: .yuv420p, width: width, height: height, fps: fps,
            options: [EncoderOption("profile", "high"), EncoderOption("level", "40"), EncoderOption("preset", speed ?? "medium"),
                      EncoderOption("maxrate", String(videoBitRate)), EncoderOption("bufsize", String(videoBitRate)),
                      EncoderOption("x264-params", "nal-hrd=cbr:cabac=1:8x8dct=1")],
            bitRate: videoBitRate)
        muxer = try MediaMuxer(path: path, settings: ContainerSettings(formatName: formatName, options: [EncoderOption("movflags", "+faststart")]))
        video = try VideoEncoder(settings: settings, globalHeader: muxer.wantsGlobalHeader)
        video.context.pointee.field_order = AV_FIELD_PROGRESSIVE
        let samples = Int((Double(frames) * Double(AudioTrack.sampleRate) / Double(fps)).rounded())
        do {
            audio = try AudioTrack(source: sound, totalSamples: samples, bitRate: audioBitRate, globalHeader: muxer.wantsGlobalHeader)
        } catch where error.cause != nil {
            // Out of memory: said as it is, not as a problem of the sound file.
            throw error
        } catch {
            // A problem of the sound file itself is told as it is; a failed call after the file's name.
            let subject: String, file: String?
            switch sound {
            case let .file(path): (subject, file) = ("--audio", path)
            case let .recordings(pieces): (subject, file) = ("the recordings' sound", pieces.compactMap(\.path).first)
            case .silence: (subject, file) = ("--audio", nil)
            }
            throw FFmpegError(function: subject, code: error.code,
                              message: error.isAboutTheFile ? error.message : file.map { "cannot read \($0) (\(error.message))" } ?? error.message)
        }
        ownedPacket = try OwnedPacket()
        try muxer.addStream(for: video)
        guard let stream = avformat_new_stream(muxer.context, nil) else {
            throw FFmpegError.outOfMemory("avformat_new_stream")
        }
        audioStream = stream
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, audio.encoder), "avcodec_parameters_from_context(aac)")
        stream.pointee.time_base = audio.encoder.pointee.time_base
        try muxer.writeHeader(options: [EncoderOption("movflags", "+faststart")])
    }

    /// A new frame in the encoder's format, size and colour tags.
    public func makeFrame() throws(FFmpegError) -> VideoFrame {
        try VideoFrame(settings: settings)
    }

    /// Encodes `frame` as the next frame, after the sound up to its end.
    public func write(_ frame: VideoFrame) throws(FFmpegError) {
        let fps = settings.fps
        try audio.encode(upTo: (framesWritten + 1) * AudioTrack.sampleRate / fps, packet: packet, write: writeAudio)
        frame.presentationIndex = Int64(framesWritten)
        try video.send(frame)
        framesWritten += 1
        try drainVideo()
    }

    private func writeAudio(_ packet: UnsafeMutablePointer<AVPacket>) throws(FFmpegError) {
        encodedBytes += Int(packet.pointee.size)
        av_packet_rescale_ts(packet, audio.encoder.pointee.time_base, audioStream.pointee.time_base)
        packet.pointee.stream_index = audioStream.pointee.index
        try check(av_interleaved_write_frame(muxer.context, packet), "av_interleaved_write_frame(audio)")
    }

    private func drainVideo() throws(FFmpegError) {
        while try video.receive(into: packet) {
            encodedBytes += Int(packet.pointee.size)
            try muxer.write(packet, timeBase: video.context.pointee.time_base)
        }
    }

    /// Writes the rest of the sound, drains both encoders, writes the trailer and closes the file.
    public func finish() throws(FFmpegError) {
        try audio.finish(packet: packet, write: writeAudio)
        try video.send(nil)
        try drainVideo()
        try muxer.finish()
    }
}
