internal import CFFmpeg

/// Where a preview's sound comes from.
public enum SoundSource: Sendable, Equatable {
    /// Silence.
    case silence
    /// A sound file from its start (`--audio`), trimmed or padded with silence.
    case file(String)
    /// The recordings' own sound, piece by piece as their segments are cut or crossfaded.
    case recordings([SoundPiece])
}

extension SoundSource {
    /// True when `path` has a sound stream this FFmpeg decodes (a recording with sound).
    public static func hasSound(_ path: String) -> Bool {
        guard let input = try? InputFile(path: path) else { return false }
        return input.bestStream(AVMEDIA_TYPE_AUDIO) != nil
    }
}

/// One segment's sound: `length` seconds of `path`'s audio from `start` (silence when
/// `path` is nil: a recording without sound), entered by a crossfade of `crossfade`
/// seconds from the piece before (0: a cut).
public struct SoundPiece: Sendable, Equatable {
    public var path: String?
    public var start: Double
    public var length: Double
    public var crossfade: Double
    /// A piece.
    public init(path: String?, start: Double, length: Double, crossfade: Double) {
        self.path = path
        self.start = start
        self.length = length
        self.crossfade = crossfade
    }
}

/// A stereo AAC track of an exact length, encoded as the video is written: silence, a
/// sound file, or the recordings' sound cut and crossfaded as their pictures are
/// (`SoundSource`), read by libavfilter (`amovie`), resampled to 48 kHz stereo, padded with
/// silence or trimmed to the length. Owns its filter graph, encoder and frame.
final class AudioTrack {
    /// Samples per second.
    static let sampleRate = 48_000
    let encoder: UnsafeMutablePointer<AVCodecContext>
    private let graph: FilterGraph
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let frame: UnsafeMutablePointer<AVFrame>
    /// Samples the whole track has.
    let totalSamples: Int
    /// Samples sent to the encoder so far.
    private(set) var samplesSent = 0
    private var drained = false

    /// A track of `totalSamples` samples from `source`, encoded as AAC at `bitRate`;
    /// `globalHeader` when the container wants extradata.
    init(source: SoundSource, totalSamples: Int, bitRate: Int, globalHeader: Bool) throws(FFmpegError) {
        if case let .file(file) = source { try AudioTrack.checkSoundFile(file) }
        if case let .recordings(pieces) = source { for path in pieces.compactMap(\.path) { try AudioTrack.checkSoundFile(path) } }
        self.totalSamples = totalSamples
        guard let frame = av_frame_alloc() else { throw FFmpegError.outOfMemory("av_frame_alloc") }
        self.frame = frame
        var ownedFrame: UnsafeMutablePointer<AVFrame>? = frame
        do throws(FFmpegError) {
            let graph = try FilterGraph()
            let standard = "aresample=\(AudioTrack.sampleRate),aformat=sample_fmts=fltp:channel_layouts=stereo"
            let input: UnsafeMutablePointer<AVFilterContext>
            switch source {
            case let .file(file):
                input = try graph.addConfigured("amovie", "source") { context throws(FFmpegError) in
                    try check(av_opt_set(UnsafeMutableRawPointer(context), "filename", file, AV_OPT_SEARCH_CHILDREN), "av_opt_set(filename)")
                }
            case .silence:
                input = try graph.add("anullsrc", "source", "r=\(AudioTrack.sampleRate):cl=stereo")
            case let .recordings(pieces):
                input = try AudioTrack.joined(pieces, in: graph, standard: standard)
            }
            let sink = try graph.add("abuffersink", "sink", nil)
            try graph.parse("\(standard),apad,atrim=end_sample=\(totalSamples)", from: input, to: sink)
            try graph.configure()
            guard let codec = avcodec_find_encoder_by_name("aac") else {
                throw FFmpegError(function: "avcodec_find_encoder_by_name", code: 0, message: "this FFmpeg has no aac encoder")
            }
            guard let context = avcodec_alloc_context3(codec) else { throw FFmpegError.outOfMemory("avcodec_alloc_context3") }
            context.pointee.sample_rate = Int32(AudioTrack.sampleRate)
            context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
            av_channel_layout_default(&context.pointee.ch_layout, 2)
            context.pointee.bit_rate = Int64(bitRate)
            context.pointee.time_base = AVRational(num: 1, den: Int32(AudioTrack.sampleRate))
            if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
            let opened = avcodec_open2(context, codec, nil)
            if opened < 0 {
                var c: UnsafeMutablePointer<AVCodecContext>? = context
                avcodec_free_context(&c)
                throw FFmpegError.from(opened, "avcodec_open2(aac)")
            }
            av_buffersink_set_frame_size(sink, UInt32(context.pointee.frame_size))
            self.graph = graph
            self.sink = sink
            encoder = context
        } catch {
            av_frame_free(&ownedFrame)
            throw error
        }
    }

