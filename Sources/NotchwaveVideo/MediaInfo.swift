import Foundation
internal import CFFmpeg

/// What libavformat reads about a media file's container and streams (for checking
/// files against a delivery specification). Read with `MediaInfo.read`.
public struct MediaInfo: Sendable {
    /// What the file's packets of one stream are against what its header declares: a
    /// truncated file (or one still being copied or written) keeps a header that
    /// declares every frame, and only some of them are there.
    public struct Packets: Sendable, Equatable {
        /// Frames (samples) the header declares for the stream, if it says.
        public var declared: Int?
        /// The stream's duration in seconds as the header declares it, if it says.
        public var declaredDuration: Double?
        /// Packets read from the file.
        public var present = 0
        /// Packets the demuxer marks damaged (cut short by the end of the file).
        public var damaged = 0
        /// Where the last packet read ends, in seconds from the stream's start.
        public var end: Double?
    }

    /// One video stream.
    public struct Video: Sendable {
        /// Codec name (`h264`, `hevc`, `prores`).
        public var codec: String
        /// Profile name (`High`, `Main`, `High 4:4:4 Predictive`, ProRes' `HQ`), if known.
        public var profile: String?
        /// `level_idc` (40 for 4.0), if known.
        public var level: Int?
        /// The four-character codec tag (`avc1`, `apch`), if any.
        public var codecTag: String?
        public var width: Int
        public var height: Int
        /// Average frame rate, else the stream's base rate.
        public var frameRate: Double?
        /// `progressive`, `tt`, `bb`, `tb`, `bt` or `unknown`.
        public var fieldOrder: String
        /// Pixel format name (`yuv420p`).
        public var pixelFormat: String?
        /// Bits per second, if the container or the codec says.
        public var bitRate: Int?
        /// Its packets against its header (with `read(_:countingPackets: true)`).
        public var packets: Packets?
    }

    /// One audio stream.
    public struct Audio: Sendable {
        /// Codec name (`aac`, `pcm_s16le`).
        public var codec: String
        /// Profile name (`LC`), if known.
        public var profile: String?
        public var channels: Int
        public var sampleRate: Int
        /// Bits per second, if known.
        public var bitRate: Int?
        /// Its packets against its header (with `read(_:countingPackets: true)`).
        public var packets: Packets?
    }

    /// The demuxer's name (`mov,mp4,m4a,3gp,3g2,mj2`).
    public var formatName: String
    /// Seconds, from the container.
    public var duration: Double?
    /// Bytes on disk (of the file a symbolic link names, not of the link).
    public var fileSize: Int
    public var videoStreams: [Video]
    public var audioStreams: [Audio]
    /// Streams of other kinds (subtitles, data, timecode).
    public var otherStreams: Int
    /// Why reading the packets stopped before the end of the file, if it did (with
    /// `read(_:countingPackets: true)`).
    public var readError: String?
    /// The container's `comment` tag (notchwave names a framed clip's canvas there).
    public var comment: String?

