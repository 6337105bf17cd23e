import Foundation
internal import CFFmpeg

/// What libavformat reads about a media file's container and streams (for checking
/// files against a delivery specification). Read with `MediaInfo.read`.
public struct MediaInfo: Sendable {
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
    }

    /// The demuxer's name (`mov,mp4,m4a,3gp,3g2,mj2`).
    public var formatName: String
    /// Seconds, from the container.
    public var duration: Double?
    /// Bytes on disk.
    public var fileSize: Int
    public var videoStreams: [Video]
    public var audioStreams: [Audio]
    /// Streams of other kinds (subtitles, data, timecode).
    public var otherStreams: Int

    /// Reads `path`'s container and stream parameters (no frames are decoded beyond
    /// what libavformat probes).
    public static func read(_ path: String) throws(FFmpegError) -> MediaInfo {
        let input = try InputFile(path: path)
        let context = input.context
        // The demuxer lives to the end (its streams are read after its last mention).
        defer { withExtendedLifetime(input) {} }
        var info = MediaInfo(formatName: String(cString: context.pointee.iformat.pointee.name),
                             duration: context.pointee.duration > 0 ? Double(context.pointee.duration) / Double(AV_TIME_BASE) : nil,
                             fileSize: (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0,
                             videoStreams: [], audioStreams: [], otherStreams: 0)
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
                                               bitRate: bitRate))
            case AVMEDIA_TYPE_AUDIO:
                info.audioStreams.append(Audio(codec: codec, profile: profile, channels: Int(p.ch_layout.nb_channels),
                                               sampleRate: Int(p.sample_rate), bitRate: bitRate))
            default:
                info.otherStreams += 1
            }
        }
        return info
    }
}