    /// The pieces' sound joined in `graph`: each piece its stretch of its file (from the
    /// file's first sample) or silence, in the standard format, then each appended to the
    /// ones before by `concat` (a cut) or `acrossfade` with linear curves (the pictures'
    /// weights). Returns the filter whose output is the whole.
    private static func joined(_ pieces: [SoundPiece], in graph: FilterGraph, standard: String) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
        var whole: UnsafeMutablePointer<AVFilterContext>?
        for (index, piece) in pieces.enumerated() {
            let source: UnsafeMutablePointer<AVFilterContext>
            let chain: String
            let length = String(format: "%.6f", piece.length)
            if let path = piece.path {
                source = try graph.addConfigured("amovie", "piece\(index)") { context throws(FFmpegError) in
                    try check(av_opt_set(UnsafeMutableRawPointer(context), "filename", path, AV_OPT_SEARCH_CHILDREN), "av_opt_set(filename)")
                }
                // Times from the file's first sample, as the pictures' are from its first picture.
                chain = "asetpts=PTS-STARTPTS,\(standard),atrim=start=\(String(format: "%.6f", piece.start)):duration=\(length),asetpts=PTS-STARTPTS,apad,atrim=duration=\(length)"
            } else {
                source = try graph.add("anullsrc", "piece\(index)", "r=\(AudioTrack.sampleRate):cl=stereo")
                chain = "\(standard),atrim=duration=\(length)"
            }
            let end = try graph.add("anull", "piece\(index)end", nil)
            try graph.parse(chain, from: source, to: end)
            guard let before = whole else {
                whole = end
                continue
            }
            let join = piece.crossfade > 0
                ? try graph.add("acrossfade", "join\(index)", "d=\(String(format: "%.6f", piece.crossfade)):c1=tri:c2=tri")
                : try graph.add("concat", "join\(index)", "n=2:v=0:a=1")
            try graph.link(before, 0, join, 0)
            try graph.link(end, 0, join, 1)
            whole = join
        }
        guard let whole else { return try graph.add("anullsrc", "silence", "r=\(AudioTrack.sampleRate):cl=stereo") }
        return whole
    }

    /// Checks that `path` holds sound the track can mix to stereo, so that a file that
    /// cannot be used is an error that says why (`FFmpegError.file`) instead of the
    /// filter graph's "Invalid argument": not a file FFmpeg reads, no audio stream (and
    /// what it holds instead), a codec this FFmpeg cannot decode, or channels in no
    /// layout (more than 8 untagged channels, outside the counts FFmpeg has a default
    /// layout for).
    static func checkSoundFile(_ path: String) throws(FFmpegError) {
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch where error.cause != nil {
            // Out of memory, not a problem of the file.
            throw error
        } catch {
            throw FFmpegError.file("\(path) is not an audio file FFmpeg can read (\(error.message))")
        }
        guard let sound = input.bestStream(AVMEDIA_TYPE_AUDIO) else {
            if let stream = input.streams.first(where: { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }) {
                let codec = avcodec_get_name(stream.pointee.codecpar.pointee.codec_id).map { String(cString: $0) } ?? "unknown"
                throw FFmpegError.file("\(path): this FFmpeg cannot decode its audio (\(codec))")
            }
            throw FFmpegError.file("\(path) has no audio stream (it holds \(input.contents))")
        }
        let layout = sound.stream.pointee.codecpar.pointee.ch_layout
        let channels = Int(layout.nb_channels)
        guard channels > 0 else { throw FFmpegError.file("\(path): its audio stream has no channels") }
        if layout.order == AV_CHANNEL_ORDER_UNSPEC {
            var standard = AVChannelLayout()
            av_channel_layout_default(&standard, Int32(channels))
            let known = standard.order != AV_CHANNEL_ORDER_UNSPEC
            av_channel_layout_uninit(&standard)
            guard known else {
                throw FFmpegError.file("\(path): unsupported channel layout: \(channels) channels without a layout tag, and no standard layout has \(channels) channels, so they cannot be mixed to stereo")
            }
        }
        withExtendedLifetime(input) {}
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = encoder
        avcodec_free_context(&c)
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    /// Encodes the track up to `samples` (or its end), handing each packet to `write`.
    func encode(upTo samples: Int, packet: UnsafeMutablePointer<AVPacket>,
                write: (UnsafeMutablePointer<AVPacket>) throws(FFmpegError) -> Void) throws(FFmpegError) {
        while samplesSent < min(samples, totalSamples) {
            let result = av_buffersink_get_frame(sink, frame)
            if result == FFmpegResult.endOfStream || result == FFmpegResult.again { break }
            try check(result, "av_buffersink_get_frame(audio)")
            frame.pointee.pts = Int64(samplesSent)
            samplesSent += Int(frame.pointee.nb_samples)
            let sent = avcodec_send_frame(encoder, frame)
            av_frame_unref(frame)
            try check(sent, "avcodec_send_frame(aac)")
            try receive(packet, write)
        }
    }

    /// Encodes the rest and drains the encoder.
    func finish(packet: UnsafeMutablePointer<AVPacket>, write: (UnsafeMutablePointer<AVPacket>) throws(FFmpegError) -> Void) throws(FFmpegError) {
        try encode(upTo: totalSamples, packet: packet, write: write)
        guard !drained else { return }
        drained = true
        try check(avcodec_send_frame(encoder, nil), "avcodec_send_frame(aac, end)")
        try receive(packet, write)
    }

    private func receive(_ packet: UnsafeMutablePointer<AVPacket>, _ write: (UnsafeMutablePointer<AVPacket>) throws(FFmpegError) -> Void) throws(FFmpegError) {
        while true {
            let result = avcodec_receive_packet(encoder, packet)
            if result == FFmpegResult.again || result == FFmpegResult.endOfStream { return }
            try check(result, "avcodec_receive_packet(aac)")
            try write(packet)
        }
    }
}