    /// Reads `path`'s container and stream parameters (no frames are decoded beyond
    /// what libavformat probes); with `countingPackets`, also reads every packet of the
    /// file and counts them per stream against what the header declares (`packets`).
    public static func read(_ path: String, countingPackets: Bool = false) throws(FFmpegError) -> MediaInfo {
        let input = try InputFile(path: path)
        let context = input.context
        // The demuxer lives to the end (its streams are read after its last mention).
        defer { withExtendedLifetime(input) {} }
        var info = MediaInfo(formatName: String(cString: context.pointee.iformat.pointee.name),
                             duration: context.pointee.duration > 0 ? Double(context.pointee.duration) / Double(AV_TIME_BASE) : nil,
                             fileSize: MediaInfo.size(of: path),
                             videoStreams: [], audioStreams: [], otherStreams: 0)
        if let entry = av_dict_get(context.pointee.metadata, "comment", nil, 0), let value = entry.pointee.value {
            info.comment = String(cString: value)
        }
        var packets: [Int32: Packets] = [:]
        if countingPackets { (packets, info.readError) = try MediaInfo.countPackets(input) }
        for stream in input.streams {
            guard let p = stream.pointee.codecpar?.pointee else { continue }
            let codec = avcodec_get_name(p.codec_id).map { String(cString: $0) } ?? "unknown"
            let profile = p.profile >= 0 ? avcodec_profile_name(p.codec_id, p.profile).map { String(cString: $0) } : nil
            let bitRate = p.bit_rate > 0 ? Int(p.bit_rate) : nil
            switch p.codec_type {
            case AVMEDIA_TYPE_VIDEO:
                if (stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC) != 0 { info.otherStreams += 1; continue }
                func rate(_ r: AVRational) -> Double? { r.num > 0 && r.den > 0 ? Double(r.num) / Double(r.den) : nil }
                let tag = p.codec_tag
                let tagText = tag == 0 ? nil : String(decoding: [0, 8, 16, 24].map { UInt8((tag >> $0) & 0xFF) }, as: UTF8.self)
                let fields: String
                switch p.field_order {
                case AV_FIELD_PROGRESSIVE: fields = "progressive"
                case AV_FIELD_TT: fields = "tt"
                case AV_FIELD_BB: fields = "bb"
                case AV_FIELD_TB: fields = "tb"
                case AV_FIELD_BT: fields = "bt"
                default: fields = "unknown"
                }
                info.videoStreams.append(Video(codec: codec, profile: profile, level: p.level > 0 ? Int(p.level) : nil, codecTag: tagText,
                                               width: Int(p.width), height: Int(p.height),
                                               frameRate: rate(stream.pointee.avg_frame_rate) ?? rate(stream.pointee.r_frame_rate),
                                               fieldOrder: fields,
                                               pixelFormat: av_get_pix_fmt_name(AVPixelFormat(rawValue: p.format)).map { String(cString: $0) },
                                               bitRate: bitRate, packets: packets[stream.pointee.index]))
            case AVMEDIA_TYPE_AUDIO:
                info.audioStreams.append(Audio(codec: codec, profile: profile, channels: Int(p.ch_layout.nb_channels),
                                               sampleRate: Int(p.sample_rate), bitRate: bitRate, packets: packets[stream.pointee.index]))
            default:
                info.otherStreams += 1
            }
        }
        return info
    }

    /// The size of the file `path` names, links followed (0 when it cannot be read).
    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Reads every packet of `input`: per stream index, what the header declares and what
    /// is there; and why reading stopped early, if it did.
    private static func countPackets(_ input: InputFile) throws(FFmpegError) -> ([Int32: Packets], String?) {
        var counts: [Int32: Packets] = [:]
        var timeBases: [Int32: AVRational] = [:]
        var origins: [Int32: Int64] = [:]
        for stream in input.streams {
            let base = stream.pointee.time_base
            timeBases[stream.pointee.index] = base
            origins[stream.pointee.index] = stream.pointee.start_time != nw_nopts_value() ? stream.pointee.start_time : 0
            let frames = stream.pointee.nb_frames
            let duration = stream.pointee.duration
            counts[stream.pointee.index] = Packets(
                declared: frames > 0 ? Int(frames) : nil,
                declaredDuration: duration > 0 && duration != nw_nopts_value() && base.den > 0 ? Double(duration) * Double(base.num) / Double(base.den) : nil)
        }
        let owned = try OwnedPacket()
        let packet = owned.pointer
        var readError: String? = nil
        while true {
            let result = av_read_frame(input.context, packet)
            if result < 0 {
                if result != FFmpegResult.endOfStream { readError = FFmpegError.from(result, "av_read_frame").message }
                break
            }
            defer { av_packet_unref(packet) }
            let index = packet.pointee.stream_index
            guard var count = counts[index], let base = timeBases[index], base.den > 0 else { continue }
            count.present += 1
            if (packet.pointee.flags & AV_PKT_FLAG_CORRUPT) != 0 { count.damaged += 1 }
            let pts = packet.pointee.pts != nw_nopts_value() ? packet.pointee.pts : packet.pointee.dts
            if pts != nw_nopts_value() {
                let origin = origins[index] ?? 0
                let end = Double(pts - origin + packet.pointee.duration) * Double(base.num) / Double(base.den)
                count.end = max(count.end ?? end, end)
            }
            counts[index] = count
        }
        return (counts, readError)
    }
}