extension FilterGraph {
    /// Adds filter `name` as `instance`, sets its options with `configure` (for values
    /// that must not go through the filter syntax, such as file names), then initialises it.
    func addConfigured(_ name: String, _ instance: String,
                       configure: (UnsafeMutablePointer<AVFilterContext>) throws(FFmpegError) -> Void) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
        guard let filter = avfilter_get_by_name(name) else {
            throw FFmpegError(function: "avfilter_get_by_name", code: 0, message: "this FFmpeg has no \(name) filter")
        }
        guard let context = avfilter_graph_alloc_filter(graph, filter, instance) else {
            throw FFmpegError.outOfMemory("avfilter_graph_alloc_filter")
        }
        try configure(context)
        try check(avfilter_init_str(context, nil), "avfilter_init_str(\(name))")
        return context
    }

    /// Parses the filter chain `chain` between output 0 of `source` and input 0 of `sink`.
    func parse(_ chain: String, from source: UnsafeMutablePointer<AVFilterContext>, to sink: UnsafeMutablePointer<AVFilterContext>) throws(FFmpegError) {
        var outputs = avfilter_inout_alloc()
        var inputs = avfilter_inout_alloc()
        defer {
            avfilter_inout_free(&outputs)
            avfilter_inout_free(&inputs)
        }
        guard let out = outputs, let input = inputs else { throw FFmpegError.outOfMemory("avfilter_inout_alloc") }
        out.pointee.name = av_strdup("in")
        out.pointee.filter_ctx = source
        out.pointee.pad_idx = 0
        out.pointee.next = nil
        input.pointee.name = av_strdup("out")
        input.pointee.filter_ctx = sink
        input.pointee.pad_idx = 0
        input.pointee.next = nil
        try check(avfilter_graph_parse_ptr(graph, chain, &inputs, &outputs, nil), "avfilter_graph_parse_ptr(\(chain))")
    }
}
